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
				return refuseT("R2.1", "place-first", map[string]any{"Unit": d.ID})
			}
		}
		return nil
	case ActPlace:
		u := a.Unit
		if !s.validUnit(u) {
			return refuseT("R1.3", "no-unit", nil)
		}
		d := &s.sc.Units[u]
		if d.Side != US {
			return refuseT("R2.3", "german-reserve", nil)
		}
		if d.Reserve {
			return refuseT("R2.2", "us-reserve", map[string]any{"Unit": d.ID, "Turn": d.EnterTurn})
		}
		if !a.Hex.Valid() {
			return refuseT("R1.1", "no-hex", nil)
		}
		if s.units[u].Status == OnMap {
			return refuseT("R2.1", "placed", map[string]any{"Unit": d.ID, "Hex": s.units[u].Hex.String()})
		}
		if a.Hex.Col() == LastCol {
			return refuseT("R2.1", "setup-column", map[string]any{"Col": LastCol})
		}
		n := 0
		for v := range s.sc.Units {
			if s.units[v].Status == OnMap && s.units[v].Hex == a.Hex {
				n++
			}
		}
		if n >= StackLimit {
			return refuseT("R3.1", "setup-stack", map[string]any{"Count": StackLimit, "Hex": a.Hex.String()})
		}
		return nil
	}
	return refuseT("R2.1", "setup-first", nil)
}

// Place places US unit u on hex h in the set-up (R2.1), as Apply of
// Place(u, h) does, and moves a unit already placed: the set-up is rebuilt
// with u on h instead of its earlier hex (the set-up draws no card, so
// nothing else changes). A set-up with a debug step is not rebuilt:
// moving a placed unit is then refused (R2.1). A refusal changes nothing.
func (g *Game) Place(u UnitID, h Hex) ([]Event, error) {
	st := &g.State
	if st.phase != PhaseSetup || !st.validUnit(u) || st.units[u].Status != OnMap || g.debugged() {
		return g.Apply(Place(u, h))
	}
	var steps []string
	for v := range st.sc.Units {
		if id := UnitID(v); id != u && st.units[id].Status == OnMap {
			steps = append(steps, Place(id, st.units[id].Hex).Format(st.sc))
		}
	}
	ng, err := Replay(st.sc, st.options, g.Seed, steps)
	if err != nil {
		return nil, err
	}
	evs, err := ng.Apply(Place(u, h))
	if err != nil {
		return nil, err
	}
	*g = *ng
	return evs, nil
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
