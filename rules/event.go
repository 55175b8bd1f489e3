// R9.3: the event log — every draw, activation, attack, entry, exit, Air/OBA use, pass, turn end and victory.

package rules

// EventKind is what happened (R9.3).
type EventKind uint8

// The events of the log.
const (
	EvPlace        EventKind = iota // a US unit placed at set-up: Unit, To
	EvSetupDone                     // the set-up is complete
	EvTurnStart                     // Turn begins; the deck is shuffled (R4.1)
	EvDraw                          // Card drawn; Combat tells whether for combat (R4.2, R6.8)
	EvJokerIgnored                  // an early Joker was ignored (R4.7); Reason says how
	EvRoundStart                    // Side's round with Card: Points, or Face
	EvMove                          // Unit moved From -> To; Free for the Tiger (R4.6)
	EvEnter                         // Unit entered from reserve at To (R5.3); With (R5.4)
	EvExit                          // Unit exited off the west edge From (R5.5)
	EvFire                          // Unit joined the attack on Target (R6.6)
	EvAttack                        // an attack resolved: see the combat fields
	EvFaceCard                      // a face card drawn in combat awaits redraw or miss
	EvAirCover                      // Air cover on To covering the units in Firers (R7.5)
	EvPass                          // Side passed (R4.5)
	EvRoundEnd                      // the round ended; Reason says why
	EvTurnEnd                       // the turn ended; Reason says why (R4.7, R4.8)
	EvGameOver                      // Side won; Reason says why (R8)
)

var eventNames = [...]string{"place", "setup-done", "turn-start", "draw", "joker-ignored", "round-start", "move", "enter", "exit", "fire", "attack", "face-card", "air-cover", "pass", "round-end", "turn-end", "game-over"}

// String writes the event kind's name.
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "?"
}

// Result is an attack's outcome on one target.
type Result uint8

// The outcomes of an attack (R6.8, R6.9, R4.8).
const (
	NoResult         Result = iota
	ResultMiss              // the card was higher than N, or a face card taken as a miss
	ResultAutoMiss          // N < 1: no card drawn (R6.8)
	ResultFlipped           // hit: the target flipped (R6.9)
	ResultEliminated        // hit on a flipped target (R6.9)
	ResultCancelled         // a Joker cancelled the attack (R4.8), or no card was left
)

var resultNames = [...]string{"", "miss", "auto-miss", "flipped", "eliminated", "cancelled"}

// String writes the result's name.
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "?"
}

// Hit reports a flip or an elimination.
func (r Result) Hit() bool { return r == ResultFlipped || r == ResultEliminated }

// Attack sources.
const (
	SourceGround uint8 = iota
	SourceAir
	SourceOBA
)

// Event is one entry of the game's log (R9.3). It is a flat value so that
// logging costs no allocation; which fields matter depends on Kind.
type Event struct {
	Kind   EventKind
	Turn   int8
	Side   Side
	Unit   UnitID
	With   UnitID
	Target UnitID
	// Firers is the set of firing units of an attack, or the units covered
	// by Air cover.
	Firers uint32
	From   Hex
	To     Hex
	Card   Card
	Points int8
	Face   bool
	Free   bool
	Combat bool
	// Combat fields (EvAttack): the source (ground, Air, OBA), the strength,
	// the modifiers of R6.8 and N = strength - M.
	Source   uint8
	Strength int8
	Terrain  int8
	Cover    int8
	Adjacent int8
	TigerMod int8
	N        int8
	Result   Result
	// Reason says why for round ends, turn ends, ignored Jokers and
	// victory.
	Reason Reason
}

// Modifier is M of R6.8 for an EvAttack.
func (e Event) Modifier() int { return int(e.Terrain + e.Cover + e.Adjacent + e.TigerMod) }

// FirerList expands Firers.
func (e Event) FirerList() []UnitID { return maskUnits(e.Firers) }

func (s *State) emit(log *[]Event, e Event) {
	if log == nil {
		return
	}
	e.Turn = s.turn
	*log = append(*log, e)
}

func newEvent(k EventKind) Event {
	return Event{Kind: k, Unit: NoUnit, With: NoUnit, Target: NoUnit, From: NoHex, To: NoHex, Card: NoCard}
}
