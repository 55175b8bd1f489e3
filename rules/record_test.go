package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

// R9.1: the dealer's cards follow from the seed; a record of an ended game
// lets anyone check them, and any change to it is caught.
func TestR9_1_RecordVerifiesTheDealing(t *testing.T) {
	g := playRandom(t, 42, Options{})
	r := NewRecord(g, "c0ffee", true)
	data, err := json.Marshal(r)
	must(t, err)
	var back Record
	must(t, json.Unmarshal(data, &back))
	if err := back.Verify(); err != nil {
		t.Fatalf("an honest record: %v", err)
	}
	if len(back.Draws) < 10 {
		t.Fatalf("only %d draws recorded", len(back.Draws))
	}

	tampered := func(change func(r *Record), want string) {
		t.Helper()
		var r Record
		must(t, json.Unmarshal(data, &r))
		change(&r)
		err := r.Verify()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("tampered record: %v, want %q", err, want)
		}
	}
	tampered(func(r *Record) {
		if r.Draws[5] == "AS" {
			r.Draws[5] = "2S"
		} else {
			r.Draws[5] = "AS"
		}
	}, "draw 6: the record says")
	tampered(func(r *Record) { r.Salt = "bad" }, "commitment")
	tampered(func(r *Record) { *r.Seed = *r.Seed + 1 }, "commitment")
	tampered(func(r *Record) { r.Draws = r.Draws[:len(r.Draws)-1] }, "the record ends after")
	// The result is the replay's (R8): another winner, or none, is caught.
	other := g.State.Winner().Enemy()
	tampered(func(r *Record) { r.Result = other.Title() + " wins: " + g.State.WinReason().String() }, "the record's result")
	tampered(func(r *Record) { r.Result = "" }, "the record's result")

	// While the game runs the record keeps its seed to itself.
	running := NewRecord(g, "c0ffee", false)
	if running.Seed != nil || running.Salt != "" || running.Verify() == nil {
		t.Error("a running game's record reveals or verifies its seed")
	}
	if running.Commitment != r.Commitment || running.Commitment != Commitment(42, "c0ffee") {
		t.Error("the commitment differs from the one of the seed and salt")
	}
}

// R9.1, R9.2: a game whose cards were stacked with a debug edit replays to
// the draws it records, yet its dealing is not the seed's: Verify names the
// debug edit and never passes the record.
func TestR9_1_RecordWithDebugEditsIsNotHonest(t *testing.T) {
	g := NewGame(nil, Options{}, 7)
	p := NewRandomPlayer(7)
	for g.State.Phase() != PhaseRound {
		a, _ := p.Choose(&g.State)
		_, err := g.Apply(a)
		must(t, err)
	}
	must(t, g.Debug("debug deck KS QS JS"))
	for steps := 0; !g.State.Over(); steps++ {
		if steps > 20000 {
			t.Fatal("the game does not end")
		}
		a, _ := p.Choose(&g.State)
		_, err := g.Apply(a)
		must(t, err)
	}
	r := NewRecord(g, "salt", true)
	edits := r.DebugEdits()
	if len(edits) != 1 || !strings.HasPrefix(r.Actions[edits[0]-1], "debug deck") {
		t.Fatalf("debug edits at %v", edits)
	}
	err := r.Verify()
	if err == nil || !strings.Contains(err.Error(), "debug edit") || !strings.Contains(err.Error(), "debug deck KS QS JS") {
		t.Fatalf("a record with a debug deck: %v", err)
	}
}

// R8: a record of a game the rules did not end (a resignation or an abort,
// which the replay cannot show) may not claim a result of the rules.
func TestR8_RecordOfAnUnendedGameClaimsNoRulesResult(t *testing.T) {
	g := NewGame(nil, Options{}, 8)
	p := NewRandomPlayer(8)
	for i := 0; i < 40; i++ {
		a, _ := p.Choose(&g.State)
		_, err := g.Apply(a)
		must(t, err)
	}
	r := NewRecord(g, "salt", true)
	if err := r.Verify(); err != nil {
		t.Fatalf("an unended game's record: %v", err)
	}
	r.Result = "US wins: R8.4: the US holds at the end of turn 6"
	if err := r.Verify(); err == nil || !strings.Contains(err.Error(), "have not ended the game") {
		t.Fatalf("a record claiming a result the replay does not reach: %v", err)
	}
}
