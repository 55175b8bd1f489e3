package rules

import "github.com/mortain/mortain/rules/splitmix"

// The dealer (R9.1): shuffles, draws, starts and ends rounds and turns, and
// declares the winner.

// draw takes the next card; ok is false when the deck is used up.
func (s *State) draw(combat bool, log *[]Event) (Card, bool) {
	if s.drawn >= DeckSize {
		return NoCard, false
	}
	c := s.deck[s.drawn]
	s.drawn++
	e := newEvent(EvDraw)
	e.Card, e.Combat, e.Side = c, combat, s.round.side
	s.emit(log, e)
	return c, true
}

// earlyJoker applies R4.7 to a Joker just drawn: it reports true if the
// Joker is ignored (both sides have not yet had a round this turn), after
// shuffling it back or setting it aside per opt:early-joker.
func (s *State) earlyJoker(log *[]Event) bool {
	if s.hadRound[US] && s.hadRound[German] {
		return false
	}
	e := newEvent(EvJokerIgnored)
	e.Card = Joker
	if s.options.EarlyJoker == EarlyJokerReshuffle && s.drawn < DeckSize {
		// Shuffle the Joker back into the undrawn cards.
		s.drawn--
		splitmix.Shuffle(&s.rng, s.deck[s.drawn:])
		e.Text = "R4.7: early Joker shuffled back into the deck"
	} else {
		// Set aside for the rest of the turn (also when it was the last card
		// left: the deck is then used up).
		s.jokerAside = true
		e.Text = "R4.7: early Joker set aside for the turn"
	}
	s.emit(log, e)
	return true
}

// startTurn begins the next turn: shuffle all 53 cards and draw (R4.1).
func (s *State) startTurn(log *[]Event) {
	s.turn++
	s.phase = PhaseRound
	splitmix.Shuffle(&s.rng, s.deck[:])
	s.drawn = 0
	s.jokerAside = false
	s.hadRound = [3]bool{}
	s.round = round{attackTarget: NoUnit, combatCard: NoCard, card: NoCard, strikeHex: NoHex, tigerCreditHex: NoHex}
	e := newEvent(EvTurnStart)
	s.emit(log, e)
	s.nextRound(log)
}

// nextRound draws for activation until a round with something to do starts,
// or the turn ends (R4.2, R4.7).
func (s *State) nextRound(log *[]Event) {
	for {
		s.round = round{attackTarget: NoUnit, combatCard: NoCard, card: NoCard, strikeHex: NoHex, tigerCreditHex: NoHex}
		c, ok := s.draw(false, log)
		if !ok {
			s.endTurn("R4.7: the deck is used up", log)
			return
		}
		if c == Joker {
			if s.earlyJoker(log) {
				continue
			}
			s.endTurn("R4.7: the Joker was drawn", log)
			return
		}
		r := &s.round
		r.side, r.card = c.Side(), c
		if c.IsFace() {
			r.face = true
		} else {
			r.points = int8(c.ActivationPoints())
		}
		s.hadRound[r.side] = true
		e := newEvent(EvRoundStart)
		e.Side, e.Card, e.Points, e.Face = r.side, c, r.points, r.face
		s.emit(log, e)
		if s.hasAction() {
			return
		}
		if s.endRoundOnly("R4.5: no legal action", log) {
			return
		}
	}
}

// endRoundOnly logs the end of the round and checks R8.3; it reports true
// if the game ended.
func (s *State) endRoundOnly(why string, log *[]Event) bool {
	e := newEvent(EvRoundEnd)
	e.Side, e.Text = s.round.side, why
	s.emit(log, e)
	if s.round.side == German && s.r83() {
		s.win(German, "R8.3: at the end of a German round no US unit is on the map and a German unit is in column 11", log)
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

// endRound ends the round and draws for the next one.
func (s *State) endRound(why string, log *[]Event) {
	if s.endRoundOnly(why, log) {
		return
	}
	s.nextRound(log)
}

// endRoundAndTurn ends the round and the turn at once (R4.8, deck used up).
func (s *State) endRoundAndTurn(why string, log *[]Event) {
	if s.endRoundOnly(why, log) {
		return
	}
	s.endTurn(why, log)
}

// endTurn ends the turn (R4.9) and starts the next, or ends the game after
// turn 6 (R8.4).
func (s *State) endTurn(why string, log *[]Event) {
	e := newEvent(EvTurnEnd)
	e.Text = why
	s.emit(log, e)
	s.covered = 0
	s.airOBAUsed = false
	s.round = round{attackTarget: NoUnit, combatCard: NoCard, card: NoCard, strikeHex: NoHex, tigerCreditHex: NoHex}
	if int(s.turn) >= Turns {
		s.win(US, "R8.4: turn 6 ended without a German victory", log)
		return
	}
	s.startTurn(log)
}

// win ends the game (R8).
func (s *State) win(side Side, why string, log *[]Event) {
	s.phase = PhaseOver
	s.winner = side
	s.winReason = why
	s.round.attackTarget = NoUnit
	e := newEvent(EvGameOver)
	e.Side, e.Text = side, why
	s.emit(log, e)
}
