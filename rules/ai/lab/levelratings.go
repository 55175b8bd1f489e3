package lab

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/arena"
	"github.com/mortain/mortain/store/glicko2"
)

// LevelRatingsOptions are the matches level-ratings plays.
type LevelRatingsOptions struct {
	// Games is the number of games of each pairing of a US level with a
	// German level (nine pairings).
	Games int
	Seed  uint64
	// Budget is the hard level's thinking per decision (the bot's
	// default when zero).
	Budget   ai.Budget
	Parallel int
}

// DefaultLevelRatings are the options of docs/ai.md's figures.
func DefaultLevelRatings() LevelRatingsOptions {
	return LevelRatingsOptions{Games: 20, Seed: 1, Budget: ai.Budget{Time: ai.DefaultTime}}
}

// LevelAnchor is the rating of the random level (both sides): the anchor
// of the levels' scale.
const LevelAnchor = 800.0

// LevelRating is one level's rating on one side.
type LevelRating struct {
	Level, Side string
	Rating      float64
}

// pairing is the result of one match: the US level's wins of games.
type pairing struct {
	us, ger     int // indexes of levels
	usWins, all int
}

// RateLevels plays every pairing of a US level with a German level (each
// with its own set-up) and rates each level on each side on the players'
// scale: the ratings that best explain the results (a maximum a
// posteriori fit of the Elo model with a weak prior), with the side
// advantage the store uses for a server without rated games
// (glicko2.SideAdvantage(0, 0)), shifted so that the random level stands at
// LevelAnchor.
func RateLevels(ctx context.Context, w io.Writer, o LevelRatingsOptions) ([]LevelRating, error) {
	levels := ai.Levels
	var ps []pairing
	for i, us := range levels {
		for j, ger := range levels {
			res, err := arena.RunArena(ctx, arena.ArenaConfig{US: us, German: ger, Games: o.Games, Seed: o.Seed + uint64(3*i+j), Budget: o.Budget, Parallel: o.Parallel})
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(w, "%-6s US against %-6s German: US %d of %d\n", us, ger, res.USWins, res.Games)
			ps = append(ps, pairing{i, j, res.USWins, res.Games})
		}
	}
	r := fitLevels(len(levels), ps, glicko2.SideAdvantage(0, 0))
	var out []LevelRating
	for i, l := range levels {
		out = append(out, LevelRating{l, "us", r[i]}, LevelRating{l, "german", r[len(levels)+i]})
	}
	fmt.Fprintln(w, "ratings (random anchored at", LevelAnchor, "):")
	for _, lr := range out {
		fmt.Fprintf(w, "  %-6s as %-6s %5.0f\n", lr.Level, lr.Side, lr.Rating)
	}
	return out, nil
}

// fitLevels fits the ratings of n levels as US (0..n-1) and as German
// (n..2n-1) to the pairings: P(US wins) = 1/(1+10^(-(rUS+adv-rGer)/400)),
// each rating with a normal prior of deviation 400 around the mean, by
// Newton steps; then shifts them so that level 0 (random) averages
// LevelAnchor over its two sides.
func fitLevels(n int, ps []pairing, adv float64) []float64 {
	r := make([]float64, 2*n)
	const prior = 400.0
	k := math.Ln10 / 400
	// Diagonal Newton steps on the log posterior, each at most 25 points
	// (where a level wins every game the data's curvature vanishes).
	for iter := 0; iter < 5000; iter++ {
		grad, hess := make([]float64, 2*n), make([]float64, 2*n)
		mean := 0.0
		for _, x := range r {
			mean += x
		}
		mean /= float64(len(r))
		for i := range r {
			grad[i] = -(r[i] - mean) / (prior * prior)
			hess[i] = 1 / (prior * prior)
		}
		for _, p := range ps {
			us, ger := p.us, n+p.ger
			e := 1 / (1 + math.Pow(10, -(r[us]+adv-r[ger])/400))
			g := k * (float64(p.usWins) - float64(p.all)*e)
			h := k * k * float64(p.all) * e * (1 - e)
			grad[us] += g
			grad[ger] -= g
			hess[us] += h
			hess[ger] += h
		}
		for i := range r {
			r[i] += math.Max(-25, math.Min(25, grad[i]/hess[i]))
		}
	}
	shift := LevelAnchor - (r[0]+r[n])/2
	for i := range r {
		r[i] += shift
	}
	return r
}
