package rules

import (
	"math/bits"
	"strings"
)

// Apply performs action a for the side to act, appending the events it
// causes to *log (log may be nil when nobody reads them, as in search). An
// illegal action returns a *RuleError naming the rule and changes nothing.
// After the action the dealer carries on by itself (R9.1): it resolves
// attacks that can take no more firers, ends rounds with nothing left to do,
// draws the next card, ends turns and declares the winner.
func (s *State) Apply(a Action, log *[]Event) error {
	if err := s.Check(a); err != nil {
		return err
	}
	s.perform(a, log)
	return nil
}

// Check reports whether Apply would accept a, without changing anything.
func (s *State) Check(a Action) error {
	switch s.phase {
	case PhaseOver:
		return refuse("R8", "the game is over: %s won", s.winner.Title())
	case PhaseSetup:
		return s.checkSetup(a)
	case PhaseFaceChoice:
		if a.Kind == ActRedraw || a.Kind == ActMiss {
			return nil
		}
		return refuse("R6.8", "a face card (%s) was drawn for the attack: choose redraw or miss first", s.round.combatCard)
	}
	switch a.Kind {
	case ActPlace, ActHistorical, ActSetupDone:
		return refuse("R2.1", "the set-up is over")
	case ActRedraw, ActMiss:
		return refuse("R6.8", "no face card is waiting for a choice")
	case ActPass:
		return nil
	case ActResolve:
		if !s.attackPending() {
			return refuse("R6.6", "there is no attack to resolve")
		}
		return nil
	case ActAirAttack, ActAirCover, ActOBA:
		return s.checkMarker(a)
	}
	u := a.Unit
	if !s.validUnit(u) {
		return refuse("R1.3", "no such unit")
	}
	d := &s.sc.Units[u]
	if d.Side != s.round.side {
		return refuse("R4.2", "%s is a %s unit, and this is the %s round", d.ID, d.Side.Title(), s.round.side.Title())
	}
	if s.round.activated&(1<<u) != 0 {
		return refuse("R4.4", "%s was already activated this round", d.ID)
	}
	if s.attackPending() && a.Kind != ActFire {
		return refuse("R6.6", "an attack on %s is pending: further activations must join it (fire), or resolve it first", s.sc.Units[s.round.attackTarget].ID)
	}
	switch a.Kind {
	case ActMove:
		return s.checkMove(a)
	case ActEnter:
		return s.checkEnter(a)
	case ActExit:
		return s.checkExit(a)
	case ActFire:
		return s.checkFire(a)
	}
	return refuse("R9.1", "unknown action")
}

func (s *State) validUnit(u UnitID) bool { return int(u) < len(s.sc.Units) }

func (s *State) attackPending() bool { return s.round.attackTarget != NoUnit }

// activationCost is what activating unit u for an action of kind k (towards
// hex h) costs in points, and whether it is allowed at all (R4.3, R4.6).
func (s *State) activationCost(u UnitID, k ActionKind, h Hex) (int8, error) {
	r := &s.round
	if r.face {
		if r.stackFixed && r.stack&(1<<u) == 0 {
			return 0, refuse("R4.3", "the face card activates one unit or one stack, already chosen this round: %s is not in it", s.sc.Units[u].ID)
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
		return 0, refuse("R4.3", "no activation points are left this round")
	}
	return 1, nil
}

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

// checkDestination applies R5.2, R3.2/R5.1 and R3.1 to units of u's side
// arriving in h, n of them counting for stacking.
func (s *State) checkDestination(u UnitID, h Hex, n int) error {
	d := &s.sc.Units[u]
	if d.Side == US && h.Col() == LastCol {
		return refuse("R5.2", "US units may never enter column %d", LastCol)
	}
	o := &s.occ
	if o.enemyOf(d.Side, h) {
		return refuse("R3.2", "%s holds enemy units", h)
	}
	if o.count(h)+n > StackLimit {
		return refuse("R3.1", "at most %d friendly units may stack in %s (the Tiger does not count)", StackLimit, h)
	}
	return nil
}

func (s *State) stackCount(units ...UnitID) int {
	n := 0
	for _, u := range units {
		if u != NoUnit && u != s.sc.Tiger {
			n++
		}
	}
	return n
}

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

func entryColumn(side Side) int {
	if side == German {
		return LastCol
	}
	return FirstCol
}

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

func (s *State) checkFire(a Action) error {
	u, d := a.Unit, &s.sc.Units[a.Unit]
	if s.units[u].Status != OnMap {
		return refuse("R6.1", "%s is not on the map", d.ID)
	}
	t := a.Target
	if !s.validUnit(t) {
		return refuse("R1.3", "no such target unit")
	}
	td := &s.sc.Units[t]
	if td.Side == d.Side {
		return refuse("R6.1", "%s is a friendly unit", td.ID)
	}
	if s.units[t].Status != OnMap {
		return refuse("R6.1", "%s is not on the map", td.ID)
	}
	if s.attackPending() {
		if t != s.round.attackTarget {
			return refuse("R6.6", "the pending attack is on %s: every firer this round joins it until it is resolved", s.sc.Units[s.round.attackTarget].ID)
		}
	} else {
		if s.round.targeted&(1<<t) != 0 {
			return refuse("R6.7", "%s was already targeted this round", td.ID)
		}
		if u == s.sc.Tiger && td.Type == Tank {
			return refuse("R6.5", "the Tiger cannot attack a tank on its own: it may only join an attack on a tank")
		}
	}
	from, to := s.units[u].Hex, s.units[t].Hex
	if Distance(from, to) > s.sc.Range(from) {
		return refuse("R6.2", "%s at %s is out of range of %s at %s (range %d)", td.ID, to, d.ID, from, s.sc.Range(from))
	}
	if !s.sc.LOS(from, to, s.options.LOS) {
		return refuse("R6.3", "%s at %s cannot see %s at %s: %s the line of sight", d.ID, from, td.ID, to, s.blockersText(from, to))
	}
	_, err := s.activationCost(u, ActFire, to)
	return err
}

func (s *State) checkMarker(a Action) error {
	if s.round.side != US {
		return refuse("R7.1", "the Air and OBA markers are used in US rounds only")
	}
	if s.airOBAUsed {
		return refuse("R7.1", "the US already used Air or OBA this turn")
	}
	if s.round.activated != 0 {
		return refuse("R7.1", "Air or OBA is used instead of activating ground units, and units were activated this round")
	}
	air, oba := s.round.card.Markers()
	if a.Kind == ActOBA && !oba {
		return refuse("R7.1", "the %s allows Air, not OBA (OBA needs a red 2, 4, 6, 8, 10, Q or K)", s.round.card)
	}
	if a.Kind != ActOBA && !air {
		return refuse("R7.1", "the %s allows OBA, not Air (Air needs a red A, 3, 5, 7, 9 or J)", s.round.card)
	}
	if !a.Hex.Valid() {
		return refuse("R7.2", "name a hex holding German units")
	}
	germans := s.unitsAtMask(a.Hex) & s.sc.sideMask[German]
	if germans == 0 {
		return refuse("R7.2", "%s holds no German unit", a.Hex)
	}
	if a.Kind == ActAirCover {
		if a.Target != NoUnit {
			return refuse("R7.5", "Air cover is placed on a hex, not on a unit")
		}
		return nil
	}
	if a.Target != NoUnit {
		if !s.validUnit(a.Target) || germans&(1<<a.Target) == 0 {
			return refuse("R7.4", "that unit is not a German unit in %s", a.Hex)
		}
		if s.round.targeted&(1<<a.Target) != 0 {
			return refuse("R6.7", "%s was already targeted this round", s.sc.Units[a.Target].ID)
		}
		return nil
	}
	if germans&^s.round.targeted == 0 {
		return refuse("R6.7", "every unit in %s was already targeted this round", a.Hex)
	}
	return nil
}

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

// perform carries out an action Check accepted.
func (s *State) perform(a Action, log *[]Event) {
	switch a.Kind {
	case ActPlace:
		s.setUnit(a.Unit, UnitState{Status: OnMap, Hex: a.Hex})
		e := newEvent(EvPlace)
		e.Side, e.Unit, e.To = US, a.Unit, a.Hex
		s.emit(log, e)
	case ActHistorical:
		for u, d := range s.sc.Units {
			if d.Side == US && !d.Reserve {
				s.setUnit(UnitID(u), UnitState{Status: OnMap, Hex: d.Historical})
				e := newEvent(EvPlace)
				e.Side, e.Unit, e.To = US, UnitID(u), d.Historical
				s.emit(log, e)
			}
		}
	case ActSetupDone:
		e := newEvent(EvSetupDone)
		e.Side = US
		s.emit(log, e)
		s.startTurn(log)
	case ActMove, ActEnter, ActExit, ActFire:
		s.activate(a, log)
	case ActResolve:
		s.resolve(log)
	case ActRedraw:
		s.phase = PhaseRound
		s.drawForCombat(log)
	case ActMiss:
		s.phase = PhaseRound
		s.finishAttack(ResultMiss, s.round.combatCard, log)
	case ActAirAttack, ActOBA:
		s.strike(a, log)
	case ActAirCover:
		s.airCover(a.Hex, log)
	case ActPass:
		e := newEvent(EvPass)
		e.Side = s.round.side
		s.emit(log, e)
		if s.attackPending() {
			s.round.passPending = true
			s.resolve(log)
			return
		}
		s.endRound("R4.5: passed", log)
	}
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
	switch a.Kind {
	case ActMove:
		s.setUnit(u, UnitState{Status: OnMap, Hex: a.Hex, Flipped: s.units[u].Flipped})
		e := newEvent(EvMove)
		e.Side, e.Unit, e.From, e.To, e.Free = r.side, u, from, a.Hex, cost == 0 && !r.face
		s.emit(log, e)
	case ActEnter:
		s.setUnit(u, UnitState{Status: OnMap, Hex: a.Hex})
		if a.With != NoUnit {
			r.activated |= 1 << a.With
			s.setUnit(a.With, UnitState{Status: OnMap, Hex: a.Hex})
		}
		e := newEvent(EvEnter)
		e.Side, e.Unit, e.With, e.To = r.side, u, a.With, a.Hex
		s.emit(log, e)
	case ActExit:
		s.setUnit(u, UnitState{Status: Exited, Hex: NoHex, Flipped: s.units[u].Flipped})
		e := newEvent(EvExit)
		e.Side, e.Unit, e.From, e.Free = r.side, u, from, cost == 0 && !r.face
		s.emit(log, e)
		if s.Exited() >= ExitsToWin {
			s.win(German, "R8.1: the fifth German unit exited off the west edge", log)
			return
		}
	case ActFire:
		if !s.attackPending() {
			r.attackTarget = a.Target
			r.attackFirers = 0
			r.strikeKind = strikeGround
			r.targeted |= 1 << a.Target
		}
		r.attackFirers |= 1 << u
		e := newEvent(EvFire)
		e.Side, e.Unit, e.Target, e.From, e.To, e.Free = r.side, u, a.Target, from, s.units[a.Target].Hex, cost == 0 && !r.face
		s.emit(log, e)
		if !s.canAddFirer() {
			s.resolve(log)
		}
		return
	}
	s.continueRound(log)
}

// continueRound ends the round when no legal action but pass remains (R4.5).
func (s *State) continueRound(log *[]Event) {
	if s.phase != PhaseRound {
		return
	}
	if !s.hasAction() {
		s.endRound("R4.5: no activation left", log)
	}
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

// attackEvent works out strength and modifiers of the pending attack on t.
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
			s.endRoundAndTurn("R4.7: the deck is used up", log)
			return
		}
		if c == Joker {
			if s.earlyJoker(log) {
				continue
			}
			s.finishAttack(ResultCancelled, Joker, log)
			s.endRoundAndTurn("R4.8: the Joker was drawn in combat", log)
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
	if s.usWiped() {
		s.win(German, "R8.2: no US unit is left in the game", log)
		return
	}
	switch {
	case strike:
		s.endRound("R7.1: the marker was used", log)
	case r.passPending:
		s.endRound("R4.5: passed", log)
	case s.options.Attack == AttackEndsRound:
		s.endRound("R6.6: the attack ends the round (opt:attack=ends-round)", log)
	default:
		s.continueRound(log)
	}
}

func (s *State) usWiped() bool {
	for m := s.sc.sideMask[US]; m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		if st := s.units[u].Status; st == OnMap || st == InReserve {
			return false
		}
	}
	return true
}

// strike performs an Air attack or OBA (R7.2-R7.4).
func (s *State) strike(a Action, log *[]Event) {
	r := &s.round
	s.airOBAUsed = true
	r.strikeKind = strikeAir
	if a.Kind == ActOBA {
		r.strikeKind = strikeOBA
	}
	r.strikeHex = a.Hex
	if a.Target != NoUnit {
		r.strikeUnits = 1 << a.Target
	} else {
		r.strikeUnits = s.unitsAtMask(a.Hex) & s.sc.sideMask[German] &^ r.targeted
	}
	r.targeted |= r.strikeUnits
	r.attackTarget = UnitID(bits.TrailingZeros32(r.strikeUnits))
	if s.attackN() < 1 {
		s.finishAttack(ResultAutoMiss, NoCard, log)
		return
	}
	s.drawForCombat(log)
}

// airCover places Air cover (R7.5).
func (s *State) airCover(h Hex, log *[]Event) {
	s.airOBAUsed = true
	var m uint32
	for u := range s.sc.Units {
		us := s.units[u]
		if s.sc.Units[u].Side == German && us.Status == OnMap && (us.Hex == h || Adjacent(us.Hex, h)) {
			m |= 1 << u
		}
	}
	s.covered |= m
	e := newEvent(EvAirCover)
	e.Side, e.To, e.Firers = US, h, m
	s.emit(log, e)
	s.endRound("R7.1: the marker was used", log)
}

// blockersText words the hexes blocking the line of sight from a to b,
// with the verb: "the forest at 1603 blocks", "the forest at 1504 and the
// forest at 1505 block".
func (s *State) blockersText(a, b Hex) string {
	var parts []string
	for _, h := range s.sc.Blockers(a, b, s.options.LOS) {
		parts = append(parts, "the "+s.sc.Terrain[h].String()+" at "+h.String())
	}
	switch len(parts) {
	case 0:
		return "terrain blocks"
	case 1:
		return parts[0] + " blocks"
	}
	return strings.Join(parts, " and ") + " block"
}
