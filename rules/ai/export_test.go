package ai

import (
	"fmt"
	"strings"

	"github.com/mortain/mortain/rules"
)

// The paces as a front end would read and apply them; only the tests use
// them.

// ParsePace reads "activation", "round", "turn" or "end".
func ParsePace(s string) (Pace, error) {
	for i, n := range paceNames[1:] {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Pace(i + 1), nil
		}
	}
	return PaceNone, fmt.Errorf("pace %q: want activation, round, turn or end", s)
}

// Pause reports whether a game paced p stops after a step whose events
// are events: it stops when the step completed at least what p names.
func (p Pace) Pause(events []rules.Event) bool {
	return p != PaceNone && Ends(events) >= p
}
