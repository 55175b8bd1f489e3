package store

import (
	"bytes"
	"encoding/binary"
	"sort"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// requireDueIndexed checks the due index against the running games: one
// entry for each, at the time its bucket keeps, and no other entry.
func requireDueIndexed(t *testing.T, db *DB) {
	t.Helper()
	require.NoError(t, db.bolt.View(func(tx *bolt.Tx) error {
		want := map[string]bool{}
		running := tx.Bucket(bucketRunning)
		require.NoError(t, running.ForEachBucket(func(name []byte) error {
			at := running.Bucket(name).Get(keyDue)
			require.Len(t, at, 8, "the running game %s has a due time", name)
			want[string(append(bytes.Clone(at), name...))] = true
			return nil
		}))
		got := map[string]bool{}
		require.NoError(t, tx.Bucket(bucketDue).ForEach(func(k, _ []byte) error { got[string(k)] = true; return nil }))
		assert.Equal(t, want, got, "the due index")
		return nil
	}))
}

// dueAt lists the channels due at t, sorted.
func dueAt(t *testing.T, db *DB, at time.Time) []string {
	t.Helper()
	keys, err := db.Due(at)
	require.NoError(t, err)
	var out []string
	for _, k := range keys {
		out = append(out, k.Channel)
	}
	sort.Strings(out)
	return out
}

// A timer check reads only the games due: a game is due at once when it
// is created or changed, SetDue puts it off until its next timer (unless
// it changed since the check read it), and a game that ends leaves the
// index.
func TestDueIndexListsOnlyTheGamesDue(t *testing.T) {
	db, _ := openTemp(t, Options{})
	keys := map[string]record.Key{}
	for i, ch := range []string{"a", "b", "c", "d"} {
		keys[ch] = record.Key{Guild: "g1", Channel: ch}
		require.NoError(t, db.Create(newRecord(keys[ch], uint64(i))))
	}
	now := time.Now().Add(time.Second)
	assert.Equal(t, []string{"a", "b", "c", "d"}, dueAt(t, db, now))
	requireDueIndexed(t, db)

	later := now.Add(2 * time.Hour)
	for _, ch := range []string{"a", "b", "c", "d"} {
		rec, err := db.Get(keys[ch])
		require.NoError(t, err)
		require.NoError(t, db.SetDue(keys[ch], later, rec.Updated))
	}
	assert.Empty(t, dueAt(t, db, now), "nothing is due before the timers")
	assert.Equal(t, []string{"a", "b", "c", "d"}, dueAt(t, db, later))

	// A move makes its game due at once; a check that read the game
	// before the move does not put it off.
	stale, err := db.Get(keys["b"])
	require.NoError(t, err)
	require.NoError(t, db.Update(keys["b"], func(r *record.Record) error { return playOne(r.Game, rules.NewRandomPlayer(1)) }))
	require.NoError(t, db.SetDue(keys["b"], later, stale.Updated))
	assert.Equal(t, []string{"b"}, dueAt(t, db, time.Unix(0, 0)), "due whatever the clock of the check")

	// b, changed, is due before any timer; then c, whose timer passed.
	rec, err := db.Get(keys["c"])
	require.NoError(t, err)
	require.NoError(t, db.SetDue(keys["c"], now.Add(-time.Minute), rec.Updated))
	due, err := db.Due(time.Now().Add(time.Second))
	require.NoError(t, err)
	assert.Equal(t, []record.Key{keys["b"], keys["c"]}, due)

	// Games that end leave the index.
	_, err = db.Finish(keys["a"])
	require.NoError(t, err)
	_, err = db.Abandon(keys["b"])
	require.NoError(t, err)
	require.NoError(t, db.Update(keys["c"], func(r *record.Record) error {
		if err := r.Game.Resign(rules.US); err != nil {
			return err
		}
		r.End = func(_ *record.Finished, n []record.Notice) []record.Notice { return n }
		return nil
	}))
	require.NoError(t, db.bolt.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketRunning).Bucket([]byte("g1/d")).Put(keyRecord, []byte("{not json"))
	}))
	db.games = games{}
	_, err = db.Get(keys["d"])
	require.ErrorIs(t, err, record.ErrSetAside)
	assert.Empty(t, dueAt(t, db, later.Add(time.Hour)))
	requireDueIndexed(t, db)
	assert.ErrorIs(t, db.SetDue(keys["a"], later, time.Time{}), record.ErrNotFound)
}

// A time before 1970 (never a timer's) is due at once rather than late.
func TestDueKeyOrdersByTime(t *testing.T) {
	early, late := dueKey(time.Unix(10, 0), "g/z"), dueKey(time.Unix(20, 0), "g/a")
	assert.Negative(t, bytes.Compare(early, late))
	assert.Zero(t, binary.BigEndian.Uint64(dueKey(time.Unix(-5, 0), "g/c")[:8]))
}

// requireHeads checks that every running game's stored head is its
// record's, read without decoding the games.
func requireHeads(t *testing.T, db *DB) {
	t.Helper()
	heads, err := db.Heads()
	require.NoError(t, err)
	keys, err := db.Running()
	require.NoError(t, err)
	require.Len(t, heads, len(keys))
	for _, h := range heads {
		rec, err := db.Get(h.Key)
		require.NoError(t, err)
		want := rec.Head()
		if len(want.Seats) == 0 {
			want.Seats = nil
		}
		assert.Equal(t, want, h, "the head of %s", h.Key)
	}
}

// Resuming reads the games' heads, not the games: with no record decoded
// since Open, the heads say who sits where, whose turn it is and whether
// an AI-vs-AI game paused.
func TestHeadsAreReadWithoutTheGames(t *testing.T) {
	db, path := openTemp(t, Options{})
	ai := newRecord(record.Key{Guild: "g", Channel: "ai"}, 3)
	ai.Seats = map[rules.Side]record.Seat{rules.US: {AI: "easy"}, rules.German: {AI: "hard"}}
	ai.Meta.AIPaused = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	require.NoError(t, db.Create(ai))
	people := newRecord(record.Key{Guild: "g", Channel: "people"}, 4)
	require.NoError(t, db.Create(people))
	require.NoError(t, db.Update(people.Key, func(r *record.Record) error {
		play(t, r.Game, rules.NewRandomPlayer(2), 5)
		r.Seats[rules.German] = record.Seat{UserID: "u2"}
		return nil
	}))
	other := newRecord(record.Key{Guild: "g2", Channel: "x"}, 5)
	other.Meta.Parent = "lobby"
	require.NoError(t, db.Create(other))
	requireHeads(t, db)
	require.NoError(t, db.Close())

	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	heads, err := db.Heads()
	require.NoError(t, err)
	decoded, _ := db.RecordsRead()
	assert.Zero(t, decoded, "records decoded to read the heads")
	byKey := map[string]record.Head{}
	for _, h := range heads {
		byKey[h.Key.Channel] = h
	}
	assert.Equal(t, ai.Meta.AIPaused, byKey["ai"].AIPaused)
	assert.Equal(t, record.Seat{UserID: "u2"}, byKey["people"].Seats[rules.German])
	rec, err := db.Get(people.Key)
	require.NoError(t, err)
	assert.Equal(t, rec.Game.State.ToAct(), byKey["people"].ToAct)
	assert.Equal(t, "lobby", byKey["x"].Parent)
	requireHeads(t, db)

	// One server's heads: the other's are not read.
	of, err := db.HeadsOf("g")
	require.NoError(t, err)
	assert.Len(t, of, 2)
	of, err = db.HeadsOf("g2")
	require.NoError(t, err)
	require.Len(t, of, 1)
	assert.Equal(t, record.Key{Guild: "g2", Channel: "x"}, of[0].Key)
}

// The outbox's state counts the notices waiting, their channels and the
// time the oldest was queued.
func TestOutboxStateCountsWhatWaits(t *testing.T) {
	db, _ := openTemp(t, Options{})
	st, err := db.Outbox()
	require.NoError(t, err)
	assert.Equal(t, OutboxState{}, st)
	a, b := record.Key{Guild: "g", Channel: "a"}, record.Key{Guild: "g", Channel: "b"}
	require.NoError(t, db.Enqueue(a, record.Notice{Text: "1"}, record.Notice{Text: "2"}))
	first, err := db.Pending(a)
	require.NoError(t, err)
	require.NoError(t, db.Enqueue(b, record.Notice{Text: "3"}))
	st, err = db.Outbox()
	require.NoError(t, err)
	assert.Equal(t, 3, st.Notices)
	assert.Equal(t, 2, st.Channels)
	assert.True(t, st.Oldest.Equal(first[0].Created), "the oldest is the first queued")
	_, err = db.Delivered(a, first[0].Seq, "m1", true)
	require.NoError(t, err)
	_, err = db.Delivered(a, first[1].Seq, "m2", true)
	require.NoError(t, err)
	st, err = db.Outbox()
	require.NoError(t, err)
	assert.Equal(t, 1, st.Notices)
	assert.Equal(t, 1, st.Channels)
}
