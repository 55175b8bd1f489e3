// R3: stacking — two friendly units a hex at most, the Tiger aside; never with the enemy.

package rules

// occupancy is, as hex masks, the hexes each side holds and how many units
// that count for stacking (R3.1: not the Tiger) stand in them.
type occupancy struct {
	held [3]uint64 // by side
	one  uint64    // at least one stacking unit
	two  uint64    // two or more stacking units
}

// enemyOf reports whether hex h holds units of the enemy of side.
func (o *occupancy) enemyOf(side Side, h Hex) bool { return o.held[side.Enemy()]&(1<<h) != 0 }

// count is the number of stacking units in h (0, 1 or 2+).
func (o *occupancy) count(h Hex) int {
	switch {
	case o.two&(1<<h) != 0:
		return 2
	case o.one&(1<<h) != 0:
		return 1
	}
	return 0
}

// occupancy works out the occupancy from the units (setUnit keeps s.occ
// up to date with it).
func (s *State) occupancy() (o occupancy) {
	for u := range s.sc.Units {
		us := &s.units[u]
		if us.Status != OnMap {
			continue
		}
		bit := uint64(1) << us.Hex
		o.held[s.sc.Units[u].Side] |= bit
		if UnitID(u) != s.sc.Tiger {
			o.two |= o.one & bit
			o.one |= bit
		}
	}
	return o
}

// checkDestination applies R5.2, R3.2/R5.1 and R3.1 to units of u's side
// arriving in h, n of them counting for stacking.
func (s *State) checkDestination(u UnitID, h Hex, n int) error {
	d := &s.sc.Units[u]
	if d.Side == US && h.Col() == LastCol {
		return refuseT("R5.2", "us-never-enter-column", map[string]any{"Col": LastCol})
	}
	o := &s.occ
	if o.enemyOf(d.Side, h) {
		return refuseT("R3.2", "enemy-hex", map[string]any{"Hex": h.String()})
	}
	if o.count(h)+n > StackLimit {
		return refuseT("R3.1", "stack-limit", map[string]any{"Count": StackLimit, "Hex": h.String()})
	}
	return nil
}

// stackCount is how many of units count for stacking (R3.1): not the
// Tiger, nor NoUnit.
func (s *State) stackCount(units ...UnitID) int {
	n := 0
	for _, u := range units {
		if u != NoUnit && u != s.sc.Tiger {
			n++
		}
	}
	return n
}
