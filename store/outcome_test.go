package store

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// fixtureReleaseEnds is a database written by the release before typed
// outcomes (commit 4246448): in guild g1, games archived resigned by the
// US ("resign-us") and by the German ("resign-german", in Japanese), lost
// on time by the German ("on-time"), aborted, abandoned and played out to
// R8.4 ("played"); a game resigned by the US but not archived
// ("unarchived", as a release stopped between the two left it) and a
// running one ("running").
const fixtureReleaseEnds = "testdata/release-ends.db"

// openFixture opens a copy of a fixture database.
func openFixture(t *testing.T, name string) *DB {
	t.Helper()
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "mortain.db")
	require.NoError(t, os.WriteFile(path, data, 0o600))
	db, err := Open(path, Options{})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// The archive of the release before typed outcomes reads with each game's
// end typed: who resigned, who lost on time, aborted, abandoned, played
// out by R8.4; a game it left resigned but not archived is archived so.
func TestPreviousReleaseArchiveReadsTyped(t *testing.T) {
	db := openFixture(t, fixtureReleaseEnds)
	done, err := db.ArchiveEnded()
	require.NoError(t, err)
	assert.Equal(t, []record.Key{{Guild: "g1", Channel: "unarchived"}}, done)
	arch, err := db.Archive("g1", 0)
	require.NoError(t, err)
	got := map[string]rules.Outcome{}
	for _, f := range arch {
		got[f.Key.Channel] = f.Outcome
		assert.Equal(t, f.Outcome.Winner, f.Winner, f.Key.Channel)
	}
	assert.Equal(t, map[string]rules.Outcome{
		"resign-us":     {End: rules.Resigned, Winner: rules.German},
		"resign-german": {End: rules.Resigned, Winner: rules.US},
		"on-time":       {End: rules.LostOnTime, Winner: rules.US},
		"aborted":       {End: rules.Aborted},
		"abandoned":     {End: rules.Abandoned},
		"played":        {End: rules.PlayedOut, Winner: rules.US, Reason: rules.ReasonR8_4},
		"unarchived":    {End: rules.Resigned, Winner: rules.German},
	}, got)
	problems, err := db.Verify()
	require.NoError(t, err)
	assert.Empty(t, problems)
}

// A resignation and a loss on time are steps of the game's history: the
// store keeps them in the game's log, and the game is archived with the
// outcome they give, not with settings.
func TestResignationStepIsArchived(t *testing.T) {
	db, _ := openTemp(t, Options{})
	for i, c := range []struct {
		end  func(g *rules.Game) error
		want rules.Outcome
	}{
		{func(g *rules.Game) error { return g.Resign(rules.US) }, rules.Outcome{End: rules.Resigned, Winner: rules.German}},
		{func(g *rules.Game) error { return g.LoseOnTime(rules.US) }, rules.Outcome{End: rules.LostOnTime, Winner: rules.German}},
	} {
		k := record.Key{Guild: "g", Channel: c.want.End.String()}
		r := newRecord(k, uint64(40+i))
		r.Seats = map[rules.Side]record.Seat{rules.US: {UserID: "u1"}, rules.German: {UserID: "u2"}}
		require.NoError(t, db.Create(r))
		require.NoError(t, db.Update(k, func(r *record.Record) error { return c.end(r.Game) }))
		rec := requireReplays(t, db, k)
		assert.Equal(t, c.want, rec.Outcome())
		assert.Equal(t, rules.NoSide, rec.Meta.Resigned)
		f, err := db.Finish(k)
		require.NoError(t, err)
		assert.Equal(t, c.want, f.Outcome)
		assert.Equal(t, rules.German, f.Winner)
		last, err := db.LastFinished(k)
		require.NoError(t, err)
		assert.Equal(t, c.want, last.Outcome)
	}
	stats, err := db.Stats("g")
	require.NoError(t, err)
	for _, s := range stats {
		if s.UserID == "u2" {
			assert.Equal(t, 2, s.Wins[rules.German])
		}
	}
}

// An archived game is stored with its outcome typed, and no reason
// sentence.
func TestArchiveStoresTheOutcome(t *testing.T) {
	db, _ := openTemp(t, Options{})
	k := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(k, 50)))
	_, err := db.Finish(k)
	require.NoError(t, err)
	var raw []byte
	require.NoError(t, db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketArchive).Bucket([]byte("g")).ForEachBucket(func(seq []byte) error {
			raw = append([]byte(nil), tx.Bucket(bucketArchive).Bucket([]byte("g")).Bucket(seq).Get(keyFinished)...)
			return nil
		})
	}))
	var fields map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &fields))
	assert.JSONEq(t, `{"end":"aborted"}`, string(fields["outcome"]))
	assert.NotContains(t, fields, "reason")
}
