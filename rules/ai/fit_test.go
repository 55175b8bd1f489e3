package ai

import (
	"context"
	"fmt"
	"maps"
	"math"
	"os"
	"testing"

	"github.com/mortain/mortain/rules"
)

// The tools that produced the hard German's numbers: the value model's
// weights (value.go) and the heuristic weights (weights.go). They are slow
// and print rather than assert, so they run only when asked:
//
//	MORTAIN_FIT=1 go test ./rules/ai -run TestFitValueModel -v
//	MORTAIN_FIT=1 go test ./rules/ai -run TestTuneGermanWeights -v -timeout 1h

// easyMatch plays games of the easy US against an easy German with the
// weights w, from the match seed seed, calling atTurn at the start of each
// turn and done at the end of each game; it returns the German win rate.
func easyMatch(w *germanWeights, games int, seed uint64, atTurn func(*rules.State), done func(*rules.State)) float64 {
	return match(func(seed uint64) Player { return newEasy(seed) }, easyWith(w), games, seed, atTurn, done)
}

// randomMatch is easyMatch against a random US.
func randomMatch(w *germanWeights, games int, seed uint64) float64 {
	return match(func(seed uint64) Player { return &randomPlayer{p: rules.NewRandomPlayer(seed)} }, easyWith(w), games, seed, nil, nil)
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
// newGerman (see easyMatch).
func match(newUS, newGerman func(seed uint64) Player, games int, seed uint64, atTurn func(*rules.State), done func(*rules.State)) float64 {
	wins := 0
	for g := 0; g < games; g++ {
		us := newUS(mix(seed, uint64(3*g+1)))
		ge := newGerman(mix(seed, uint64(3*g+2)))
		s := rules.NewState(rules.DefaultScenario(), rules.Options{}, mix(seed, uint64(3*g)))
		turn := 0
		for !s.Over() {
			if atTurn != nil && s.Phase() != rules.PhaseSetup && s.Turn() != turn {
				turn = s.Turn()
				atTurn(&s)
			}
			p := us
			if s.ToAct() == rules.German {
				p = ge
			}
			a, _ := p.Choose(context.Background(), &s)
			if err := s.Apply(a, nil); err != nil {
				panic(err)
			}
		}
		if done != nil {
			done(&s)
		}
		if s.Winner() == rules.German {
			wins++
		}
	}
	return float64(wins) / float64(games)
}

// TestFitValueModel fits valueWeights: a logistic regression per turn of
// the German win on germanFeatures at the turn's start, over 20,000 games
// of the easy US against the hard German's heuristic.
func TestFitValueModel(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("set MORTAIN_FIT=1 to fit the value model")
	}
	type sample struct {
		x [numFeatures]float64
		y float64
	}
	var byTurn [rules.Turns + 1][]sample
	var pending [rules.Turns + 1][numFeatures]float64
	var seen [rules.Turns + 1]bool
	easyMatch(&hardGerman, 20000, 7, func(s *rules.State) {
		pending[s.Turn()], seen[s.Turn()] = germanFeatures(s), true
	}, func(s *rules.State) {
		y := 0.0
		if s.Winner() == rules.German {
			y = 1
		}
		for turn := range seen {
			if seen[turn] {
				byTurn[turn] = append(byTurn[turn], sample{pending[turn], y})
			}
			seen[turn] = false
		}
	})
	for turn := 2; turn <= rules.Turns; turn++ {
		xs := make([][numFeatures]float64, len(byTurn[turn]))
		ys := make([]float64, len(byTurn[turn]))
		for i, d := range byTurn[turn] {
			xs[i], ys[i] = d.x, d.y
		}
		w := fitLogistic(xs, ys)
		fmt.Printf("\t%d: {", turn)
		for i, x := range w {
			if i > 0 {
				fmt.Print(", ")
			}
			fmt.Printf("%.4f", x)
		}
		fmt.Printf("}, // %d positions\n", len(xs))
	}
}

// fitLogistic fits logistic regression weights by Newton's method.
func fitLogistic(xs [][numFeatures]float64, ys []float64) [numFeatures]float64 {
	const k = numFeatures
	var w [k]float64
	for it := 0; it < 30; it++ {
		var a [k][k + 1]float64
		for n, x := range xs {
			z := 0.0
			for i := range w {
				z += w[i] * x[i]
			}
			p := 1 / (1 + math.Exp(-z))
			for i := 0; i < k; i++ {
				a[i][k] += (ys[n] - p) * x[i]
				for j := 0; j < k; j++ {
					a[i][j] += p * (1 - p) * x[i] * x[j]
				}
			}
		}
		for i := 0; i < k; i++ {
			a[i][i] += 1e-3
		}
		// Gauss-Jordan elimination with partial pivoting.
		for c := 0; c < k; c++ {
			p := c
			for r := c + 1; r < k; r++ {
				if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
					p = r
				}
			}
			a[c], a[p] = a[p], a[c]
			for r := 0; r < k; r++ {
				if r != c && a[c][c] != 0 {
					f := a[r][c] / a[c][c]
					for j := c; j <= k; j++ {
						a[r][j] -= f * a[c][j]
					}
				}
			}
		}
		for i := range w {
			if a[i][i] != 0 {
				w[i] += a[i][k] / a[i][i]
			}
		}
	}
	return w
}

// TestTuneGermanWeights is the random local search that tuned hardGerman:
// each candidate changes one to three weights and is kept when it wins
// more of 3,000 games against the easy US while it still wins at least
// 96.5% of 1,500 games against a random US (a German that fires too
// readily shoots at wandering US units and runs out of time); the result
// is checked on 10,000 and 4,000 games of other seeds.
func TestTuneGermanWeights(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("set MORTAIN_FIT=1 to tune the German weights")
	}
	const games = 3000
	cur := hardGerman
	best := easyMatch(&cur, games, 21, nil, nil)
	fmt.Printf("start %.4f %+v\n", best, cur)
	fields := func(w *germanWeights) []*float64 {
		return []*float64{&w.sideways, &w.cover, &w.threat, &w.fireCost, &w.joker, &w.tiger, &w.tigerPay,
			&w.enter, &w.pair, &w.lead, &w.flipRun, &w.escape, &w.crowd, &w.fireMul}
	}
	step := []float64{2, 1, 1, 0.5, 30, 5, 3, 3, 5, 1, 8, 0.5, 2, 1}
	r := rng(55)
	for it := 0; it < 150; it++ {
		c := cur
		f := fields(&c)
		for j := 1 + r.IntN(3); j > 0; j-- {
			i := r.IntN(len(f))
			*f[i] += step[i] * (r.Float64()*2 - 1)
		}
		c.fireMul = max(c.fireMul, 0)
		if sc := easyMatch(&c, games, 21, nil, nil); sc > best+0.003 && randomMatch(&c, 1500, 23) >= 0.965 {
			best, cur = sc, c
			fmt.Printf("it %d %.4f %+v\n", it, best, cur)
		}
	}
	fmt.Printf("check (10,000 games, seed 33): tuned %.4f, hardGerman %.4f, easyGerman %.4f\n",
		easyMatch(&cur, 10000, 33, nil, nil), easyMatch(&hardGerman, 10000, 33, nil, nil), easyMatch(&easyGerman, 10000, 33, nil, nil))
	fmt.Printf("against a random US (4,000 games, seed 35): tuned %.4f, hardGerman %.4f\n",
		randomMatch(&cur, 4000, 35), randomMatch(&hardGerman, 4000, 35))
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
// against the easy German.
func setupMatch(hexes map[rules.UnitID]rules.Hex, games int, seed uint64) float64 {
	return 1 - match(placedEasyUS(hexes), easyWith(&easyGerman), games, seed, nil, nil)
}

// TestSearchUSSetup is a random local search over the US set-up (R2.1):
// each candidate moves one US unit to a random hex (not column 19, at most
// two units a hex) and is kept when the easy US set up so wins more of
// 3,000 games against the easy German. The AI plays the historical
// set-up; docs/ai.md records what this search found.
func TestSearchUSSetup(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("set MORTAIN_FIT=1 to search the US set-up")
	}
	sc := rules.DefaultScenario()
	historical := map[rules.UnitID]rules.Hex{}
	var units []rules.UnitID
	for u, d := range sc.Units {
		if d.Side == rules.US && !d.Reserve {
			historical[rules.UnitID(u)] = d.Historical
			units = append(units, rules.UnitID(u))
		}
	}
	show := func(m map[rules.UnitID]rules.Hex) string {
		out := ""
		for _, u := range units {
			out += fmt.Sprintf(" %s@%s", sc.Units[u].ID, m[u])
		}
		return out
	}
	cur := maps.Clone(historical)
	best := setupMatch(cur, 3000, 71)
	fmt.Printf("historical: US %.4f\n", best)
	r := rng(5)
	for it := 0; it < 40; it++ {
		c := maps.Clone(cur)
		u := units[r.IntN(len(units))]
		for {
			h := rules.HexAt(rules.FirstCol+r.IntN(rules.LastCol-rules.FirstCol), 1+r.IntN(rules.NumRows))
			n := 0
			for v, at := range c {
				if v != u && at == h {
					n++
				}
			}
			if n < 2 {
				c[u] = h
				break
			}
		}
		if w := setupMatch(c, 3000, 71); w > best {
			best, cur = w, c
			fmt.Printf("it %d: US %.4f%s\n", it, best, show(cur))
		}
	}
	fmt.Printf("check (10,000 games, seed 99): found%s %.4f, historical %.4f\n",
		show(cur), setupMatch(cur, 10000, 99), setupMatch(historical, 10000, 99))
}

// TestUSSetupAgainstGerman plays the set-up TestSearchUSSetup found against
// both German levels, beside the historical one: the figures of docs/ai.md,
// "A weakness: the US set-up".
func TestUSSetupAgainstGerman(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("set MORTAIN_FIT=1 to play the found US set-up")
	}
	sc := rules.DefaultScenario()
	found := map[string]string{"117": "1401", "119": "1804", "120": "1202", "823": "1405", "TD": "1503"}
	setups := [2]map[rules.UnitID]rules.Hex{{}, {}}
	for u, d := range sc.Units {
		if h, ok := found[d.ID]; ok {
			setups[0][rules.UnitID(u)] = d.Historical
			setups[1][rules.UnitID(u)], _ = rules.ParseHex(h)
		}
	}
	hard := func(seed uint64) Player { return newHard(seed, Budget{Iterations: 100, Workers: 1}) }
	for i, name := range []string{"historical", "found"} {
		const games = 2000
		var lost, exits, exitWins int
		us := 1 - match(placedEasyUS(setups[i]), easyWith(&easyGerman), games, 99, nil, func(s *rules.State) {
			exits += s.Exited()
			if s.Exited() >= 5 {
				exitWins++
			}
			for u, d := range sc.Units {
				if d.Side == rules.German && s.Unit(rules.UnitID(u)).Status == rules.Eliminated {
					lost++
				}
			}
		})
		fmt.Printf("%s: easy German (%d games, seed 99): US wins %.4f; German exits %.2f, units lost %.2f, wins by exits %.4f\n",
			name, games, us, float64(exits)/games, float64(lost)/games, float64(exitWins)/games)
		fmt.Printf("%s: hard German at 100 iterations (100 games, seed 7): German wins %.2f\n",
			name, match(placedEasyUS(setups[i]), hard, 100, 7, nil, nil))
	}
}
