package principles

import (
	"math/bits"

	"github.com/mortain/mortain/rules"
)

// The US expert: it holds Mortain (the city, +2), Hill 314 (a hill,
// range 3) and Romagny (the village on the south road) with covering
// fire; never sets up a unit in column 18, next to the German entry
// edge; keeps out of the open where two German units can fire; fires
// before it passes; brings the combat commands in on the west edge from
// turn 2 (R5.3) and moves where its fire or its body lengthens the
// German's roads to the exits most; and strikes German stacks with Air
// or OBA when the hits expected are worth more than the round's points
// (R7).

// Key hexes the US holds: the scenario's Mortain and Hill 314, and
// Romagny, the village on the south road.
var (
	mortain = rules.HexAt(14, 2)
	hill314 = rules.HexAt(15, 1)
	romagny = rules.HexAt(12, 4)
)

// What the US expert's actions are worth, in full units hit.
const (
	usActCost   = 0.12 // an activation not spent on fire
	usMoveCost  = 0.05 // a move, against staying
	usHoldValue = 0.6  // the first unit holding a key hex (Mortain, Hill 314, Romagny); the second half as much
	usShotValue = 0.5  // per chance to hit of the unit's best shot from a hex
	usBlock     = 0.45 // standing between a German unit and the west edge, within its reach
	usRace      = 0.05 // a move added to the German's roads to five exits (R8.1)
	usOpen      = 0.5  // standing in the open where two German units may fire next round
	usCover     = 0.4  // per point of the terrain modifier of the hex (R6.8)
	usDanger    = 0.6  // per chance to be hit by the German fire that reaches the hex now, times the unit's worth
	usEnter     = 0.5  // a combat command entering (R5.3)
	usMarkerRes = 0.25 // keeping the turn's marker for later (R7.1)
	usPointLoss = 0.3  // a point of the round given up by a marker (R7.1)
)

// usScores scores the legal actions of a US round.
func (x *situation) usScores(legal []rules.Action) []float64 {
	if _, _, ok := x.s.PendingAttack(); ok {
		return x.joinScores(legal, usActCost)
	}
	out := make([]float64, len(legal))
	at, ok := x.bestAttack(legal, usActCost)
	for i, a := range legal {
		switch a.Kind {
		case rules.ActPass:
			out[i] = 0
		case rules.ActFire:
			out[i] = -1
			if ok && a.Unit == at.first && a.Target == at.target {
				out[i] = at.score
				if at.p >= 0.4 {
					// Never pass with a useful shot.
					out[i] = max(out[i], 0.01)
				}
			}
		case rules.ActMove:
			h := x.s.Unit(a.Unit).Hex
			out[i] = x.usPlace(a.Unit, a.Hex) - x.usPlace(a.Unit, h) + x.raceGain(a.Unit, a.Hex) - usMoveCost
			if ok && at.p >= 0.4 && at.firers&(1<<a.Unit) != 0 {
				out[i] = -1 // it fires first
			}
		case rules.ActEnter:
			out[i] = usEnter + x.usPlace(a.Unit, a.Hex) + x.raceGain(a.Unit, a.Hex)
		case rules.ActAirAttack, rules.ActOBA:
			out[i] = x.markerScore(a)
		default:
			out[i] = -1
		}
	}
	return out
}

// raceGain is what moving US unit u to h (from its hex or the reserve)
// is worth by the moves it adds to the roads of the German units on the
// map to five exits (R8.1).
func (x *situation) raceGain(u rules.UnitID, to rules.Hex) float64 {
	if x.germanExitsLost() {
		return 0
	}
	if x.usRace0 < 0 {
		x.usRace0 = x.race(&x.f[rules.US], false)
	}
	f := x.sideField(rules.US, u, to, x.s.Factors(u))
	return usRace * (x.race(&f, false) - x.usRace0)
}

// usPlace rates hex h for US unit u: cover and the German fire on it,
// the open within reach of two German units a round ahead, the best shot
// it has from there, holding a key hex (the first unit there most, the
// second half as much) and standing in the way of the exits.
func (x *situation) usPlace(u rules.UnitID, h rules.Hex) float64 {
	s, sc := x.s, x.sc
	next := x.nextFire(rules.German)
	mod := sc.Terrain[h].Modifier()
	v := usCover*float64(mod) - usDanger*x.pHit(x.f[rules.German].fire[h][x.kind(u)]-mod)*x.worthAt(u, h)
	if sc.Terrain[h] == rules.Open && next.lanes[h] >= 2 {
		v -= usOpen
	}
	v += usShotValue * x.bestShot(u, h)
	if h == mortain || h == hill314 || h == romagny {
		others := 0
		for m := sc.SideUnits(rules.US); m != 0; m &= m - 1 {
			w := rules.UnitID(bits.TrailingZeros32(m))
			if ws := s.Unit(w); w != u && ws.Status == rules.OnMap && ws.Hex == h {
				others++
			}
		}
		if others < 2 {
			v += usHoldValue / float64(others+1)
		}
	}
	if !x.germanExitsLost() {
		v += usBlock * x.blocking(h)
	}
	return v
}

// bestShot is the best chance to hit of unit u alone from h, times half
// the target's worth, against the enemy units on the map (R6.2-R6.8:
// range, sight, terrain).
func (x *situation) bestShot(u rules.UnitID, h rules.Hex) float64 {
	s, sc := x.s, x.sc
	f := s.Factors(u)
	best := 0.0
	for m := sc.SideUnits(sc.Units[u].Side.Enemy()); m != 0; m &= m - 1 {
		g := rules.UnitID(bits.TrailingZeros32(m))
		gs := s.Unit(g)
		if gs.Status != rules.OnMap || !sc.InRange(h, gs.Hex, x.los) {
			continue
		}
		str := f.AI
		if sc.Units[g].Type == rules.Tank {
			str = max(f.AT, 0)
		}
		n := str - sc.Terrain[gs.Hex].Modifier()
		if rules.Adjacent(h, gs.Hex) {
			n++
		}
		best = max(best, x.pHit(n)*x.worth(g)/2)
	}
	return best
}

// blocking counts the German units, three columns or fewer from the west
// edge, that hex h stands in the way of: west of them and within two
// hexes.
func (x *situation) blocking(h rules.Hex) float64 {
	n := 0.0
	for m := x.sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		gs := x.s.Unit(rules.UnitID(bits.TrailingZeros32(m)))
		if gs.Status != rules.OnMap || gs.Hex.Col() > rules.FirstCol+3 {
			continue
		}
		if h.Col() <= gs.Hex.Col() && rules.Distance(h, gs.Hex) <= 2 {
			n++
		}
	}
	return min(n, 2)
}

// markerScore rates an Air attack or OBA (R7.3, R7.4): the hits it is
// expected to make, worth for worth, against the points of the round it
// gives up and the marker kept for later in the turn.
func (x *situation) markerScore(a rules.Action) float64 {
	if a.Target != rules.NoUnit {
		return -1 // strike the whole stack: one card for each unit (R7.4)
	}
	s, sc := x.s, x.sc
	str := rules.OBAStrength
	if a.Kind == rules.ActAirAttack {
		str = rules.AirStrength
	}
	p := x.pHit(str - sc.Terrain[a.Hex].Modifier())
	ev := 0.0
	for m := sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		g := rules.UnitID(bits.TrailingZeros32(m))
		if gs := s.Unit(g); gs.Status == rules.OnMap && gs.Hex == a.Hex && !s.Targeted(g) {
			ev += p * x.worth(g)
		}
	}
	loss := usPointLoss * float64(s.PointsLeft())
	if s.FaceRound() {
		loss = 2 * usPointLoss
	}
	return ev - loss - usMarkerRes
}
