// R4.5, R4.7, R4.8, R6.6, R7.1, R8: why a round, a turn or the game ended, and why an early Joker was ignored.

package rules

// Reason is why a round, a turn or the game ended, or why an early Joker
// was ignored, naming the rule (a resignation and a loss on time, which
// end a game without one, name none). Front ends word it from the catalog by
// its ID; String is the English for developers (and the text earlier
// releases saved).
type Reason uint8

// The reasons the rules give.
const (
	NoReason               Reason = iota
	ReasonPassed                  // R4.5: the side passed
	ReasonNoActivationLeft        // R4.5: no activation left
	ReasonNoLegalAction           // R4.5: no legal action
	ReasonAttackEndsRound         // R6.6: opt:attack=ends-round
	ReasonMarkerUsed              // R7.1: the Air or OBA marker was used
	ReasonEarlyJokerBack          // R4.7: an early Joker shuffled back
	ReasonEarlyJokerAside         // R4.7: an early Joker set aside
	ReasonDeckUsedUp              // R4.7: the deck is used up
	ReasonJoker                   // R4.7: the Joker was drawn
	ReasonJokerInCombat           // R4.8: the Joker was drawn in combat
	ReasonR8_1                    // R8.1: the fifth German unit exited
	ReasonR8_2                    // R8.2: no US unit left
	ReasonR8_3                    // R8.3: no US unit on the map, a German unit in column 11
	ReasonR8_4                    // R8.4: turn 6 ended without a German victory
	ReasonResigned                // the other side resigned (Game.Resign); no rule
	ReasonLostOnTime              // the other side lost on time (Game.LoseOnTime); no rule
)

// reasons holds each reason's stable id, its rule and its English text
// (as earlier releases saved it).
var reasons = [...]struct{ id, rule, text string }{
	NoReason:               {"", "", ""},
	ReasonPassed:           {"passed", "R4.5", "passed"},
	ReasonNoActivationLeft: {"no-activation-left", "R4.5", "no activation left"},
	ReasonNoLegalAction:    {"no-legal-action", "R4.5", "no legal action"},
	ReasonAttackEndsRound:  {"attack-ends-round", "R6.6", "the attack ends the round (opt:attack=ends-round)"},
	ReasonMarkerUsed:       {"marker-used", "R7.1", "the marker was used"},
	ReasonEarlyJokerBack:   {"early-joker-back", "R4.7", "early Joker shuffled back into the deck"},
	ReasonEarlyJokerAside:  {"early-joker-aside", "R4.7", "early Joker set aside for the turn"},
	ReasonDeckUsedUp:       {"deck-used-up", "R4.7", "the deck is used up"},
	ReasonJoker:            {"joker", "R4.7", "the Joker was drawn"},
	ReasonJokerInCombat:    {"joker-in-combat", "R4.8", "the Joker was drawn in combat"},
	ReasonR8_1:             {"r8-1", "R8.1", "the fifth German unit exited off the west edge"},
	ReasonR8_2:             {"r8-2", "R8.2", "no US unit is left in the game"},
	ReasonR8_3:             {"r8-3", "R8.3", "at the end of a German round no US unit is on the map and a German unit is in column 11"},
	ReasonR8_4:             {"r8-4", "R8.4", "turn 6 ended without a German victory"},
	ReasonResigned:         {"resigned", "", "the other side resigned"},
	ReasonLostOnTime:       {"lost-on-time", "", "the other side missed its deadline: a win on time"},
}

// ID is the reason's stable id ("passed", "r8-1"), "" for NoReason.
func (r Reason) ID() string {
	if int(r) < len(reasons) {
		return reasons[r].id
	}
	return ""
}

// Rule is the rule the reason applies ("R4.5"); "" for a game's end that
// no rule gives (a resignation, a loss on time).
func (r Reason) Rule() string {
	if int(r) < len(reasons) {
		return reasons[r].rule
	}
	return ""
}

// String is the rule and the reason in English (ReasonPassed), for
// developers; players read it worded from the catalog by ID.
func (r Reason) String() string {
	if r == NoReason || int(r) >= len(reasons) {
		return ""
	}
	if reasons[r].rule == "" {
		return reasons[r].text
	}
	return reasons[r].rule + ": " + reasons[r].text
}

// Reasons lists every reason the rules give.
func Reasons() []Reason {
	out := make([]Reason, 0, len(reasons)-1)
	for r := Reason(1); int(r) < len(reasons); r++ {
		out = append(out, r)
	}
	return out
}

// ParseReason reads a reason saved as its ID or, as earlier releases
// saved it, as its String; "" is NoReason.
func ParseReason(s string) (Reason, bool) {
	if s == "" {
		return NoReason, true
	}
	for r := Reason(1); int(r) < len(reasons); r++ {
		if s == reasons[r].id || s == r.String() {
			return r, true
		}
	}
	return NoReason, false
}
