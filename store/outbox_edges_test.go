package store

import (
	"testing"
	"time"

	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An open challenge's post keeps its Join button while the channel's
// games come and go: it never becomes the live post, so the next
// position strips the previous position's buttons, not the challenge's.
func TestAStandaloneNoticeIsNeverTheLivePost(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	buttons := []record.Button{{Label: "Pass", CustomID: "mortain/pass"}}
	join := []record.Button{{Label: "Join", CustomID: "mortain/join/t1"}}
	challenge := record.Notice{Text: "a challenge", Buttons: join, Standalone: true}
	assert.False(t, challenge.IsLive())
	assert.False(t, (&record.Notice{Text: "a line", Live: true, Standalone: true}).IsLive())
	assert.True(t, (&record.Notice{Text: "a position", Buttons: buttons}).IsLive())
	require.NoError(t, db.Enqueue(key,
		record.Notice{Text: "a position", Buttons: buttons},
		challenge,
		record.Notice{Text: "the next position", Buttons: buttons}))
	pending, err := db.Pending(key)
	require.NoError(t, err)
	require.Len(t, pending, 3)
	require.True(t, pending[1].Standalone, "kept in the outbox")

	_, err = db.Delivered(key, pending[0].Seq, "m1", true)
	require.NoError(t, err)
	strip, err := db.Delivered(key, pending[1].Seq, "m2", true)
	require.NoError(t, err)
	assert.Empty(t, strip, "the challenge leaves the position's buttons alone")
	strip, err = db.Delivered(key, pending[2].Seq, "m3", true)
	require.NoError(t, err)
	assert.Equal(t, "m1", strip, "the next position strips the previous position, not the challenge")
	strips, err := db.Strips(key)
	require.NoError(t, err)
	assert.Equal(t, []string{"m1"}, strips)
}

// A notice refused again keeps the time of its first refusal: status says
// since when the channel has been refusing posts.
func TestASecondFailureKeepsTheFirstFailuresTime(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Enqueue(key, record.Notice{Text: "a"}))
	pending, err := db.Pending(key)
	require.NoError(t, err)
	require.NoError(t, db.Failed(key, pending[0].Seq, "Missing Permissions"))
	first, err := db.Pending(key)
	require.NoError(t, err)
	require.False(t, first[0].FailedAt.IsZero())
	// The second refusal comes later: wait until the clock has moved on
	// (the time is kept to the nanosecond).
	for !first[0].FailedAt.Before(time.Now()) {
	}
	require.NoError(t, db.Failed(key, pending[0].Seq, "Missing Access"))
	again, err := db.Pending(key)
	require.NoError(t, err)
	assert.Equal(t, "Missing Access", again[0].Failure, "the latest reason")
	assert.True(t, again[0].FailedAt.Equal(first[0].FailedAt), "first refused at %v, now says %v", first[0].FailedAt, again[0].FailedAt)
}
