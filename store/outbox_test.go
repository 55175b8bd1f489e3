package store

import (
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNoticesAreCommittedWithTheirStepAndSurviveReopening(t *testing.T) {
	db, path := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	rec := newRecord(key, 1)
	rec.Notices = []record.Notice{{Text: "new game", Buttons: []record.Button{{Label: "Set up", CustomID: "mortain/setup"}}}}
	require.NoError(t, db.Create(rec))
	require.NoError(t, db.Update(key, func(r *record.Record) error {
		r.Notices = append(r.Notices, record.Notice{Text: "moved", Image: []byte{1, 2, 3}, ImageName: "map.png", Live: true},
			record.Notice{Text: "reminder", Mention: "u1"})
		return playOne(r.Game, rules.NewRandomPlayer(1))
	}))
	// A failed update queues nothing.
	err := db.Update(key, func(r *record.Record) error {
		r.Notices = append(r.Notices, record.Notice{Text: "never"})
		return assert.AnError
	})
	require.ErrorIs(t, err, assert.AnError)
	got, err := db.Get(key)
	require.NoError(t, err)
	assert.Empty(t, got.Notices, "notices are not part of the record")

	require.NoError(t, db.Close())
	db, err = Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	pending, err := db.Pending(key)
	require.NoError(t, err)
	require.Len(t, pending, 3)
	assert.Equal(t, []string{"new game", "moved", "reminder"}, []string{pending[0].Text, pending[1].Text, pending[2].Text})
	assert.Less(t, pending[0].Seq, pending[1].Seq)
	assert.Less(t, pending[1].Seq, pending[2].Seq)
	assert.Equal(t, []byte{1, 2, 3}, pending[1].Image)
	assert.Equal(t, key, pending[2].Key)
	last, err := db.LastPending(key)
	require.NoError(t, err)
	assert.Equal(t, pending[2].Seq, last)
	keys, err := db.Outboxes()
	require.NoError(t, err)
	assert.Equal(t, []record.Key{key}, keys)
}

func TestDeliveredNoticesMoveTheLivePost(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	buttons := []record.Button{{Label: "Pass", CustomID: "mortain/pass"}}
	require.NoError(t, db.Enqueue(key,
		record.Notice{Text: "first", Buttons: buttons},
		record.Notice{Text: "a picture asked for"},
		record.Notice{Text: "second", Buttons: buttons},
		record.Notice{Text: "game over", Live: true}))
	pending, err := db.Pending(key)
	require.NoError(t, err)
	require.Len(t, pending, 4)

	strip, err := db.Delivered(key, pending[0].Seq, "m1", true)
	require.NoError(t, err)
	assert.Empty(t, strip, "nothing was live before")
	strip, err = db.Delivered(key, pending[1].Seq, "m2", true)
	require.NoError(t, err)
	assert.Empty(t, strip, "a post that is not live leaves the live one alone")
	strip, err = db.Delivered(key, pending[2].Seq, "m3", true)
	require.NoError(t, err)
	assert.Equal(t, "m1", strip, "the next position takes the buttons")
	strip, err = db.Delivered(key, pending[3].Seq, "m4", true)
	require.NoError(t, err)
	assert.Equal(t, "m3", strip, "the end of the game takes the buttons of the last position")

	strips, err := db.Strips(key)
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"m1", "m3"}, strips, "strips are durable until done")
	require.NoError(t, db.Stripped(key, "m1"))
	strips, err = db.Strips(key)
	require.NoError(t, err)
	assert.Equal(t, []string{"m3"}, strips)
	pending, err = db.Pending(key)
	require.NoError(t, err)
	assert.Empty(t, pending)
	_, err = db.Delivered(key, 1, "again", true)
	assert.ErrorIs(t, err, errNoNotice)

	// A position sent without its buttons (a newer one followed at once)
	// still takes the buttons of the live post, but is not live itself.
	require.NoError(t, db.Enqueue(key, record.Notice{Text: "third", Buttons: buttons}, record.Notice{Text: "fourth", Buttons: buttons}))
	pending, err = db.Pending(key)
	require.NoError(t, err)
	_, err = db.Delivered(key, pending[0].Seq, "m5", true)
	require.NoError(t, err)
	strip, err = db.Delivered(key, pending[1].Seq, "m6", false)
	require.NoError(t, err)
	assert.Equal(t, "m5", strip)
	require.NoError(t, db.Enqueue(key, record.Notice{Text: "fifth", Buttons: buttons}))
	pending, err = db.Pending(key)
	require.NoError(t, err)
	strip, err = db.Delivered(key, pending[0].Seq, "m7", true)
	require.NoError(t, err)
	assert.Empty(t, strip, "the post sent without buttons was not live")
}

func TestAReminderCountsAsSentOnlyOnceDelivered(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(key, 2)))
	require.NoError(t, db.Update(key, func(r *record.Record) error {
		r.Notices = []record.Notice{{Text: "Reminder", Mark: "reminded", MarkValue: "0"}}
		return nil
	}))
	rec, err := db.Get(key)
	require.NoError(t, err)
	assert.False(t, rec.Meta.Reminded.At(0), "queued is not sent")
	pending, err := db.Pending(key)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	_, err = db.Delivered(key, pending[0].Seq, "m1", true)
	require.NoError(t, err)
	rec, err = db.Get(key)
	require.NoError(t, err)
	assert.True(t, rec.Meta.Reminded.At(0))
	assert.Equal(t, "fast", rec.Meta.Pace)
}

func TestAReminderSetAsideCountsAsSent(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(key, 2)))
	require.NoError(t, db.Update(key, func(r *record.Record) error {
		r.Notices = []record.Notice{{Text: "Reminder", Mark: "reminded", MarkValue: "0"}}
		return nil
	}))
	pending, err := db.Pending(key)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	require.NoError(t, db.Undeliverable(key, pending[0].Seq, "blocked by AutoMod"))
	rec, err := db.Get(key)
	require.NoError(t, err)
	assert.True(t, rec.Meta.Reminded.At(0), "a reminder Discord refused counts as given")
	aside, err := db.UndeliverableNotices(key)
	require.NoError(t, err)
	require.Len(t, aside, 1)
	assert.Equal(t, "blocked by AutoMod", aside[0].Failure)
	require.NoError(t, db.Undeliverable(key, pending[0].Seq, "again"), "a notice no longer queued")
}

func TestAFailedNoticeStaysQueuedWithItsReason(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Enqueue(key, record.Notice{Text: "a"}, record.Notice{Text: "b\nc"}))
	pending, err := db.Pending(key)
	require.NoError(t, err)
	require.NoError(t, db.Failed(key, pending[0].Seq, "Missing Permissions"))
	require.NoError(t, db.Failed(key, pending[0].Seq, "Missing Access"))
	require.NoError(t, db.SentPart(key, pending[1].Seq, 1))
	again, err := db.Pending(key)
	require.NoError(t, err)
	require.Len(t, again, 2)
	assert.Equal(t, "Missing Access", again[0].Failure)
	assert.False(t, again[0].FailedAt.IsZero())
	assert.Equal(t, 1, again[1].Sent)
}

func TestAbandonArchivesWithoutStatsAndDropsNotices(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	rec := newRecord(key, 3)
	rec.Seats[rules.German] = record.Seat{UserID: "u2", Name: "Bert"}
	rec.Notices = []record.Notice{{Text: "new game"}}
	require.NoError(t, db.Create(rec))
	f, err := db.Abandon(key)
	require.NoError(t, err)
	assert.Equal(t, rules.NoSide, f.Winner)
	assert.Equal(t, rules.Outcome{End: rules.Abandoned}, f.Outcome)
	_, err = db.Get(key)
	assert.ErrorIs(t, err, record.ErrNotFound)
	stats, err := db.Stats("g")
	require.NoError(t, err)
	assert.Empty(t, stats, "an abandoned game changes no record")
	pending, err := db.Pending(key)
	require.NoError(t, err)
	assert.Empty(t, pending)
	arch, err := db.Archive("g", 0)
	require.NoError(t, err)
	require.Len(t, arch, 1)
	assert.Equal(t, rules.Outcome{End: rules.Abandoned}, arch[0].Outcome)
}

func TestNonceSequenceNeverRepeatsAfterAChannelIsDropped(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Enqueue(key, record.Notice{Text: "a"}))
	first, err := db.LastPending(key)
	require.NoError(t, err)
	require.NoError(t, db.DropNotices(key))
	require.NoError(t, db.Enqueue(key, record.Notice{Text: "b"}))
	second, err := db.LastPending(key)
	require.NoError(t, err)
	assert.Greater(t, second, first)
}

func TestANoticeForTheParentChannelIsQueuedThereInTheSameCommit(t *testing.T) {
	db, _ := openTemp(t, Options{})
	thread := record.Key{Guild: "g", Channel: "thread"}
	parent := record.Key{Guild: "g", Channel: "parent"}
	rec := newRecord(thread, 1)
	rec.Notices = []record.Notice{{Text: "in the thread"}, {Key: parent, Text: "a game started"}}
	require.NoError(t, db.Create(rec))
	here, err := db.Pending(thread)
	require.NoError(t, err)
	require.Len(t, here, 1)
	assert.Equal(t, "in the thread", here[0].Text)
	there, err := db.Pending(parent)
	require.NoError(t, err)
	require.Len(t, there, 1)
	assert.Equal(t, "a game started", there[0].Text)
	assert.Equal(t, parent, there[0].Key)

	_, err = db.Finish(thread, record.Notice{Key: record.Key{Guild: "other", Channel: "x"}, Text: "elsewhere"})
	require.ErrorContains(t, err, "another server", "a notice never leaves its server's file")
}
