package ai

import (
	"context"
	"testing"

	"github.com/mortain/mortain/rules"
)

// The AI never reads what the players cannot see: the order of the undrawn
// cards and the dealer's generator, which the game's seed sets (R9.1). Two
// positions that differ only there get the same decision from every level.
func TestAIDecidesOnlyOnWhatPlayersSee(t *testing.T) {
	g := rules.NewGame(nil, rules.Options{}, 77)
	mover := rules.NewRandomPlayer(5)
	checked := 0
	for step := 0; step < 400 && !g.State.Over(); step++ {
		if step%25 == 0 && g.State.Phase() != rules.PhaseSetup {
			hidden := g.State
			hidden.Determinize(uint64(step) + 1000)
			for _, level := range []string{"easy", "hard"} {
				a, b := decide(t, level, &g.State), decide(t, level, &hidden)
				if a != b {
					t.Fatalf("step %d: %s chose %q, but %q once the hidden cards were reordered",
						step, level, a.Format(g.State.Scenario()), b.Format(g.State.Scenario()))
				}
			}
			checked++
		}
		a, ok := mover.Choose(&g.State)
		if !ok {
			break
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 3 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// decide is a fresh player's decision at a fixed iteration budget.
func decide(t *testing.T, level string, s *rules.State) rules.Action {
	t.Helper()
	p, err := NewWithBudget(level, 9, Budget{Iterations: 40, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	c := *s
	a, err := p.Choose(context.Background(), &c)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
