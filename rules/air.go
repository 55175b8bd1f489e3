// R7: Air, OBA and cover — the US markers (R1.5, R7.1-R7.5): check, perform, list.

package rules

import "math/bits"

// checkMarker checks the use of the Air or OBA marker: an Air attack, an
// OBA strike or Air cover (R7.1-R7.5, R6.7).
func (s *State) checkMarker(a Action) error {
	if s.round.side != US {
		return refuseT("R7.1", "air-us-rounds", nil)
	}
	if s.airOBAUsed {
		return refuseT("R7.1", "air-used", nil)
	}
	if s.round.activated != 0 {
		return refuseT("R7.1", "air-after-activation", nil)
	}
	air, oba := s.round.card.Markers()
	if a.Kind == ActOBA && !oba {
		return refuseT("R7.1", "air-not-oba", map[string]any{"Card": s.round.card.String()})
	}
	if a.Kind != ActOBA && !air {
		return refuseT("R7.1", "oba-not-air", map[string]any{"Card": s.round.card.String()})
	}
	if !a.Hex.Valid() {
		return refuseT("R7.2", "strike-no-hex", nil)
	}
	germans := s.unitsAtMask(a.Hex) & s.sc.sideMask[German]
	if germans == 0 {
		return refuseT("R7.2", "strike-no-german", map[string]any{"Hex": a.Hex.String()})
	}
	if a.Kind == ActAirCover {
		if a.Target != NoUnit {
			return refuseT("R7.5", "cover-on-hex", nil)
		}
		return nil
	}
	if a.Target != NoUnit {
		if !s.validUnit(a.Target) || germans&(1<<a.Target) == 0 {
			return refuseT("R7.4", "strike-not-german", map[string]any{"Hex": a.Hex.String()})
		}
		if s.round.targeted&(1<<a.Target) != 0 {
			return refuseT("R6.7", "targeted", map[string]any{"Unit": s.sc.Units[a.Target].ID})
		}
		return nil
	}
	if germans&^s.round.targeted == 0 {
		return refuseT("R6.7", "all-targeted", map[string]any{"Hex": a.Hex.String()})
	}
	return nil
}

// strike performs an Air attack or OBA (R7.2-R7.4).
func (s *State) strike(a Action, log *[]Event) {
	r := &s.round
	s.airOBAUsed = true
	r.strikeKind = strikeAir
	if a.Kind == ActOBA {
		r.strikeKind = strikeOBA
	}
	r.strikeHex = a.Hex
	if a.Target != NoUnit {
		r.strikeUnits = 1 << a.Target
	} else {
		r.strikeUnits = s.unitsAtMask(a.Hex) & s.sc.sideMask[German] &^ r.targeted
	}
	r.targeted |= r.strikeUnits
	r.attackTarget = UnitID(bits.TrailingZeros32(r.strikeUnits))
	if s.attackN() < 1 {
		s.finishAttack(ResultAutoMiss, NoCard, log)
		return
	}
	s.drawForCombat(log)
}

// airCover places Air cover (R7.5).
func (s *State) airCover(h Hex, log *[]Event) {
	s.airOBAUsed = true
	var m uint32
	for u := range s.sc.Units {
		us := s.units[u]
		if s.sc.Units[u].Side == German && us.Status == OnMap && (us.Hex == h || Adjacent(us.Hex, h)) {
			m |= 1 << u
		}
	}
	s.covered |= m
	e := newEvent(EvAirCover)
	e.Side, e.To, e.Firers = US, h, m
	s.emit(log, e)
	s.endRound(ReasonMarkerUsed, log)
}

// markerActions yields the Air and OBA actions of a US round (R7).
func (s *State) markerActions(c *collector) bool {
	r := &s.round
	if r.side != US || s.airOBAUsed || r.activated != 0 {
		return true
	}
	air, oba := r.card.Markers()
	if !air && !oba {
		return true
	}
	var hexes uint64
	for m := s.sc.sideMask[German]; m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		if s.units[u].Status == OnMap {
			hexes |= 1 << s.units[u].Hex
		}
	}
	for hm := hexes; hm != 0; hm &= hm - 1 {
		h := Hex(bits.TrailingZeros64(hm))
		germans := s.unitsAtMask(h) & s.sc.sideMask[German]
		free := germans &^ r.targeted
		if air {
			if !c.add(AirCover(h)) {
				return false
			}
		}
		if free == 0 {
			continue
		}
		k := ActOBA
		if air {
			k = ActAirAttack
		}
		a := act(k)
		a.Hex = h
		if !c.add(a) {
			return false
		}
		for m := free; m != 0; m &= m - 1 {
			a.Target = UnitID(bits.TrailingZeros32(m))
			if !c.add(a) {
				return false
			}
		}
	}
	return true
}
