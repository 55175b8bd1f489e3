package arena

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
)

// The suite parses, has at least 40 positions, and every position is
// reached legally through the engine (its notation parses and writes
// back the same, its moves are accepted) at a decision of the side it
// names, where every accept: and forbid: pattern matches a legal action.
func TestTacticsSuiteReplays(t *testing.T) {
	ps, err := Tactics()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 40 {
		t.Fatalf("%d positions, want at least 40", len(ps))
	}
	for i := range ps {
		p := &ps[i]
		st, err := p.State(nil)
		if err != nil {
			t.Fatal(err)
		}
		start, err := rules.ParsePosition(rules.DefaultScenario(), p.Position)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := rules.ParsePosition(rules.DefaultScenario(), start.Position()); err != nil || again != start {
			t.Errorf("%s: the position does not write back to itself: %v", p.Name, err)
		}
		s := &st
		side := strings.ToLower(s.ToAct().String())
		if !strings.HasPrefix(strings.ToLower(p.Note), side) {
			t.Errorf("%s: the note %q does not begin with the side to act (%s)", p.Name, p.Note, side)
		}
		var legal []string
		for _, a := range s.LegalActions(nil) {
			legal = append(legal, a.Format(s.Scenario()))
		}
		for _, pat := range append(append([]string(nil), p.Accept...), p.Forbid...) {
			found := false
			for _, a := range legal {
				found = found || matchAction(pat, a)
			}
			if !found {
				t.Errorf("%s: %q matches no legal action (%s)", p.Name, pat, strings.Join(legal, ", "))
			}
		}
		solvable := false
		for _, a := range legal {
			solvable = solvable || p.Judge(a)
		}
		if !solvable {
			t.Errorf("%s: no legal action solves it", p.Name)
		}
	}
}

func TestMatchAction(t *testing.T) {
	for _, c := range []struct {
		pat, a string
		want   bool
	}{
		{"move 120 1502", "move 120 1502", true},
		{"move 120 1502", "MOVE 120 1502", true},
		{"move 120 1502", "move 120 1601", false},
		{"move 117 *", "move 117 1601", true},
		{"move 117 *", "move 119 1601", false},
		{"fire ...", "fire TD DR-1", true},
		{"fire ...", "fire", true},
		{"air-attack 1804 ...", "air-attack 1804", true},
		{"air-attack 1804 ...", "air-attack 1804 17-StuG", true},
		{"air-attack 1703 *", "air-attack 1703", false},
		{"air-attack 1703 *", "air-attack 1703 DR-1", true},
		{"enter * * 102", "enter DR-1 1903 102", true},
		{"enter * * 102", "enter DR-1 1903", false},
		{"pass", "pass", true},
		{"pass", "resolve", false},
	} {
		if got := matchAction(c.pat, c.a); got != c.want {
			t.Errorf("matchAction(%q, %q) = %v, want %v", c.pat, c.a, got, c.want)
		}
	}
}

func TestParseTacticsRefuses(t *testing.T) {
	ok := "name: a\nnote: US\nposition: round:us/3\nmoves: pass\naccept: pass\nwhy: w\n"
	if ps, err := parseTactics(ok); err != nil || len(ps) != 1 || ps[0].Position != "round:us/3" || len(ps[0].Moves) != 1 {
		t.Fatalf("parseTactics(ok) = %+v, %v", ps, err)
	}
	for name, text := range map[string]string{
		"no why":        "name: a\nposition: round:us/3\naccept: pass\n",
		"no verdict":    "name: a\nposition: round:us/3\nwhy: w\n",
		"no position":   "name: a\naccept: pass\nwhy: w\n",
		"twice":         ok + "\n" + ok,
		"before a name": "position: round:us/3\n" + ok,
		"unknown key":   "name: a\nposition: round:us/3\nseed: 2\naccept: pass\nwhy: w\n",
	} {
		if _, err := parseTactics(text); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// A position the notation refuses, or a move the engine refuses, is
// reported with the position's name (and the move's number).
func TestTacticsPositionRefused(t *testing.T) {
	ps, err := parseTactics("name: bad\nnote: US\nposition: round:us/3\nmoves: pass; move 120 1901\naccept: pass\nwhy: w\n" +
		"name: worse\nnote: US\nposition: us:117@1901\naccept: pass\nwhy: w\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ps[0].State(nil); err == nil || !strings.Contains(err.Error(), "bad, move 2") {
		t.Errorf("State = %v, want the refusal of move 2", err)
	}
	if _, err := ps[1].State(nil); err == nil || !strings.Contains(err.Error(), "worse") || !strings.Contains(err.Error(), "R5.2") {
		t.Errorf("State = %v, want the refusal of R5.2", err)
	}
}

// The bars of issue #16: easy solves at least 70% of the suite, hard (at
// 100 iterations, one thread: deterministic) at least 90%.
func TestTacticsBars(t *testing.T) {
	for _, c := range []struct {
		level string
		bar   float64
	}{{"easy", 0.7}, {"hard", 0.9}} {
		if c.level == "hard" && testing.Short() {
			t.Skip("the hard level's search is skipped with -short")
		}
		res, err := RunTactics(context.Background(), c.level, ai.Budget{Iterations: 100, Workers: 1}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if float64(res.Solved) < c.bar*float64(res.Total) {
			t.Errorf("%s solved %d of %d, want at least %.0f%%; failed: %+v", c.level, res.Solved, res.Total, 100*c.bar, res.Failed)
		}
		if len(res.Failed) != res.Total-res.Solved {
			t.Errorf("%s: %d failures listed for %d unsolved", c.level, len(res.Failed), res.Total-res.Solved)
		}
	}
}

// The hard level's tactics result is the same on every run at an
// iteration budget.
func TestTacticsHardDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("the hard level's search is skipped with -short")
	}
	ps, err := Tactics()
	if err != nil {
		t.Fatal(err)
	}
	ps = ps[:8]
	b := ai.Budget{Iterations: 60, Workers: 1}
	a, err := runTacticsOn(context.Background(), ps, "hard", b, 3)
	if err != nil {
		t.Fatal(err)
	}
	c, err := runTacticsOn(context.Background(), ps, "hard", b, 3)
	if err != nil {
		t.Fatal(err)
	}
	if a.Solved != c.Solved || len(a.Failed) != len(c.Failed) {
		t.Fatalf("two runs differ: %+v and %+v", a, c)
	}
	for i := range a.Failed {
		if a.Failed[i] != c.Failed[i] {
			t.Fatalf("two runs differ: %+v and %+v", a.Failed[i], c.Failed[i])
		}
	}
}
