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
// two moves. The weights are a fit to 20,000 games of the easy US against
// the hard German's heuristic, half from fresh random US set-ups and half
// from the suite's; mortain-lab value refits them.

// valueWeights[turn] are the model's weights for a turn's start, in the
// order of germanFeatures.
var valueWeights = [rules.Turns + 1][numFeatures]float64{
	2: {5.2540, 0.0000, 0.4851, -0.2648, -0.0309, 0.0692, -0.1019},
	3: {4.8555, -0.7724, 0.5793, -0.2819, -0.0181, 0.1985, -0.1422},
	4: {4.5072, -0.5487, 0.5923, -0.3189, 0.0122, 0.3597, -0.2059},
	5: {4.2589, -0.3234, 0.6109, -0.3100, 0.0163, 0.3126, -0.2376},
	6: {3.2841, -0.2299, 0.5154, -0.1861, 0.0208, 0.1670, -0.2762},
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
