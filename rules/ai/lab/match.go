package lab

import (
	"context"
	"strings"
	"sync"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
	"github.com/mortain/mortain/rules/splitmix"
)

// Matches of the heuristic players, the measure of the tuning tools
// (fit.go, tune.go, setupsearch.go) and of the tests that keep their
// figures: quick games, one goroutine each, no arena.

// germanWeights are the heuristic's German weights (hooks.GermanWeights).
type germanWeights = hooks.GermanWeights

// easyGerman and hardGerman are the German weights of the easy level and
// of the hard level's heuristic (rules/ai's weights.go).
var easyGerman, hardGerman = hooks.EasyGerman(), hooks.HardGerman()

// rng is the players' seeded generator (SplitMix64).
type rng = splitmix.Source

// mix derives an independent seed from a seed and a stream number.
func mix(seed, stream uint64) uint64 { return hooks.Mix(seed, stream) }

// player is rules/ai's Player.
type player = hooks.Player

// newEasy is the easy heuristic, with the historical US set-up.
func newEasy(seed uint64) player { return hooks.NewEasy(seed, nil) }

// newHard is the hard level with the historical US set-up and budget b.
func newHard(seed uint64, b ai.Budget) hooks.Hard {
	return hooks.NewHard(seed, b.Iterations, b.Time, b.Workers, nil)
}

// easyMatch plays games of the easy US against an easy German with the
// weights w, from the match seed seed, calling atTurn at the start of each
// turn and done at the end of each game; it returns the German win rate.
func easyMatch(ctx context.Context, w *germanWeights, games int, seed uint64, atTurn func(*rules.State), done func(*rules.State)) float64 {
	return match(ctx, newEasy, easyWith(w), games, seed, atTurn, done)
}

// randomMatch is easyMatch against a random US.
func randomMatch(ctx context.Context, w *germanWeights, games int, seed uint64) float64 {
	random := func(seed uint64) player {
		p, _ := ai.New("random", seed)
		return p
	}
	return match(ctx, random, easyWith(w), games, seed, nil, nil)
}

// easyWith makes easy German players with the weights w.
func easyWith(w *germanWeights) func(seed uint64) player {
	return func(seed uint64) player { return hooks.NewEasy(seed, w) }
}

// match plays games of the US made by newUS against the German made by
// newGerman (see easyMatch). When ctx is done it stops at once and its
// rate means nothing: the caller checks ctx.Err().
func match(ctx context.Context, newUS, newGerman func(seed uint64) player, games int, seed uint64, atTurn func(*rules.State), done func(*rules.State)) float64 {
	return matchWith(ctx, newUS, newGerman, games, seed, matchHooks{atTurn: atTurn, done: done})
}

// matchHooks are what match calls as its games go on; each may be nil.
type matchHooks struct {
	atTurn func(*rules.State) // at the start of each turn
	after  func(*rules.State) // after each action
	done   func(*rules.State) // at the end of each game
}

// matchWith is match with every hook.
func matchWith(ctx context.Context, newUS, newGerman func(seed uint64) player, games int, seed uint64, h matchHooks) float64 {
	wins := 0
	for g := 0; g < games; g++ {
		us := newUS(mix(seed, uint64(3*g+1)))
		ge := newGerman(mix(seed, uint64(3*g+2)))
		s := rules.NewState(rules.DefaultScenario(), rules.Options{}, mix(seed, uint64(3*g)))
		turn := 0
		for !s.Over() {
			if ctx.Err() != nil {
				return 0
			}
			if h.atTurn != nil && s.Phase() != rules.PhaseSetup && s.Turn() != turn {
				turn = s.Turn()
				h.atTurn(&s)
			}
			p := us
			if s.ToAct() == rules.German {
				p = ge
			}
			a, _ := p.Choose(ctx, &s)
			if err := s.Apply(a, nil); err != nil {
				panic(err)
			}
			if h.after != nil {
				h.after(&s)
			}
		}
		if h.done != nil {
			h.done(&s)
		}
		if s.Winner() == rules.German {
			wins++
		}
	}
	return float64(wins) / float64(games)
}

// placedUS is a US player with its own set-up: it places its units as the
// set-up says (R2.1), in its order, then plays as the player it carries.
type placedUS struct {
	at []rules.Action // the Place actions, in the set-up's order
	player
}

func (p *placedUS) Choose(ctx context.Context, s *rules.State) (rules.Action, error) {
	if s.Phase() == rules.PhaseSetup {
		for _, a := range p.at {
			if s.Unit(a.Unit).Status != rules.OnMap {
				return a, nil
			}
		}
		return rules.SetupDone(), nil
	}
	return p.player.Choose(ctx, s)
}

// placeActions are the Place actions of u in the default scenario.
func placeActions(u ai.USSetup) []rules.Action {
	sc := rules.DefaultScenario()
	var at []rules.Action
	for _, p := range u {
		id, ok := sc.UnitByID(p.Unit)
		if !ok {
			panic("lab: no unit " + p.Unit)
		}
		at = append(at, rules.Place(id, p.Hex))
	}
	return at
}

// placedEasyUS makes easy US players set up as u.
func placedEasyUS(u ai.USSetup) func(seed uint64) player {
	at := placeActions(u)
	return func(seed uint64) player { return &placedUS{at: at, player: newEasy(seed)} }
}

// setupMatch is the US win rate of the easy US set up as u against an
// easy player with the German weights w.
func setupMatch(ctx context.Context, u ai.USSetup, w *germanWeights, games int, seed uint64) float64 {
	return 1 - match(ctx, placedEasyUS(u), easyWith(w), games, seed, nil, nil)
}

// suiteSetup is the set-up of the suite (rules/ai's setups.txt) named
// name.
func suiteSetup(name string) ai.USSetup {
	suite, err := ai.SetupSuite()
	if err != nil {
		panic(err)
	}
	for _, e := range suite {
		if e.Name == name {
			return e.Setup
		}
	}
	panic("lab: no set-up " + name + " in the suite")
}

// tuningSetups are the set-ups the suite-wide tuning scores a German on:
// the suite (setups.txt) less the climb-N set-ups added after it, and 16
// more random legal ones (RandomUSSetup(nil, 5000+k)), which the suite's
// measurements never use.
func tuningSetups() []ai.USSetup {
	suite, err := ai.SetupSuite()
	if err != nil {
		panic(err)
	}
	var out []ai.USSetup
	for _, e := range suite {
		if strings.HasPrefix(e.Name, "climb-") {
			// Found after the tuning, against its result: the
			// tuning's set-ups stay those it was run on.
			continue
		}
		out = append(out, e.Setup)
	}
	for k := range 16 {
		out = append(out, ai.RandomUSSetup(nil, uint64(5000+k)))
	}
	return out
}

// suiteRates is the German win rate of an easy player with the weights w
// against the easy US on each of setups, games games each from the match
// seed, played on two goroutines.
func suiteRates(ctx context.Context, w *germanWeights, setups []ai.USSetup, games int, seed uint64) []float64 {
	out := make([]float64, len(setups))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = 1 - setupMatch(ctx, setups[i], w, games, seed)
			}
		}()
	}
	for i := range setups {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
