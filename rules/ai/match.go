package ai

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/mortain/mortain/rules"
)

// Matches of the heuristic players, the measure of the tuning tools
// (fit.go, tune.go, setupsearch.go) and of the tests that keep their
// figures (value_test.go): quick games, one goroutine each, no arena.

// easyMatch plays games of the easy US against an easy German with the
// weights w, from the match seed seed, calling atTurn at the start of each
// turn and done at the end of each game; it returns the German win rate.
func easyMatch(ctx context.Context, w *germanWeights, games int, seed uint64, atTurn func(*rules.State), done func(*rules.State)) float64 {
	return match(ctx, func(seed uint64) Player { return newEasy(seed) }, easyWith(w), games, seed, atTurn, done)
}

// randomMatch is easyMatch against a random US.
func randomMatch(ctx context.Context, w *germanWeights, games int, seed uint64) float64 {
	return match(ctx, func(seed uint64) Player { return &randomPlayer{p: rules.NewRandomPlayer(seed)} }, easyWith(w), games, seed, nil, nil)
}

// easyWith makes easy German players with the weights w.
func easyWith(w *germanWeights) func(seed uint64) Player {
	return func(seed uint64) Player {
		p := newEasy(seed)
		p.v.gw = w
		return p
	}
}

// match plays games of the US made by newUS against the German made by
// newGerman (see easyMatch). When ctx is done it stops at once and its
// rate means nothing: the caller checks ctx.Err().
func match(ctx context.Context, newUS, newGerman func(seed uint64) Player, games int, seed uint64, atTurn func(*rules.State), done func(*rules.State)) float64 {
	return matchWith(ctx, newUS, newGerman, games, seed, matchHooks{atTurn: atTurn, done: done})
}

// matchHooks are what match calls as its games go on; each may be nil.
type matchHooks struct {
	atTurn func(*rules.State) // at the start of each turn
	after  func(*rules.State) // after each action
	done   func(*rules.State) // at the end of each game
}

// matchWith is match with every hook.
func matchWith(ctx context.Context, newUS, newGerman func(seed uint64) Player, games int, seed uint64, h matchHooks) float64 {
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

// placedUS is the easy US with its own set-up: it places its units on the
// given hexes (R2.1), then plays as the easy level.
type placedUS struct {
	at   []rules.Action // the Place actions, in unit order
	easy *easyPlayer
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
	return p.easy.Choose(ctx, s)
}

// placedEasyUS makes easy US players set up on hexes (by unit).
func placedEasyUS(hexes map[rules.UnitID]rules.Hex) func(seed uint64) Player {
	var at []rules.Action
	for u := range rules.DefaultScenario().Units {
		if h, ok := hexes[rules.UnitID(u)]; ok {
			at = append(at, rules.Place(rules.UnitID(u), h))
		}
	}
	return func(seed uint64) Player { return &placedUS{at: at, easy: newEasy(seed)} }
}

// setupMatch is the US win rate of the easy US set up on hexes (by unit)
// against an easy player with the German weights w.
func setupMatch(ctx context.Context, hexes usSetup, w *germanWeights, games int, seed uint64) float64 {
	return 1 - match(ctx, placedEasyUS(hexes), easyWith(w), games, seed, nil, nil)
}

// usSetup is a US set-up (R2.1): a hex for each US unit on the map.
type usSetup = map[rules.UnitID]rules.Hex

// parseSetup makes a set-up from unit ids and hex numbers.
func parseSetup(at map[string]string) usSetup {
	m := usSetup{}
	for u, d := range rules.DefaultScenario().Units {
		if h, ok := at[d.ID]; ok {
			hex, err := rules.ParseHex(h)
			if err != nil {
				panic(err)
			}
			m[rules.UnitID(u)] = hex
		}
	}
	return m
}

// historicalSetup is the scenario's historical set-up.
func historicalSetup() usSetup {
	m := usSetup{}
	for u, d := range rules.DefaultScenario().Units {
		if d.Side == rules.US && !d.Reserve {
			m[rules.UnitID(u)] = d.Historical
		}
	}
	return m
}

// showSetup writes a set-up as unit@hex, in unit order.
func showSetup(m usSetup) string {
	out := ""
	for u, d := range rules.DefaultScenario().Units {
		if h, ok := m[rules.UnitID(u)]; ok {
			out += fmt.Sprintf(" %s@%s", d.ID, h)
		}
	}
	return out
}

// tuningSetups are the set-ups the suite-wide tuning scores a German on:
// the suite (setups.txt) less the climb-N set-ups added after it, and 16
// more random legal ones
// (RandomUSSetup(nil, 5000+k)), which the suite's measurements never use.
func tuningSetups() []usSetup {
	suite, err := SetupSuite()
	if err != nil {
		panic(err)
	}
	var out []usSetup
	add := func(u USSetup) {
		m := usSetup{}
		sc := rules.DefaultScenario()
		for _, p := range u {
			id, ok := sc.UnitByID(p.Unit)
			if !ok {
				panic("no unit " + p.Unit)
			}
			m[id] = p.Hex
		}
		out = append(out, m)
	}
	for _, e := range suite {
		if strings.HasPrefix(e.Name, "climb-") {
			// Found after the tuning, against its result: the
			// tuning's set-ups stay those it was run on.
			continue
		}
		add(e.Setup)
	}
	for k := range 16 {
		add(RandomUSSetup(nil, uint64(5000+k)))
	}
	return out
}

// suiteRates is the German win rate of an easy player with the weights w
// against the easy US on each of setups, games games each from the match
// seed, played on two goroutines.
func suiteRates(ctx context.Context, w *germanWeights, setups []usSetup, games int, seed uint64) []float64 {
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
