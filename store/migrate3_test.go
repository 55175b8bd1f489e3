package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// fixtureSchema3 was written by the release of schema 3
// (fixture_schema3_test.go says how).
const fixtureSchema3 = "testdata/schema3.db"

// copyFixture3 copies the schema 3 fixture into a temporary directory.
func copyFixture3(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(fixtureSchema3)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "mortain.db")
	require.NoError(t, os.WriteFile(path, data, 0o600))
	return path
}

// wantMeta3 is the Meta of each running game of the schema 3 fixture, as
// its settings said.
func wantMeta3() map[record.Key]record.Meta {
	rfc := func(s string) time.Time { t, _ := time.Parse(time.RFC3339, s); return t }
	return map[record.Key]record.Meta{
		{Guild: "500", Channel: "601"}: {Lang: "ja", Posts: "round", Salt: "c2FsdDE", StartedBy: "10", Ranked: true,
			Parent: "600", Forum: true, Acted: rfc("2026-11-20T18:40:00Z"),
			Remind: 12 * time.Hour, RoundLimit: 24 * time.Hour, Deadline: 48 * time.Hour,
			Reminded: record.MarkAt(38), Warned: record.MarkAt(40), Lapsed: record.MarkAt(39), Untold: record.MarkAt(37),
			US:     record.SideMeta{Missed: 2, PausedUntil: rfc("2026-11-19T00:00:00Z"), VacationUsed: time.Hour},
			German: record.SideMeta{PausedUntil: rfc("2030-01-01T00:00:00Z"), VacationUsed: 24 * time.Hour},
			Ping:   record.Ping{At: rfc("2026-11-20T22:00:00Z"), Who: "20", Step: record.MarkAt(40), Text: "Your move, Bert"},
			Pinged: rfc("2026-11-20T17:00:00Z")},
		{Guild: "500", Channel: "602"}: {Lang: "en", Salt: "c2FsdDI", StartedBy: "20", Ranked: true, Level: "hard",
			Unrated: "an AI played a side", US: record.SideMeta{Absent: "10", Missed: 3}, Deadline: 7 * 24 * time.Hour,
			Acted: rfc("2026-11-20T18:30:00Z")},
		{Guild: "500", Channel: "603"}:     {Salt: "c2FsdDM", Level: "hard", Pace: "turn", AIPaused: rfc("2026-11-20T18:20:00Z"), StartedBy: "10"},
		{Guild: "local", Channel: "local"}: {Lang: "en", Level: "hard", Salt: "c2FsdDQ", Remind: 30 * time.Minute},
	}
}

// A database written by the release of schema 3 is upgraded on open: every
// running game's settings become its Meta, field by field; the archive
// (played out, abandoned, resigned, won on time) reads as before; the
// games play on; the file is of the current schema, with the old one kept
// beside it.
func TestMigrateFromSchema3(t *testing.T) {
	path := copyFixture3(t)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	keys, err := db.Running()
	require.NoError(t, err)
	want := wantMeta3()
	assert.Len(t, keys, len(want))
	for key, meta := range want {
		rec := requireReplays(t, db, key)
		assert.Equal(t, meta, rec.Meta, "%s", key)
	}
	archive, err := db.Archive("500", 0)
	require.NoError(t, err)
	outcomes := map[string]rules.Outcome{}
	for _, f := range archive {
		outcomes[f.Key.Channel] = f.Outcome
	}
	assert.Equal(t, rules.Outcome{End: rules.Resigned, Winner: rules.US}, outcomes["606"])
	assert.Equal(t, rules.Outcome{End: rules.LostOnTime, Winner: rules.German}, outcomes["607"])
	assert.Equal(t, rules.Outcome{End: rules.Abandoned}, outcomes["605"])
	assert.Equal(t, rules.PlayedOut, outcomes["604"].End)
	problems, err := db.Verify()
	require.NoError(t, err)
	assert.Empty(t, problems)

	// The reminder queued before the upgrade sets the typed mark once sent.
	key := record.Key{Guild: "500", Channel: "601"}
	requireQueuedReminderMarks(t, db, key, 40)
	// The games play on, and resign.
	require.NoError(t, db.Update(key, func(r *record.Record) error { return playOne(r.Game, rules.NewRandomPlayer(1)) }))
	requireReplays(t, db, key)
	require.NoError(t, db.Update(key, func(r *record.Record) error { return r.Game.Resign(rules.German) }))
	f, err := db.Finish(key)
	require.NoError(t, err)
	assert.Equal(t, rules.US, f.Winner)
	assert.Equal(t, "ja", f.Lang)
	assert.Equal(t, "c2FsdDE", f.Salt)
	require.NoError(t, db.Close())

	requireSchema(t, path, SchemaVersion)
	requireSchema(t, path+".schema3.bak", 3)
}

// requireQueuedReminderMarks delivers the one reminder queued for key
// before an upgrade and checks that it sets the typed mark of step on
// the game, which it returns.
func requireQueuedReminderMarks(t *testing.T, db *DB, key record.Key, step int) *record.Record {
	t.Helper()
	pending, err := db.Pending(key)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	_, err = db.Delivered(key, pending[0].Seq, "m1", true)
	require.NoError(t, err)
	rec, err := db.Get(key)
	require.NoError(t, err)
	assert.True(t, rec.Meta.Reminded.At(step), "the delivered reminder marks step %d", step)
	return rec
}

// requireSchema checks the schema version written in the file at path.
func requireSchema(t *testing.T, path string, v int) {
	t.Helper()
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer bdb.Close()
	require.NoError(t, bdb.View(func(tx *bolt.Tx) error {
		assert.Equal(t, strconv.Itoa(v), string(tx.Bucket(bucketMeta).Get(keySchema)))
		return nil
	}))
}

// An upgraded record holds no name-value settings any more.
func TestTheUpgradeWritesNoSettings(t *testing.T) {
	path := copyFixture3(t)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	require.NoError(t, db.Close())
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer bdb.Close()
	require.NoError(t, bdb.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketRunning).ForEachBucket(func(name []byte) error {
			data := tx.Bucket(bucketRunning).Bucket(name).Get(keyRecord)
			assert.NotContains(t, string(data), `"settings"`, "%s", name)
			assert.Contains(t, string(data), `"meta"`, "%s", name)
			return nil
		})
	}))
}

// childUpgradeRecords opens a file of schema 3 and stops for good in the
// upgrade's transaction once it has rewritten a game, after printing
// "rewriting": the parent kills it there.
func childUpgradeRecords(path string) error {
	migrateStage = func(string) {
		fmt.Println("rewriting")
		select {}
	}
	_, err := Open(path, Options{})
	return fmt.Errorf("the upgrade ended: %v", err)
}

// A kill in the middle of the upgrade (games already rewritten in its
// transaction) loses nothing: the file is still of schema 3, and the next
// start upgrades every game.
func TestAKillDuringTheUpgradeLosesNothing(t *testing.T) {
	path := copyFixture3(t)
	cmd, stdin, out := startChild(t, "upgrade-records", path)
	defer stdin.Close()
	require.True(t, out.Scan(), "the child began rewriting the games")
	require.Equal(t, "rewriting", out.Text())
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	cmd.Wait()
	requireSchema(t, path, 3)

	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	for key, meta := range wantMeta3() {
		rec := requireReplays(t, db, key)
		assert.Equal(t, meta, rec.Meta, "%s", key)
	}
	archive, err := db.Archive("500", 0)
	require.NoError(t, err)
	assert.Len(t, archive, 4)
}

// The tools handle a database of schema 3 as well as one of the current
// schema: the read-only ones (doctor, export, backup) read it as it is and
// leave it so; restore takes it as a backup; reshard upgrades and splits
// it. Each result reads the same Meta.
func TestTheToolsHandleSchema3(t *testing.T) {
	path := copyFixture3(t)
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	requireMeta3 := func(db *DB, keys ...record.Key) {
		t.Helper()
		want := wantMeta3()
		for _, key := range keys {
			rec, err := db.Get(key)
			require.NoError(t, err)
			assert.Equal(t, want[key], rec.Meta, "%s", key)
		}
	}
	all := []record.Key{{Guild: "500", Channel: "601"}, {Guild: "500", Channel: "602"}, {Guild: "500", Channel: "603"}, {Guild: "local", Channel: "local"}}

	ro, err := Open(path, Options{ReadOnly: true})
	require.NoError(t, err, "doctor and export open it")
	problems, err := ro.Verify()
	require.NoError(t, err)
	assert.Empty(t, problems)
	requireMeta3(ro, all...)
	backup := filepath.Join(t.TempDir(), "backup.db")
	require.NoError(t, ro.BackupFile(backup))
	require.NoError(t, ro.Close())
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "the read-only tools change nothing")
	requireSchema(t, backup, 3)

	restored := filepath.Join(t.TempDir(), "restored.db")
	_, err = Restore(backup, restored)
	require.NoError(t, err)
	db, err := Open(restored, Options{})
	require.NoError(t, err)
	requireMeta3(db, all...)
	require.NoError(t, db.Close())

	dir := t.TempDir()
	to := []string{filepath.Join(dir, "0.db"), filepath.Join(dir, "1.db")}
	_, err = Reshard([]string{path}, to, Options{})
	require.NoError(t, err)
	found := 0
	for _, p := range to {
		db, err := Open(p, Options{})
		require.NoError(t, err)
		keys, err := db.Running()
		require.NoError(t, err)
		requireMeta3(db, keys...)
		found += len(keys)
		require.NoError(t, db.Close())
	}
	assert.Equal(t, len(all), found)
}

// A value of schema 3 that never read (a time, a number, a side that does
// not parse) was taken for unset, and stays unset; names no version wrote
// are dropped; the rest reads.
func TestMetaFromSettingsKeepsWhatReads(t *testing.T) {
	m := metaFromSettings(map[string]string{"acted": "yesterday", "missed-us": "two", "resigned": "french",
		"deadline": "soon", "reminded": "", "reminder": "12h", "pace": "slow", "deadline-lapsed": "0"})
	assert.Equal(t, record.Meta{Pace: "slow", Lapsed: record.MarkAt(0)}, m)
	assert.True(t, m.Lapsed.At(0), "a mark at step 0 is a mark")
	assert.False(t, m.Reminded.At(0), "an empty mark is none")
}
