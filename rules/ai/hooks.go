package ai

import (
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
)

// init sets the hooks through which the lab (rules/ai/lab) builds players
// with its own weights and reads their figures.
func init() {
	hooks.Mix = mix
	hooks.EasyGerman = func() hooks.GermanWeights { return easyGerman }
	hooks.HardGerman = func() hooks.GermanWeights { return hardGerman }
	hooks.NewEasy = func(seed uint64, w *germanWeights) hooks.Player {
		p := newEasy(seed)
		if w != nil {
			p.v.gw = w
		}
		return p
	}
	hooks.NewHard = func(seed uint64, iterations int, t time.Duration, workers int, w *germanWeights) hooks.Hard {
		p := newHard(seed, Budget{Iterations: iterations, Time: t, Workers: workers})
		if w != nil {
			p.gw = w
		}
		return p
	}
	hooks.GermanFeatures = func(s *rules.State) []float64 {
		x := germanFeatures(s)
		return x[:]
	}
	hooks.NumFeatures = numFeatures
	hooks.ExitsLost = exitsLost
	hooks.AttackN = attackN
	hooks.Scores = func(s *rules.State, w *germanWeights, legal []rules.Action) []float64 {
		v := &view{gw: w}
		v.reset(s, true)
		out := make([]float64, len(legal))
		for i, a := range legal {
			out[i] = v.score(a)
		}
		return out
	}
}

// Counts are the decisions that ran a search and their iterations (the
// lab's hooks.Hard).
func (p *hardPlayer) Counts() (searches, iterations int) { return p.searches, p.iterations }
