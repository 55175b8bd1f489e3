package rules

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// runningGame is a game of seed played 40 random steps: running, in a round.
func runningGame(t *testing.T, seed uint64) *Game {
	t.Helper()
	g := NewGame(nil, Options{}, seed)
	p := NewRandomPlayer(seed)
	for i := 0; i < 40 && !g.State.Over(); i++ {
		a, _ := p.Choose(&g.State)
		_, err := g.Apply(a)
		must(t, err)
	}
	if g.State.Over() {
		t.Fatal("the game ended in 40 steps")
	}
	return g
}

// A resignation and a loss on time are steps of the history, with the
// side: the game is over, won by the other side, no undo takes it back,
// and a replay of the history ends the same way (R9.2).
func TestR9_2_ResignationAndLossOnTimeAreSteps(t *testing.T) {
	for _, c := range []struct {
		end  func(g *Game, s Side) error
		side Side
		step string
		want Outcome
	}{
		{(*Game).Resign, US, "resign us", Outcome{End: Resigned, Winner: German}},
		{(*Game).Resign, German, "resign german", Outcome{End: Resigned, Winner: US}},
		{(*Game).LoseOnTime, German, "lose-on-time german", Outcome{End: LostOnTime, Winner: US}},
		{(*Game).LoseOnTime, US, "lose-on-time us", Outcome{End: LostOnTime, Winner: German}},
	} {
		g := runningGame(t, 11)
		must(t, c.end(g, c.side))
		if got := g.State.Outcome(); got != c.want || !g.State.Over() || g.State.Winner() != c.want.Winner {
			t.Errorf("%s: outcome %+v, over %v", c.step, got, g.State.Over())
		}
		if last := g.History[len(g.History)-1]; last != c.step || g.CanUndo() || g.PlayedSteps() != len(g.History)-1 {
			t.Errorf("%s: last step %q, can undo %v", c.step, last, g.CanUndo())
		}
		ev := g.LastEvents()
		if len(ev) != 1 || ev[0].Kind != EvGameOver || ev[0].Side != c.want.Winner {
			t.Errorf("%s: events %+v", c.step, ev)
		}
		r, err := Replay(g.State.Scenario(), Options{}, g.Seed, g.History)
		must(t, err)
		if r.State.Outcome() != c.want {
			t.Errorf("%s: the replay ends %+v", c.step, r.State.Outcome())
		}
		data, err := json.Marshal(g)
		must(t, err)
		var back Game
		must(t, json.Unmarshal(data, &back))
		if back.State.Outcome() != c.want {
			t.Errorf("%s: saved and loaded, it ends %+v", c.step, back.State.Outcome())
		}
	}
}

// A game resigned during the US set-up is over at turn 0, and saves and
// loads so (R9.2).
func TestR9_2_ResignedAtSetUp(t *testing.T) {
	g := NewGame(nil, Options{}, 15)
	must(t, g.Resign(US))
	data, err := json.Marshal(g)
	must(t, err)
	var back Game
	must(t, json.Unmarshal(data, &back))
	if o := back.State.Outcome(); o != (Outcome{End: Resigned, Winner: German}) || back.State.Turn() != 0 {
		t.Errorf("loaded: %+v at turn %d", o, back.State.Turn())
	}
}

// R8: a game that is over cannot be resigned or lost on time again, and
// takes no action after a resignation; a step naming no side is refused.
func TestR8_NothingAfterTheEnd(t *testing.T) {
	g := runningGame(t, 12)
	must(t, g.Resign(German))
	steps := len(g.History)
	for _, err := range []error{g.Resign(US), g.LoseOnTime(German)} {
		var re *RuleError
		if !errors.As(err, &re) || re.Rule != "R8" || re.ID != "game-over" {
			t.Errorf("after the resignation: %v", err)
		}
	}
	if _, err := g.Apply(Pass()); err == nil {
		t.Error("a pass after the resignation was accepted")
	}
	if len(g.History) != steps {
		t.Errorf("the history grew to %d steps", len(g.History))
	}
	h := runningGame(t, 12)
	for _, bad := range []string{"resign", "resign nobody", "lose-on-time us german"} {
		if _, err := h.ApplyText(bad); err == nil || h.State.Over() {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// An outcome reads back from its JSON; one whose winner or reason does
// not fit its end is refused.
func TestOutcomeJSON(t *testing.T) {
	for _, o := range []Outcome{{}, {End: PlayedOut, Winner: US, Reason: ReasonR8_4}, {End: Resigned, Winner: German},
		{End: LostOnTime, Winner: US}, {End: Aborted}, {End: Abandoned}} {
		data, err := json.Marshal(o)
		must(t, err)
		var back Outcome
		if err := json.Unmarshal(data, &back); err != nil || back != o {
			t.Errorf("%s: read back %+v, %v", data, back, err)
		}
	}
	for _, bad := range []string{`{"end":"won"}`, `{"end":"resigned"}`, `{"end":"aborted","winner":"us"}`,
		`{"end":"played-out","winner":"us","reason":"passed"}`, `{"end":"resigned","winner":"us","reason":"r8-4"}`} {
		var o Outcome
		if err := json.Unmarshal([]byte(bad), &o); err == nil {
			t.Errorf("%s: read as %+v", bad, o)
		}
	}
}

// endedRecord is the record of a game of seed that ended by end, as JSON.
func endedRecord(t *testing.T, seed uint64, end func(*Game) error) []byte {
	t.Helper()
	g := runningGame(t, seed)
	must(t, end(g))
	data, err := json.Marshal(NewRecord(g, "salt", true))
	must(t, err)
	return data
}

// verifyChanged is Verify's answer for the record data changed by change.
func verifyChanged(t *testing.T, data []byte, change func(r *Record)) error {
	t.Helper()
	var r Record
	must(t, json.Unmarshal(data, &r))
	change(&r)
	return r.Verify()
}

// R9.1: the record of a resigned game, or one lost on time, states the
// step and the outcome; Verify passes it as it is, and refuses it when its
// result or outcome names the wrong side or its end step is removed.
func TestR9_1_RecordChecksResignationAndLossOnTime(t *testing.T) {
	for _, c := range []struct {
		end        func(*Game) error
		step, want string
		wrong      string
	}{
		{func(g *Game) error { return g.Resign(US) }, "resign us", "German wins: the US side resigned", "US wins: the German side resigned"},
		{func(g *Game) error { return g.LoseOnTime(German) }, "lose-on-time german", "US wins: the German side lost on time", "German wins: the US side lost on time"},
	} {
		data := endedRecord(t, 13, c.end)
		if err := verifyChanged(t, data, func(*Record) {}); err != nil {
			t.Fatalf("%s: the honest record: %v", c.step, err)
		}
		var r Record
		must(t, json.Unmarshal(data, &r))
		if r.Format != RecordFormat || r.Result != c.want || r.Outcome == nil || r.Actions[len(r.Actions)-1] != c.step {
			t.Errorf("%s: format %q, result %q, outcome %v, last step %q", c.step, r.Format, r.Result, r.Outcome, r.Actions[len(r.Actions)-1])
		}
		err := verifyChanged(t, data, func(r *Record) { r.Result = c.wrong })
		if err == nil || !strings.Contains(err.Error(), c.wrong) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.step) {
			t.Errorf("%s: the result changed to the other side: %v", c.step, err)
		}
		err = verifyChanged(t, data, func(r *Record) { r.Outcome.Winner = r.Outcome.Winner.Enemy() })
		if err == nil || !strings.Contains(err.Error(), "outcome") {
			t.Errorf("%s: the outcome changed to the other side: %v", c.step, err)
		}
		err = verifyChanged(t, data, func(r *Record) { r.Actions = r.Actions[:len(r.Actions)-1] })
		if err == nil || !strings.Contains(err.Error(), "no step of its actions ends the game") {
			t.Errorf("%s: without its end step: %v", c.step, err)
		}
		err = verifyChanged(t, data, func(r *Record) { r.Actions[len(r.Actions)-1] = strings.Replace(c.step, " us", " german", 1) })
		if c.step == "resign us" && (err == nil || !strings.Contains(err.Error(), "US wins: the German side resigned")) {
			t.Errorf("%s: the step changed to the other side: %v", c.step, err)
		}
	}
}

// R9.1: an aborted game's record names no winner and verifies; made to
// claim a winner it is refused. A record of the older format (1), which
// had no step for a resignation, passes its dealing but reports its
// result as not checked, never as honest.
func TestR9_1_RecordOfAnAbortAndOfTheOlderFormat(t *testing.T) {
	g := runningGame(t, 14)
	r := NewRecord(g, "salt", true)
	r.StateEnd(Outcome{End: Aborted})
	data, err := json.Marshal(r)
	must(t, err)
	if err := verifyChanged(t, data, func(*Record) {}); err != nil || r.Result != "aborted" || r.Format != RecordFormat {
		t.Fatalf("an aborted game's record (%q): %v", r.Result, err)
	}
	err = verifyChanged(t, data, func(r *Record) { r.Outcome = &Outcome{End: Resigned, Winner: US}; r.Result = r.Outcome.String() })
	if err == nil || !strings.Contains(err.Error(), "no step of its actions ends the game") {
		t.Errorf("an aborted game claiming a resignation: %v", err)
	}

	old := NewRecord(g, "salt", true)
	old.StateEnd(Outcome{End: Resigned, Winner: German}) // resigned before resigning was a step
	var unchecked *UncheckedResultError
	if err := old.Verify(); old.Format != RecordFormatV1 || old.Outcome != nil || !errors.As(err, &unchecked) || unchecked.Result != "German wins: the US side resigned" {
		t.Errorf("an older game's record, format %q: %v", old.Format, err)
	}
	old.Result = "US wins: R8.4: turn 6 ended without a German victory"
	if err := old.Verify(); err == nil || errors.As(err, &unchecked) || !strings.Contains(err.Error(), "have not ended the game") {
		t.Errorf("an older record claiming a result of the rules: %v", err)
	}
}
