package command

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Status right after a new game with a deadline showed the deadline as a
// day after year 1 ("2025 years ago"): the game had no step yet, and
// status counted from no time instead of the game's start.
func TestStatusBeforeTheFirstStepShowsTheDeadlineFromTheStart(t *testing.T) {
	s, _, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	due := strconv.FormatInt(now.Add(24*time.Hour).Unix(), 10)
	assert.Contains(t, mustDo(t, s, ann, "status").Private, "Deadline for Ann (the US set-up): <t:"+due+":R>")
}
