package store

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// TestNewStepsLogsOnlyWhatChanged: a commit logs the steps added after
// the history the log already holds, and an undo step for each step taken
// back, last first; nothing for the steps both share.
func TestNewStepsLogsOnlyWhatChanged(t *testing.T) {
	type step struct {
		text string
		undo bool
	}
	for _, c := range []struct {
		old, new []string
		want     []step
	}{
		{nil, []string{"a"}, []step{{"a", false}}},
		{[]string{"a", "b"}, []string{"a", "b", "c"}, []step{{"c", false}}},
		{[]string{"a", "b", "c"}, []string{"a", "b"}, []step{{"c", true}}},
		{[]string{"a", "b", "c"}, []string{"a", "d"}, []step{{"c", true}, {"b", true}, {"d", false}}},
		{[]string{"a"}, nil, []step{{"a", true}}},
		{[]string{"a", "b"}, []string{"a", "b"}, nil},
	} {
		var got []step
		for _, s := range newSteps(c.old, c.new, time.Time{}) {
			got = append(got, step{s.Text, s.Undo})
		}
		assert.Equal(t, c.want, got, "from %q to %q", c.old, c.new)
	}
}

// TestActionsSkipsAnUndoOfNothing: a log whose undo step has nothing
// before it to take back (a log cut short) still gives the steps in force.
func TestActionsSkipsAnUndoOfNothing(t *testing.T) {
	log := []record.Step{{Text: "x", Undo: true}, {Text: "a"}, {Text: "b"}, {Text: "b", Undo: true}, {Text: "c"}}
	assert.Equal(t, []string{"a", "c"}, record.Actions(log))
}

// TestRecordsCountBothSidesWins: a player's total wins and losses add up
// those with either side.
func TestRecordsCountBothSidesWins(t *testing.T) {
	p := record.PlayerStats{Wins: map[rules.Side]int{rules.US: 1, rules.German: 2}, Losses: map[rules.Side]int{rules.US: 3, rules.German: 4}}
	assert.Equal(t, 3, p.TotalWins())
	assert.Equal(t, 7, p.TotalLosses())
}

// TestAPlayerHoldingBothSidesGetsNoResult: a person who played against
// themselves (hotseat) gets neither a win nor a loss when the game ends.
func TestAPlayerHoldingBothSidesGetsNoResult(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	rec := newRecord(key, 6)
	rec.Seats[rules.German] = record.Seat{UserID: "u1", Name: "Ann"}
	require.NoError(t, db.Create(rec))
	_, err := db.Finish(key)
	require.NoError(t, err)
	stats, err := db.Stats("g")
	require.NoError(t, err)
	assert.Empty(t, stats)
}

// TestStandingsOrder: Stats lists the most wins first, then the fewest
// losses, then by name, then by id.
func TestStandingsOrder(t *testing.T) {
	db, _ := openTemp(t, Options{})
	players := []record.PlayerStats{ // in the order Stats must give them
		{UserID: "u1", Name: "Zed", Wins: map[rules.Side]int{rules.US: 1, rules.German: 1}, Losses: map[rules.Side]int{rules.US: 5}},
		{UserID: "u2", Name: "Zoe", Wins: map[rules.Side]int{rules.German: 1}},
		{UserID: "u5", Name: "Abe", Wins: map[rules.Side]int{rules.German: 1}, Losses: map[rules.Side]int{rules.German: 1}},
		{UserID: "u3", Name: "Bob", Wins: map[rules.Side]int{rules.US: 1}, Losses: map[rules.Side]int{rules.German: 1}},
		{UserID: "u4", Name: "Bob", Wins: map[rules.Side]int{rules.US: 1}, Losses: map[rules.Side]int{rules.US: 1}},
		{UserID: "u0", Name: "Cal"},
	}
	require.NoError(t, db.writeTx(func(tx *bolt.Tx) error {
		b, err := tx.Bucket(bucketStats).CreateBucketIfNotExists([]byte("g"))
		if err != nil {
			return err
		}
		for _, p := range players {
			data, err := json.Marshal(p)
			if err != nil {
				return err
			}
			if err := b.Put([]byte(p.UserID), data); err != nil {
				return err
			}
		}
		return nil
	}))
	got, err := db.Stats("g")
	require.NoError(t, err)
	var ids []string
	for _, p := range got {
		ids = append(ids, p.UserID)
	}
	assert.Equal(t, []string{"u1", "u2", "u5", "u3", "u4", "u0"}, ids)
}
