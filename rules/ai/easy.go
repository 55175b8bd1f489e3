package ai

import (
	"context"
	"errors"

	"github.com/mortain/mortain/rules"
)

// ErrGameOver is returned by Choose when the game has ended.
var ErrGameOver = errors.New("the game is over")

// easyPlayer plays the heuristic's best-scored action (ties broken by its
// seeded generator): Germans advance west and exit, pair with the Tiger and
// mass fire on weak targets; the US holds cover, focuses fire on the most
// dangerous German units and uses Air and OBA.
type easyPlayer struct {
	r   rng
	buf []rules.Action
	v   view
}

func newEasy(seed uint64) *easyPlayer {
	return &easyPlayer{r: rng(seed), buf: make([]rules.Action, 0, 256)}
}

func (p *easyPlayer) Choose(_ context.Context, s *rules.State) (rules.Action, error) {
	if s.Over() {
		return rules.Action{}, ErrGameOver
	}
	if s.Phase() == rules.PhaseSetup {
		return setupAction(s), nil
	}
	p.buf = s.SingleActions(p.buf[:0])
	p.v.reset(s, true)
	a, _ := bestAction(&p.v, p.buf, &p.r)
	return a, nil
}

// bestAction returns the best-scored of the legal actions (ties broken at
// random) and its score.
func bestAction(v *view, legal []rules.Action, r *rng) (rules.Action, float64) {
	best, bestScore, ties := legal[0], v.score(legal[0]), 1
	for _, a := range legal[1:] {
		sc := v.score(a)
		switch {
		case sc > bestScore+1e-9:
			best, bestScore, ties = a, sc, 1
		case sc > bestScore-1e-9:
			ties++
			if r.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, bestScore
}
