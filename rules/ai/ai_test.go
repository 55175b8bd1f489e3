package ai

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
)

// positions returns varied positions reached by random play: the set-up,
// rounds of both sides, pending attacks, face-card choices, late turns.
func positions(t *testing.T, n int) []rules.State {
	t.Helper()
	var out []rules.State
	for seed := uint64(1); len(out) < n; seed++ {
		s := rules.NewState(nil, rules.Options{}, seed)
		p := rules.NewRandomPlayer(seed)
		stop := p.Intn(400)
		for i := 0; i < stop && !s.Over(); i++ {
			a, _ := p.Choose(&s)
			if err := s.Apply(a, nil); err != nil {
				t.Fatalf("random play: %v", err)
			}
		}
		if !s.Over() {
			out = append(out, s)
		}
	}
	return out
}

// TestLegalActionsEveryLevel checks that every level returns an action
// Apply accepts, over many positions, for both sides.
func TestLegalActionsEveryLevel(t *testing.T) {
	pos := positions(t, 120)
	phases := map[rules.Phase]int{}
	for _, level := range Levels {
		p, err := NewWithBudget(level, 7, Budget{Iterations: 12, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range pos {
			s := pos[i]
			if level == "hard" && i%3 != 0 {
				continue // keep the test fast
			}
			phases[s.Phase()]++
			a, err := p.Choose(context.Background(), &s)
			if err != nil {
				t.Fatalf("%s: position %d: %v", level, i, err)
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatalf("%s: position %d (%s to act): %s refused: %v", level, i, pos[i].ToAct().Title(), a.Format(s.Scenario()), err)
			}
		}
	}
	if phases[rules.PhaseSetup] == 0 || phases[rules.PhaseRound] == 0 {
		t.Fatalf("positions do not cover the set-up and rounds: %v", phases)
	}
}

// TestFaceChoiceAndPendingAttack checks the levels answer a face card drawn
// in combat (R6.8) and a pending attack (R6.6) with legal actions.
func TestFaceChoiceAndPendingAttack(t *testing.T) {
	var face, pending int
	for _, s := range positions(t, 400) {
		_, _, isPending := s.PendingAttack()
		if s.Phase() != rules.PhaseFaceChoice && !isPending {
			continue
		}
		if s.Phase() == rules.PhaseFaceChoice {
			face++
		} else {
			pending++
		}
		for _, level := range []string{"easy", "hard"} {
			p, _ := NewWithBudget(level, 3, Budget{Iterations: 8, Workers: 1})
			c := s
			a, err := p.Choose(context.Background(), &c)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Apply(a, nil); err != nil {
				t.Fatalf("%s: %s refused: %v", level, a.Format(c.Scenario()), err)
			}
		}
	}
	if face == 0 || pending == 0 {
		t.Fatalf("no face-card choice (%d) or pending attack (%d) among the positions", face, pending)
	}
}

// TestUSSetup checks the AI places the US units and ends the set-up.
func TestUSSetup(t *testing.T) {
	for _, level := range []string{"easy", "hard"} {
		s := rules.NewState(nil, rules.Options{}, 1)
		p, _ := New(level, 1)
		for i := 0; s.Phase() == rules.PhaseSetup; i++ {
			if i > 20 {
				t.Fatalf("%s: the set-up does not end", level)
			}
			a, err := p.Choose(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
		onMap := 0
		sc := s.Scenario()
		for u, d := range sc.Units {
			if d.Side == rules.US && s.Unit(rules.UnitID(u)).Status == rules.OnMap {
				onMap++
				if s.Unit(rules.UnitID(u)).Hex.Col() == rules.LastCol {
					t.Fatalf("R2.1: %s set up in column 19", d.ID)
				}
			}
		}
		if onMap != 5 || s.Turn() != 1 {
			t.Fatalf("%s: %d US units on the map at turn %d, want 5 at turn 1", level, onMap, s.Turn())
		}
	}
}

// midRound is a position where side has a real choice.
func midRound(t *testing.T, side rules.Side, seed uint64) rules.State {
	t.Helper()
	for ; ; seed++ {
		s := rules.NewState(nil, rules.Options{}, seed)
		_ = s.Apply(rules.Historical(), nil)
		_ = s.Apply(rules.SetupDone(), nil)
		e := newEasy(seed)
		for !s.Over() && s.Turn() < 3 {
			a, _ := e.Choose(context.Background(), &s)
			_ = s.Apply(a, nil)
		}
		for i := 0; i < 200 && !s.Over(); i++ {
			if s.ToAct() == side && len(s.LegalActions(nil)) > 4 {
				return s
			}
			a, _ := e.Choose(context.Background(), &s)
			_ = s.Apply(a, nil)
		}
	}
}

// TestHardDeterministic checks that the same seed and iteration budget give
// the same decisions, for both sides and both search methods.
func TestHardDeterministic(t *testing.T) {
	for _, side := range []rules.Side{rules.US, rules.German} {
		s := midRound(t, side, 11)
		var first rules.Action
		for run := 0; run < 3; run++ {
			p, _ := NewWithBudget("hard", 99, Budget{Iterations: 60, Workers: 2})
			c := s
			a, err := p.Choose(context.Background(), &c)
			if err != nil {
				t.Fatal(err)
			}
			if run == 0 {
				first = a
			} else if a != first {
				t.Fatalf("%s: run %d chose %s, run 0 chose %s", side.Title(), run, a.Format(s.Scenario()), first.Format(s.Scenario()))
			}
		}
	}
}

// TestHardIgnoresHiddenDeck checks the hard level does not peek: the same
// visible position with the undrawn cards in another order, and another
// dealer's generator for the turns to come, gets the same decision.
func TestHardIgnoresHiddenDeck(t *testing.T) {
	for _, side := range []rules.Side{rules.US, rules.German} {
		compared := 0
		for k := uint64(0); k < 6 && compared < 2; k++ {
			s := midRound(t, side, 20+k*7)
			o := s
			o.Determinize(12345 + k)
			// The two really differ in what is hidden.
			a1, a2 := s, o
			_ = a1.Apply(rules.Pass(), nil)
			_ = a2.Apply(rules.Pass(), nil)
			if a1.RoundCard() == a2.RoundCard() && a1.Turn() == a2.Turn() && a1.DeckLeft() == a2.DeckLeft() {
				// Same next card by chance: try the next deal.
				continue
			}
			p1, _ := NewWithBudget("hard", 5, Budget{Iterations: 80, Workers: 2})
			p2, _ := NewWithBudget("hard", 5, Budget{Iterations: 80, Workers: 2})
			x1, _ := p1.Choose(context.Background(), &s)
			x2, _ := p2.Choose(context.Background(), &o)
			if x1 != x2 {
				t.Fatalf("%s: the decision changed with the hidden deck: %s vs %s", side.Title(), x1.Format(s.Scenario()), x2.Format(s.Scenario()))
			}
			compared++
		}
		if compared == 0 {
			t.Fatalf("%s: no position with a different hidden deck was compared", side.Title())
		}
	}
}

// TestParseBudget checks the budget notation.
func TestParseBudget(t *testing.T) {
	if b, err := ParseBudget("2000it"); err != nil || b.Iterations != 2000 {
		t.Fatalf("2000it: %+v %v", b, err)
	}
	if b, err := ParseBudget("1.5s"); err != nil || b.Time.Milliseconds() != 1500 {
		t.Fatalf("1.5s: %+v %v", b, err)
	}
	for _, bad := range []string{"", "0it", "fast", "-2s"} {
		if _, err := ParseBudget(bad); err == nil {
			t.Fatalf("%q accepted", bad)
		}
	}
	if _, err := New("expert", 1); err == nil {
		t.Fatal("an unknown level was accepted")
	}
}

// TestHardTimeBudget checks a time budget bounds a decision: with no
// limit on its iterations and no deadline on its context, the search ends
// only because its time is up. (How long it takes on a loaded machine is
// no figure to assert: the wait below is a guard against a hang.)
func TestHardTimeBudget(t *testing.T) {
	s := midRound(t, rules.US, 3)
	p, _ := NewWithBudget("hard", 1, Budget{Time: 150e6})
	start := testingNow()
	done := make(chan error, 1)
	go func() { _, err := p.Choose(context.Background(), &s); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(3 * time.Minute):
		t.Fatal("a decision under a 150 ms budget did not end")
	}
	t.Logf("a 150 ms budget took %.2f s", testingSince(start))
}

// TestScenarioFromFile checks the hard level with a scenario read from a
// file (its own copy of the map and units) plays legal actions and shares
// one geometry between the search's copies of the position.
func TestScenarioFromFile(t *testing.T) {
	data := rules.DefaultScenario().Source
	sc, err := rules.ParseScenario([]byte(strings.Replace(string(data), `"full": "5-4", "flipped": "3-2"`, `"full": "4-4", "flipped": "2-2"`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for g := uint64(1); g <= 2; g++ {
		us, _ := NewWithBudget("hard", 2*g, Budget{Iterations: 4, Workers: 1})
		ge, _ := NewWithBudget("hard", 2*g+1, Budget{Iterations: 4, Workers: 1})
		s := rules.NewState(sc, rules.Options{}, g)
		for !s.Over() {
			p := us
			if s.ToAct() == rules.German {
				p = ge
			}
			a, err := p.Choose(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	n := 0
	geometries.Range(func(k, _ any) bool {
		if s, ok := k.(string); ok && s == string(sc.Source) {
			n++
		}
		return true
	})
	if n != 1 {
		t.Fatalf("%d geometries for the file's scenario, want 1", n)
	}
}
