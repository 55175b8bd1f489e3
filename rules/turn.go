// R4, R9.1: turns, rounds and the dealer's draws — who may act, at what cost, the free Tiger, pass.

package rules

import (
	"math/bits"

	"github.com/mortain/mortain/rules/splitmix"
)

// The dealer (R9.1): shuffles, draws, starts and ends rounds and turns, and
// declares the winner (victory.go).

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
		e.Reason = ReasonEarlyJokerBack
	} else {
		// Set aside for the rest of the turn (also when it was the last card
		// left: the deck is then used up).
		s.jokerAside = true
		e.Reason = ReasonEarlyJokerAside
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
			s.endTurn(ReasonDeckUsedUp, log)
			return
		}
		if c == Joker {
			if s.earlyJoker(log) {
				continue
			}
			s.endTurn(ReasonJoker, log)
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
		if s.endRoundOnly(ReasonNoLegalAction, log) {
			return
		}
	}
}

// endRoundOnly logs the end of the round and checks R8.3; it reports true
// if the game ended.
func (s *State) endRoundOnly(why Reason, log *[]Event) bool {
	e := newEvent(EvRoundEnd)
	e.Side, e.Reason = s.round.side, why
	s.emit(log, e)
	return s.winByWestEdge(log)
}

// endRound ends the round and draws for the next one.
func (s *State) endRound(why Reason, log *[]Event) {
	if s.endRoundOnly(why, log) {
		return
	}
	s.nextRound(log)
}

// endRoundAndTurn ends the round and the turn at once (R4.8, deck used up).
func (s *State) endRoundAndTurn(why Reason, log *[]Event) {
	if s.endRoundOnly(why, log) {
		return
	}
	s.endTurn(why, log)
}

// endTurn ends the turn (R4.9) and starts the next, or ends the game after
// turn 6 (R8.4).
func (s *State) endTurn(why Reason, log *[]Event) {
	e := newEvent(EvTurnEnd)
	e.Reason = why
	s.emit(log, e)
	s.covered = 0
	s.airOBAUsed = false
	s.round = round{attackTarget: NoUnit, combatCard: NoCard, card: NoCard, strikeHex: NoHex, tigerCreditHex: NoHex}
	if s.winByTurnLimit(log) {
		return
	}
	s.startTurn(log)
}

// checkActivation checks what every activation of a unit (move, entry,
// exit, fire) needs before its own rule: a unit of the round's side
// (R4.2), not yet activated this round (R4.4), and no pending attack
// unless it joins it (R6.6).
func (s *State) checkActivation(a Action) error {
	u := a.Unit
	if !s.validUnit(u) {
		return refuseT("R1.3", "no-unit", nil)
	}
	d := &s.sc.Units[u]
	if d.Side != s.round.side {
		return refuseT("R4.2", "wrong-round", map[string]any{"Unit": d.ID, "Side": d.Side, "Round": s.round.side})
	}
	if s.round.activated&(1<<u) != 0 {
		return refuseT("R4.4", "activated", map[string]any{"Unit": d.ID})
	}
	if s.attackPending() && a.Kind != ActFire {
		return refuseT("R6.6", "pending-join", map[string]any{"Target": s.sc.Units[s.round.attackTarget].ID})
	}
	return nil
}

// activationCost is what activating unit u for an action of kind k (towards
// hex h) costs in points, and whether it is allowed at all (R4.3, R4.6).
func (s *State) activationCost(u UnitID, k ActionKind, h Hex) (int8, error) {
	r := &s.round
	if r.face {
		if r.stackFixed && r.stack&(1<<u) == 0 {
			return 0, refuseT("R4.3", "face-not-in-stack", map[string]any{"Unit": s.sc.Units[u].ID})
		}
		return 0, nil
	}
	if u == s.sc.Tiger && r.tigerCredit != creditNone {
		switch {
		case r.tigerCredit == creditMove && k == ActMove && h == r.tigerCreditHex,
			r.tigerCredit == creditFire && k == ActFire,
			r.tigerCredit == creditExit && k == ActExit:
			return 0, nil
		}
	}
	if r.points < 1 {
		return 0, refuseT("R4.3", "no-points", nil)
	}
	return 1, nil
}

// activationCostFast is activationCost without building an error, for the
// enumeration hot paths.
func (s *State) activationCostFast(u UnitID, k ActionKind, h Hex) (int8, bool) {
	r := &s.round
	if r.face {
		return 0, !r.stackFixed || r.stack&(1<<u) != 0
	}
	if u == s.sc.Tiger && r.tigerCredit != creditNone {
		switch {
		case r.tigerCredit == creditMove && k == ActMove && h == r.tigerCreditHex,
			r.tigerCredit == creditFire && k == ActFire,
			r.tigerCredit == creditExit && k == ActExit:
			return 0, true
		}
	}
	return 1, r.points >= 1
}

// activate performs a unit's activation: move, entry, exit or fire.
func (s *State) activate(a Action, log *[]Event) {
	r := &s.round
	u := a.Unit
	cost, _ := s.activationCost(u, a.Kind, a.Hex)
	r.points -= cost
	if r.face && !r.stackFixed {
		r.stackFixed = true
		if a.Kind == ActEnter {
			r.stack = 1 << u
			if a.With != NoUnit {
				r.stack |= 1 << a.With
			}
		} else {
			r.stack = s.unitsAtMask(s.units[u].Hex) & s.sc.sideMask[r.side]
		}
	}
	r.activated |= 1 << u
	from := s.units[u].Hex
	// R4.6: a unit activated while stacked with the Tiger lets the Tiger
	// act with it for free.
	tiger := s.sc.Tiger
	if tiger != NoUnit && u != tiger && a.Kind != ActEnter && !r.face &&
		s.sc.Units[u].Side == German && r.activated&(1<<tiger) == 0 &&
		s.units[tiger].Status == OnMap && s.units[tiger].Hex == from {
		switch a.Kind {
		case ActMove:
			r.tigerCredit, r.tigerCreditHex = creditMove, a.Hex
		case ActFire:
			r.tigerCredit, r.tigerCreditHex = creditFire, NoHex
		case ActExit:
			r.tigerCredit, r.tigerCreditHex = creditExit, NoHex
		}
	} else if u == tiger && cost == 0 {
		r.tigerCredit = creditNone
	}
	free := cost == 0 && !r.face
	switch a.Kind {
	case ActMove:
		s.move(u, a.Hex, free, log)
	case ActEnter:
		s.enter(u, a.With, a.Hex, log)
	case ActExit:
		s.exit(u, free, log)
	case ActFire:
		s.fire(u, a.Target, free, log)
	}
}

// continueRound ends the round when no legal action but pass remains (R4.5).
func (s *State) continueRound(log *[]Event) {
	if s.phase != PhaseRound {
		return
	}
	if !s.hasAction() {
		reason := ReasonNoActivationLeft
		if !s.round.face && s.round.points > 0 {
			reason = ReasonNoLegalAction // points left, but no unit can use them
		}
		s.endRound(reason, log)
	}
}

// pass gives up the rest of the round (R4.5); a pending attack is resolved
// first.
func (s *State) pass(log *[]Event) {
	e := newEvent(EvPass)
	e.Side = s.round.side
	s.emit(log, e)
	if s.attackPending() {
		s.round.passPending = true
		s.resolve(log)
		return
	}
	s.endRound(ReasonPassed, log)
}

// activationActions lists the activations of the round with no attack
// pending: for each unit that may act (R4.3, R4.4), its moves, exit and
// fires, or its entries.
func (s *State) activationActions(c *collector) bool {
	r := &s.round
	tiger := s.sc.Tiger
	targets := s.fireTargets()
	for m := s.sc.sideMask[r.side] &^ r.activated; m != 0; m &= m - 1 {
		u := UnitID(bits.TrailingZeros32(m))
		// The unit's allowance (R4.3); a Tiger without one may still have
		// its free activation with a stacked unit (R4.6).
		canAct := r.points >= 1
		if r.face {
			canAct = !r.stackFixed || r.stack&(1<<u) != 0
		}
		if !canAct {
			if u == tiger && !s.tigerFollowActions(u, c) {
				return false
			}
			continue
		}
		switch s.units[u].Status {
		case OnMap:
			if !s.moveActions(u, c) || !s.exitActions(u, c) || !s.fireActions(u, targets, c) {
				return false
			}
		case InReserve:
			if !s.enterActions(u, c) {
				return false
			}
		}
	}
	return true
}

// tigerFollowActions lists the free move or exit of the Tiger u that
// follows a stacked unit (R4.6), when it has no allowance of its own; its
// free fire joins the pending attack (joinActions).
func (s *State) tigerFollowActions(u UnitID, c *collector) bool {
	r := &s.round
	us := s.units[u]
	if us.Status == OnMap && r.tigerCredit == creditMove {
		n := r.tigerCreditHex
		if Adjacent(us.Hex, n) && s.occ.held[r.side.Enemy()]&(1<<n) == 0 && !c.add(Move(u, n)) {
			return false
		}
	}
	if us.Status == OnMap && r.tigerCredit == creditExit && us.Hex.Col() == FirstCol {
		if !c.add(Exit(u)) {
			return false
		}
	}
	return true
}

// checkTigerNamed checks that a move's With names the Tiger, and that
// another unit moves with it (R4.6).
func (s *State) checkTigerNamed(a Action) error {
	tiger := s.sc.Tiger
	if !s.validUnit(a.With) {
		return refuseT("R1.3", "no-unit", nil)
	}
	if a.With != tiger {
		return refuseT("R4.6", "with-not-tiger", map[string]any{"With": s.sc.Units[a.With].ID})
	}
	if a.Unit == tiger {
		return refuseT("R4.6", "tiger-with-itself", nil)
	}
	return nil
}

// checkWithTiger checks that the Tiger may move along with a.Unit, whose
// move checkMove accepted (R4.6): it is stacked with it, it may be
// activated in this round (not yet activated, R4.4; in the stack of a
// face card, R4.3), and once the unit has moved, its move to the same hex
// is legal. Why it may not follow is the refusal's reason, under "Why"
// (and its rule under "Rule").
func (s *State) checkWithTiger(a Action) error {
	u, tiger := a.Unit, s.sc.Tiger
	if ts := s.units[tiger]; ts.Status != OnMap || ts.Hex != s.units[u].Hex {
		return refuseT("R4.6", "tiger-not-stacked", map[string]any{"Unit": s.sc.Units[u].ID})
	}
	follow := Move(tiger, a.Hex)
	err := s.checkActivation(follow)
	if err == nil && s.round.face {
		_, err = s.activationCost(tiger, ActMove, a.Hex)
	}
	if err == nil {
		// The round goes on after the unit's move: the Tiger may still act.
		trial := *s
		trial.activate(Move(u, a.Hex), nil)
		err = trial.Check(follow)
	}
	if err != nil {
		re, _ := err.(*RuleError)
		return refuseT("R4.6", "tiger-cannot-follow", map[string]any{"Unit": s.sc.Units[u].ID, "Rule": re.Rule, "Why": re})
	}
	return nil
}

// tigerMayFollow reports whether the Tiger may move along with unit u of
// the round's side, whichever adjacent hex u moves to (R4.6): the Tiger
// is stacked with u and not yet activated this round, and on a face card
// it is in the stack the card activates (R4.3). checkWithTiger decides
// the same by playing the move on a copy.
func (s *State) tigerMayFollow(u UnitID) bool {
	tiger, r := s.sc.Tiger, &s.round
	if tiger == NoUnit || u == tiger || r.activated&(1<<tiger) != 0 {
		return false
	}
	if ts := s.units[tiger]; ts.Status != OnMap || ts.Hex != s.units[u].Hex {
		return false
	}
	return !r.face || !r.stackFixed || r.stack&(1<<tiger) != 0
}

// TigerFree reports whether a is the Tiger's free activation, legal now:
// the move, exit or fire that follows a German unit stacked with it at no
// cost (R4.6). The Tiger moving along in a MoveWith is free too, but the
// action is its unit's, which pays: TigerFree is false for it.
func (s *State) TigerFree(a Action) bool {
	if s.phase != PhaseRound || a.Unit != s.sc.Tiger || a.Unit == NoUnit || s.round.face {
		return false
	}
	switch a.Kind {
	case ActMove, ActExit, ActFire:
	default:
		return false
	}
	if s.Check(a) != nil {
		return false
	}
	cost, _ := s.activationCostFast(a.Unit, a.Kind, a.Hex)
	return cost == 0
}
