// R5: movement — moves (R5.1, R5.2), entry from reserve (R5.3, R5.4) and exit (R5.5): check, perform, list.

package rules

import "math/bits"

// checkMove checks a move (R5.1, R5.2, R3), after checkActivation.
func (s *State) checkMove(a Action) error {
	u, d := a.Unit, &s.sc.Units[a.Unit]
	us := s.units[u]
	if us.Status != OnMap {
		if us.Status == InReserve {
			return refuse("R5.3", "%s is in reserve: bring it on with enter", d.ID)
		}
		return refuse("R1.3", "%s is %s", d.ID, us.Status)
	}
	if !a.Hex.Valid() {
		return refuse("R1.1", "no such hex")
	}
	if !Adjacent(us.Hex, a.Hex) {
		return refuse("R5.1", "%s is at %s: a move is to an adjacent hex, and %s is not", d.ID, us.Hex, a.Hex)
	}
	if err := s.checkDestination(u, a.Hex, s.stackCount(u)); err != nil {
		return err
	}
	_, err := s.activationCost(u, ActMove, a.Hex)
	return err
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
// R3.2).
func (s *State) moveActions(u UnitID, c *collector) bool {
	side := s.round.side
	enemy := side.Enemy()
	o := &s.occ
	for _, n := range neighbours[s.units[u].Hex] {
		if n == NoHex || (side == US && n.Col() == LastCol) || o.held[enemy]&(1<<n) != 0 {
			continue
		}
		if u != s.sc.Tiger && o.two&(1<<n) != 0 {
			continue
		}
		if !c.add(Move(u, n)) {
			return false
		}
	}
	return true
}

// checkEnter checks an entry from reserve, alone or as a pair (R5.3, R5.4),
// after checkActivation.
func (s *State) checkEnter(a Action) error {
	u, d := a.Unit, &s.sc.Units[a.Unit]
	if err := s.checkReserve(u); err != nil {
		return err
	}
	if !a.Hex.Valid() {
		return refuse("R1.1", "no such hex")
	}
	if col := entryColumn(d.Side); a.Hex.Col() != col {
		return refuse("R5.3", "%s units enter on column %d, not at %s", d.Side.Title(), col, a.Hex)
	}
	if a.With != NoUnit {
		w := a.With
		if !s.validUnit(w) {
			return refuse("R1.3", "no such unit")
		}
		if w == u {
			return refuse("R5.4", "a unit cannot enter with itself")
		}
		if s.sc.Units[w].Side != d.Side {
			return refuse("R5.4", "%s is not a %s unit", s.sc.Units[w].ID, d.Side.Title())
		}
		if s.round.activated&(1<<w) != 0 {
			return refuse("R4.4", "%s was already activated this round", s.sc.Units[w].ID)
		}
		if err := s.checkReserve(w); err != nil {
			return err
		}
		tigerPair := u == s.sc.Tiger || w == s.sc.Tiger
		anyPair := s.options.StackEntry == StackEntryAnyPair && s.round.face
		if !tigerPair && !anyPair {
			if s.options.StackEntry == StackEntryAnyPair {
				return refuse("R5.4", "two reserve units other than the Tiger enter together only with a face card")
			}
			return refuse("R5.4", "only the Tiger and one other unit may enter together")
		}
	}
	if err := s.checkDestination(u, a.Hex, s.stackCount(u, a.With)); err != nil {
		return err
	}
	if s.round.face && s.round.stackFixed {
		return refuse("R4.3", "the face card activates one unit or one stack, already chosen this round")
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
		return refuse("R5.3", "%s is not in reserve (it is %s)", d.ID, s.units[u].Status)
	}
	if int(s.turn) < d.EnterTurn {
		return refuse("R5.3", "%s may enter from turn %d on (this is turn %d)", d.ID, d.EnterTurn, s.turn)
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
		return refuse("R5.5", "US units never exit")
	}
	us := s.units[u]
	if us.Status != OnMap || us.Hex.Col() != FirstCol {
		return refuse("R5.5", "only a unit in column %d may move off the west edge", FirstCol)
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
