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
// weights (value.go) and the heuristic weights (weights.go); and those
// behind the US set-ups of docs/ai.md. They are slow and print rather than
// assert, so they run only when asked:
//
//	MORTAIN_FIT=1 go test ./rules/ai -run TestFitValueModel -v       (historical set-up)
//	MORTAIN_FIT=suite go test ./rules/ai -run TestFitValueModel -v   (every kind of set-up: the kept fit)
//	MORTAIN_FIT=1 go test ./rules/ai -run 'TestTuneGermanWeights$' -v -timeout 1h
//	MORTAIN_FIT=1 go test ./rules/ai -run TestSearchUSSetup -v
//	MORTAIN_FIT=1 go test ./rules/ai -run TestUSSetupAgainstGerman -v
//	MORTAIN_FIT=tune go test ./rules/ai -run TestTuneGermanWeightsRobust -v -timeout 1h

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
// of the easy US against the hard German's heuristic: with the historical
// US set-up (MORTAIN_FIT=1), or (MORTAIN_FIT=suite, the kept fit) with a
// fresh random set-up in every other game and the suite's set-ups in turn
// in the others.
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
	newUS := func(seed uint64) Player { return newEasy(seed) }
	if os.Getenv("MORTAIN_FIT") == "suite" {
		// Games from every kind of set-up: the suite's, in turn, and
		// fresh random ones, one each in turn.
		suite, _ := SetupSuite()
		g := 0
		newUS = func(seed uint64) Player {
			g++
			setup := RandomUSSetup(nil, seed)
			if g%2 == 0 {
				setup = suite[(g/2)%len(suite)].Setup
			}
			return &placedEasy{newEasy(seed), placer{setup}}
		}
	}
	match(newUS, easyWith(&hardGerman), 20000, 7, func(s *rules.State) {
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

// TestTuneGermanWeights is the random local search (tuneGerman) that
// tuned hardGerman against the historical US set-up: a candidate is kept
// when it wins more of 3,000 games against the easy US (a German that
// fires too readily shoots at wandering US units and runs out of time,
// hence tuneGerman's check against a random US); the result is checked on
// 10,000 and 4,000 games of other seeds.
func TestTuneGermanWeights(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("set MORTAIN_FIT=1 to tune the German weights")
	}
	cur := tuneGerman(hardGerman, 55, func(w *germanWeights) float64 { return easyMatch(w, 3000, 21, nil, nil) })
	fmt.Printf("check (10,000 games, seed 33): tuned %.4f, hardGerman %.4f, easyGerman %.4f\n",
		easyMatch(&cur, 10000, 33, nil, nil), easyMatch(&hardGerman, 10000, 33, nil, nil), easyMatch(&easyGerman, 10000, 33, nil, nil))
	fmt.Printf("against a random US (4,000 games, seed 35): tuned %.4f, hardGerman %.4f\n",
		randomMatch(&cur, 4000, 35), randomMatch(&hardGerman, 4000, 35))
}

// tuneGerman is a random local search over the German weights from start:
// 150 candidates, each changing one to three weights, a candidate kept
// when score rates it 0.003 above the best so far and it still wins at
// least 96.5% of 1,500 games against a random US. It returns the best.
func tuneGerman(start germanWeights, seed uint64, score func(*germanWeights) float64) germanWeights {
	return tuneGermanBy(start, seed, 150, score)
}

// tuneRandomFloor is the share of games against a random US a candidate
// of tuneGerman must win to be kept.
var tuneRandomFloor = 0.965

// tuneGermanBy is tuneGerman with iters candidates.
func tuneGermanBy(start germanWeights, seed uint64, iters int, score func(*germanWeights) float64) germanWeights {
	cur := start
	best := score(&cur)
	fmt.Printf("start %.4f %+v\n", best, cur)
	fields := func(w *germanWeights) []*float64 {
		return []*float64{&w.sideways, &w.cover, &w.threat, &w.fireCost, &w.joker, &w.tiger, &w.tigerPay,
			&w.enter, &w.pair, &w.lead, &w.flipRun, &w.escape, &w.crowd, &w.fireMul, &w.menace}
	}
	step := []float64{2, 1, 1, 0.5, 30, 5, 3, 3, 5, 1, 8, 0.5, 2, 1, 2}
	r := rng(seed)
	for it := 0; it < iters; it++ {
		c := cur
		f := fields(&c)
		for j := 1 + r.IntN(3); j > 0; j-- {
			i := r.IntN(len(f))
			*f[i] += step[i] * (r.Float64()*2 - 1)
		}
		c.fireMul = max(c.fireMul, 0)
		if sc := score(&c); sc > best+0.003 && randomMatch(&c, 1500, 23) >= tuneRandomFloor {
			best, cur = sc, c
			fmt.Printf("it %d %.4f %+v\n", it, best, cur)
		}
	}
	return cur
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
func setupMatch(hexes usSetup, w *germanWeights, games int, seed uint64) float64 {
	return 1 - match(placedEasyUS(hexes), easyWith(w), games, seed, nil, nil)
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

// searchedSetups are the set-ups TestSearchUSSetup found: the first against
// the easy German, the other three against an easy player with the hard
// German's weights. docs/ai.md gives their figures.
var searchedSetups = []map[string]string{
	{"117": "1401", "119": "1804", "120": "1202", "823": "1405", "TD": "1503"},
	{"117": "1303", "119": "1704", "120": "1302", "823": "1303", "TD": "1805"},
	{"117": "1804", "119": "1303", "120": "1805", "823": "1204", "TD": "1303"},
	{"117": "1501", "119": "1805", "120": "1805", "823": "1103", "TD": "1501"},
}

// setupPool is the historical set-up followed by the searched ones.
func setupPool() []usSetup {
	pool := []usSetup{historicalSetup()}
	for _, at := range searchedSetups {
		pool = append(pool, parseSetup(at))
	}
	return pool
}

// searchUSSetup is a random local search over the US set-up (R2.1) from
// the historical one: each of iters candidates moves one US unit to a
// random hex (not column 19, at most two units a hex) and is kept when the
// easy US set up so wins more of games games (match seed seed) against an
// easy player with the German weights w. It returns the best set-up and
// its US win rate.
func searchUSSetup(w *germanWeights, iters, games int, seed, rngSeed uint64) (usSetup, float64) {
	cur := historicalSetup()
	var units []rules.UnitID
	for u := range rules.DefaultScenario().Units {
		if _, ok := cur[rules.UnitID(u)]; ok {
			units = append(units, rules.UnitID(u))
		}
	}
	best := setupMatch(cur, w, games, seed)
	r := rng(rngSeed)
	for it := 0; it < iters; it++ {
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
		if x := setupMatch(c, w, games, seed); x > best {
			best, cur = x, c
			fmt.Printf("it %d: US %.4f%s\n", it, best, showSetup(cur))
		}
	}
	return cur, best
}

// TestSearchUSSetup runs searchUSSetup four times: against the easy German
// (40 candidates of 3,000 games), and against an easy player with the hard
// German's weights (three runs of 40 candidates of 2,000 games). The AI
// plays the historical set-up; these found searchedSetups.
func TestSearchUSSetup(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("set MORTAIN_FIT=1 to search the US set-up")
	}
	found, _ := searchUSSetup(&easyGerman, 40, 3000, 71, 5)
	fmt.Printf("check (10,000 games, seed 99): found%s %.4f, historical %.4f\n",
		showSetup(found), setupMatch(found, &easyGerman, 10000, 99), setupMatch(historicalSetup(), &easyGerman, 10000, 99))
	for rs := uint64(11); rs <= 13; rs++ {
		m, x := searchUSSetup(&hardGerman, 40, 2000, 71+rs, rs)
		fmt.Printf("against hardGerman, search %d: US %.4f%s\n", rs, x, showSetup(m))
	}
}

// TestUSSetupAgainstGerman plays the first searched set-up against both
// German levels, beside the historical one: the figures of docs/ai.md,
// "A weakness: the US set-up".
func TestUSSetupAgainstGerman(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("set MORTAIN_FIT=1 to play the found US set-up")
	}
	sc := rules.DefaultScenario()
	setups := [2]usSetup{historicalSetup(), parseSetup(searchedSetups[0])}
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

// robustGerman are German weights tuned against the pool of set-ups
// (TestTuneGermanWeightsRobust). The AI does not use them: they make the
// hard German win far more against the searched set-ups and as much
// against the historical one, but hard against hard they move the
// German's win rate above the band of docs/balance.md (docs/ai.md).
var robustGerman = germanWeights{
	move: 10, sideways: -0.2861, cover: 1.75, threat: 1.0635, fireCost: 0.2441,
	joker: 94, tiger: 12.1158, tigerPay: -2.3345, enter: 2, pair: 9.4,
	lead: 0.1910, flipRun: -4.1335, escape: -0.0733, crowd: 0.4965, fireMul: 3.8893,
}

// TestTuneGermanWeightsRobust checks robustGerman against hardGerman on
// setupPool, 4,000 games a set-up as an easy player, and 200 games of the
// historical and the first searched set-up as the hard German's weights
// at 100 iterations. With MORTAIN_FIT=tune it first runs the search that
// found robustGerman (its last line, rounded to four decimals): tuneGerman
// from hardGerman scored by the mean German win rate over setupPool
// (1,000 games each).
func TestTuneGermanWeightsRobust(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("set MORTAIN_FIT=1 to tune the German weights against several US set-ups")
	}
	pool := setupPool()
	poolScore := func(w *germanWeights, games int, seed uint64) []float64 {
		var out []float64
		for _, m := range pool {
			out = append(out, 1-setupMatch(m, w, games, seed))
		}
		return out
	}
	if os.Getenv("MORTAIN_FIT") == "tune" {
		tuneGerman(hardGerman, 57, func(w *germanWeights) float64 {
			s := 0.0
			for _, x := range poolScore(w, 1000, 21) {
				s += x
			}
			return s / float64(len(pool))
		})
	}
	for _, c := range []struct {
		name string
		w    *germanWeights
	}{{"hardGerman", &hardGerman}, {"robustGerman", &robustGerman}} {
		fmt.Printf("%s as an easy player (4,000 games a set-up, seed 33): German wins %.3f\n", c.name, poolScore(c.w, 4000, 33))
		hard := func(seed uint64) Player {
			p := newHard(seed, Budget{Iterations: 100, Workers: 1})
			p.gw = c.w
			return p
		}
		var rates []float64
		for _, m := range pool[:2] {
			rates = append(rates, match(placedEasyUS(m), hard, 200, 7, nil, nil))
		}
		fmt.Printf("%s in the hard German at 100 iterations (200 games, seed 7), historical and first searched set-up: %.3f\n", c.name, rates)
	}
}
