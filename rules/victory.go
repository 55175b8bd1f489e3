// R8: victory — German by exits, wipe-out or the west edge (R8.1-R8.3), else US after turn 6 (R8.4).

package rules

import "math/bits"

// win ends the game (R8).
func (s *State) win(side Side, why Reason, log *[]Event) {
	s.phase = PhaseOver
	s.winner = side
	s.winReason = why
	s.round.attackTarget = NoUnit
	e := newEvent(EvGameOver)
	e.Side, e.Reason = side, why
	s.emit(log, e)
}

// winByExits applies R8.1 after a German unit exits; it reports whether the
// game ended.
func (s *State) winByExits(log *[]Event) bool {
	if s.Exited() >= ExitsToWin {
		s.win(German, ReasonR8_1, log)
		return true
	}
	return false
}

// winByWipeOut applies R8.2 after an attack; it reports whether the game
// ended.
func (s *State) winByWipeOut(log *[]Event) bool {
	if s.usWiped() {
		s.win(German, ReasonR8_2, log)
		return true
	}
	return false
}

// usWiped tests R8.2's condition: no US unit on the map or in reserve.
func (s *State) usWiped() bool {
	for m := s.sc.sideMask[US]; m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		if st := s.units[u].Status; st == OnMap || st == InReserve {
			return false
		}
	}
	return true
}

// winByWestEdge applies R8.3 at the end of a round; it reports whether the
// game ended.
func (s *State) winByWestEdge(log *[]Event) bool {
	if s.round.side == German && s.r83() {
		s.win(German, ReasonR8_3, log)
		return true
	}
	return false
}

// r83 tests R8.3's condition.
func (s *State) r83() bool {
	west := false
	for u, d := range s.sc.Units {
		us := s.units[u]
		if us.Status != OnMap {
			continue
		}
		if d.Side == US {
			return false
		}
		if us.Hex.Col() == FirstCol {
			west = true
		}
	}
	return west
}

// winByTurnLimit applies R8.4 at the end of a turn; it reports whether the
// game ended.
func (s *State) winByTurnLimit(log *[]Event) bool {
	if int(s.turn) >= Turns {
		s.win(US, ReasonR8_4, log)
		return true
	}
	return false
}
