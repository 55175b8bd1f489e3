package ai

import (
	"github.com/mortain/mortain/rules"
)

// Pace is where a game the AI plays for both sides stops for spectators:
// after each activation, each round, each turn, or only at the end. It is
// chosen when the game is created; the command layer and the bot apply it
// with Ends and Pace.Pause.
type Pace uint8

// The paces, from the most to the least frequent pause. A Pace also names
// what a step completed (see Ends): PaceNone for a step that completed
// nothing a spectator waits for (a firer joining an attack still pending).
const (
	PaceNone Pace = iota
	PaceActivation
	PaceRound
	PaceTurn
	PaceEnd
)

var paceNames = [...]string{"none", "activation", "round", "turn", "end"}

// String writes the pace's name as ParsePace reads it.
func (p Pace) String() string {
	if int(p) < len(paceNames) {
		return paceNames[p]
	}
	return "?"
}

// Ends says what the events of one step (one action and what the dealer did
// after it, e.g. Game.Apply's result) completed: the game, a turn, a round,
// an activation, or nothing yet. An activation is complete when a unit has
// moved, entered or exited, an attack (ground, Air or OBA) has been
// resolved, Air cover placed, or the side passed; a firer joining an attack
// that is still pending completes nothing yet, so the spectator sees the
// attack with its result. Placing a unit completes nothing; ending the
// set-up counts as an activation, so the finished set-up can be shown.
func Ends(events []rules.Event) Pace {
	end := PaceNone
	for _, e := range events {
		p := PaceNone
		switch e.Kind {
		case rules.EvGameOver:
			p = PaceEnd
		case rules.EvTurnEnd:
			p = PaceTurn
		case rules.EvRoundEnd:
			p = PaceRound
		case rules.EvMove, rules.EvEnter, rules.EvExit, rules.EvAttack, rules.EvAirCover, rules.EvPass, rules.EvFaceCard, rules.EvSetupDone:
			p = PaceActivation
		}
		end = max(end, p)
	}
	return end
}
