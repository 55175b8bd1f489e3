package store

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

const fixtureSchema0 = "testdata/schema0.db"

// fixtureScenario is the scenario the fixture's games were saved with:
// the built-in one of that time, before the balance change of
// docs/balance.md. A saved game keeps its own copy of the scenario, so the
// migrated games must keep these factors. The rules' tests keep the same
// file as the first reconstruction of the scenario.
const fixtureScenario = "../rules/testdata/reconstruction.json"

// fixtureRecords are the games of the schema 0 fixture, rebuilt the same
// way every time. The fixture's settings are {"reminder": "12h"}, a name
// no version read (dropped by the upgrade), none, and {"pace": "slow"}.
func fixtureRecords(t testing.TB) []*record.Record {
	t.Helper()
	data, err := os.ReadFile(fixtureScenario)
	require.NoError(t, err)
	sc, err := rules.ParseScenario(data)
	require.NoError(t, err)
	at := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	mk := func(guild, channel string, seed uint64, steps int, seats map[rules.Side]record.Seat, meta record.Meta) *record.Record {
		g := rules.NewGame(sc, rules.Options{}, seed)
		play(t, g, rules.NewRandomPlayer(seed), steps)
		return &record.Record{Key: record.Key{Guild: guild, Channel: channel}, Game: g, Seats: seats, Meta: meta,
			Created: at, Updated: at.Add(time.Duration(steps) * time.Minute)}
	}
	return []*record.Record{
		mk("111", "222", 5, 60, map[rules.Side]record.Seat{rules.US: {UserID: "9", Name: "Ann"}, rules.German: {AI: "random"}},
			record.Meta{}),
		mk("111", "333", 6, 0, map[rules.Side]record.Seat{rules.US: {UserID: "9", Name: "Ann"}, rules.German: {UserID: "8", Name: "Bert"}}, record.Meta{}),
		mk("local", "terminal", 7, 25, nil, record.Meta{Pace: "slow"}),
	}
}

// writeSchema0 writes records in the layout of schema 0: one flat bucket
// "games", no meta bucket.
func writeSchema0(t testing.TB, path string, recs []*record.Record) {
	t.Helper()
	bdb, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	defer bdb.Close()
	require.NoError(t, bdb.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket(bucketGamesV0)
		if err != nil {
			return err
		}
		for _, r := range recs {
			game, err := r.Game.MarshalJSON()
			if err != nil {
				return err
			}
			v := recordV0{Guild: r.Key.Guild, Channel: r.Key.Channel, Settings: map[string]string{"pace": r.Meta.Pace},
				Created: r.Created, Updated: r.Updated, Game: game}
			for side, seat := range r.Seats {
				if v.Seats == nil {
					v.Seats = map[string]record.Seat{}
				}
				v.Seats[side.String()] = seat
			}
			data, err := json.Marshal(v)
			if err != nil {
				return err
			}
			if err := b.Put([]byte(r.Key.String()), data); err != nil {
				return err
			}
		}
		return nil
	}))
}

// TestWriteFixtureSchema0 regenerates the fixture when
// MORTAIN_WRITE_FIXTURE is set.
func TestWriteFixtureSchema0(t *testing.T) {
	if os.Getenv("MORTAIN_WRITE_FIXTURE") == "" {
		t.Skip("set MORTAIN_WRITE_FIXTURE=1 to rewrite " + fixtureSchema0)
	}
	require.NoError(t, os.MkdirAll("testdata", 0o755))
	os.Remove(fixtureSchema0)
	writeSchema0(t, fixtureSchema0, fixtureRecords(t))
}

func TestMigrateFromSchema0(t *testing.T) {
	orig, err := os.ReadFile(fixtureSchema0)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "mortain.db")
	require.NoError(t, os.WriteFile(path, orig, 0o600))

	db, err := Open(path, Options{})
	require.NoError(t, err)
	keys, err := db.Running()
	require.NoError(t, err)
	want := fixtureRecords(t)
	require.Len(t, keys, len(want))
	for _, w := range want {
		got := requireReplays(t, db, w.Key)
		assert.Equal(t, gameJSON(t, w.Game), gameJSON(t, got.Game))
		assert.Equal(t, len(w.Seats), len(got.Seats))
		for side, seat := range w.Seats {
			assert.Equal(t, seat, got.Seats[side])
		}
		assert.Equal(t, w.Meta, got.Meta)
		assert.True(t, w.Created.Equal(got.Created))
		assert.True(t, w.Updated.Equal(got.Updated))
		log, err := db.History(w.Key)
		require.NoError(t, err)
		for _, s := range log {
			assert.True(t, w.Updated.Equal(s.At), "the migrated log is timed at the last update")
		}
	}
	// The migrated games play on.
	key := want[0].Key
	require.NoError(t, db.Update(key, func(r *record.Record) error { return playOne(r.Game, rules.NewRandomPlayer(1)) }))
	requireReplays(t, db, key)
	require.NoError(t, db.Close())

	// The file is now of the current schema, the old layout is gone, and the original
	// was kept beside it.
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	require.NoError(t, bdb.View(func(tx *bolt.Tx) error {
		assert.Equal(t, strconv.Itoa(SchemaVersion), string(tx.Bucket(bucketMeta).Get(keySchema)))
		assert.NotNil(t, tx.Bucket(bucketOutbox))
		assert.Nil(t, tx.Bucket(bucketGamesV0))
		return nil
	}))
	require.NoError(t, bdb.Close())
	bak := path + ".schema0.bak"
	bdb, err = bolt.Open(bak, 0o600, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	require.NoError(t, bdb.View(func(tx *bolt.Tx) error {
		assert.Nil(t, tx.Bucket(bucketMeta), "the copy is the old schema")
		assert.Equal(t, len(want), tx.Bucket(bucketGamesV0).Stats().KeyN)
		return nil
	}))
	require.NoError(t, bdb.Close())

	// Opening again does not migrate again.
	require.NoError(t, os.Remove(bak))
	db, err = Open(path, Options{})
	require.NoError(t, err)
	require.NoError(t, db.Close())
	assert.NoFileExists(t, bak)
}

func TestFailedMigrationLeavesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mortain.db")
	recs := fixtureRecords(t)[:1]
	recs = append(recs, &record.Record{Key: record.Key{Guild: "g", Channel: "c"}, Game: recs[0].Game})
	writeSchema0(t, path, recs)
	// Damage the second game's JSON.
	bdb, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, bdb.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketGamesV0).Put([]byte("g/c"), []byte(`{"guild":"g","channel":"c","game":{"schema":1,`))
	}))
	require.NoError(t, bdb.Close())
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	_, err = Open(path, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "upgrading it failed")
	assert.Contains(t, err.Error(), "g/c")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "the file is as it was")
}
