package principles

import (
	"math"
	"math/bits"
	"slices"

	"github.com/mortain/mortain/rules"
)

// The German expert: every unit follows the cheapest road to the west
// edge, where a hex costs one move plus the chance the US fire massed on
// it would hit, one more in the open where two US units could fire a
// round ahead (so the road goes round Mortain, Hill 314 and Romagny
// through cover when it can); it exits from column 11 (R5.5, R8.1),
// never steps from outside the US fire lanes into the open within them,
// enters and moves the Tiger with a tank (R5.4, R4.6) and fires when the
// chance to hit is worth more than a step, a US unit worth more by the
// moves its fire adds to the roads. In turn 1 it fights its way in: the
// roads lead to the hexes from which it can fire at the US units, as
// they do once five exits are out of reach (R8.2, the hunt).

// What the German expert's actions are worth, in full units hit.
const (
	geActCost  = 0.15 // an activation not spent on a move
	geStep     = 0.5  // a step along the best road
	geDanger   = 3.0  // the road's cost of a hex with a sure hit on it, in moves
	geExit     = 5.0  // an exit while five can still win (R8.1)
	geExposed  = 0.8  // ending a move in the open within two US units' fire, from outside them
	geApproach = 0.3  // per chance to hit of the unit's best shot from the hex it moves to
	gePair     = 0.4  // entering with the Tiger (R5.4)
	geFollow   = 0.3  // the Tiger following its tank for free (R4.6)
	geBlocked  = 40.0 // the road's cost from a hex with no road
	geBreakIn  = 1    // the turns in which the German fights its way in (germanScores)
	geRace     = 0.12 // a move taken off the German's roads to its exits, by hitting a US unit
)

// roads holds, for tanks [0] and the others [1], what each hex costs to
// the west edge (or, in a hunt, to a hex from which a US unit can be
// fired at) along the cheapest road.
type roads [2][rules.NumHexes]float64

// step is the road's cost of moving into h for a unit of kind k, under
// the US fire us: a move, and the chance the US fire massed on h would
// hit (R6.8), one more in the open within two units' fire (the fire
// ahead, when not nil: a round ahead, situation.next).
func (x *situation) step(us, ahead *field, k int, h rules.Hex) float64 {
	c := 1 + geDanger*x.pHit(us.fire[h][k]-x.sc.Terrain[h].Modifier())
	if ahead == nil {
		ahead = us
	}
	if x.sc.Terrain[h] == rules.Open && ahead.lanes[h] >= 2 {
		c++
	}
	return c
}

// germanRoads works out the roads under the US fire us (and ahead, as
// step): exits from
// column 11 (one move, the exit), or in a hunt the hexes from which a US
// unit can be fired at; a hex holding US units cannot be entered (R3.2).
func (x *situation) germanRoads(us, ahead *field, hunt bool) *roads {
	r := &roads{}
	var cost [rules.NumHexes]float64
	for k := range r {
		d := &r[k]
		for h := range d {
			hx := rules.Hex(h)
			cost[h] = x.step(us, ahead, k, hx)
			d[h] = math.Inf(1)
			switch {
			case us.at&(1<<h) != 0:
			case hunt && x.canFireAt(hx, us.at):
				d[h] = 0
			case !hunt && hx.Col() == rules.FirstCol:
				d[h] = 1
			}
		}
		// Relax until nothing changes: 45 hexes, a few passes.
		for changed := true; changed; {
			changed = false
			for h := rules.Hex(0); h < rules.NumHexes; h++ {
				if us.at&(1<<h) != 0 {
					continue
				}
				for _, n := range h.Neighbours() {
					if n == rules.NoHex || us.at&(1<<n) != 0 {
						continue
					}
					if c := cost[n] + d[n]; c < d[h]-1e-9 {
						d[h], changed = c, true
					}
				}
			}
		}
		for h := range d {
			d[h] = min(d[h], geBlocked)
		}
	}
	return r
}

// canFireAt reports whether a unit in h can fire at a hex of the set at.
func (x *situation) canFireAt(h rules.Hex, at uint64) bool {
	for m := at; m != 0; m &= m - 1 {
		if x.sc.InRange(h, rules.Hex(bits.TrailingZeros64(m)), x.los) {
			return true
		}
	}
	return false
}

// race is how far the German is from its fifth exit (R8.1) under the US
// fire us: the road costs of the German units it still needs, the
// cheapest, from their hexes or (in reserve, with reserve) from the best
// entry hex (R5.3). It is 0 once five exits are out of reach; without
// reserve it counts those on the map, fewer when fewer are there.
func (x *situation) race(us *field, reserve bool) float64 {
	s, sc := x.s, x.sc
	need := rules.ExitsToWin - s.Exited()
	r := x.germanRoads(us, nil, false)
	var costs []float64
	for m := sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		k := x.kind(u)
		switch gs := s.Unit(u); gs.Status {
		case rules.OnMap:
			costs = append(costs, r[k][gs.Hex])
		case rules.InReserve:
			if !reserve {
				continue
			}
			best := geBlocked
			for row := 1; row <= rules.NumRows; row++ {
				h := rules.HexAt(rules.LastCol, row)
				best = min(best, x.step(us, nil, k, h)+r[k][h])
			}
			costs = append(costs, best)
		}
	}
	if x.germanExitsLost() {
		return 0
	}
	slices.Sort(costs)
	total := 0.0
	for _, c := range costs[:min(need, len(costs))] {
		total += c
	}
	return total
}

// germanScores scores the legal actions of a German round.
func (x *situation) germanScores(legal []rules.Action) []float64 {
	if _, _, ok := x.s.PendingAttack(); ok {
		return x.joinScores(legal, geActCost)
	}
	hunt := x.germanExitsLost() || x.s.Turn() <= geBreakIn
	r := x.germanRoads(&x.f[rules.US], x.nextFire(rules.US), hunt)
	out := make([]float64, len(legal))
	at, ok := x.bestAttack(legal, geActCost)
	entry := x.bestEntry(legal, r)
	for i, a := range legal {
		switch a.Kind {
		case rules.ActPass:
			out[i] = 0
		case rules.ActExit:
			out[i] = geExit
			if x.germanExitsLost() {
				out[i] = -1 // it only takes a gun out of the hunt
			}
		case rules.ActFire:
			out[i] = -1
			if ok && a.Unit == at.first && a.Target == at.target {
				out[i] = at.score
			}
		case rules.ActMove:
			out[i] = x.germanMove(a, r)
		case rules.ActEnter:
			out[i] = x.germanEnter(a, r, entry)
		default:
			out[i] = -1
		}
	}
	return out
}

// pressure grows a move's worth as the turns run out (R4.1, R8.4).
func (x *situation) pressure() float64 { return 1 + 0.25*float64(x.s.Turn()-1) }

// germanMove rates a move: a step along the best road scores geStep, a
// step off it less by the road lost; the Tiger follows its tank for free
// and otherwise moves only to join a tank (R4.6).
func (x *situation) germanMove(a rules.Action, r *roads) float64 {
	s, sc := x.s, x.sc
	h := s.Unit(a.Unit).Hex
	k := x.kind(a.Unit)
	v := x.pressure() * geStep * (1 + r[k][h] - x.step(&x.f[rules.US], x.nextFire(rules.US), k, a.Hex) - r[k][a.Hex])
	if x.exposed(rules.German, a.Hex) && !x.exposed(rules.German, h) {
		v -= geExposed // out of safety into the US fire lanes
	}
	v += geApproach * (x.bestShot(a.Unit, a.Hex) - x.bestShot(a.Unit, h))
	if a.Unit == sc.Tiger {
		switch {
		case x.movedInto(a.Hex):
			v += geFollow // R4.6: it follows its stack for free
		case x.tankIn(a.Hex):
			v += geFollow / 2
		default:
			v -= geFollow
		}
	}
	return v
}

// movedInto reports whether a German unit other than the Tiger, activated
// this round, stands in h: the Tiger may follow it there for free (R4.6).
func (x *situation) movedInto(h rules.Hex) bool {
	for m := x.sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		if us := x.s.Unit(u); u != x.sc.Tiger && us.Status == rules.OnMap && us.Hex == h && x.s.Activated(u) {
			return true
		}
	}
	return false
}

// tankIn reports whether a German tank other than the Tiger stands in h.
func (x *situation) tankIn(h rules.Hex) bool {
	for m := x.sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		if us := x.s.Unit(u); u != x.sc.Tiger && us.Status == rules.OnMap && us.Hex == h && x.sc.Units[u].Type == rules.Tank {
			return true
		}
	}
	return false
}

// bestEntry is, for each kind, the lowest road cost of entering on a
// legal entry hex (R5.3).
func (x *situation) bestEntry(legal []rules.Action, r *roads) [2]float64 {
	best := [2]float64{math.Inf(1), math.Inf(1)}
	for _, a := range legal {
		if a.Kind != rules.ActEnter {
			continue
		}
		k := x.kind(a.Unit)
		best[k] = min(best[k], x.step(&x.f[rules.US], x.nextFire(rules.US), k, a.Hex)+r[k][a.Hex])
	}
	return best
}

// germanEnter rates an entry on the east edge (R5.3): a step of the road
// from the best entry hex, the Tiger with a tank for one point (R5.4),
// never one of them alone while they could enter together.
func (x *situation) germanEnter(a rules.Action, r *roads, best [2]float64) float64 {
	s, sc := x.s, x.sc
	k := x.kind(a.Unit)
	v := x.pressure() * geStep * (1 - (x.step(&x.f[rules.US], x.nextFire(rules.US), k, a.Hex) + r[k][a.Hex] - best[k]))
	if x.exposed(rules.German, a.Hex) {
		v -= geExposed / 2
	}
	t := sc.Tiger
	switch {
	case a.With == t || a.Unit == t && a.With != rules.NoUnit:
		v += gePair
		partner := a.Unit
		if partner == t {
			partner = a.With
		}
		if sc.Units[partner].Type == rules.Tank {
			v += gePair / 2
		}
	case t != rules.NoUnit && s.Unit(t).Status == rules.InReserve && x.reserveOthers() > 0:
		v -= gePair // the Tiger and a partner wait to enter together
		if a.Unit == t {
			v--
		}
	}
	return v
}

// reserveOthers counts the German units other than the Tiger in reserve.
func (x *situation) reserveOthers() int {
	n := 0
	for m := x.sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		if u != x.sc.Tiger && x.s.Unit(u).Status == rules.InReserve {
			n++
		}
	}
	return n
}
