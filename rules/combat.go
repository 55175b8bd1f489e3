// R6: fire and combat — firing (R6.1-R6.5), one attack at a time (R6.6, R6.7), resolution (R6.8, R6.9).

package rules

import "math/bits"

// attackPending reports whether an attack waits for firers or its card
// (R6.6).
func (s *State) attackPending() bool { return s.round.attackTarget != NoUnit }

// checkFire checks a unit firing at, or joining the attack on, a target
// (R6.1-R6.7), after checkActivation.
func (s *State) checkFire(a Action) error {
	u, d := a.Unit, &s.sc.Units[a.Unit]
	if s.units[u].Status != OnMap {
		return refuseT("R6.1", "not-on-map", map[string]any{"Unit": d.ID})
	}
	t := a.Target
	if !s.validUnit(t) {
		return refuseT("R1.3", "no-target", nil)
	}
	td := &s.sc.Units[t]
	if td.Side == d.Side {
		return refuseT("R6.1", "friendly", map[string]any{"Unit": td.ID})
	}
	if s.units[t].Status != OnMap {
		return refuseT("R6.1", "not-on-map", map[string]any{"Unit": td.ID})
	}
	if s.attackPending() {
		if t != s.round.attackTarget {
			return refuseT("R6.6", "pending-other", map[string]any{"Target": s.sc.Units[s.round.attackTarget].ID})
		}
	} else {
		if s.round.targeted&(1<<t) != 0 {
			return refuseT("R6.7", "targeted", map[string]any{"Unit": td.ID})
		}
		if u == s.sc.Tiger && td.Type == Tank {
			return refuseT("R6.5", "tiger-alone", nil)
		}
	}
	from, to := s.units[u].Hex, s.units[t].Hex
	if Distance(from, to) > s.sc.Range(from) {
		return refuseT("R6.2", "range", map[string]any{"Target": td.ID, "To": to.String(), "Unit": d.ID, "From": from.String(), "Range": s.sc.Range(from)})
	}
	if !s.sc.LOS(from, to, s.options.LOS) {
		return refuseT("R6.3", "los", map[string]any{"Unit": d.ID, "From": from.String(), "Target": td.ID, "To": to.String(), "Blockers": s.sc.losBlockers(from, to, s.options.LOS)})
	}
	_, err := s.activationCost(u, ActFire, to)
	return err
}

// fire performs unit u firing at t: it starts the attack on t, or joins the
// pending one (R6.1, R6.6), which resolves by itself when no unit can join
// it any more. free tells whether it was the Tiger's free activation (R4.6).
func (s *State) fire(u, t UnitID, free bool, log *[]Event) {
	r := &s.round
	if !s.attackPending() {
		r.attackTarget = t
		r.attackFirers = 0
		r.strikeKind = strikeGround
		r.targeted |= 1 << t
	}
	r.attackFirers |= 1 << u
	e := newEvent(EvFire)
	e.Side, e.Unit, e.Target, e.From, e.To, e.Free = r.side, u, t, s.units[u].Hex, s.units[t].Hex, free
	s.emit(log, e)
	if !s.canAddFirer() {
		s.resolve(log)
	}
}

// fireTargets is the set of enemy units on the map that may still be
// targeted this round (R6.7).
func (s *State) fireTargets() uint32 {
	var targets uint32
	for m := s.sc.sideMask[s.round.side.Enemy()] &^ s.round.targeted; m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		if s.units[u].Status == OnMap {
			targets |= 1 << u
		}
	}
	return targets
}

// fireActions lists the attacks unit u, on the map, may start on targets
// (R6.1-R6.5), with no attack pending.
func (s *State) fireActions(u UnitID, targets uint32, c *collector) bool {
	reach := s.sc.fireable[s.options.LOS][s.units[u].Hex]
	for t := targets; t != 0; t &= t - 1 {
		v := UnitID(bits.TrailingZeros32(t))
		if reach&(1<<s.units[v].Hex) == 0 {
			continue
		}
		if u == s.sc.Tiger && s.sc.Units[v].Type == Tank {
			continue
		}
		if !c.add(Fire(u, v)) {
			return false
		}
	}
	return true
}

// canAddFirer reports whether any unit may still join the pending attack (R6.6).
func (s *State) canAddFirer() bool {
	t := s.round.attackTarget
	th := s.units[t].Hex
	for m := s.sc.sideMask[s.round.side] &^ s.round.activated; m != 0; m &= m - 1 {
		u := UnitID(bits.TrailingZeros32(m))
		if s.units[u].Status != OnMap || !s.sc.InRange(s.units[u].Hex, th, s.options.LOS) {
			continue
		}
		if _, err := s.activationCostFast(u, ActFire, th); err {
			return true
		}
	}
	return false
}

// joinActions lists, while an attack is pending, the units that may still
// join it, then resolve (R6.6).
func (s *State) joinActions(c *collector) bool {
	r := &s.round
	t := r.attackTarget
	th := s.units[t].Hex
	for m := s.sc.sideMask[r.side] &^ r.activated; m != 0; m &= m - 1 {
		u := UnitID(bits.TrailingZeros32(m))
		if s.units[u].Status != OnMap || !s.sc.InRange(s.units[u].Hex, th, s.options.LOS) {
			continue
		}
		if _, ok := s.activationCostFast(u, ActFire, th); ok && !c.add(Fire(u, t)) {
			return false
		}
	}
	return c.add(Resolve())
}

// checkResolve checks a request to resolve the pending attack (R6.6).
func (s *State) checkResolve() error {
	if !s.attackPending() {
		return refuseT("R6.6", "no-attack", nil)
	}
	return nil
}

// resolve resolves the pending ground attack (R6.8).
func (s *State) resolve(log *[]Event) {
	r := &s.round
	if s.attackN() < 1 {
		s.finishAttack(ResultAutoMiss, NoCard, log)
		return
	}
	_ = r
	s.drawForCombat(log)
}

// attackN is N = strength - M of R6.8 for the pending attack.
func (s *State) attackN() int {
	e := s.attackEvent(s.round.attackTarget)
	return int(e.N)
}

// attackEvent works out strength (R6.4; R7.3, R7.4 for a marker strike) and
// modifiers (R6.8) of the pending attack on t.
func (s *State) attackEvent(t UnitID) Event {
	r := &s.round
	e := newEvent(EvAttack)
	e.Side, e.Target, e.To = r.side, t, s.units[t].Hex
	e.Terrain = int8(s.sc.Terrain[s.units[t].Hex].Modifier())
	switch r.strikeKind {
	case strikeAir:
		e.Source, e.Strength = SourceAir, AirStrength
	case strikeOBA:
		e.Source, e.Strength = SourceOBA, OBAStrength
	default:
		e.Source = SourceGround
		e.Firers = r.attackFirers
		tank := s.sc.Units[t].Type == Tank
		allAdjacent, tiger := true, false
		for m := r.attackFirers; m != 0; m &= m - 1 {
			u := UnitID(bits.TrailingZeros32(m))
			f := s.Factors(u)
			if u == s.sc.Tiger {
				tiger = true
			}
			if tank {
				if u != s.sc.Tiger { // R6.5: the Tiger adds no AT strength
					e.Strength += int8(f.AT)
				}
			} else {
				e.Strength += int8(f.AI)
			}
			if s.covered&(1<<u) != 0 {
				e.Cover = 1
			}
			if !Adjacent(s.units[u].Hex, s.units[t].Hex) {
				allAdjacent = false
			}
		}
		if allAdjacent {
			e.Adjacent = -1
		}
		if tiger && tank {
			e.TigerMod = -1
		}
	}
	e.N = e.Strength - int8(e.Modifier())
	return e
}

// drawForCombat draws cards for the pending attack until it is decided
// (R6.8, R4.7, R4.8).
func (s *State) drawForCombat(log *[]Event) {
	for {
		c, ok := s.draw(true, log)
		if !ok {
			s.finishAttack(ResultCancelled, NoCard, log)
			s.endRoundAndTurn(ReasonDeckUsedUp, log)
			return
		}
		if c == Joker {
			if s.earlyJoker(log) {
				continue
			}
			s.finishAttack(ResultCancelled, Joker, log)
			s.endRoundAndTurn(ReasonJokerInCombat, log)
			return
		}
		if c.IsFace() {
			switch s.options.FaceInCombat {
			case FaceRedraw:
				continue
			case FaceMiss:
				s.finishAttack(ResultMiss, c, log)
				return
			}
			s.phase = PhaseFaceChoice
			s.round.combatCard = c
			e := newEvent(EvFaceCard)
			e.Side, e.Card = s.round.side, c
			s.emit(log, e)
			return
		}
		res := ResultMiss
		if c.Value() <= s.attackN() {
			res = ResultFlipped // finishAttack turns it into Eliminated per target
		}
		s.finishAttack(res, c, log)
		return
	}
}

// finishAttack applies the result of the pending attack to its target(s),
// logs it, and carries the round on.
func (s *State) finishAttack(res Result, c Card, log *[]Event) {
	r := &s.round
	targets := uint32(1) << r.attackTarget
	if r.strikeKind != strikeGround {
		targets = r.strikeUnits
	}
	for m := targets; m != 0; m &= m - 1 {
		t := UnitID(bits.TrailingZeros32(m))
		e := s.attackEvent(t)
		e.Card = c
		e.Result = res
		if res == ResultFlipped {
			if c.Value() > int(e.N) {
				e.Result = ResultMiss
			} else if s.units[t].Flipped {
				e.Result = ResultEliminated
				s.setUnit(t, UnitState{Status: Eliminated, Hex: NoHex, Flipped: true})
				s.covered &^= 1 << t
			} else {
				s.units[t].Flipped = true
			}
		}
		s.emit(log, e)
	}
	strike := r.strikeKind != strikeGround
	r.attackTarget, r.attackFirers, r.strikeUnits, r.strikeKind, r.strikeHex = NoUnit, 0, 0, strikeGround, NoHex
	r.combatCard = NoCard
	if r.tigerCredit == creditFire {
		r.tigerCredit = creditNone
	}
	if res == ResultCancelled {
		return // the caller ends the round and the turn (R4.8)
	}
	if s.winByWipeOut(log) {
		return
	}
	switch {
	case strike:
		s.endRound(ReasonMarkerUsed, log)
	case r.passPending:
		s.endRound(ReasonPassed, log)
	case s.options.Attack == AttackEndsRound:
		s.endRound(ReasonAttackEndsRound, log)
	default:
		s.continueRound(log)
	}
}

// checkFaceChoice checks the answer to a face card drawn in combat under
// opt:face-in-combat=choose (R6.8): only redraw or miss.
func (s *State) checkFaceChoice(a Action) error {
	if a.Kind == ActRedraw || a.Kind == ActMiss {
		return nil
	}
	return refuseT("R6.8", "face-first", map[string]any{"Card": s.round.combatCard.String()})
}

// redraw answers a face card drawn in combat by drawing again (R6.8).
func (s *State) redraw(log *[]Event) {
	s.phase = PhaseRound
	s.drawForCombat(log)
}

// takeMiss answers a face card drawn in combat by taking a miss (R6.8).
func (s *State) takeMiss(log *[]Event) {
	s.phase = PhaseRound
	s.finishAttack(ResultMiss, s.round.combatCard, log)
}

// faceChoiceActions lists the two answers to a face card drawn in combat
// (R6.8).
func (s *State) faceChoiceActions(c *collector) bool {
	return c.add(Redraw()) && c.add(TakeMiss())
}

// HitChance is the chance that an attack of N = n hits (R6.8), reckoned
// from the cards not yet drawn this turn, which every player has seen
// drawn: a number card hits when its value is at most N, the Joker never
// does, and a face card is drawn again unless opt:face-in-combat makes it
// a miss. It never reads the hidden order of the deck.
func (s *State) HitChance(n int) float64 {
	if n < 1 {
		return 0
	}
	var left [11]int // left[v]: undrawn number cards of value v
	for v := 1; v <= 10; v++ {
		left[v] = 4
	}
	jokers, faces := 1, 12
	for _, c := range s.Drawn() {
		switch {
		case c.IsJoker():
			jokers = 0
		case c.IsFace():
			faces--
		case c.Value() > 0:
			left[c.Value()]--
		}
	}
	if s.jokerAside {
		jokers = 0
	}
	total, hits := jokers, 0
	for v := 1; v <= 10; v++ {
		total += left[v]
		if v <= n {
			hits += left[v]
		}
	}
	if s.options.FaceInCombat == FaceMiss {
		total += faces
	}
	if total == 0 {
		return 0
	}
	return float64(hits) / float64(total)
}
