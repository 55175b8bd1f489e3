package rules

import "math/bits"

// LegalActions appends to buf every action Apply accepts now, for the side
// to act, and returns the extended slice. With a buffer of enough capacity
// it does not allocate.
func (s *State) LegalActions(buf []Action) []Action {
	c := collector{buf: buf}
	s.enumerate(true, &c)
	return c.buf
}

// hasAction reports whether any action but pass is legal in the round.
func (s *State) hasAction() bool {
	c := collector{first: true}
	s.enumerate(false, &c)
	return c.found
}

// collector gathers enumerated actions; with first set it stops at the
// first one.
type collector struct {
	buf   []Action
	first bool
	found bool
}

// add records a and reports whether the enumeration should go on.
func (c *collector) add(a Action) bool {
	if c.first {
		c.found = true
		return false
	}
	c.buf = append(c.buf, a)
	return true
}

// enumerate adds each legal action to c until c says stop; withPass
// includes the pass action.
func (s *State) enumerate(withPass bool, c *collector) {
	switch s.phase {
	case PhaseOver:
		return
	case PhaseSetup:
		s.setupActions(c)
		return
	case PhaseFaceChoice:
		_ = c.add(Redraw()) && c.add(TakeMiss())
		return
	}
	r := &s.round
	if s.attackPending() {
		t := r.attackTarget
		th := s.units[t].Hex
		for m := s.sc.sideMask[r.side] &^ r.activated; m != 0; m &= m - 1 {
			u := UnitID(bits.TrailingZeros32(m))
			if s.units[u].Status != OnMap || !s.sc.InRange(s.units[u].Hex, th, s.options.LOS) {
				continue
			}
			if _, ok := s.activationCostFast(u, ActFire, th); ok && !c.add(Fire(u, t)) {
				return
			}
		}
		if !c.add(Resolve()) {
			return
		}
		if withPass {
			c.add(Pass())
		}
		return
	}
	if !s.activationActions(c) || !s.markerActions(c) {
		return
	}
	if withPass {
		c.add(Pass())
	}
}

func (s *State) setupActions(c *collector) bool {
	var count [NumHexes]int8
	allPlaced := true
	for u, d := range s.sc.Units {
		if s.units[u].Status == OnMap {
			count[s.units[u].Hex]++
		} else if d.Side == US && !d.Reserve {
			allPlaced = false
		}
	}
	for u, d := range s.sc.Units {
		if d.Side != US || d.Reserve || s.units[u].Status == OnMap {
			continue
		}
		for h := Hex(0); h < NumHexes; h++ {
			if h.Col() != LastCol && count[h] < StackLimit && !c.add(Place(UnitID(u), h)) {
				return false
			}
		}
	}
	if !c.add(Historical()) {
		return false
	}
	if allPlaced {
		return c.add(SetupDone())
	}
	return true
}

// activationActions yields the moves, entries, exits and fires of the round.
func (s *State) activationActions(c *collector) bool {
	r := &s.round
	side := r.side
	enemy := side.Enemy()
	o := &s.occ
	tiger := s.sc.Tiger
	// Enemy units that may be targeted (R6.7).
	var targets uint32
	for m := s.sc.sideMask[enemy] &^ r.targeted; m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		if s.units[u].Status == OnMap {
			targets |= 1 << u
		}
	}
	entryCol := entryColumn(side)
	for m := s.sc.sideMask[side] &^ r.activated; m != 0; m &= m - 1 {
		u := UnitID(bits.TrailingZeros32(m))
		us := s.units[u]
		// The unit's allowance (R4.3); a Tiger without one may still have
		// its free activation with a stacked unit (R4.6).
		canAct := r.points >= 1
		if r.face {
			canAct = !r.stackFixed || r.stack&(1<<u) != 0
		}
		if !canAct {
			if u == tiger && us.Status == OnMap && r.tigerCredit == creditMove {
				n := r.tigerCreditHex
				if Adjacent(us.Hex, n) && o.held[enemy]&(1<<n) == 0 && !c.add(Move(u, n)) {
					return false
				}
			}
			if u == tiger && us.Status == OnMap && r.tigerCredit == creditExit && us.Hex.Col() == FirstCol {
				if !c.add(Exit(u)) {
					return false
				}
			}
			continue
		}
		switch us.Status {
		case OnMap:
			// Moves (R5.1, R5.2, R3.1, R3.2).
			for _, n := range neighbours[us.Hex] {
				if n == NoHex || (side == US && n.Col() == LastCol) || o.held[enemy]&(1<<n) != 0 {
					continue
				}
				if u != tiger && o.two&(1<<n) != 0 {
					continue
				}
				if !c.add(Move(u, n)) {
					return false
				}
			}
			// Exit (R5.5).
			if side == German && us.Hex.Col() == FirstCol {
				if !c.add(Exit(u)) {
					return false
				}
			}
			// Fire (R6.1-R6.5).
			reach := s.sc.fireable[s.options.LOS][us.Hex]
			for t := targets; t != 0; t &= t - 1 {
				v := UnitID(bits.TrailingZeros32(t))
				if reach&(1<<s.units[v].Hex) == 0 {
					continue
				}
				if u == tiger && s.sc.Units[v].Type == Tank {
					continue
				}
				if !c.add(Fire(u, v)) {
					return false
				}
			}
		case InReserve:
			if int(s.turn) < s.sc.Units[u].EnterTurn {
				continue
			}
			if r.face && r.stackFixed {
				continue
			}
			need := int8(1)
			if u == tiger {
				need = 0
			}
			for row := 1; row <= NumRows; row++ {
				h := HexAt(entryCol, row)
				if o.held[enemy]&(1<<h) != 0 || o.count(h)+int(need) > StackLimit {
					continue
				}
				if !c.add(Enter(u, h, NoUnit)) {
					return false
				}
				// Pairs (R5.4).
				for w := s.sc.sideMask[side] &^ r.activated; w != 0; w &= w - 1 {
					v := UnitID(bits.TrailingZeros32(w))
					if v == u || s.units[v].Status != InReserve || int(s.turn) < s.sc.Units[v].EnterTurn {
						continue
					}
					tigerPair := u == tiger || v == tiger
					if !tigerPair && !(s.options.StackEntry == StackEntryAnyPair && r.face) {
						continue
					}
					n2 := need
					if v != tiger {
						n2++
					}
					if o.count(h)+int(n2) > StackLimit {
						continue
					}
					if !c.add(Enter(u, h, v)) {
						return false
					}
				}
			}
		}
	}
	return true
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
