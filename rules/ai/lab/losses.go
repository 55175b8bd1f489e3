package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
)

// The tool behind docs/journal/2026-11-23-german-hunts.md: mortain-lab
// losses. It counts how the German's games end, and how many of its
// losses come after too few German units are left for the exits to win
// (R8.1).

// LossesOptions are the settings of CountLosses.
type LossesOptions struct {
	// Games is the number of games a set-up (200).
	Games int
	// Seed is the match seed of every set-up (11).
	Seed uint64
}

// DefaultLosses returns the settings of the journal's figures.
func DefaultLosses() LossesOptions {
	return LossesOptions{Games: 200, Seed: 11}
}

// lossCount is what CountLosses finds for one German.
type lossCount struct {
	games, wins  int
	byRule       map[string]int // wins by the rule that gave them
	losses, lost int            // losses, and those after the exits were lost
	// usLeft[k] counts the losses after the exits were lost with k US
	// units left at that moment.
	usLeft [rules.MaxUnits + 1]int
	worst  float64 // the lowest win rate of a set-up
}

// CountLosses plays an easy player with each of the German weights of the
// hard level (hunting, and without its hunt) against the easy US, o.Games
// games on each of the set-ups of the suite-wide tuning (tuningSetups),
// and prints for each the German win rate, its wins by rule (R8.1-R8.3),
// its losses, those that came after the exits could no longer win, and
// how many US units were left at that moment.
func CountLosses(ctx context.Context, out io.Writer, o LossesOptions) error {
	if o.Games < 1 {
		return errors.New("--games must be at least 1")
	}
	noHunt := hardGerman
	noHunt.Hunt = false
	setups := tuningSetups()
	for _, c := range []struct {
		name string
		w    *germanWeights
	}{{"hardGerman without hunt", &noHunt}, {"hardGerman", &hardGerman}} {
		n := countLosses(ctx, c.w, setups, o.Games, o.Seed)
		if err := ctx.Err(); err != nil {
			return err
		}
		var byRule []string
		for _, r := range []string{"R8.1", "R8.2", "R8.3"} {
			byRule = append(byRule, fmt.Sprintf("%s %d", r, n.byRule[r]))
		}
		var left []string
		for k, m := range n.usLeft {
			if m > 0 {
				left = append(left, fmt.Sprintf("%d: %d", k, m))
			}
		}
		fmt.Fprintf(out, "%s: %d set-ups, %d games: German wins %.1f%% (%s), worst set-up %.1f%%; losses %d, after the exits were lost %d; US units left then (units: games) %s\n",
			c.name, len(setups), n.games, 100*float64(n.wins)/float64(n.games), strings.Join(byRule, ", "), 100*n.worst, n.losses, n.lost, strings.Join(left, ", "))
	}
	return nil
}

// countLosses plays the games of CountLosses for the weights w.
func countLosses(ctx context.Context, w *germanWeights, setups []ai.USSetup, games int, seed uint64) lossCount {
	n := lossCount{byRule: map[string]int{}}
	var rates []float64
	for _, su := range setups {
		// lostAt is the number of US units left when the exits were
		// lost in the current game (-1: not lost).
		lostAt := -1
		before := n.wins
		matchWith(ctx, placedEasyUS(su), easyWith(w), games, seed, matchHooks{done: func(s *rules.State) {
			n.games++
			if s.Winner() == rules.German {
				n.wins++
				n.byRule[s.WinReason().Rule()]++
			} else {
				n.losses++
				if lostAt >= 0 {
					n.lost++
					n.usLeft[lostAt]++
				}
			}
			lostAt = -1
		}, after: func(s *rules.State) {
			if lostAt < 0 && !s.Over() && hooks.ExitsLost(s) {
				lostAt = usUnitsLeft(s)
			}
		}})
		if ctx.Err() != nil {
			return n
		}
		rates = append(rates, float64(n.wins-before)/float64(games))
	}
	n.worst = slices.Min(rates)
	return n
}

// usUnitsLeft counts the US units still in the game (R8.2).
func usUnitsLeft(s *rules.State) int {
	k := 0
	for m := s.Scenario().SideUnits(rules.US); m != 0; m &= m - 1 {
		if st := s.Unit(rules.UnitID(bits.TrailingZeros32(m))).Status; st == rules.OnMap || st == rules.InReserve {
			k++
		}
	}
	return k
}
