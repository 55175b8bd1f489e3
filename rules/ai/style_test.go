package ai

import (
	"context"
	"testing"

	"github.com/mortain/mortain/rules"
)

// TestStyleReaderTellsHuntFromWalk checks that the hard US reads the
// German's style from its moves: by the start of turn 3 it takes the easy
// German (who walks west for R8.1 exits) for a walker and the hard German's
// heuristic (who hunts for R8.2) for a hunter, in nearly every game, from
// the historical set-up and the AI's.
func TestStyleReaderTellsHuntFromWalk(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		gw    *germanWeights
		hunts bool
	}{{"easy German", &easyGerman, false}, {"hunter", &hardGerman, true}} {
		right, games := 0, 0
		for g := uint64(0); g < 24; g++ {
			us := placedEasyUS(HistoricalUSSetup(nil))(mix(7, 3*g+1))
			if g%2 == 1 {
				us = newEasyFromAISetup(g)
			}
			ge := easyWith(tc.gw)(mix(7, 3*g+2))
			s := rules.NewState(rules.DefaultScenario(), rules.Options{}, mix(7, 3*g))
			var r styleReader
			for !s.Over() && (s.Phase() == rules.PhaseSetup || s.Turn() < 3) {
				p := us
				if s.ToAct() == rules.German {
					p = ge
				}
				a, err := p.Choose(ctx, &s)
				if err != nil {
					t.Fatal(err)
				}
				r.watch(&s, a)
				if err := s.Apply(a, nil); err != nil {
					t.Fatal(err)
				}
			}
			if s.Over() {
				continue
			}
			games++
			if r.hunts() == tc.hunts {
				right++
			}
		}
		t.Logf("%s: read right in %d of %d games", tc.name, right, games)
		if games < 20 || right < games-2 {
			t.Errorf("%s: read right in %d of %d games at turn 3, want all but 2 at most", tc.name, right, games)
		}
	}
}

// newEasyFromAISetup is the easy US on one of the AI's set-ups.
func newEasyFromAISetup(g uint64) Player {
	setups := aiSetups()
	return &placedEasy{newEasy(g), placer{setup: setups[int(g)%len(setups)].Setup}}
}

// TestWatchGameReplaysTheHistory checks that a player made afresh for a
// decision, as the bot makes one, reads the same style from the game's
// history (WatchGame) as one that watched every move as it was played,
// debug edits included, and so chooses the same action.
func TestWatchGameReplaysTheHistory(t *testing.T) {
	ctx := context.Background()
	g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, 5)
	watching := newHard(9, Budget{Iterations: 60, Workers: 1})
	ge := easyWith(&hardGerman)(11)
	us := newEasy(12)
	debugged := false
	for !g.State.Over() && (g.State.Phase() == rules.PhaseSetup || g.State.Turn() < 3 || g.State.ToAct() != rules.US) {
		p := Player(us)
		if g.State.ToAct() == rules.German {
			p = ge
		}
		a, err := p.Choose(ctx, &g.State)
		if err != nil {
			t.Fatal(err)
		}
		watching.Watch(&g.State, a)
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		if !debugged && g.State.Phase() != rules.PhaseSetup {
			// A debug edit in the history, which WatchGame must apply.
			if err := g.Debug("debug turn 1"); err != nil {
				t.Fatal(err)
			}
			debugged = true
		}
	}
	if !watching.style.hunts() {
		t.Fatalf("the hunter's moves read as a walk west (evidence %d)", watching.style.hunt)
	}
	fresh := newHard(9, Budget{Iterations: 60, Workers: 1})
	if err := WatchGame(&placedHard{fresh, placer{}}, g); err != nil {
		t.Fatal(err)
	}
	if fresh.style.hunt != watching.style.hunt {
		t.Errorf("replayed history gives evidence %d, watching gave %d", fresh.style.hunt, watching.style.hunt)
	}
	if g.State.Over() {
		t.Fatal("the game ended before turn 3")
	}
	c1, c2 := g.State, g.State
	a1, err1 := watching.Choose(ctx, &c1)
	a2, err2 := fresh.Choose(ctx, &c2)
	if err1 != nil || err2 != nil || a1 != a2 {
		t.Errorf("the watching player chose %v (%v), the fresh one %v (%v)", a1, err1, a2, err2)
	}
}
