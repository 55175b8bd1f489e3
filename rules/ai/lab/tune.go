package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mortain/mortain/rules/ai/internal/hooks"
)

// The tools that tuned the German heuristic's weights (weights.go): random
// local searches over germanWeights scored by matches of the easy players
// (match.go). mortain-lab german, german-robust and german-suite.

// TuneGermanOptions are the settings of TuneGerman.
type TuneGermanOptions struct {
	// Candidates is the number of candidates the search tries (150).
	Candidates int
	// Seed is the search's random stream (55).
	Seed uint64
	// Games is the number of games against the easy US that score a
	// candidate (3,000, match seed 21).
	Games int
	// FloorGames is the number of games against a random US a candidate
	// must win 96.5% of to be kept (1,500, match seed 23).
	FloorGames int
	// CheckGames is the number of games of the check against the easy
	// US (10,000, match seed 33).
	CheckGames int
	// RandomGames is the number of games of the check against a random
	// US (4,000, match seed 35).
	RandomGames int
}

// DefaultTuneGerman returns the settings that tuned hardGerman against
// the historical US set-up.
func DefaultTuneGerman() TuneGermanOptions {
	return TuneGermanOptions{Candidates: 150, Seed: 55, Games: 3000, FloorGames: 1500, CheckGames: 10000, RandomGames: 4000}
}

// TuneGerman is the random local search that tuned hardGerman against the
// historical US set-up: a candidate is kept when it wins more of o.Games
// games against the easy US (a German that fires too readily shoots at
// wandering US units and runs out of time, hence the check against a
// random US); the result is checked on o.CheckGames and o.RandomGames
// games of other seeds. It writes the start, each kept candidate and the
// checks.
func TuneGerman(ctx context.Context, out io.Writer, o TuneGermanOptions) error {
	if o.Games < 1 || o.FloorGames < 1 || o.CheckGames < 1 || o.RandomGames < 1 {
		return errors.New("every count of games must be at least 1")
	}
	cur := tuneGermanBy(ctx, out, hardGerman, o.Seed, o.Candidates, tuneRandomFloor, o.FloorGames, func(w *germanWeights) float64 { return easyMatch(ctx, w, o.Games, 21, nil, nil) })
	if err := ctx.Err(); err != nil {
		return err
	}
	n := o.CheckGames
	tuned, hard, easy := easyMatch(ctx, &cur, n, 33, nil, nil), easyMatch(ctx, &hardGerman, n, 33, nil, nil), easyMatch(ctx, &easyGerman, n, 33, nil, nil)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "check (%s games, seed 33): tuned %.4f, hardGerman %.4f, easyGerman %.4f\n", thousands(n), tuned, hard, easy)
	n = o.RandomGames
	tuned, hard = randomMatch(ctx, &cur, n, 35), randomMatch(ctx, &hardGerman, n, 35)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "against a random US (%s games, seed 35): tuned %.4f, hardGerman %.4f\n", thousands(n), tuned, hard)
	return nil
}

// tuneRandomFloor is the share of games against a random US a candidate
// of TuneGerman and TuneGermanRobust must win to be kept.
const tuneRandomFloor = 0.965

// tuneGermanBy is a random local search over the German weights from
// start: iters candidates, each changing one to three weights, a candidate
// kept when score rates it 0.003 above the best so far and it still wins
// at least floor of floorGames games against a random US (match seed 23).
// It writes the start and each kept candidate, and returns the best; it
// stops early when ctx is done.
func tuneGermanBy(ctx context.Context, out io.Writer, start germanWeights, seed uint64, iters int, floor float64, floorGames int, score func(*germanWeights) float64) germanWeights {
	cur := start
	best := score(&cur)
	if ctx.Err() != nil {
		return cur
	}
	fmt.Fprintf(out, "start %.4f %s\n", best, showWeights(cur))
	fields := func(w *germanWeights) []*float64 {
		return []*float64{&w.Sideways, &w.Cover, &w.Threat, &w.FireCost, &w.Joker, &w.Tiger, &w.TigerPay,
			&w.Enter, &w.Pair, &w.Lead, &w.FlipRun, &w.Escape, &w.Crowd, &w.FireMul, &w.Menace}
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
		c.FireMul = max(c.FireMul, 0)
		if sc := score(&c); sc > best+0.003 && randomMatch(ctx, &c, floorGames, 23) >= floor {
			if ctx.Err() != nil {
				return cur
			}
			best, cur = sc, c
			fmt.Fprintf(out, "it %d %.4f %s\n", it, best, showWeights(cur))
		}
		if ctx.Err() != nil {
			return cur
		}
	}
	return cur
}

// robustGerman are German weights tuned against the pool of set-ups
// (TuneGermanRobust). The AI does not use them: they make the hard German
// win far more against the searched set-ups and as much against the
// historical one, but hard against hard they move the German's win rate
// above the band of docs/balance.md (docs/ai.md).
var robustGerman = germanWeights{
	Move: 10, Sideways: -0.2861, Cover: 1.75, Threat: 1.0635, FireCost: 0.2441,
	Joker: 94, Tiger: 12.1158, TigerPay: -2.3345, Enter: 2, Pair: 9.4,
	Lead: 0.1910, FlipRun: -4.1335, Escape: -0.0733, Crowd: 0.4965, FireMul: 3.8893,
}

// TuneRobustOptions are the settings of TuneGermanRobust.
type TuneRobustOptions struct {
	// Tune runs the search that found robustGerman before the check.
	Tune bool
	// Candidates is the number of candidates the search tries (150).
	Candidates int
	// Seed is the search's random stream (57).
	Seed uint64
	// Games is the number of games a set-up of the pool that score a
	// candidate (1,000, match seed 21).
	Games int
	// FloorGames is the number of games against a random US a candidate
	// must win 96.5% of to be kept (1,500, match seed 23).
	FloorGames int
	// CheckGames is the number of games a set-up of the check as an easy
	// player (4,000, match seed 33).
	CheckGames int
	// HardGames is the number of games a set-up of the check as the hard
	// German's weights at 100 iterations (200, match seed 7).
	HardGames int
}

// DefaultTuneRobust returns the settings of the check that gives the
// table of docs/journal/2026-11-21-us-setup-weakness.md, and of the search
// that found robustGerman when Tune is set.
func DefaultTuneRobust() TuneRobustOptions {
	return TuneRobustOptions{Candidates: 150, Seed: 57, Games: 1000, FloorGames: 1500, CheckGames: 4000, HardGames: 200}
}

// TuneGermanRobust checks robustGerman against hardGerman on setupPool,
// o.CheckGames games a set-up as an easy player, and o.HardGames games of
// the historical and the first searched set-up as the hard German's
// weights at 100 iterations. With o.Tune it first runs the search that
// found robustGerman (its last line, rounded to four decimals): the
// search of TuneGerman from hardGerman scored by the mean German win rate
// over setupPool (o.Games games each).
func TuneGermanRobust(ctx context.Context, out io.Writer, o TuneRobustOptions) error {
	if o.CheckGames < 1 || o.HardGames < 1 || o.Tune && (o.Games < 1 || o.FloorGames < 1) {
		return errors.New("every count of games must be at least 1")
	}
	pool := setupPool()
	poolScore := func(w *germanWeights, games int, seed uint64) []float64 {
		var out []float64
		for _, m := range pool {
			out = append(out, 1-setupMatch(ctx, m, w, games, seed))
		}
		return out
	}
	if o.Tune {
		tuneGermanBy(ctx, out, hardGerman, o.Seed, o.Candidates, tuneRandomFloor, o.FloorGames, func(w *germanWeights) float64 {
			s := 0.0
			for _, x := range poolScore(w, o.Games, 21) {
				s += x
			}
			return s / float64(len(pool))
		})
	}
	for _, c := range []struct {
		name string
		w    *germanWeights
	}{{"hardGerman", &hardGerman}, {"robustGerman", &robustGerman}} {
		easy := poolScore(c.w, o.CheckGames, 33)
		if err := ctx.Err(); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s as an easy player (%s games a set-up, seed 33): German wins %.3f\n", c.name, thousands(o.CheckGames), easy)
		hard := func(seed uint64) player { return hooks.NewHard(seed, 100, 0, 1, c.w) }
		var rates []float64
		for _, m := range pool[:2] {
			rates = append(rates, match(ctx, placedEasyUS(m), hard, o.HardGames, 7, nil, nil))
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s in the hard German at 100 iterations (%s games, seed 7), historical and first searched set-up: %.3f\n", c.name, thousands(o.HardGames), rates)
	}
	return nil
}

// TuneSuiteOptions are the settings of TuneGermanSuite.
type TuneSuiteOptions struct {
	// Approach runs the last step: from secondRun with approach 0.001.
	Approach bool
	// ScanOnly stops after the scores of the weight sets and the start's
	// check.
	ScanOnly bool
	// Candidates is the number of candidates the search tries (200).
	Candidates int
	// Seed is the search's random stream (61).
	Seed uint64
	// ScoreGames is the number of games a set-up of the first scores of
	// the weight sets (400, match seed 21).
	ScoreGames int
	// Games is the number of games a set-up that score the start and
	// each candidate (300, match seed 21).
	Games int
	// FloorGames is the number of games against a random US the start is
	// checked on and a candidate must win 96% of to be kept (1,500, match
	// seed 23).
	FloorGames int
	// CheckGames is the number of games a set-up of the tuned weights'
	// check (2,000, match seed 33).
	CheckGames int
	// RandomGames is the number of games of the check against a random
	// US (4,000, match seed 35).
	RandomGames int
}

// DefaultTuneSuite returns the settings of the tuning that found
// hardGerman.
func DefaultTuneSuite() TuneSuiteOptions {
	return TuneSuiteOptions{Candidates: 200, Seed: 61, ScoreGames: 400, Games: 300, FloorGames: 1500, CheckGames: 2000, RandomGames: 4000}
}

// suiteObjective scores rates: their mean plus the mean of the worst
// quarter, so that a gain on the set-ups the German loses most counts
// twice.
func suiteObjective(rates []float64) float64 {
	r := slices.Clone(rates)
	slices.Sort(r)
	q := max(1, len(r)/4)
	mean, worst := 0.0, 0.0
	for i, x := range r {
		mean += x
		if i < q {
			worst += x
		}
	}
	return mean/float64(len(r)) + worst/float64(q)
}

// TuneGermanSuite writes the suite-wide scores of the German weight sets
// over tuningSetups, then repeats the tuning that found hardGerman (issue
// #16, bar 1). It took three steps:
//
//  1. tuneGermanBy from robustGerman (menace 0), scored as below, in two
//     runs stopped early (the second from the first's best; about 75
//     candidates in all): firstRun;
//  2. a scan of menace on firstRun (300 games a set-up, seed 21):
//     objective 0.647, 0.658, 0.662, 0.666, 0.686, 0.713, 0.738, 0.745
//     and 0.747 at 0, 4, 8, 16, 32, 64, 128, 256 and 1,024 (with the exit
//     class of blunder.go as it is now; before it was narrowed to the
//     games where the exits are the nearer victory, 0.658 at 256);
//  3. tuneGermanBy from firstRun with menace 256, 200 candidates, random
//     floor 96%: secondRun is its best (candidate 9, objective 0.7623);
//     on 2,000 other games a set-up (seed 33) objective 0.791, worst
//     set-up 35.0%, against 0.696 and 28.7% for robustGerman; 96.25% of
//     4,000 games against a random US;
//  4. a scan of approach on secondRun (300 games a set-up, seed 21):
//     objective 0.762, 0.817, 0.878, 0.911, 0.900, 0.900, 0.881, 0.900,
//     0.922 and 0.889 at 0, 0.0003, 0.0006, 0.001, 0.0015, 0.002, 0.003,
//     0.005, 0.01 and 0.02; then (o.Approach, seed 67, 80 candidates)
//     tuneGermanBy from secondRun with approach 0.001: hardGerman is its
//     best (candidate 13, objective 0.9345); on 2,000 other games a
//     set-up objective 0.968, worst set-up 44.1%; 97.08% of 4,000 games
//     against a random US.
//
// o.ScanOnly stops after the scores and the start's check.
func TuneGermanSuite(ctx context.Context, out io.Writer, o TuneSuiteOptions) error {
	if o.ScoreGames < 1 || o.Games < 1 || o.FloorGames < 1 || !o.ScanOnly && (o.CheckGames < 1 || o.RandomGames < 1) {
		return errors.New("every count of games must be at least 1")
	}
	setups := tuningSetups()
	noHunt := hardGerman
	noHunt.Hunt = false
	for _, c := range []struct {
		name string
		w    *germanWeights
	}{{"easyGerman", &easyGerman}, {"robustGerman", &robustGerman}, {"hardGerman without hunt", &noHunt}, {"hardGerman", &hardGerman}} {
		r := suiteRates(ctx, c.w, setups, o.ScoreGames, 21)
		if err := ctx.Err(); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s: objective %.4f min %.3f rates %.2f\n", c.name, suiteObjective(r), slices.Min(r), r)
	}
	start := firstRun
	start.Menace = 256
	if o.Approach {
		start = secondRun
		start.Approach = 0.001
	}
	r := suiteRates(ctx, &start, setups, o.Games, 21)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "start: objective %.4f min %.3f\n", suiteObjective(r), slices.Min(r))
	x := randomMatch(ctx, &start, o.FloorGames, 23)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "start against a random US (%s games, seed 23): %.4f\n", thousands(o.FloorGames), x)
	if o.ScanOnly {
		return nil
	}
	best := tuneGermanBy(ctx, out, start, o.Seed, o.Candidates, 0.96, o.FloorGames, func(w *germanWeights) float64 {
		return suiteObjective(suiteRates(ctx, w, setups, o.Games, 21))
	})
	if err := ctx.Err(); err != nil {
		return err
	}
	r = suiteRates(ctx, &best, setups, o.CheckGames, 33)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "tuned, check (%s games a set-up, seed 33): objective %.4f min %.3f rates %.3f\n", thousands(o.CheckGames), suiteObjective(r), slices.Min(r), r)
	r = suiteRates(ctx, &robustGerman, setups, o.CheckGames, 33)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "robustGerman, check: objective %.4f min %.3f rates %.3f\n", suiteObjective(r), slices.Min(r), r)
	x = randomMatch(ctx, &best, o.RandomGames, 35)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "against a random US (%s games, seed 35): tuned %.4f\n", thousands(o.RandomGames), x)
	return nil
}

// firstRun is the best of the first, early-stopped runs of the
// suite-wide tuning from robustGerman (step 1 of TuneGermanSuite).
var firstRun = germanWeights{
	Move: 10, Sideways: -1.7771, Cover: 1.75, Threat: 1.0574, FireCost: 0.0514,
	Joker: 94, Tiger: 12.1158, TigerPay: -3.3095, Enter: 0.5924, Pair: 9.4,
	Lead: 0.191, FlipRun: -4.1335, Escape: -0.3829, Crowd: -0.4798, FireMul: 5.2029,
}

// showWeights writes w as {move:10 sideways:-3.6612 ... hunt:true}, the
// field names as weights.go spells them.
func showWeights(w germanWeights) string {
	return fieldName.ReplaceAllStringFunc(fmt.Sprintf("%+v", w), strings.ToLower)
}

// fieldName is the first letter of each field name in %+v of a struct.
var fieldName = regexp.MustCompile(`[{ ][A-Z]`)

// thousands writes n with commas between groups of three digits, as the
// tools' figures are quoted in docs/ai.md (10,000).
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// secondRun is the best of step 3 of TuneGermanSuite, the start of its
// last step.
var secondRun = germanWeights{
	Move: 10, Sideways: -1.7771, Cover: 1.75, Threat: 1.0574, FireCost: 0.0514,
	Joker: 94, Tiger: 12.1158, TigerPay: -4.2845, Enter: -1.4128, Pair: 9.4,
	Lead: 0.191, FlipRun: -4.1335, Escape: -0.3829, Crowd: -0.4798, FireMul: 5.2029,
	Menace: 256,
}
