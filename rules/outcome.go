// R8, R9.2: how a game ended — played out, resigned, lost on time, aborted or abandoned — and the steps that end it.

package rules

import (
	"encoding/json"
	"fmt"
	"strings"
)

// End is the way a game ended.
type End uint8

// The ways a game ends.
const (
	NotEnded   End = iota // the game runs
	PlayedOut             // the rules ended it (R8.1-R8.4; Outcome.Reason says which)
	Resigned              // the loser resigned (a "resign SIDE" step)
	LostOnTime            // the loser missed its deadline and the winner claimed the game (a "lose-on-time SIDE" step)
	Aborted               // stopped before it was over: no winner
	Abandoned             // its channel was deleted: no winner
)

var endNames = [...]string{"", "played-out", "resigned", "lost-on-time", "aborted", "abandoned"}

// String is the end's name as records write it ("resigned").
func (e End) String() string {
	if int(e) < len(endNames) {
		return endNames[e]
	}
	return "?"
}

// Outcome is how a game ended: the way, the winner (NoSide for an
// aborted or abandoned game) and, for a game played out, the rule that
// ended it. The zero Outcome is a game that has not ended.
type Outcome struct {
	End    End
	Winner Side
	// Reason is R8.1-R8.4 for a game played out, NoReason otherwise.
	Reason Reason
}

// Loser is the side that lost, NoSide when nobody won.
func (o Outcome) Loser() Side { return o.Winner.Enemy() }

// String is the outcome in the English of a game record's result: "US
// wins: R8.4: turn 6 ended without a German victory", "German wins: the
// US side resigned", "US wins: the German side lost on time", "aborted",
// "abandoned". Records compare it; people read the catalog's wording.
func (o Outcome) String() string {
	switch o.End {
	case PlayedOut:
		return o.Winner.Title() + " wins: " + o.Reason.String()
	case Resigned:
		return o.Winner.Title() + " wins: the " + o.Loser().Title() + " side resigned"
	case LostOnTime:
		return o.Winner.Title() + " wins: the " + o.Loser().Title() + " side lost on time"
	case Aborted, Abandoned:
		return o.End.String()
	}
	return ""
}

// outcomeJSON is an Outcome as JSON: {"end": "resigned", "winner":
// "german"}, with the reason's id for a game played out.
type outcomeJSON struct {
	End    string `json:"end"`
	Winner Side   `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// MarshalJSON writes the outcome with the names of its end and reason.
func (o Outcome) MarshalJSON() ([]byte, error) {
	return json.Marshal(outcomeJSON{End: o.End.String(), Winner: o.Winner, Reason: o.Reason.ID()})
}

// UnmarshalJSON reads an outcome written by MarshalJSON.
func (o *Outcome) UnmarshalJSON(b []byte) error {
	var j outcomeJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("outcome: %w", err)
	}
	n := Outcome{End: End(255), Winner: j.Winner}
	for i, name := range endNames {
		if name == j.End {
			n.End = End(i)
		}
	}
	if n.End == End(255) {
		return fmt.Errorf("outcome: unknown end %q", j.End)
	}
	var err error
	if n.Reason, err = readReason(j.Reason); err != nil {
		return fmt.Errorf("outcome: %w", err)
	}
	if err := n.check(); err != nil {
		return err
	}
	*o = n
	return nil
}

// check reports an outcome whose winner or reason does not fit its end.
func (o Outcome) check() error {
	won := o.Winner == US || o.Winner == German
	switch {
	case o.End == PlayedOut && (!won || o.Reason < ReasonR8_1 || o.Reason > ReasonR8_4):
		return fmt.Errorf("outcome: a game played out needs a winner and an R8 reason, not %v %q", o.Winner, o.Reason.ID())
	case o.End != PlayedOut && o.Reason != NoReason:
		return fmt.Errorf("outcome: a game %s has no reason of the rules", o.End)
	case (o.End == Resigned || o.End == LostOnTime) && !won:
		return fmt.Errorf("outcome: a game %s needs a winner", o.End)
	case (o.End == NotEnded || o.End == Aborted || o.End == Abandoned) && o.Winner != NoSide:
		return fmt.Errorf("outcome: a game %s has no winner", o.End)
	}
	return nil
}

// Outcome is how the game ended by its own steps: played out (R8), or
// resigned or lost on time by a step of its history; NotEnded while it
// runs. An abort or an abandoned channel is the front end's, not the
// game's.
func (s *State) Outcome() Outcome {
	if !s.Over() {
		return Outcome{}
	}
	switch s.winReason {
	case ReasonResigned:
		return Outcome{End: Resigned, Winner: s.winner}
	case ReasonLostOnTime:
		return Outcome{End: LostOnTime, Winner: s.winner}
	}
	return Outcome{End: PlayedOut, Winner: s.winner, Reason: s.winReason}
}

// The steps of a history that end a game (besides R8): "resign us",
// "lose-on-time german".
const (
	stepResign     = "resign"
	stepLoseOnTime = "lose-on-time"
)

// Resign ends the game: side resigns and the other side wins. The step
// "resign SIDE" goes into the history, so that a replay and a record
// state it; undo cannot take it back. A game already over is refused
// (R8).
func (g *Game) Resign(side Side) error { return g.end(stepResign, side, ReasonResigned) }

// LoseOnTime ends the game as lost on time by side: its deadline passed
// and the other side claimed the game. The step "lose-on-time SIDE" goes
// into the history; undo cannot take it back. A game already over is
// refused (R8).
func (g *Game) LoseOnTime(side Side) error { return g.end(stepLoseOnTime, side, ReasonLostOnTime) }

// end ends the game by the step kind for side, the loser.
func (g *Game) end(kind string, side Side, why Reason) error {
	if g.State.Over() {
		return refuseT("R8", "game-over", map[string]any{"Side": g.State.winner})
	}
	if side != US && side != German {
		return fmt.Errorf("%s: no side %q", kind, side)
	}
	mark := len(g.Log)
	g.State.win(side.Enemy(), why, &g.Log)
	g.record(kind+" "+side.String(), mark)
	g.UndoFloor = len(g.History)
	return nil
}

// endStep applies a step of the history written by Resign or LoseOnTime;
// ok is false for any other step.
func (g *Game) endStep(text string) (events []Event, ok bool, err error) {
	f := strings.Fields(text)
	if len(f) == 0 || !strings.EqualFold(f[0], stepResign) && !strings.EqualFold(f[0], stepLoseOnTime) {
		return nil, false, nil
	}
	kind := strings.ToLower(f[0])
	if len(f) != 2 {
		return nil, true, fmt.Errorf("%s: want %q or %q", kind, kind+" us", kind+" german")
	}
	side, err := ParseSide(f[1])
	if err != nil || side == NoSide {
		return nil, true, fmt.Errorf("%s: want %q or %q, not %q", kind, kind+" us", kind+" german", f[1])
	}
	if kind == stepResign {
		err = g.Resign(side)
	} else {
		err = g.LoseOnTime(side)
	}
	if err != nil {
		return nil, true, err
	}
	return g.LastEvents(), true, nil
}

// PlayedSteps counts the steps of the history the players played: all
// but a step that ended the game without the rules (a resignation, a
// loss on time).
func (g *Game) PlayedSteps() int {
	if n := len(g.History); n > 0 && EndStep(g.History[n-1]) {
		return n - 1
	}
	return len(g.History)
}

// EndStep reports whether a step of a history is one that ends the game
// without the rules: "resign SIDE" or "lose-on-time SIDE".
func EndStep(step string) bool {
	f := strings.Fields(step)
	return len(f) == 2 && (strings.EqualFold(f[0], stepResign) || strings.EqualFold(f[0], stepLoseOnTime))
}
