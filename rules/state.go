// R1.3: the state — a whole position (units, deck, turn, round) as a plain value, and its read-only view.

package rules

import "math/bits"

// Constants of the rules.
const (
	Turns       = 6 // R4.1
	StackLimit  = 2 // R3.1
	ExitsToWin  = 5 // R8.1
	AirStrength = 4 // R7.4
	OBAStrength = 3 // R7.3
)

// Status is where a unit is (R1.3).
type Status uint8

// The places a unit can be.
const (
	InReserve Status = iota
	OnMap
	Eliminated
	Exited
)

var statusNames = [...]string{"reserve", "map", "eliminated", "exited"}

// String writes "reserve", "map", "eliminated" or "exited".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "?"
}

// Phase is what the game waits for.
type Phase uint8

// The phases of a game.
const (
	// PhaseSetup: the US places its units (R2.1).
	PhaseSetup Phase = iota
	// PhaseRound: the side of the round activates units (R4.4).
	PhaseRound
	// PhaseFaceChoice: a face card was drawn in combat and the firing player
	// chooses to redraw or take a miss (R6.8, opt:face-in-combat=choose).
	PhaseFaceChoice
	// PhaseOver: the game has ended (R8).
	PhaseOver
)

var phaseNames = [...]string{"setup", "round", "face-choice", "over"}

// String writes the phase's name.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "?"
}

// UnitState is where a unit is and which side of its counter is up.
type UnitState struct {
	Status  Status
	Hex     Hex // on the map only
	Flipped bool
}

// strike kinds of a pending attack.
const (
	strikeGround uint8 = iota
	strikeAir
	strikeOBA
)

// tiger credit kinds (R4.6).
const (
	creditNone uint8 = iota
	creditMove
	creditFire
	creditExit
)

// Round is the state of the current round (R4.2-R4.6, R6.6, R6.7).
type round struct {
	side   Side
	card   Card
	points int8
	face   bool
	// stack is the set of units a face card activates, fixed by the first
	// activation of the round (R4.3); stackFixed tells whether it is set.
	stack      uint32
	stackFixed bool
	activated  uint32
	targeted   uint32
	// The pending attack (R6.6): its target, firers and kind; for a marker
	// strike, the units struck.
	attackTarget UnitID
	attackFirers uint32
	strikeKind   uint8
	strikeUnits  uint32
	strikeHex    Hex
	// combatCard is the face card awaiting the choose decision.
	combatCard Card
	// tigerCredit lets the Tiger act free with a stacked unit (R4.6).
	tigerCredit    uint8
	tigerCreditHex Hex
	// passPending ends the round once the pending attack is resolved (R4.5);
	// endAfterResolve does so for opt:attack=ends-round and marker strikes.
	passPending bool
}

// State is a whole position: the units, the deck, the turn and the round.
// It is a plain value: copying it (s2 := *s) copies the game, with no
// allocation, which is what search needs. The scenario is shared.
type State struct {
	sc      *Scenario
	options Options
	rng     rng
	phase   Phase
	turn    int8
	// deck[:drawn] have been drawn this turn; deck[drawn:] are undrawn.
	deck  [DeckSize]Card
	drawn uint8
	// jokerAside is set when an early Joker was set aside (R4.7 discard).
	jokerAside bool
	// hadRound records which sides had a round this turn (R4.7).
	hadRound   [3]bool
	round      round
	units      [MaxUnits]UnitState
	occ        occupancy // derived from units, kept up to date by setUnit
	covered    uint32    // units under Air cover (R7.5)
	airOBAUsed bool      // R7.1
	winner     Side
	winReason  Reason
}

// Scenario is the game's scenario.
func (s *State) Scenario() *Scenario { return s.sc }

// Options are the game's options.
func (s *State) Options() Options { return s.options }

// Phase is what the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Turn is the current turn, 1..6 (0 during set-up).
func (s *State) Turn() int { return int(s.turn) }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.phase == PhaseOver }

// Winner is the winning side once the game is over (R8).
func (s *State) Winner() Side { return s.winner }

// WinReason says why the winner won (R8).
func (s *State) WinReason() Reason { return s.winReason }

// ToAct is the side whose decision the game waits for; NoSide when over.
func (s *State) ToAct() Side {
	switch s.phase {
	case PhaseSetup:
		return US
	case PhaseRound, PhaseFaceChoice:
		return s.round.side
	}
	return NoSide
}

// RoundSide is the side of the current round.
func (s *State) RoundSide() Side { return s.round.side }

// RoundCard is the card that started the current round.
func (s *State) RoundCard() Card { return s.round.card }

// PointsLeft is the activation points left in a number-card round (R4.3);
// for a face-card round, the units of the activated stack still to act (or
// 1 before the unit or stack is chosen).
func (s *State) PointsLeft() int {
	if s.round.face {
		if !s.round.stackFixed {
			return 1
		}
		return bits.OnesCount32(s.round.stack &^ s.round.activated)
	}
	return int(s.round.points)
}

// FaceRound reports whether the round's card is a face card (R4.3).
func (s *State) FaceRound() bool { return s.round.face }

// Activated reports whether unit u was activated this round (R4.4).
func (s *State) Activated(u UnitID) bool { return s.round.activated&(1<<u) != 0 }

// Targeted reports whether unit u was targeted this round (R6.7).
func (s *State) Targeted(u UnitID) bool { return s.round.targeted&(1<<u) != 0 }

// Covered reports whether unit u is under Air cover (R7.5).
func (s *State) Covered(u UnitID) bool { return s.covered&(1<<u) != 0 }

// AirOBAUsed reports whether the US used its Air or OBA marker this turn (R7.1).
func (s *State) AirOBAUsed() bool { return s.airOBAUsed }

// Unit is the state of unit u.
func (s *State) Unit(u UnitID) UnitState { return s.units[u] }

// Factors are unit u's current factors (full or flipped).
func (s *State) Factors(u UnitID) Factors {
	d := &s.sc.Units[u]
	if s.units[u].Flipped {
		return d.Flipped
	}
	return d.Full
}

// PendingAttack returns the target and firers of the attack waiting to be
// resolved (R6.6); ok is false when there is none.
func (s *State) PendingAttack() (target UnitID, firers []UnitID, ok bool) {
	if s.round.attackTarget == NoUnit || s.round.strikeKind != strikeGround {
		return NoUnit, nil, false
	}
	return s.round.attackTarget, maskUnits(s.round.attackFirers), true
}

// PendingOdds works out the pending ground attack as R6.8 would resolve it
// now: an EvAttack event with its firers, target, strength, modifiers and
// N, without card or result. ok is false when no ground attack is pending.
func (s *State) PendingOdds() (e Event, ok bool) {
	if s.round.attackTarget == NoUnit || s.round.strikeKind != strikeGround {
		return Event{}, false
	}
	return s.attackEvent(s.round.attackTarget), true
}

// FaceCardPending is the face card awaiting redraw or miss (R6.8), or NoCard.
func (s *State) FaceCardPending() Card {
	if s.phase != PhaseFaceChoice {
		return NoCard
	}
	return s.round.combatCard
}

// DeckLeft is the number of undrawn cards this turn.
func (s *State) DeckLeft() int { return DeckSize - int(s.drawn) }

// Drawn lists the cards drawn this turn, in order.
func (s *State) Drawn() []Card { return append([]Card(nil), s.deck[:s.drawn]...) }

// Exited is the number of German units that exited (R5.5).
func (s *State) Exited() int {
	n := 0
	for u := range s.sc.Units {
		if s.units[u].Status == Exited {
			n++
		}
	}
	return n
}

// UnitsAt lists the units in hex h.
func (s *State) UnitsAt(h Hex) []UnitID {
	var out []UnitID
	for u := range s.sc.Units {
		if s.units[u].Status == OnMap && s.units[u].Hex == h {
			out = append(out, UnitID(u))
		}
	}
	return out
}

// maskUnits expands a unit mask into ids, lowest first.
func maskUnits(m uint32) []UnitID {
	out := make([]UnitID, 0, bits.OnesCount32(m))
	for m != 0 {
		u := bits.TrailingZeros32(m)
		out = append(out, UnitID(u))
		m &^= 1 << u
	}
	return out
}

// unitsAtMask is the set of units on the map in hex h.
func (s *State) unitsAtMask(h Hex) uint32 {
	var m uint32
	for u := range s.sc.Units {
		if s.units[u].Status == OnMap && s.units[u].Hex == h {
			m |= 1 << u
		}
	}
	return m
}

// setUnit changes where a unit is, keeping the occupancy up to date.
func (s *State) setUnit(u UnitID, st UnitState) {
	s.units[u] = st
	s.occ = s.occupancy()
}

// NewState starts a game of scenario sc with options opts and a seed: the US
// set-up (R2.1) is next. A nil scenario means the default one.
func NewState(sc *Scenario, opts Options, seed uint64) State {
	if sc == nil {
		sc = DefaultScenario()
	}
	s := State{sc: sc, options: opts, rng: rng(seed), phase: PhaseSetup}
	for i := range s.deck {
		s.deck[i] = Card(i)
	}
	s.round = round{attackTarget: NoUnit, combatCard: NoCard, card: NoCard, strikeHex: NoHex, tigerCreditHex: NoHex}
	for u := range sc.Units {
		s.units[u] = UnitState{Status: InReserve, Hex: NoHex}
	}
	return s
}
