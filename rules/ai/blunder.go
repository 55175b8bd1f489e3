package ai

import (
	"math/bits"

	"github.com/mortain/mortain/rules"
)

// Classes of blunders, found by the tactics suite (tactics.txt). An action
// of one of them scores blunderCost less (score), so the easy level plays
// it only when nothing else is left, and the hard level leaves it out of
// the actions it searches (topActions):
//
//   - fire opened at N 1 or less, counting the firers that could join it
//     (R6.8: N 0 cannot hit, N 1 hits one time in thirteen);
//   - resolving an attack, or passing (which resolves it, R4.5), while a
//     unit could still join it and raise the chance to hit by 15 points
//     or more, at a gain (R6.4, R6.6);
//   - taking a miss on a face card drawn in combat when a redraw is worth
//     more (R6.8; always, for the US, whom the Joker suits);
//   - an Air attack or OBA on one unit of a stack (the card is compared with
//     each unit of a stack struck whole, R7.4), or on a hex whose expected
//     hits fall well short of the best hex's;
//   - on turn 1, a US unit stepping from cover into a hex with less cover
//     and more German fire on it, at least heavyFire (the US holds Hill
//     314, Mortain and the villages while the Germans come on fresh; later
//     the US must stand across their way, in the open if need be, and the
//     arena shows that a wider rule costs it games);
//   - the last US unit in the game (R8.2), in range of German units, doing
//     anything but step to a hex out of range or in better cover, when it
//     can;
//   - a German unit that can exit, or step from column 12 into column 11,
//     opening fire instead (R5.5), while more US units are left than exits
//     are needed (then the exits are the nearer road to victory, R8.1;
//     with fewer, the annihilation of R8.2 may be nearer, and the arena
//     shows a German that keeps shooting then wins more);
//   - a German unit exiting when too few German units are left in the
//     game for five exits (R8.1): it can only help the hunt for the last
//     US units (R8.2) by staying;
//   - by the hard US's plan (plan.go): a US move or entry into the open
//     in reach of two or more German units, and a pass, or that unit's
//     move, while a US unit alone has a shot of 40% or better;
//   - a German unit entering without the Tiger when they could enter
//     together, or the Tiger alone when a partner could come with it
//     (R5.4); passing with no points left when the Tiger could still follow
//     its stack for free (R4.6).

// blunderCtx is what the blunder classes need of a position, worked out
// once per view when first asked.
type blunderCtx struct {
	// fire and fireN are the last attack score rated and its N.
	fire  rules.Action
	fireN int
	ready bool
	// last is the only US unit left in the game when it is on the map and
	// in range of German units, else NoUnit; safe are the hexes it may step
	// to out of range or into better cover.
	last rules.UnitID
	safe uint64
	// marker[k] is the best expected value of a marker strike on a whole
	// stack, [0] Air and [1] OBA, once markerReady.
	marker      [2]float64
	markerReady bool
}

// heavyFire is the German firepower on a hex (the sum of the factors that
// reach it) from which an attack hits more often than not (N 7 in the
// open, R6.8).
const heavyFire = 7

// blunders returns the context of the blunder classes.
func (v *view) blunders() *blunderCtx {
	b := &v.bl
	if b.ready {
		return b
	}
	b.ready = true
	s, sc := v.s, v.sc
	b.last = rules.NoUnit
	if v.side == rules.US {
		left := 0
		for m := sc.SideUnits(rules.US); m != 0; m &= m - 1 {
			u := rules.UnitID(bits.TrailingZeros32(m))
			if st := s.Unit(u).Status; st == rules.OnMap || st == rules.InReserve {
				left++
				b.last = u
			}
		}
		if left != 1 || s.Unit(b.last).Status != rules.OnMap {
			b.last = rules.NoUnit
		}
		if u := b.last; u != rules.NoUnit {
			h, typ := s.Unit(u).Hex, sc.Units[u].Type
			here := v.threat(rules.US, typ, h)
			if here == 0 {
				b.last = rules.NoUnit
			} else {
				for _, n := range h.Neighbours() {
					if n == rules.NoHex || s.Check(rules.Move(u, n)) != nil {
						continue
					}
					th := v.threat(rules.US, typ, n)
					if th == 0 || sc.Terrain[n].Modifier() > sc.Terrain[h].Modifier() && th <= here {
						b.safe |= 1 << n
					}
				}
			}
		}
	}
	return b
}

// bestMarker is the best expected value of a strike of kind k (0 Air, 1
// OBA) on a whole German stack.
func (v *view) bestMarker(k int) float64 {
	b := &v.bl
	if !b.markerReady {
		b.markerReady = true
		for g := v.sc.SideUnits(rules.German); g != 0; g &= g - 1 {
			us := v.s.Unit(rules.UnitID(bits.TrailingZeros32(g)))
			if us.Status != rules.OnMap {
				continue
			}
			b.marker[0] = max(b.marker[0], v.markerHits(rules.AirAttack(us.Hex, rules.NoUnit)))
			b.marker[1] = max(b.marker[1], v.markerHits(rules.OBA(us.Hex, rules.NoUnit)))
		}
	}
	return b.marker[k]
}

// blunder reports whether a belongs to a class of blunders (above).
func (v *view) blunder(a rules.Action) bool {
	s, sc := v.s, v.sc
	switch a.Kind {
	case rules.ActMiss:
		return v.redrawScore() > 0
	case rules.ActResolve:
		return v.earlyResolve()
	case rules.ActFire:
		if _, _, pending := s.PendingAttack(); pending {
			return false
		}
		n := v.bl.fireN
		if v.bl.fire != a {
			_, n = v.fireScore(a.Unit, a.Target)
		}
		if n <= 1 {
			return true
		}
		if v.side == rules.German {
			return v.nearExit(a.Unit)
		}
		return v.lastAtRisk()
	case rules.ActPass:
		// Passing resolves a pending attack first (R4.5): as early a
		// resolve as ActResolve's.
		if v.lastAtRisk() || v.earlyResolve() {
			return true
		}
		if v.planned() && v.shotInHand() {
			return true
		}
		return v.side == rules.German && v.tigerLeftBehind()
	case rules.ActAirAttack, rules.ActOBA:
		if v.lastAtRisk() {
			return true
		}
		if a.Target != rules.NoUnit {
			others := 0
			for m := sc.SideUnits(rules.German); m != 0; m &= m - 1 {
				t := rules.UnitID(bits.TrailingZeros32(m))
				if ts := s.Unit(t); ts.Status == rules.OnMap && ts.Hex == a.Hex && t != a.Target && !s.Targeted(t) {
					others++
				}
			}
			if others > 0 {
				return true
			}
		}
		k := 1
		if a.Kind == rules.ActAirAttack {
			k = 0
		}
		return v.markerHits(a) < 0.7*v.bestMarker(k)
	case rules.ActAirCover:
		return v.lastAtRisk()
	case rules.ActMove:
		if v.side != rules.US {
			return false
		}
		if b := v.blunders(); b.last != rules.NoUnit && b.safe != 0 {
			return b.safe&(1<<a.Hex) == 0
		}
		if v.planned() && (v.intoLanes(a) || v.hasShot(a.Unit)) {
			return true
		}
		if s.Turn() > 1 {
			return false
		}
		h, typ := s.Unit(a.Unit).Hex, sc.Units[a.Unit].Type
		th := v.threat(rules.US, typ, a.Hex)
		return sc.Terrain[a.Hex].Modifier() < sc.Terrain[h].Modifier() && th >= heavyFire && th > v.threat(rules.US, typ, h)
	case rules.ActEnter:
		if v.planned() {
			return v.intoLanes(a)
		}
		return v.side == rules.German && v.unpaired(a)
	case rules.ActExit:
		// Once too few German units are left for R8.1, an exit only
		// takes a gun out of the hunt for the last US units (R8.2).
		return v.exitsLost
	}
	return false
}

// lastAtRisk reports whether the side to act is the US with one unit left
// in the game, in range of German units, and a step to safety open to it.
func (v *view) lastAtRisk() bool {
	if v.side != rules.US {
		return false
	}
	b := v.blunders()
	return b.last != rules.NoUnit && b.safe != 0
}

// nearExit reports whether German unit u can exit now, or step from column
// 12 into column 11 (R5.5), while the exits are the nearer road to victory.
func (v *view) nearExit(u rules.UnitID) bool {
	s := v.s
	h := s.Unit(u).Hex
	// While more US units are left than exits are needed, the exits are
	// the nearer road to victory (R8.1 against R8.2); once fewer are left,
	// a shot may bring the annihilation closer than an exit.
	if v.usLeft() <= rules.ExitsToWin-s.Exited() {
		return false
	}
	switch h.Col() {
	case rules.FirstCol:
		return s.Check(rules.Exit(u)) == nil
	case rules.FirstCol + 1:
		for _, n := range h.Neighbours() {
			if n != rules.NoHex && n.Col() == rules.FirstCol && s.Check(rules.Move(u, n)) == nil {
				return true
			}
		}
	}
	return false
}

// tigerLeftBehind reports whether, with no points left, the Tiger may still
// follow its stack west or along its column for free (R4.6).
func (v *view) tigerLeftBehind() bool {
	s, t := v.s, v.sc.Tiger
	if t == rules.NoUnit || s.FaceRound() || s.PointsLeft() > 0 || s.Unit(t).Status != rules.OnMap || s.Activated(t) {
		return false
	}
	h := s.Unit(t).Hex
	for _, n := range h.Neighbours() {
		if n != rules.NoHex && n.Col() <= h.Col() && s.Check(rules.Move(t, n)) == nil {
			return true
		}
	}
	return false
}

// unpaired reports whether German entry a leaves out the Tiger or its
// partner when both could enter together on the same hex (R5.4).
func (v *view) unpaired(a rules.Action) bool {
	s, sc := v.s, v.sc
	t := sc.Tiger
	if a.With != rules.NoUnit || t == rules.NoUnit || s.Unit(t).Status != rules.InReserve {
		return false
	}
	if a.Unit != t {
		return s.Check(rules.Enter(a.Unit, a.Hex, t)) == nil
	}
	for m := sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		if u != t && s.Unit(u).Status == rules.InReserve && s.Check(rules.Enter(u, a.Hex, t)) == nil {
			return true
		}
	}
	return false
}

// earlyResolve reports whether a unit could still join the pending attack
// and raise its chance to hit by 15 points or more, at a gain.
func (v *view) earlyResolve() bool {
	s := v.s
	t, firers, ok := s.PendingAttack()
	if !ok {
		return false
	}
	var m uint32
	for _, f := range firers {
		m |= 1 << f
	}
	before := v.pHit(attackN(s, m, t))
	th := s.Unit(t).Hex
	for w := v.sc.SideUnits(v.side) &^ m; w != 0; w &= w - 1 {
		u := rules.UnitID(bits.TrailingZeros32(w))
		// The cheap tests first: a refused Check builds its message.
		if us := s.Unit(u); us.Status != rules.OnMap || s.Activated(u) || !v.sc.InRange(us.Hex, th, v.los) || s.Check(rules.Fire(u, t)) != nil {
			continue
		}
		if v.pHit(attackN(s, m|1<<u, t))-before >= 0.15 && v.joinScore(u, t, firers) > 0 {
			return true
		}
	}
	return false
}

// usLeft counts the US units still in the game (R8.2).
func (v *view) usLeft() int {
	k := 0
	for m := v.s.Scenario().SideUnits(rules.US); m != 0; m &= m - 1 {
		if st := v.s.Unit(rules.UnitID(bits.TrailingZeros32(m))).Status; st == rules.OnMap || st == rules.InReserve {
			k++
		}
	}
	return k
}
