package ai

import (
	"math"
	"math/bits"
	"sort"

	"github.com/mortain/mortain/rules"
)

// The German search's value of a position at the start of a turn: the
// chance that the German side wins, from a logistic model over a few
// features of the position, one model per turn. Its playouts stop at the
// next turn's start and take this value instead of playing on to the end,
// which takes most of the luck of the later turns out of the comparison of
// two moves. The weights were fitted to 20,000 games of the easy US
// against the hard German's heuristic (FitValueModel in fit.go, mortain
// ai-fit value), half of them from a fresh random US set-up and half
// from the set-ups of the suite in turn, with the built-in factors after
// the balance change of docs/balance.md.

// valueWeights[turn] are the model's weights for a turn's start, in the
// order of germanFeatures.
var valueWeights = [rules.Turns + 1][numFeatures]float64{
	2: {2.7526, -0.0785, 0.6002, -0.3111, -0.0079, 0.1332, -0.1010},
	3: {2.9276, -0.2397, 0.7239, -0.3325, -0.0056, 0.1470, -0.1218},
	4: {3.1591, -0.4425, 0.8480, -0.3204, -0.0092, 0.1430, -0.1435},
	5: {3.1969, -0.6315, 0.9282, -0.1907, -0.0223, 0.2983, -0.1935},
	6: {2.8827, -0.7181, 0.9058, -0.0086, -0.0277, 0.1764, -0.2353},
}

const numFeatures = 7

// germanFeatures describes s for the value model: a constant, the exits,
// the German units to spare (alive beyond those still to exit), the
// flipped German units, the hexes the nearest units still to exit have to
// go, the US units left and their factors.
func germanFeatures(s *rules.State) [numFeatures]float64 {
	sc := s.Scenario()
	var dist [rules.MaxUnits]int
	n, flipped := 0, 0
	for m := sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		us := s.Unit(u)
		if us.Status != rules.OnMap && us.Status != rules.InReserve {
			continue
		}
		if us.Flipped {
			flipped++
		}
		dist[n] = progress(s, u)
		n++
	}
	sort.Ints(dist[:n])
	exits := s.Exited()
	need := rules.ExitsToWin - exits
	togo := 0
	for i := 0; i < need && i < n; i++ {
		togo += dist[i]
	}
	usAlive, usStr := 0, 0
	for m := sc.SideUnits(rules.US); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		us := s.Unit(u)
		if us.Status == rules.OnMap || us.Status == rules.InReserve {
			usAlive++
			f := s.Factors(u)
			usStr += f.AT + f.AI
		}
	}
	return [numFeatures]float64{1, float64(exits), float64(n - need), float64(flipped), float64(togo), float64(usAlive), float64(usStr)}
}

// germanValue is the chance the German side wins from s, at the start of
// a turn (exact once the game is over).
func germanValue(s *rules.State) float64 {
	if s.Over() {
		if s.Winner() == rules.German {
			return 1
		}
		return 0
	}
	t := s.Turn()
	t = min(max(t, 2), rules.Turns) // turn 1 starts every game
	x := germanFeatures(s)
	z := 0.0
	for i, w := range valueWeights[t] {
		z += w * x[i]
	}
	return 1 / (1 + math.Exp(-z))
}
