package ai

import (
	"fmt"
	"maps"
	"os"
	"strconv"
	"testing"

	"github.com/mortain/mortain/rules"
)

// The adversarial search behind the "search-*" entries of setups.txt:
//
//	MORTAIN_FIT=setups go test ./rules/ai -run TestSearchUSSetupSuite -v -timeout 1h
//
// MORTAIN_SEARCHES (default 12) sets the number of climbs (about 40 s each).

// climbUSSetup is a hill climb over the US set-up (R2.1, R3) from start:
// each of iters candidates moves one US unit to a random legal hex or
// swaps the hexes of two units, and is kept when the easy US set up so
// wins more of games games (match seed seed) against an easy player with
// the German weights w (the hard German's heuristic as a cheap proxy for
// the hard German). It returns the best set-up and its US win rate.
func climbUSSetup(start usSetup, w *germanWeights, iters, games int, seed, rngSeed uint64) (usSetup, float64) {
	cur := maps.Clone(start)
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
		if r.IntN(4) == 0 {
			v := units[r.IntN(len(units))]
			c[u], c[v] = c[v], c[u]
		} else {
			for {
				h := rules.HexAt(rules.FirstCol+r.IntN(rules.LastCol-rules.FirstCol), 1+r.IntN(rules.NumRows))
				n := 0
				for v, at := range c {
					if v != u && at == h {
						n++
					}
				}
				if n < rules.StackLimit {
					c[u] = h
					break
				}
			}
		}
		if maps.Equal(c, cur) {
			continue
		}
		if x := setupMatch(c, w, games, seed); x > best {
			best, cur = x, c
			fmt.Printf("  it %d: US %.4f%s\n", it, best, showSetup(cur))
		}
	}
	return cur, best
}

// TestSearchUSSetupSuite runs climbUSSetup from random legal set-ups
// (RandomUSSetup, seeds 1001...) against the hard German's heuristic,
// 60 candidates of 1,500 games each, and prints each result as a line of
// setups.txt. The suite's measure then confirms them against the hard
// German itself (mortain arena --us-setup suite).
func TestSearchUSSetupSuite(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") != "setups" {
		t.Skip("set MORTAIN_FIT=setups to search US set-ups against the German")
	}
	n := 12
	if v, err := strconv.Atoi(os.Getenv("MORTAIN_SEARCHES")); err == nil {
		n = v
	}
	sc := rules.DefaultScenario()
	for k := 0; k < n; k++ {
		start := usSetup{}
		for _, p := range RandomUSSetup(sc, uint64(1001+k)) {
			u, _ := sc.UnitByID(p.Unit)
			start[u] = p.Hex
		}
		found, x := climbUSSetup(start, &hardGerman, 60, 1500, 81, uint64(2001+k))
		fmt.Printf("search-%d %s  # climb from random-%d (seed %d) against hardGerman as an easy player: easy US %.3f of 1,500\n",
			k+1, showSetup(found)[1:], 1001+k, 1001+k, x)
	}
}
