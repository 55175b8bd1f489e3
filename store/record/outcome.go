package record

import (
	"encoding/json"
	"strings"

	"github.com/mortain/mortain/rules"
)

// Outcome is how the record's game ended: by its own steps (played out,
// resigned, lost on time: rules.State.Outcome), or, for a game resigned or
// lost on time by a release before those were steps of the history, as
// its Meta says (Resigned, OnTime). NotEnded while it runs.
func (r *Record) Outcome() rules.Outcome {
	if o := r.Game.State.Outcome(); o.End != rules.NotEnded {
		return o
	}
	switch side := r.Meta.Resigned; {
	case side == rules.NoSide:
		return rules.Outcome{}
	case r.Meta.OnTime:
		return rules.Outcome{End: rules.LostOnTime, Winner: side.Enemy()}
	default:
		return rules.Outcome{End: rules.Resigned, Winner: side.Enemy()}
	}
}

// ArchivedOutcome is the outcome the game of r is archived with:
// abandoned (its channel was deleted), else how it ended, else aborted.
func ArchivedOutcome(r *Record, abandoned bool) rules.Outcome {
	if abandoned {
		return rules.Outcome{End: rules.Abandoned}
	}
	if o := r.Outcome(); o.End != rules.NotEnded {
		return o
	}
	return rules.Outcome{End: rules.Aborted}
}

// UnmarshalJSON reads an archived game. One archived by a release before
// outcomes were typed has a reason instead (legacyOutcome).
func (f *Finished) UnmarshalJSON(b []byte) error {
	type plain Finished
	var j struct {
		plain
		Reason string `json:"reason"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	if j.Outcome.End == rules.NotEnded {
		j.Outcome = legacyOutcome(j.Reason, j.Winner, j.Game)
	}
	*f = Finished(j.plain)
	return nil
}

// The reasons of an archived game without a winner, as releases before
// typed outcomes stored them.
const (
	legacyAbandoned = "abandoned: its channel was deleted"
	legacyOnTime    = "missed its deadline: a win on time"
)

// legacyOutcome is the outcome of a game archived before outcomes were
// typed, from what it stored: the game (over when the rules ended it),
// the winner (of a game the rules did not end, resigned or lost on time)
// and the reason ("the US side missed its deadline: a win on time", or
// legacyAbandoned; any other without a winner was aborted).
func legacyOutcome(reason string, winner rules.Side, g *rules.Game) rules.Outcome {
	switch {
	case g != nil && g.State.Over():
		return g.State.Outcome()
	case winner != rules.NoSide && strings.HasSuffix(reason, legacyOnTime):
		return rules.Outcome{End: rules.LostOnTime, Winner: winner}
	case winner != rules.NoSide:
		return rules.Outcome{End: rules.Resigned, Winner: winner}
	case reason == legacyAbandoned:
		return rules.Outcome{End: rules.Abandoned}
	}
	return rules.Outcome{End: rules.Aborted}
}
