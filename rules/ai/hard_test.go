package ai

import (
	"context"
	"testing"

	"github.com/mortain/mortain/rules"
)

// debugPos is the built-in game after the historical set-up, changed by
// debug edits ("debug place DR-1 1803", ...) and then played on with
// actions ("move DR-1 1703", ...), in order.
func debugPos(t *testing.T, edits []string, actions ...string) rules.State {
	t.Helper()
	s := rules.NewState(nil, rules.Options{}, 1)
	for _, a := range []rules.Action{rules.Historical(), rules.SetupDone()} {
		if err := s.Apply(a, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range edits {
		if err := s.ApplyDebug(e); err != nil {
			t.Fatalf("%s: %v", e, err)
		}
	}
	for _, text := range actions {
		a, err := rules.ParseAction(s.Scenario(), text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := s.Apply(a, nil); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	return s
}

// TestForcedDecisionsDoNotSearch checks that the hard level plays forced
// decisions at once: the Tiger's free follow-up (R4.6) and a resolve that
// no firer would improve, with no search run (searches stays 0), and that
// Thinks says so.
func TestForcedDecisionsDoNotSearch(t *testing.T) {
	tiger := []string{"debug place DR-1 1803", "debug place 102 1803", "debug place 117 1703"}
	cases := []struct {
		name    string
		edits   []string
		actions []string
		want    string
	}{
		{"the Tiger follows with no points left",
			[]string{"debug place DR-1 1803", "debug place 102 1803", "debug round german 1", "debug deck 5H"},
			[]string{"move DR-1 1703"}, "move 102 1703"},
		{"the Tiger follows with points left",
			[]string{"debug place DR-1 1803", "debug place 102 1803", "debug round german 3", "debug deck 5H"},
			[]string{"move DR-1 1703"}, "move 102 1703"},
		{"the Tiger joins the fire for free",
			append(tiger, "debug round german 1", "debug deck 6C"),
			[]string{"fire DR-1 117"}, "fire 102 117"},
		// The Tiger would lower the chance against a tank (R6.5, R6.8),
		// and no other firer can join: resolve.
		{"nothing worth adding to the attack",
			[]string{"debug place DR-1 1803", "debug place 102 1803", "debug place CCA 1703", "debug turn 2", "debug round german 1", "debug deck 6C"},
			[]string{"fire DR-1 CCA"}, "resolve"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := debugPos(t, c.edits, c.actions...)
			if n := len(s.LegalActions(nil)); n < 2 {
				t.Fatalf("only %d legal actions: not the case under test", n)
			}
			p := newHard(1, Budget{Iterations: 50, Workers: 1})
			a, err := p.Choose(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Format(s.Scenario()); got != c.want {
				t.Errorf("chose %q, want %q", got, c.want)
			}
			if p.searches != 0 {
				t.Errorf("%d searches for a forced decision", p.searches)
			}
			if Thinks("hard", &s) {
				t.Error("Thinks says the hard level thinks about a forced decision")
			}
		})
	}
}

// TestSearchedDecisionsAreCounted checks the other side of the hook: an
// open decision runs one search, Thinks says the hard level thinks, and
// the other levels never do; single legal actions and the set-up are
// forced.
func TestSearchedDecisionsAreCounted(t *testing.T) {
	for _, side := range []rules.Side{rules.US, rules.German} {
		s := midRound(t, side, 5)
		if _, cands := newHard(0, Budget{}).plan(&s); cands == nil {
			continue // rare: the position happens to be forced
		}
		p := newHard(1, Budget{Iterations: 20, Workers: 1})
		if _, err := p.Choose(context.Background(), &s); err != nil {
			t.Fatal(err)
		}
		if p.searches != 1 {
			t.Errorf("%s: %d searches, want 1", side.Title(), p.searches)
		}
		if !Thinks("hard", &s) || Thinks("easy", &s) || Thinks("random", &s) {
			t.Errorf("%s: Thinks hard %v, easy %v, random %v", side.Title(), Thinks("hard", &s), Thinks("easy", &s), Thinks("random", &s))
		}
	}
	for _, s := range positions(t, 120) {
		if s.Phase() != rules.PhaseSetup && len(s.LegalActions(nil)) != 1 {
			continue
		}
		p := newHard(1, Budget{Iterations: 20, Workers: 1})
		if _, err := p.Choose(context.Background(), &s); err != nil {
			t.Fatal(err)
		}
		if p.searches != 0 || Thinks("hard", &s) {
			t.Fatalf("a set-up or single-action decision searched (%d) or thinks", p.searches)
		}
	}
}

// TestHardStopWithNoTimeLeft checks the hard stop: a decision whose time
// is already used up plays the heuristic's choice without playouts.
func TestHardStopWithNoTimeLeft(t *testing.T) {
	for _, side := range []rules.Side{rules.US, rules.German} {
		s := midRound(t, side, 7)
		ctx, cancel := context.WithTimeout(context.Background(), 0)
		cancel()
		p := newHard(1, Budget{Time: DefaultTime, Workers: 1})
		a, err := p.Choose(ctx, &s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a, nil); err != nil {
			t.Fatalf("%s: %v", side.Title(), err)
		}
	}
}

// TestGermanTimeBudgetCapsPlayouts checks that under a time budget the
// German's search stops at germanPlayouts playouts, and so plays as at
// that many iterations when the time does not run out first.
func TestGermanTimeBudgetCapsPlayouts(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		s := midRound(t, rules.German, seed*13)
		timed := newHard(seed, Budget{Time: DefaultTime, Workers: 1})
		counted := newHard(seed, Budget{Iterations: germanPlayouts, Workers: 1})
		c := s
		a, err := timed.Choose(context.Background(), &c)
		if err != nil {
			t.Fatal(err)
		}
		c = s
		b, err := counted.Choose(context.Background(), &c)
		if err != nil {
			t.Fatal(err)
		}
		if timed.searches == 0 {
			continue // forced: nothing to compare
		}
		t.Logf("seed %d: %d and %d playouts", seed, timed.iterations, counted.iterations)
		if limit := germanPlayouts + germanWidth; timed.iterations > limit {
			t.Errorf("seed %d: %d playouts under a time budget, want at most %d", seed, timed.iterations, limit)
		}
		// The same playouts give the same choice; a loaded machine may
		// stop the timed search earlier.
		if timed.iterations == counted.iterations && a != b {
			t.Errorf("seed %d: %q under a time budget, %q at %d iterations", seed, a.Format(s.Scenario()), b.Format(s.Scenario()), germanPlayouts)
		}
	}
}
