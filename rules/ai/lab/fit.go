package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
)

// The tool that fitted the value model's weights (valueWeights, value.go):
// mortain-lab value.

// FitValueOptions are the settings of FitValueModel.
type FitValueOptions struct {
	// Games is the number of games fitted on (the tool's: 20,000).
	Games int
	// Seed is the match seed (7).
	Seed uint64
	// Historical plays every game from the historical US set-up (the
	// first fits); otherwise every other game is from a fresh random
	// set-up and the others from the suite's set-ups in turn (the kept
	// fit).
	Historical bool
}

// DefaultFitValue returns the settings that fitted valueWeights.
func DefaultFitValue() FitValueOptions {
	return FitValueOptions{Games: 20000, Seed: 7}
}

// FitValueModel fits valueWeights: a logistic regression per turn of the
// German win on germanFeatures at the turn's start, over o.Games games of
// the easy US against the hard German's heuristic. It writes one line a
// turn from turn 2, the weights as value.go holds them and the number of
// positions fitted.
func FitValueModel(ctx context.Context, out io.Writer, o FitValueOptions) error {
	if o.Games < 1 {
		return errors.New("the value model needs at least one game")
	}
	type sample struct {
		x []float64
		y float64
	}
	var byTurn [rules.Turns + 1][]sample
	var pending [rules.Turns + 1][]float64
	var seen [rules.Turns + 1]bool
	newUS := newEasy
	if !o.Historical {
		// Games from every kind of set-up: the suite's, in turn, and
		// fresh random ones, one each in turn.
		suite, err := ai.SetupSuite()
		if err != nil {
			return err
		}
		g := 0
		newUS = func(seed uint64) player {
			g++
			setup := ai.RandomUSSetup(nil, seed)
			if g%2 == 0 {
				setup = suite[(g/2)%len(suite)].Setup
			}
			return &placedUS{at: placeActions(setup), player: newEasy(seed)}
		}
	}
	match(ctx, newUS, easyWith(&hardGerman), o.Games, o.Seed, func(s *rules.State) {
		pending[s.Turn()], seen[s.Turn()] = hooks.GermanFeatures(s), true
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
	if err := ctx.Err(); err != nil {
		return err
	}
	for turn := 2; turn <= rules.Turns; turn++ {
		xs := make([][]float64, len(byTurn[turn]))
		ys := make([]float64, len(byTurn[turn]))
		for i, d := range byTurn[turn] {
			xs[i], ys[i] = d.x, d.y
		}
		w := fitLogistic(xs, ys)
		fmt.Fprintf(out, "\t%d: {", turn)
		for i, x := range w {
			if i > 0 {
				fmt.Fprint(out, ", ")
			}
			fmt.Fprintf(out, "%.4f", x)
		}
		fmt.Fprintf(out, "}, // %d positions\n", len(xs))
	}
	return nil
}

// fitLogistic fits logistic regression weights by Newton's method.
func fitLogistic(xs [][]float64, ys []float64) []float64 {
	k := hooks.NumFeatures
	w := make([]float64, k)
	for it := 0; it < 30; it++ {
		a := make([][]float64, k)
		for i := range a {
			a[i] = make([]float64, k+1)
		}
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
