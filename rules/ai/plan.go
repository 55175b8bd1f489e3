package ai

import (
	"math/bits"

	"github.com/mortain/mortain/rules"
)

// The hard US's plan (issue 50): what a wargamer playing the US goes by,
// added to the heuristic of the hard US's candidates and of its side in
// its playouts (view.plan). The easy level and the tuning tools' players
// play without it.
//   - Hold the key hexes: Mortain's city (+2, R6.8), Hill 314 (range 3,
//     R6.2) and Romagny, the village on the south road to the west edge:
//     the first unit on one is worth holdValue, the second half as much.
//   - Keep out of the German fire lanes in the open: a hex in the open
//     that two or more German units can fire at (range and line of sight,
//     R6.2, R6.3; none of them is activated in a US round) costs laneCost,
//     and a move into one from a hex less exposed is a blunder.
//   - Block the exits: a hex west of a German unit three columns or less
//     from the west edge, within two hexes of it, is worth blockValue
//     for each such unit (two at most; R5.5).
//   - Never pass with a useful shot: passing while a unit alone has a
//     shot of 40% or better (R6.8) is a blunder, and so is moving such a
//     unit before it fires (R4.4: it moves or fires).
//
// The hard German's plan: once five exits are within reach (exitsNear:
// the units exited and those in columns 11-13 make five),
// it races for them (R8.1) instead of hunting the US units (R8.2): a unit
// in column 11 exits, one in column 12 steps into column 11, before
// anything else (exitRace).

// Key hexes of the default scenario the hard US holds.
var (
	keyMortain = rules.HexAt(14, 2)
	keyHill314 = rules.HexAt(15, 1)
	keyRomagny = rules.HexAt(12, 4)
)

// Weights of the plan, in the heuristic's points of value.
const (
	holdValue  = 5.0 // the first unit holding a key hex; the second half as much
	blockValue = 4.0 // per German unit near the west edge a hex stands in the way of (two at most)
	laneCost   = 5.0 // standing in the open in reach of two or more German units
	usefulShot = 0.4 // a shot a US unit alone never passes up
)

// withPlan makes the hard player play the US by the plan.
func (p *hardPlayer) withPlan() *hardPlayer {
	p.planned = true
	return p
}

// usPlan reports whether the player's views play the US by the plan when
// it chooses for side: only as the US, so that the hard German's model of
// the US stays the easy heuristic.
func (p *hardPlayer) usPlan(side rules.Side) bool { return p.planned && side == rules.US }

// planned reports whether the US to act in v plays by the plan.
func (v *view) planned() bool { return v.plan && v.side == rules.US }

// exposed reports whether h is open ground two or more German units can
// fire at.
func (v *view) exposed(h rules.Hex) bool {
	return v.sc.Terrain[h] == rules.Open && v.lanes[h] >= 2
}

// planPlace is what the plan adds to US unit u standing on h: holding a
// key hex, less the cost of an exposed hex.
func (v *view) planPlace(u rules.UnitID, h rules.Hex) float64 {
	sc0 := 0.0
	if h == keyMortain || h == keyHill314 || h == keyRomagny {
		others := 0
		for m := v.sc.SideUnits(rules.US); m != 0; m &= m - 1 {
			w := rules.UnitID(bits.TrailingZeros32(m))
			if ws := v.s.Unit(w); w != u && ws.Status == rules.OnMap && ws.Hex == h {
				others++
			}
		}
		if others < 2 {
			sc0 += holdValue / float64(others+1)
		}
	}
	if v.exposed(h) {
		sc0 -= laneCost
	}
	if !exitsLost(v.s) {
		sc0 += blockValue * v.blocking(h)
	}
	return sc0
}

// blocking counts the German units three columns or less from the west
// edge that h stands in the way of (west of them, within two hexes), two
// at most.
func (v *view) blocking(h rules.Hex) float64 {
	n := 0.0
	for m := v.sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		gs := v.s.Unit(rules.UnitID(bits.TrailingZeros32(m)))
		if gs.Status == rules.OnMap && gs.Hex.Col() <= rules.FirstCol+3 && h.Col() <= gs.Hex.Col() && rules.Distance(h, gs.Hex) <= 2 {
			n++
		}
	}
	return min(n, 2)
}

// intoLanes reports whether US action a (a move or an entry) ends in an
// exposed hex, from a hex in reach of fewer German units or not exposed.
func (v *view) intoLanes(a rules.Action) bool {
	if !v.exposed(a.Hex) {
		return false
	}
	if a.Kind == rules.ActEnter {
		return true
	}
	h := v.s.Unit(a.Unit).Hex
	return !v.exposed(h) || v.lanes[a.Hex] > v.lanes[h]
}

// shotInHand reports whether a US unit alone has a legal shot of
// usefulShot or better, with no attack pending.
func (v *view) shotInHand() bool {
	if _, _, ok := v.s.PendingAttack(); ok {
		return false
	}
	for m := v.sc.SideUnits(rules.US); m != 0; m &= m - 1 {
		if v.hasShot(rules.UnitID(bits.TrailingZeros32(m))) {
			return true
		}
	}
	return false
}

// hasShot reports whether US unit u alone has a legal shot of usefulShot
// or better.
func (v *view) hasShot(u rules.UnitID) bool {
	s, sc := v.s, v.sc
	us := s.Unit(u)
	if us.Status != rules.OnMap || s.Activated(u) {
		return false
	}
	for g := sc.SideUnits(rules.German); g != 0; g &= g - 1 {
		t := rules.UnitID(bits.TrailingZeros32(g))
		ts := s.Unit(t)
		if ts.Status != rules.OnMap || !sc.InRange(us.Hex, ts.Hex, v.los) {
			continue
		}
		if v.pHit(attackN(s, 1<<u, t)) >= usefulShot && s.Check(rules.Fire(u, t)) == nil {
			return true
		}
	}
	return false
}

// exitRace returns the hard German's next step of the race to five exits
// (R8.1) once they are within reach (exitsNear): an exit (R5.5), else a
// unit's move from column 12 into column 11; ok is false when there is no
// such step or the race is not on.
func exitRace(s *rules.State, legal []rules.Action) (rules.Action, bool) {
	if s.ToAct() != rules.German || !exitsNear(s) {
		return rules.Action{}, false
	}
	if _, _, ok := s.PendingAttack(); ok {
		return rules.Action{}, false
	}
	for _, a := range legal {
		if a.Kind == rules.ActExit {
			return a, true
		}
	}
	for _, a := range legal {
		if a.Kind == rules.ActMove && a.Hex.Col() == rules.FirstCol && s.Unit(a.Unit).Hex.Col() == rules.FirstCol+1 {
			return a, true
		}
	}
	return rules.Action{}, false
}
