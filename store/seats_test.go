package store

import (
	"sort"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// requireSeatsIndexed checks the seats index against the running games:
// an entry for every member seated in one, and no other entry.
func requireSeatsIndexed(t *testing.T, db *DB) {
	t.Helper()
	keys, err := db.Running()
	require.NoError(t, err)
	want := map[string]bool{}
	for _, k := range keys {
		rec, err := db.Get(k)
		require.NoError(t, err)
		for u := range seated(rec.Seats) {
			want[string(seatKey(k, u))] = true
		}
	}
	got := map[string]bool{}
	require.NoError(t, db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSeats).ForEach(func(k, _ []byte) error { got[string(k)] = true; return nil })
	}))
	assert.Equal(t, want, got, "the seats index")
}

// gamesOf is GamesOf's channels, sorted.
func gamesOf(t *testing.T, db *DB, guild, user string) []string {
	t.Helper()
	keys, err := db.GamesOf(guild, user)
	require.NoError(t, err)
	var out []string
	for _, k := range keys {
		require.Equal(t, guild, k.Guild)
		out = append(out, k.Channel)
	}
	sort.Strings(out)
	return out
}

// A member's games are read from the index, which every commit keeps in
// step: a new game, a seat taken over, a game finished, one ended in its
// last step, one abandoned, one set aside.
func TestSeatsIndexFollowsEveryCommit(t *testing.T) {
	db, _ := openTemp(t, Options{})
	seats := func(us, ger string) map[rules.Side]record.Seat {
		return map[rules.Side]record.Seat{rules.US: {UserID: us}, rules.German: {UserID: ger}}
	}
	for i, g := range []struct {
		key     record.Key
		us, ger string
	}{
		{record.Key{Guild: "g1", Channel: "c1"}, "ann", "bob"},
		{record.Key{Guild: "g1", Channel: "c2"}, "ann", "ann"}, // against herself
		{record.Key{Guild: "g1", Channel: "c3"}, "bob", "cat"},
		{record.Key{Guild: "g1", Channel: "c4"}, "ann", "dan"},
		{record.Key{Guild: "g1", Channel: "c5"}, "ann", "eve"},
		{record.Key{Guild: "g2", Channel: "c6"}, "ann", "bob"},
		{record.Key{Guild: "g1", Channel: "th/7"}, "ann", ""}, // an open seat
	} {
		rec := newRecord(g.key, uint64(i))
		rec.Seats = seats(g.us, g.ger)
		require.NoError(t, db.Create(rec))
	}
	rec := newRecord(record.Key{Guild: "g1", Channel: "c8"}, 9)
	rec.Seats = map[rules.Side]record.Seat{rules.US: {UserID: "ann"}, rules.German: {AI: "hard"}}
	require.NoError(t, db.Create(rec))
	requireSeatsIndexed(t, db)
	assert.Equal(t, []string{"c1", "c2", "c4", "c5", "c8", "th/7"}, gamesOf(t, db, "g1", "ann"))
	assert.Equal(t, []string{"c6"}, gamesOf(t, db, "g2", "ann"))
	assert.Empty(t, gamesOf(t, db, "g3", "ann"))
	assert.Equal(t, []string{"c1", "c3"}, gamesOf(t, db, "g1", "bob"))

	// fin takes over ann's seat in c1; the open seat of th/7 is taken.
	require.NoError(t, db.Update(record.Key{Guild: "g1", Channel: "c1"}, func(r *record.Record) error {
		r.Seats[rules.US] = record.Seat{UserID: "fin"}
		return nil
	}))
	require.NoError(t, db.Update(record.Key{Guild: "g1", Channel: "th/7"}, func(r *record.Record) error {
		r.Seats[rules.German] = record.Seat{UserID: "bob"}
		return nil
	}))
	assert.Equal(t, []string{"c1"}, gamesOf(t, db, "g1", "fin"))
	assert.Equal(t, []string{"c1", "c3", "th/7"}, gamesOf(t, db, "g1", "bob"))
	// A seat given to the AI leaves the member's list.
	require.NoError(t, db.Update(record.Key{Guild: "g1", Channel: "c8"}, func(r *record.Record) error {
		r.Seats[rules.US] = record.Seat{AI: "hard"}
		return nil
	}))

	_, err := db.Finish(record.Key{Guild: "g1", Channel: "c2"})
	require.NoError(t, err)
	require.NoError(t, db.Update(record.Key{Guild: "g1", Channel: "c4"}, func(r *record.Record) error {
		if err := r.Game.Resign(rules.US); err != nil {
			return err
		}
		r.End = func(_ *record.Finished, n []record.Notice) []record.Notice { return n }
		return nil
	}))
	_, err = db.Abandon(record.Key{Guild: "g1", Channel: "c5"})
	require.NoError(t, err)
	assert.Equal(t, []string{"th/7"}, gamesOf(t, db, "g1", "ann"))
	requireSeatsIndexed(t, db)

	// A game whose record no longer decodes is set aside, and leaves the
	// index with it.
	require.NoError(t, db.bolt.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketRunning).Bucket([]byte("g1/c3")).Put(keyRecord, []byte("{not json"))
	}))
	db.games = games{} // forget the cached record
	_, err = db.Get(record.Key{Guild: "g1", Channel: "c3"})
	require.ErrorIs(t, err, record.ErrSetAside)
	assert.Equal(t, []string{"c1", "th/7"}, gamesOf(t, db, "g1", "bob"))
	requireSeatsIndexed(t, db)
}

// The upgrade to schema 5 indexes every running game of the older file,
// and a file of schema 3 opened read-only (doctor, export) lists a
// member's games without the index.
func TestUpgradeIndexesTheSeats(t *testing.T) {
	path := copyFixture3(t)
	ro, err := Open(path, Options{ReadOnly: true})
	require.NoError(t, err)
	before := gamesOf(t, ro, "500", "10")
	require.NoError(t, ro.Close())
	require.NotEmpty(t, before)

	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	requireSeatsIndexed(t, db)
	assert.Equal(t, before, gamesOf(t, db, "500", "10"))
}
