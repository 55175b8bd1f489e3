package store

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixtureSchema4 is a database written by the last release of schema 4
// (fixture_schema4_test.go says how).
const fixtureSchema4 = "testdata/schema4.db"

// A database written by the release of schema 4 is read as it is by the
// read-only tools and upgraded on open: every running game keeps its
// record and replays, its seated members are indexed, the archive reads
// as before (played out, resigned, lost on time, abandoned, ended in its
// last step), the reminder queued before the upgrade still sets its mark,
// and the file is of the current schema with the old one kept beside it.
func TestMigrateFromSchema4(t *testing.T) {
	data, err := os.ReadFile(fixtureSchema4)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "mortain.db")
	require.NoError(t, os.WriteFile(path, data, 0o600))

	ro, err := Open(path, Options{ReadOnly: true})
	require.NoError(t, err)
	assert.Equal(t, []string{"701", "702"}, gamesOf(t, ro, "500", "10"), "a schema 4 file read as it is")
	running, err := ro.Running()
	require.NoError(t, err)
	before := map[record.Key]*record.Record{}
	for _, k := range running {
		before[k] = requireReplays(t, ro, k)
	}
	require.NoError(t, ro.Close())
	requireSchema(t, path, 4)
	require.Len(t, before, 6)

	db, err := Open(path, Options{})
	require.NoError(t, err)
	for k, rec := range before {
		got := requireReplays(t, db, k)
		assert.Equal(t, rec.Meta, got.Meta, "%s", k)
		assert.Equal(t, rec.Seats, got.Seats, "%s", k)
	}
	requireSeatsIndexed(t, db)
	requireDueIndexed(t, db)
	requireHeads(t, db)
	due, err := db.Due(time.Now())
	require.NoError(t, err)
	assert.Len(t, due, len(before), "every running game is due at the upgrade")
	assert.Equal(t, []string{"701", "702"}, gamesOf(t, db, "500", "10"))
	assert.Equal(t, []string{"801"}, gamesOf(t, db, "501", "10"))
	assert.Equal(t, []string{"701", "703"}, gamesOf(t, db, "500", "20"))
	assert.Equal(t, []string{"702"}, gamesOf(t, db, "500", "30"))

	archive, err := db.Archive("500", 0)
	require.NoError(t, err)
	outcomes := map[string]rules.Outcome{}
	for _, f := range archive {
		outcomes[f.Key.Channel] = f.Outcome
	}
	assert.Equal(t, rules.PlayedOut, outcomes["705"].End)
	assert.Equal(t, rules.Outcome{End: rules.Resigned, Winner: rules.US}, outcomes["706"])
	assert.Equal(t, rules.Outcome{End: rules.LostOnTime, Winner: rules.German}, outcomes["707"])
	assert.Equal(t, rules.Outcome{End: rules.Abandoned}, outcomes["708"])
	assert.Equal(t, rules.Outcome{End: rules.Resigned, Winner: rules.German}, outcomes["709"])
	problems, err := db.Verify()
	require.NoError(t, err)
	assert.Empty(t, problems)

	key := record.Key{Guild: "500", Channel: "701"}
	rec := requireQueuedReminderMarks(t, db, key, 40)
	assert.Equal(t, time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC), rec.Meta.German.PausedUntil)
	// The games play on; a seat taken over moves in the index.
	require.NoError(t, db.Update(key, func(r *record.Record) error {
		r.Seats[rules.US] = record.Seat{UserID: "40"}
		return playOne(r.Game, rules.NewRandomPlayer(1))
	}))
	requireReplays(t, db, key)
	assert.Equal(t, []string{"702"}, gamesOf(t, db, "500", "10"))
	assert.Equal(t, []string{"701"}, gamesOf(t, db, "500", "40"))
	require.NoError(t, db.Close())

	requireSchema(t, path, SchemaVersion)
	requireSchema(t, path+".schema4.bak", 4)
}
