// R2: set-up — placing the US units (R2.1-R2.3): check, perform, list.

package rules

// checkSetup checks an action of the set-up phase (R2.1-R2.3, R3.1).
func (s *State) checkSetup(a Action) error {
	switch a.Kind {
	case ActHistorical:
		return nil
	case ActSetupDone:
		for u, d := range s.sc.Units {
			if d.Side == US && !d.Reserve && s.units[u].Status != OnMap {
				return refuse("R2.1", "place every US unit that starts on the map first (%s is not placed)", d.ID)
			}
		}
		return nil
	case ActPlace:
		u := a.Unit
		if !s.validUnit(u) {
			return refuse("R1.3", "no such unit")
		}
		d := &s.sc.Units[u]
		if d.Side != US {
			return refuse("R2.3", "German units start in the German reserve")
		}
		if d.Reserve {
			return refuse("R2.2", "%s starts in the US reserve and enters from turn %d", d.ID, d.EnterTurn)
		}
		if !a.Hex.Valid() {
			return refuse("R1.1", "no such hex")
		}
		if s.units[u].Status == OnMap {
			return refuse("R2.1", "%s is already placed at %s (undo to place it again)", d.ID, s.units[u].Hex)
		}
		if a.Hex.Col() == LastCol {
			return refuse("R2.1", "US units may not set up in column %d", LastCol)
		}
		n := 0
		for v := range s.sc.Units {
			if s.units[v].Status == OnMap && s.units[v].Hex == a.Hex {
				n++
			}
		}
		if n >= StackLimit {
			return refuse("R3.1", "at most %d units may stack in %s", StackLimit, a.Hex)
		}
		return nil
	}
	return refuse("R2.1", "the US set-up comes first: place units, or use the historical preset, then finish the set-up")
}

// place puts a US unit on its set-up hex (R2.1).
func (s *State) place(a Action, log *[]Event) {
	s.setUnit(a.Unit, UnitState{Status: OnMap, Hex: a.Hex})
	e := newEvent(EvPlace)
	e.Side, e.Unit, e.To = US, a.Unit, a.Hex
	s.emit(log, e)
}

// historical places every US unit that starts on the map on its hex of the
// scenario table (R2.1's historical preset).
func (s *State) historical(log *[]Event) {
	for u, d := range s.sc.Units {
		if d.Side == US && !d.Reserve {
			s.setUnit(UnitID(u), UnitState{Status: OnMap, Hex: d.Historical})
			e := newEvent(EvPlace)
			e.Side, e.Unit, e.To = US, UnitID(u), d.Historical
			s.emit(log, e)
		}
	}
}

// setupDone ends the set-up: turn 1 begins (R2.1, R4.1).
func (s *State) setupDone(log *[]Event) {
	e := newEvent(EvSetupDone)
	e.Side = US
	s.emit(log, e)
	s.startTurn(log)
}

// setupActions lists the set-up's placements (R2.1, R3.1), the historical
// preset and, once every unit that starts on the map is placed, setup-done.
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
