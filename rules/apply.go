// R9.1: Apply, Check and LegalActions — dispatch each action kind to its rule file.

package rules

// The dealer enforces every rule (R9.1) through three entry points, each
// only a dispatcher on the action kind. Each kind is checked, performed and
// listed in the file of its rule section:
//
//   - place, historical, setup-done: setup.go (R2)
//   - pass, and what every activation needs: turn.go (R4)
//   - move, enter, exit: movement.go (R5)
//   - fire, resolve, redraw, miss: combat.go (R6)
//   - air-attack, oba, air-cover: air.go (R7)

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
		return refuseT("R8", "game-over", map[string]any{"Side": s.winner})
	case PhaseSetup:
		return s.checkSetup(a)
	case PhaseFaceChoice:
		return s.checkFaceChoice(a)
	}
	switch a.Kind {
	case ActPlace, ActHistorical, ActSetupDone:
		return refuseT("R2.1", "setup-over", nil)
	case ActRedraw, ActMiss:
		return refuseT("R6.8", "no-face-choice", nil)
	case ActPass:
		return nil
	case ActResolve:
		return s.checkResolve()
	case ActAirAttack, ActAirCover, ActOBA:
		return s.checkMarker(a)
	}
	if err := s.checkActivation(a); err != nil {
		return err
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
	return refuseT("R9.1", "unknown-action", nil)
}

// perform carries out an action Check accepted.
func (s *State) perform(a Action, log *[]Event) {
	switch a.Kind {
	case ActPlace:
		s.place(a, log)
	case ActHistorical:
		s.historical(log)
	case ActSetupDone:
		s.setupDone(log)
	case ActMove:
		s.activate(a, log)
		if a.With != NoUnit {
			s.activate(Move(a.With, a.Hex), log) // the Tiger along (R4.6)
		}
	case ActEnter, ActExit, ActFire:
		s.activate(a, log)
	case ActResolve:
		s.resolve(log)
	case ActRedraw:
		s.redraw(log)
	case ActMiss:
		s.takeMiss(log)
	case ActAirAttack, ActOBA:
		s.strike(a, log)
	case ActAirCover:
		s.airCover(a.Hex, log)
	case ActPass:
		s.pass(log)
	}
}

// LegalActions appends to buf every action Apply accepts now, for the side
// to act, and returns the extended slice. With a buffer of enough capacity
// it does not allocate.
func (s *State) LegalActions(buf []Action) []Action {
	c := collector{buf: buf}
	s.enumerate(true, &c)
	return c.buf
}

// SingleActions is LegalActions without the moves with the Tiger along
// (MoveWith, R4.6): each is a unit's move then the Tiger's free
// follow-up, which are listed on their own. Players that choose one
// activation at a time (the random player, the AI) choose among these.
func (s *State) SingleActions(buf []Action) []Action {
	c := collector{buf: buf, single: true}
	s.enumerate(true, &c)
	return c.buf
}

// hasAction reports whether any action but pass is legal in the round.
func (s *State) hasAction() bool {
	c := collector{first: true, single: true}
	s.enumerate(false, &c)
	return c.found
}

// collector gathers enumerated actions; with first set it stops at the
// first one; with single set it leaves out the moves with the Tiger along.
type collector struct {
	buf    []Action
	first  bool
	found  bool
	single bool
}

// add records a and reports whether the enumeration should go on.
func (c *collector) add(a Action) bool {
	if c.first {
		c.found = true
		return false
	}
	c.buf = append(c.buf, a)
	return true
}

// enumerate adds each legal action to c until c says stop; withPass
// includes the pass action (R4.5).
func (s *State) enumerate(withPass bool, c *collector) {
	switch s.phase {
	case PhaseOver:
		return
	case PhaseSetup:
		s.setupActions(c)
		return
	case PhaseFaceChoice:
		s.faceChoiceActions(c)
		return
	}
	var more bool
	if s.attackPending() {
		more = s.joinActions(c)
	} else {
		more = s.activationActions(c) && s.markerActions(c)
	}
	if more && withPass {
		c.add(Pass())
	}
}

func (s *State) validUnit(u UnitID) bool { return int(u) < len(s.sc.Units) }
