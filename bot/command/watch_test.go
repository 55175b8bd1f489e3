package command

import (
	"context"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
)

// watchingAI is the easy AI that records the German actions it is shown.
type watchingAI struct {
	ai.Player
	german *int
}

func (w watchingAI) Watch(before *rules.State, a rules.Action) {
	if before.ToAct() == rules.German {
		*w.german++
	}
}

// The AI made afresh for each step is shown the game so far (ai.WatchGame),
// so that the hard US can read the German's style from a person's moves.
func TestAIStepShowsTheAIThePersonsMoves(t *testing.T) {
	st := newMemStore()
	seen := 0
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 21 }, AI: func(level string, seed uint64) (ai.Player, error) {
		p, err := ai.New("easy", seed)
		seen = 0
		return watchingAI{p, &seen}, err
	}})
	mustDo(t, s, ann, "new opponent:ai level:hard side:german")
	german := 0
	for round := 0; round < 6; round++ {
		for more := true; more; {
			resp, m, err := s.AIStep(context.Background(), testKey)
			if err != nil {
				t.Fatal(err)
			}
			if !m && len(resp.Posts) == 0 {
				break // nothing for the AI to do
			}
			more = m
			if seen != german {
				t.Fatalf("the AI was shown %d German actions, the person had played %d", seen, german)
			}
		}
		g, _, _ := s.Game(testKey)
		if g.State.Over() {
			break
		}
		mustDo(t, s, ann, "pass")
		german++
	}
	if german < 2 {
		t.Fatalf("only %d German moves played", german)
	}
}
