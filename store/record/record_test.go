package record

import (
	"encoding/json"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newRecord() *Record {
	return &Record{Key: Key{Guild: "g", Channel: "c"}, Game: rules.NewGame(rules.DefaultScenario(), rules.Options{}, 7),
		Seats: map[rules.Side]Seat{rules.US: {UserID: "1"}}}
}

// TestCloneLeavesTheOriginal: changing a clone's game and seats changes
// nothing of the record it was cloned from, and a clone carries no
// notices or end to commit twice.
func TestCloneLeavesTheOriginal(t *testing.T) {
	r := newRecord()
	r.Notices = []Notice{{Text: "x"}}
	r.End = func(*Finished, []Notice) []Notice { return nil }
	c := r.Clone()
	c.Seats[rules.German] = Seat{AI: "hard"}
	_, err := c.Game.Apply(rules.Action{Kind: rules.ActHistorical})
	require.NoError(t, err)
	assert.NotContains(t, r.Seats, rules.German)
	assert.Empty(t, r.Game.History, "the original game took no step")
	assert.Nil(t, c.Notices)
	assert.Nil(t, c.End)
	assert.NotNil(t, (&Record{Key: r.Key}).Clone().Seats, "a clone's seats can be set directly")
}

// TestOutcomeOfAnOlderReleasesEnd: a game resigned or lost on time by a
// release before those were steps of the history ends as its Meta says;
// one running has no outcome.
func TestOutcomeOfAnOlderReleasesEnd(t *testing.T) {
	r := newRecord()
	assert.False(t, r.Ended())
	r.Meta.Resigned = rules.US
	assert.Equal(t, rules.Outcome{End: rules.Resigned, Winner: rules.German}, r.Outcome())
	r.Meta.OnTime = true
	assert.Equal(t, rules.Outcome{End: rules.LostOnTime, Winner: rules.German}, r.Outcome())
	assert.True(t, r.Ended())
	assert.Equal(t, rules.Abandoned, ArchivedOutcome(r, true).End)
	assert.Equal(t, rules.Aborted, ArchivedOutcome(newRecord(), false).End)
}

// TestStepMarkKeepsStepZero: a mark set at step 0 is written and read
// back set; an unset mark is not written at all.
func TestStepMarkKeepsStepZero(t *testing.T) {
	b, err := json.Marshal(Meta{Reminded: MarkAt(0)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"reminded":0}`, string(b))
	var m Meta
	require.NoError(t, json.Unmarshal(b, &m))
	assert.True(t, m.Reminded.At(0))
	_, set := m.Warned.Get()
	assert.False(t, set)
}
