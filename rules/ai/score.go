package ai

import (
	"math/bits"

	"github.com/mortain/mortain/rules"
)

// The heuristic: every legal action gets a score, in "points of value"
// (roughly: one German hex of progress west is worth 10). The easy level
// plays the best-scored action; the hard level uses the scores to choose
// which actions to search and to steer its playouts. An action must score
// above passScore to be preferred to passing.

const (
	passScore   = 0.0
	moveValue   = 10.0 // a German hex of progress
	exitValue   = 120.0
	usActCost   = 2.0 // what a US activation is worth when not used to fire
	resolveBias = 0.5 // resolving beats passing when points are left
	// blunderCost is taken off the score of an action of a known class of
	// blunders (blunder.go): it is played only when nothing else is left,
	// and the hard level never searches it.
	blunderCost = 1000.0
)

// targetValue is what hitting enemy unit t (on the map) is worth to the
// side firing.
func (v *view) targetValue(t rules.UnitID) float64 {
	if v.side == rules.German && v.gw.FireMul > 0 {
		return v.gw.FireMul * v.value[t]
	}
	return v.value[t]
}

func (v *view) computeValue(t rules.UnitID) float64 {
	s, sc := v.s, v.sc
	d := &sc.Units[t]
	us := s.Unit(t)
	f := s.Factors(t)
	val := 14.0 + 2.0*float64(max(f.AT, 0)+f.AI)
	if us.Flipped {
		val *= 2 // a hit eliminates it (R6.9)
	}
	if d.Side == rules.German {
		// The nearer the west edge, the more it matters to stop it (R5.5).
		west := float64(rules.LastCol - us.Hex.Col())
		val *= 1 + west/5
		if us.Hex.Col() == rules.FirstCol {
			val *= 1.5
		}
	} else {
		if us.Hex.Col() <= v.westGerman {
			// A US unit west of the German spearhead stands in its way.
			val *= 1.3
		}
		if v.side == rules.German && v.gw.Menace != 0 {
			val *= 1 + v.gw.Menace*v.menaced(us.Hex)/8
		}
	}
	return val
}

// menaced counts the German units a US unit at h can fire at: those on
// the map in its reach, and those in reserve times the share of the entry
// column (R5.3) in its reach.
func (v *view) menaced(h rules.Hex) float64 {
	s, sc := v.s, v.sc
	reach := v.geo.reach[v.los][h]
	edge := 0
	for r := 1; r <= rules.NumRows; r++ {
		if reach&(1<<rules.HexAt(rules.LastCol, r)) != 0 {
			edge++
		}
	}
	n := 0.0
	for g := sc.SideUnits(rules.German); g != 0; g &= g - 1 {
		gs := s.Unit(rules.UnitID(bits.TrailingZeros32(g)))
		switch gs.Status {
		case rules.OnMap:
			if reach&(1<<gs.Hex) != 0 {
				n++
			}
		case rules.InReserve:
			n += float64(edge) / rules.NumRows
		}
	}
	return n
}

// score rates action a for the side to act; an action of a class of
// blunders (blunder.go) scores blunderCost less.
func (v *view) score(a rules.Action) float64 {
	sc := v.baseScore(a)
	if v.blunder(a) {
		// Below passing and every other action, whatever the weights
		// make of it; the order among blunders is kept.
		sc = min(sc, passScore) - blunderCost + 1e-6*max(sc, 0)
	}
	return sc
}

// baseScore is score without the blunder classes.
func (v *view) baseScore(a rules.Action) float64 {
	s := v.s
	switch a.Kind {
	case rules.ActPass:
		return passScore
	case rules.ActResolve:
		return resolveBias
	case rules.ActRedraw:
		return v.redrawScore()
	case rules.ActMiss:
		return 0
	case rules.ActExit:
		return exitValue
	case rules.ActFire:
		if t, firers, ok := s.PendingAttack(); ok {
			return v.joinScore(a.Unit, t, firers)
		}
		sc, n := v.fireScore(a.Unit, a.Target)
		v.bl.fire, v.bl.fireN = a, n // for blunder
		return sc
	case rules.ActMove:
		if v.side == rules.German {
			return v.germanMove(a.Unit, s.Unit(a.Unit).Hex, a.Hex)
		}
		return v.usPlace(a.Unit, a.Hex) - v.usPlace(a.Unit, s.Unit(a.Unit).Hex)
	case rules.ActEnter:
		if v.side == rules.German {
			sc, w := v.sc, v.gw
			sc0 := w.Move + w.Enter - w.Threat*float64(v.threat(rules.German, sc.Units[a.Unit].Type, a.Hex))
			if a.With != rules.NoUnit && (a.With == sc.Tiger || a.Unit == sc.Tiger) {
				sc0 += w.Pair // R5.4: the Tiger rides along for free
			}
			sc0 -= w.Crowd * float64(v.onMap)
			if a.Unit == sc.Tiger && a.With == rules.NoUnit {
				sc0 -= 8 // alone, the Tiger wastes its free rides
			}
			return sc0
		}
		return 6 + v.usPlace(a.Unit, a.Hex)
	case rules.ActAirAttack, rules.ActOBA:
		return v.markerScore(a)
	case rules.ActAirCover:
		return v.coverScore(a.Hex)
	}
	return 0
}

// germanMove rates moving German unit u from h to n.
func (v *view) germanMove(u rules.UnitID, h, n rules.Hex) float64 {
	sc, w := v.sc, v.gw
	typ := sc.Units[u].Type
	sc0 := w.Move * float64(h.Col()-n.Col())
	if h.Col() == n.Col() {
		sc0 = w.Sideways
	}
	if v.hunt && (v.exitsLost || h.Col() >= v.westUS) {
		// R8.2 and R8.3 rather than R8.1: close in on the US units. A
		// unit past them all walks on to the exits (R5.5).
		sc0 = w.Move * float64(v.quarry[h]-v.quarry[n])
	} else if n.Col() < h.Col() {
		sc0 += w.Lead * float64(rules.LastCol-h.Col())
		if v.s.Unit(u).Flipped {
			sc0 += w.FlipRun
		}
		sc0 += w.Escape * float64(v.threat(rules.German, typ, h))
	}
	if w.Approach != 0 {
		f := v.s.Factors(u)
		at, ai := float64(max(f.AT, 0)), float64(f.AI)
		sc0 += w.Approach * (at*(v.targets[n][0]-v.targets[h][0]) + ai*(v.targets[n][1]-v.targets[h][1]))
	}
	sc0 += w.Cover * float64(sc.Terrain[n].Modifier()-sc.Terrain[h].Modifier())
	sc0 -= w.Threat * float64(v.threat(rules.German, typ, n)-v.threat(rules.German, typ, h))
	if u == sc.Tiger {
		if v.s.PointsLeft() == 0 || !v.s.FaceRound() && v.tigerFree(n) {
			sc0 += w.Tiger // R4.6: following its stack costs nothing
		} else {
			sc0 += w.TigerPay
		}
	} else if t := sc.Tiger; t != rules.NoUnit && v.s.Unit(t).Status == rules.OnMap && v.s.Unit(t).Hex == h && !v.s.Activated(t) {
		sc0 += 2 // the Tiger will follow for free
	}
	return sc0
}

// tigerFree reports whether the Tiger may move to n at no cost now: a unit
// stacked with it moved there this round (R4.6).
func (v *view) tigerFree(n rules.Hex) bool {
	for m := v.sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		if us := v.s.Unit(u); us.Status == rules.OnMap && us.Hex == n && v.s.Activated(u) {
			return true
		}
	}
	return false
}

// usPlace rates hex h for US unit u: cover, the German units it can fire
// at, and the fire it draws; by the plan, also the key hexes and the fire
// lanes (plan.go).
func (v *view) usPlace(u rules.UnitID, h rules.Hex) float64 {
	s, sc := v.s, v.sc
	sc0 := 2.0 * float64(sc.Terrain[h].Modifier())
	f := s.Factors(u)
	sc0 += 0.0125 * (float64(f.AT)*v.targets[h][0] + float64(f.AI)*v.targets[h][1])
	sc0 -= 0.4 * float64(v.threat(rules.US, sc.Units[u].Type, h))
	// Standing west of the German spearhead keeps the road to the edge shut.
	if h.Col() < v.westGerman {
		sc0 += 1
	}
	if v.planned() {
		sc0 += v.planPlace(u, h)
	}
	return sc0
}

// fireScore rates opening an attack by u on t: the chance to hit with the
// firers that could join it this round, less what they could do instead;
// n is the attack's N with those firers.
func (v *view) fireScore(u, t rules.UnitID) (sc float64, n int) {
	s := v.s
	firers := uint32(1) << u
	slots := s.PointsLeft() - 1
	if s.FaceRound() {
		slots = 2
	}
	th := s.Unit(t).Hex
	// Add the best other firers while they raise N.
	for slots > 0 {
		best, bestGain := rules.NoUnit, 0
		for m := v.sc.SideUnits(v.side) &^ firers; m != 0; m &= m - 1 {
			w := rules.UnitID(bits.TrailingZeros32(m))
			ws := s.Unit(w)
			if ws.Status != rules.OnMap || s.Activated(w) || !v.sc.InRange(ws.Hex, th, v.los) {
				continue
			}
			if s.FaceRound() && ws.Hex != s.Unit(u).Hex {
				continue
			}
			if g := attackN(s, firers|1<<w, t) - attackN(s, firers, t); g > bestGain {
				best, bestGain = w, g
			}
		}
		if best == rules.NoUnit {
			break
		}
		firers |= 1 << best
		slots--
	}
	n = attackN(s, firers, t)
	k := bits.OnesCount32(firers)
	return v.pHit(n)*v.targetValue(t) - v.actCost()*float64(k), n
}

// joinScore rates adding u to the pending attack on t.
func (v *view) joinScore(u, t rules.UnitID, firers []rules.UnitID) float64 {
	var m uint32
	for _, f := range firers {
		m |= 1 << f
	}
	before := v.pHit(attackN(v.s, m, t))
	after := v.pHit(attackN(v.s, m|1<<u, t))
	cost := v.actCost()
	if u == v.sc.Tiger && !v.s.FaceRound() {
		cost = 0 // it may be firing for free (R4.6)
	}
	return (after-before)*v.targetValue(t) - cost
}

// actCost is what one activation is worth when spent on fire.
func (v *view) actCost() float64 {
	if v.side == rules.German {
		return v.gw.Move * v.gw.FireCost
	}
	return usActCost
}

// redrawScore rates redrawing a face card drawn in combat against taking a
// miss (scored 0): the chance to hit against the chance of the Joker, which
// cancels the attack and ends the turn (R4.8) — welcome to the US.
func (v *view) redrawScore() float64 {
	if v.side == rules.US {
		return 1
	}
	t, _, ok := v.s.PendingAttack()
	if !ok {
		return 1
	}
	return v.pHit(v.pendingN())*v.targetValue(t) - v.joker*v.gw.Joker
}

// pendingN is N of the pending ground attack.
func (v *view) pendingN() int {
	t, firers, ok := v.s.PendingAttack()
	if !ok {
		return 0
	}
	var m uint32
	for _, f := range firers {
		m |= 1 << f
	}
	return attackN(v.s, m, t)
}

// markerScore rates an Air attack or OBA (R7.3, R7.4): the expected value
// of the hits, less the activations the round gives up.
func (v *view) markerScore(a rules.Action) float64 {
	return v.markerHits(a) - v.roundLoss()
}

// markerHits is the expected value of the hits of an Air attack or OBA:
// one card compared with each unit struck (R7.4).
func (v *view) markerHits(a rules.Action) float64 {
	s, sc := v.s, v.sc
	str := rules.OBAStrength
	if a.Kind == rules.ActAirAttack {
		str = rules.AirStrength
	}
	n := str - sc.Terrain[a.Hex].Modifier()
	ev := 0.0
	for m := sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		t := rules.UnitID(bits.TrailingZeros32(m))
		if ts := s.Unit(t); ts.Status != rules.OnMap || ts.Hex != a.Hex || s.Targeted(t) || (a.Target != rules.NoUnit && a.Target != t) {
			continue
		}
		ev += v.pHit(n) * v.targetValue(t)
	}
	return ev
}

// roundLoss is what using a marker costs in ground activations given up.
func (v *view) roundLoss() float64 {
	if v.s.FaceRound() {
		return 6
	}
	return 5 * float64(v.s.PointsLeft())
}

// coverScore rates Air cover on h (R7.5): the German fire it blunts.
func (v *view) coverScore(h rules.Hex) float64 {
	s := v.s
	n := 0
	for g := v.sc.SideUnits(rules.German); g != 0; g &= g - 1 {
		t := rules.UnitID(bits.TrailingZeros32(g))
		gs := s.Unit(t)
		if gs.Status == rules.OnMap && (gs.Hex == h || rules.Adjacent(gs.Hex, h)) {
			n++
		}
	}
	return 4*float64(n) - v.roundLoss()
}
