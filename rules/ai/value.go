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
// against the hard German's heuristic (TestFitValueModel in fit_test.go).

// valueWeights[turn] are the model's weights for a turn's start, in the
// order of germanFeatures.
var valueWeights = [rules.Turns + 1][numFeatures]float64{
	2: {-1.6977, 0.2955, 0.7966, -0.3652, -0.0158, -0.1517, 0.0228},
	3: {3.5598, 0.1142, 1.0400, -0.5746, -0.0296, 0.3975, -0.1392},
	4: {3.9707, 0.1323, 1.4885, -0.6437, -0.0234, 0.3657, -0.1547},
	5: {4.0470, -0.0552, 1.9733, -0.5661, -0.0513, 0.3564, -0.1513},
	6: {3.6650, -0.1433, 2.0929, -0.3395, -0.0665, -0.4351, -0.0470},
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
