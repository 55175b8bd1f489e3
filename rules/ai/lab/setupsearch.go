package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
)

// The tools behind the US set-ups of docs/ai.md and of the suite
// (setups.txt): random local searches over the US set-up (R2.1) scored by
// matches of the easy players (match.go). mortain-lab setups,
// setup-play and setup-suite.

// setupPool is the historical set-up followed by the suite's searched-1
// to searched-4, the set-ups SearchUSSetups found: the first against the
// easy German, the other three against an easy player with the hard
// German's weights. docs/journal/2026-11-21-us-setup-weakness.md gives
// their figures.
func setupPool() []ai.USSetup {
	pool := []ai.USSetup{ai.HistoricalUSSetup(nil)}
	for k := 1; k <= 4; k++ {
		pool = append(pool, suiteSetup(fmt.Sprintf("searched-%d", k)))
	}
	return pool
}

// moveUnit puts the unit at index i of u on a random hex of r that is not
// in column 19 (R2.1) and holds fewer than rules.StackLimit other units of
// u (R3.1).
func moveUnit(u ai.USSetup, i int, r *rng) {
	for {
		h := rules.HexAt(rules.FirstCol+r.IntN(rules.LastCol-rules.FirstCol), 1+r.IntN(rules.NumRows))
		n := 0
		for j, p := range u {
			if j != i && p.Hex == h {
				n++
			}
		}
		if n < rules.StackLimit {
			u[i].Hex = h
			return
		}
	}
}

// searchUSSetup is a random local search over the US set-up (R2.1) from
// the historical one: each of iters candidates moves one US unit to a
// random hex (not column 19, at most rules.StackLimit units a hex) and is kept when the
// easy US set up so wins more of games games (match seed seed) against an
// easy player with the German weights w. It writes each kept candidate and
// returns the best set-up and its US win rate; it stops early when ctx is
// done.
func searchUSSetup(ctx context.Context, out io.Writer, w *germanWeights, iters, games int, seed, rngSeed uint64) (ai.USSetup, float64) {
	cur := ai.HistoricalUSSetup(nil)
	best := setupMatch(ctx, cur, w, games, seed)
	r := rng(rngSeed)
	for it := 0; it < iters && ctx.Err() == nil; it++ {
		c := slices.Clone(cur)
		moveUnit(c, r.IntN(len(c)), &r)
		if x := setupMatch(ctx, c, w, games, seed); x > best && ctx.Err() == nil {
			best, cur = x, c
			fmt.Fprintf(out, "it %d: US %.4f %s\n", it, best, cur)
		}
	}
	return cur, best
}

// SearchSetupsOptions are the settings of SearchUSSetups.
type SearchSetupsOptions struct {
	// Candidates is the number of candidates of each search (40).
	Candidates int
	// Games is the number of games that score a candidate of the search
	// against the easy German (3,000, match seed 71, search seed 5).
	Games int
	// CheckGames is the number of games of the check of its result
	// (10,000, match seed 99).
	CheckGames int
	// HardGames is the number of games that score a candidate of the
	// three searches against an easy player with the hard German's
	// weights (2,000; match seeds 82-84, search seeds 11-13).
	HardGames int
}

// DefaultSearchSetups returns the settings that found searchedSetups.
func DefaultSearchSetups() SearchSetupsOptions {
	return SearchSetupsOptions{Candidates: 40, Games: 3000, CheckGames: 10000, HardGames: 2000}
}

// SearchUSSetups runs the set-up search four times: against the easy
// German, and against an easy player with the hard German's weights
// (three runs). The AI played the historical set-up then; these found
// the suite's searched-1 to searched-4. It writes each kept candidate, the
// first search's check against the historical set-up, and each later
// search's result.
func SearchUSSetups(ctx context.Context, out io.Writer, o SearchSetupsOptions) error {
	if o.Games < 1 || o.CheckGames < 1 || o.HardGames < 1 {
		return errors.New("every count of games must be at least 1")
	}
	found, _ := searchUSSetup(ctx, out, &easyGerman, o.Candidates, o.Games, 71, 5)
	x, h := setupMatch(ctx, found, &easyGerman, o.CheckGames, 99), setupMatch(ctx, ai.HistoricalUSSetup(nil), &easyGerman, o.CheckGames, 99)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "check (%s games, seed 99): found %s %.4f, historical %.4f\n", thousands(o.CheckGames), found, x, h)
	for rs := uint64(11); rs <= 13; rs++ {
		m, x := searchUSSetup(ctx, out, &hardGerman, o.Candidates, o.HardGames, 71+rs, rs)
		if err := ctx.Err(); err != nil {
			return err
		}
		fmt.Fprintf(out, "against hardGerman, search %d: US %.4f %s\n", rs, x, m)
	}
	return nil
}

// PlaySetupOptions are the settings of PlayFoundSetup.
type PlaySetupOptions struct {
	// Games is the number of games against the easy German (2,000, match
	// seed 99).
	Games int
	// HardGames is the number of games against the hard German at 100
	// iterations (100, match seed 7).
	HardGames int
}

// DefaultPlaySetup returns the settings of the journal's figures.
func DefaultPlaySetup() PlaySetupOptions {
	return PlaySetupOptions{Games: 2000, HardGames: 100}
}

// PlayFoundSetup plays the easy US from the first searched set-up against
// both German levels, beside the historical one: the figures of
// docs/journal/2026-11-21-us-setup-weakness.md. It writes two lines a set-up.
func PlayFoundSetup(ctx context.Context, out io.Writer, o PlaySetupOptions) error {
	if o.Games < 1 || o.HardGames < 1 {
		return errors.New("every count of games must be at least 1")
	}
	sc := rules.DefaultScenario()
	setups := [2]ai.USSetup{ai.HistoricalUSSetup(nil), suiteSetup("searched-1")}
	hard := func(seed uint64) player { return newHard(seed, ai.Budget{Iterations: 100, Workers: 1}) }
	for i, name := range []string{"historical", "found"} {
		games := o.Games
		var lost, exits, exitWins int
		us := 1 - match(ctx, placedEasyUS(setups[i]), easyWith(&easyGerman), games, 99, nil, func(s *rules.State) {
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
		if err := ctx.Err(); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s: easy German (%d games, seed 99): US wins %.4f; German exits %.2f, units lost %.2f, wins by exits %.4f\n",
			name, games, us, float64(exits)/float64(games), float64(lost)/float64(games), float64(exitWins)/float64(games))
		ge := match(ctx, placedEasyUS(setups[i]), hard, o.HardGames, 7, nil, nil)
		if err := ctx.Err(); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s: hard German at 100 iterations (%d games, seed 7): German wins %.2f\n", name, o.HardGames, ge)
	}
	return nil
}

// climbUSSetup is a hill climb over the US set-up (R2.1, R3) from start:
// each of iters candidates moves one US unit to a random legal hex or
// swaps the hexes of two units, and is kept when the easy US set up so
// wins more of games games (match seed seed) against an easy player with
// the German weights w (the hard German's heuristic as a cheap proxy for
// the hard German). It writes each kept candidate and returns the best
// set-up and its US win rate; it stops early when ctx is done.
func climbUSSetup(ctx context.Context, out io.Writer, start ai.USSetup, w *germanWeights, iters, games int, seed, rngSeed uint64) (ai.USSetup, float64) {
	cur := slices.Clone(start)
	best := setupMatch(ctx, cur, w, games, seed)
	r := rng(rngSeed)
	for it := 0; it < iters && ctx.Err() == nil; it++ {
		c := slices.Clone(cur)
		i := r.IntN(len(c))
		if r.IntN(4) == 0 {
			j := r.IntN(len(c))
			c[i].Hex, c[j].Hex = c[j].Hex, c[i].Hex
		} else {
			moveUnit(c, i, &r)
		}
		if slices.Equal(c, cur) {
			continue
		}
		if x := setupMatch(ctx, c, w, games, seed); x > best && ctx.Err() == nil {
			best, cur = x, c
			fmt.Fprintf(out, "  it %d: US %.4f %s\n", it, best, cur)
		}
	}
	return cur, best
}

// SetupSuiteSearchOptions are the settings of SearchSetupSuite.
type SetupSuiteSearchOptions struct {
	// Searches is the number of climbs (12), climb k from
	// RandomUSSetup(nil, 1000+k) with search seed 2000+k.
	Searches int
	// Candidates is the number of candidates of each climb (60).
	Candidates int
	// Games is the number of games that score a candidate (1,500, match
	// seed 81).
	Games int
}

// DefaultSetupSuiteSearch returns the settings that found the suite's
// search-1 to search-12.
func DefaultSetupSuiteSearch() SetupSuiteSearchOptions {
	return SetupSuiteSearchOptions{Searches: 12, Candidates: 60, Games: 1500}
}

// SearchSetupSuite runs climbUSSetup from random legal set-ups
// (RandomUSSetup, seeds 1001...) against the hard German's heuristic, and
// writes each kept candidate and each result as a line of setups.txt. The
// suite's measure then confirms them against the hard German itself
// (mortain arena --us-setup suite).
func SearchSetupSuite(ctx context.Context, out io.Writer, o SetupSuiteSearchOptions) error {
	if o.Games < 1 {
		return errors.New("a candidate needs at least one game")
	}
	for k := 0; k < o.Searches; k++ {
		start := ai.RandomUSSetup(nil, uint64(1001+k))
		found, x := climbUSSetup(ctx, out, start, &hardGerman, o.Candidates, o.Games, 81, uint64(2001+k))
		if err := ctx.Err(); err != nil {
			return err
		}
		fmt.Fprintf(out, "search-%d %s  # climb from random-%d (seed %d) against hardGerman as an easy player: easy US %.3f of %s\n",
			k+1, found, 1001+k, 1001+k, x, thousands(o.Games))
	}
	return nil
}
