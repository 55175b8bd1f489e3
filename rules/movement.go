// R5: movement — moves (R5.1, R5.2), entry from reserve (R5.3, R5.4) and exit (R5.5): check, perform, list.

package rules

import "math/bits"

// checkMove checks a move (R5.1, R5.2, R3), after checkActivation, and
// the Tiger's along with it (R4.6, checkWithTiger).
func (s *State) checkMove(a Action) error {
	u, d := a.Unit, &s.sc.Units[a.Unit]
	if a.With != NoUnit {
		if err := s.checkTigerNamed(a); err != nil {
			return err
		}
	}
	us := s.units[u]
	if us.Status != OnMap {
		if us.Status == InReserve {
			return refuseT("R5.3", "in-reserve", map[string]any{"Unit": d.ID})
		}
		return refuseT("R1.3", "out-of-play", map[string]any{"Unit": d.ID, "Status": us.Status})
	}
	if !a.Hex.Valid() {
		return refuseT("R1.1", "no-hex", nil)
	}
	if !Adjacent(us.Hex, a.Hex) {
		return refuseT("R5.1", "not-adjacent", map[string]any{"Unit": d.ID, "From": us.Hex.String(), "To": a.Hex.String()})
	}
	if err := s.checkDestination(u, a.Hex, s.stackCount(u)); err != nil {
		return err
	}
	if _, err := s.activationCost(u, ActMove, a.Hex); err != nil || a.With == NoUnit {
		return err
	}
	return s.checkWithTiger(a)
}

// move performs a move to the adjacent hex to (R5.1); free tells whether it
// was the Tiger's free activation (R4.6).
func (s *State) move(u UnitID, to Hex, free bool, log *[]Event) {
	from := s.units[u].Hex
	s.setUnit(u, UnitState{Status: OnMap, Hex: to, Flipped: s.units[u].Flipped})
	e := newEvent(EvMove)
	e.Side, e.Unit, e.From, e.To, e.Free = s.round.side, u, from, to, free
	s.emit(log, e)
	s.continueRound(log)
}

// moveActions lists the moves of unit u, on the map (R5.1, R5.2, R3.1,
// R3.2), then the same with the Tiger along when it may follow (R4.6).
func (s *State) moveActions(u UnitID, c *collector) bool {
	if !s.movesWith(u, NoUnit, c) {
		return false
	}
	if !c.single && s.tigerMayFollow(u) {
		return s.movesWith(u, s.sc.Tiger, c)
	}
	return true
}

// movesWith lists the moves of unit u, with the unit with along (NoUnit
// for none): to each adjacent hex on the map that holds no enemy (R5.1)
// and, but for the Tiger, no two units already (R3.1); the US never into
// the last column.
func (s *State) movesWith(u, with UnitID, c *collector) bool {
	side := s.round.side
	o := &s.occ
	open := ^o.held[side.Enemy()]
	if u != s.sc.Tiger {
		open &^= o.two
	}
	if side == US {
		open &^= lastColumn
	}
	nb := &neighbours[s.units[u].Hex]
	if c.first {
		for _, n := range nb {
			if open&(1<<n) != 0 { // 0 for NoHex: 1<<255 is 0
				return c.add(Move(u, n))
			}
		}
		return true
	}
	buf := c.buf
	for _, n := range nb {
		if open&(1<<n) != 0 {
			buf = append(buf, Action{Kind: ActMove, Unit: u, With: with, Target: NoUnit, Hex: n})
		}
	}
	c.buf = buf
	return true
}

// lastColumn holds the hexes of the last column (LastCol).
var lastColumn = func() (m uint64) {
	for h := Hex(0); h < NumHexes; h++ {
		if h.Col() == LastCol {
			m |= 1 << h
		}
	}
	return m
}()

// checkEnter checks an entry from reserve, alone or as a pair (R5.3, R5.4),
// after checkActivation.
func (s *State) checkEnter(a Action) error {
	u, d := a.Unit, &s.sc.Units[a.Unit]
	if err := s.checkReserve(u); err != nil {
		return err
	}
	if !a.Hex.Valid() {
		return refuseT("R1.1", "no-hex", nil)
	}
	if col := entryColumn(d.Side); a.Hex.Col() != col {
		return refuseT("R5.3", "enter-column", map[string]any{"Side": d.Side, "Col": col, "Hex": a.Hex.String()})
	}
	if a.With != NoUnit {
		w := a.With
		if !s.validUnit(w) {
			return refuseT("R1.3", "no-unit", nil)
		}
		if w == u {
			return refuseT("R5.4", "enter-with-itself", nil)
		}
		if s.sc.Units[w].Side != d.Side {
			return refuseT("R5.4", "not-side-unit", map[string]any{"Unit": s.sc.Units[w].ID, "Side": d.Side})
		}
		if s.round.activated&(1<<w) != 0 {
			return refuseT("R4.4", "activated", map[string]any{"Unit": s.sc.Units[w].ID})
		}
		if err := s.checkReserve(w); err != nil {
			return err
		}
		tigerPair := u == s.sc.Tiger || w == s.sc.Tiger
		anyPair := s.options.StackEntry == StackEntryAnyPair && s.round.face
		if !tigerPair && !anyPair {
			if s.options.StackEntry == StackEntryAnyPair {
				return refuseT("R5.4", "enter-two-face", nil)
			}
			return refuseT("R5.4", "enter-tiger-one", nil)
		}
	}
	if err := s.checkDestination(u, a.Hex, s.stackCount(u, a.With)); err != nil {
		return err
	}
	if s.round.face && s.round.stackFixed {
		return refuseT("R4.3", "face-chosen", nil)
	}
	_, err := s.activationCost(u, ActEnter, a.Hex)
	return err
}

// entryColumn is the column a side's reserve units enter on (R5.3).
func entryColumn(side Side) int {
	if side == German {
		return LastCol
	}
	return FirstCol
}

// checkReserve checks that u is in reserve and may enter this turn
// (R5.3, R2.2).
func (s *State) checkReserve(u UnitID) error {
	d := &s.sc.Units[u]
	if s.units[u].Status != InReserve {
		return refuseT("R5.3", "not-in-reserve", map[string]any{"Unit": d.ID, "Status": s.units[u].Status})
	}
	if int(s.turn) < d.EnterTurn {
		return refuseT("R5.3", "enter-turn", map[string]any{"Unit": d.ID, "EnterTurn": d.EnterTurn, "Turn": int(s.turn)})
	}
	return nil
}

// enter performs an entry from reserve onto h (R5.3), with a second unit
// entering with it (R5.4) unless with is NoUnit.
func (s *State) enter(u, with UnitID, h Hex, log *[]Event) {
	r := &s.round
	s.setUnit(u, UnitState{Status: OnMap, Hex: h})
	if with != NoUnit {
		r.activated |= 1 << with
		s.setUnit(with, UnitState{Status: OnMap, Hex: h})
	}
	e := newEvent(EvEnter)
	e.Side, e.Unit, e.With, e.To = r.side, u, with, h
	s.emit(log, e)
	s.continueRound(log)
}

// enterActions lists the entries of reserve unit u, alone and in pairs
// (R5.3, R5.4, R3.1, R3.2).
func (s *State) enterActions(u UnitID, c *collector) bool {
	r := &s.round
	side := r.side
	enemy := side.Enemy()
	o := &s.occ
	tiger := s.sc.Tiger
	if int(s.turn) < s.sc.Units[u].EnterTurn {
		return true
	}
	if r.face && r.stackFixed {
		return true
	}
	entryCol := entryColumn(side)
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
	return true
}

// checkExit checks an exit off the west edge (R5.5), after checkActivation.
func (s *State) checkExit(a Action) error {
	u, d := a.Unit, &s.sc.Units[a.Unit]
	if d.Side != German {
		return refuseT("R5.5", "us-no-exit", nil)
	}
	us := s.units[u]
	if us.Status != OnMap || us.Hex.Col() != FirstCol {
		return refuseT("R5.5", "exit-column", map[string]any{"Col": FirstCol})
	}
	_, err := s.activationCost(u, ActExit, NoHex)
	return err
}

// exit performs an exit off the west edge (R5.5), which may win the game
// (R8.1); free tells whether it was the Tiger's free activation (R4.6).
func (s *State) exit(u UnitID, free bool, log *[]Event) {
	from := s.units[u].Hex
	s.setUnit(u, UnitState{Status: Exited, Hex: NoHex, Flipped: s.units[u].Flipped})
	e := newEvent(EvExit)
	e.Side, e.Unit, e.From, e.Free = s.round.side, u, from, free
	s.emit(log, e)
	if s.winByExits(log) {
		return
	}
	s.continueRound(log)
}

// exitActions lists the exit of unit u, on the map, if it may leave (R5.5).
func (s *State) exitActions(u UnitID, c *collector) bool {
	if s.round.side == German && s.units[u].Hex.Col() == FirstCol {
		return c.add(Exit(u))
	}
	return true
}
