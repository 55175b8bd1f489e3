package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// TestOpenAlwaysSyncsCommits opens the database in every commit mode,
// writable and read-only, and checks that bbolt was not told to skip the
// fsync of a commit: with NoSync a crash of the machine (not of the
// process, which keeps the OS cache) loses games that Update reported
// saved. openTemp checks the same for every test database.
func TestOpenAlwaysSyncsCommits(t *testing.T) {
	for _, mode := range []CommitMode{GroupCommit, SingleCommit, BatchCommit} {
		db, path := openTemp(t, Options{Commit: mode})
		assert.False(t, db.bolt.NoSync, "%s commit: bbolt opened with NoSync", mode)
		require.NoError(t, db.Close())
		ro, err := Open(path, Options{ReadOnly: true})
		require.NoError(t, err)
		assert.False(t, ro.bolt.NoSync, "read-only: bbolt opened with NoSync")
		require.NoError(t, ro.Close())
	}
}

// syncEvent is one call of syncFile seen by watchSyncs.
type syncEvent struct {
	name       string // the file synced
	destExists bool   // whether the backup's destination existed then
}

// watchSyncs replaces syncFile for the test: it records every sync with
// whether dest existed at that moment, and returns fail's error instead of
// syncing when fail is set.
func watchSyncs(t *testing.T, dest string, fail error) *[]syncEvent {
	t.Helper()
	var seen []syncEvent
	old := syncFile
	syncFile = func(f *os.File) error {
		_, err := os.Lstat(dest)
		seen = append(seen, syncEvent{name: f.Name(), destExists: err == nil})
		if fail != nil {
			return fail
		}
		return old(f)
	}
	t.Cleanup(func() { syncFile = old })
	return &seen
}

// TestBackupFileSyncsBeforeRename checks the order BackupFile promises:
// the copy is written to a temporary file that is synced before it is
// renamed into place, and the folder is synced after the rename. A copy
// renamed before its data is durable can be an empty or partial file
// under the backup's name after a power cut.
func TestBackupFileSyncsBeforeRename(t *testing.T) {
	db, _ := openTemp(t, Options{})
	require.NoError(t, db.Create(newRecord(record.Key{Guild: "g", Channel: "c"}, 1)))
	dest := filepath.Join(t.TempDir(), "backup.db")
	seen := watchSyncs(t, dest, nil)
	require.NoError(t, db.BackupFile(dest))

	require.Len(t, *seen, 2, "syncs: %+v", *seen)
	tmp, dir := (*seen)[0], (*seen)[1]
	assert.True(t, strings.HasPrefix(filepath.Base(tmp.name), ".backup.db.tmp-"), "first sync %s is not the temporary copy", tmp.name)
	assert.False(t, tmp.destExists, "the copy was synced after it was renamed into place")
	assert.Equal(t, filepath.Dir(dest), dir.name, "second sync is not the folder")
	assert.True(t, dir.destExists, "the folder was synced before the rename")
}

// TestBackupFileFailsWhenTheSyncFails checks that a backup whose data
// could not be made durable is reported as failed and leaves no file
// under the backup's name, nor a temporary file.
func TestBackupFileFailsWhenTheSyncFails(t *testing.T) {
	db, _ := openTemp(t, Options{})
	dest := filepath.Join(t.TempDir(), "backup.db")
	watchSyncs(t, dest, errors.New("input/output error"))
	err := db.BackupFile(dest)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "input/output error")
	left, _ := os.ReadDir(filepath.Dir(dest))
	assert.Empty(t, left, "a failed backup left files")
}

// TestFinishFailsWholeWhenAPlayerRecordCannotBeWritten damages the
// German player's record so that Finish fails after it has updated the
// US player's: the game must stay running, nothing be archived, and the
// US player's record stay as it was (Finish is one commit).
func TestFinishFailsWholeWhenAPlayerRecordCannotBeWritten(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	rec := newRecord(key, 4)
	rec.Seats[rules.German] = record.Seat{UserID: "u2", Name: "Bert"}
	require.NoError(t, db.Create(rec))
	require.NoError(t, db.writeTx(func(tx *bolt.Tx) error {
		b, err := tx.Bucket(bucketStats).CreateBucketIfNotExists([]byte("g"))
		if err != nil {
			return err
		}
		return b.Put([]byte("u2"), []byte("{not json"))
	}))

	_, err := db.Finish(key, record.Notice{Text: "game over"})
	require.Error(t, err, "Finish ignored a failed player-record write")

	got, err := db.Get(key)
	require.NoError(t, err, "the game is no longer running")
	assert.Equal(t, gameJSON(t, rec.Game), gameJSON(t, got.Game))
	arch, err := db.Archive("g", 0)
	require.NoError(t, err)
	assert.Empty(t, arch, "the game was archived")
	pending, err := db.Pending(key)
	require.NoError(t, err)
	assert.Empty(t, pending, "Finish's notice was queued")
	require.NoError(t, db.readTx(func(tx *bolt.Tx) error {
		assert.Nil(t, tx.Bucket(bucketStats).Bucket([]byte("g")).Get([]byte("u1")), "the US player's record was written")
		return nil
	}))
}

// TestAbandonAGameThatNeverQueuedANotice abandons a game whose channel was
// deleted before anything was posted: it has no outbox, and Abandon must
// still archive it, and DropNotices (which the bot calls next) succeed.
func TestAbandonAGameThatNeverQueuedANotice(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(key, 5)))
	require.NoError(t, db.readTx(func(tx *bolt.Tx) error {
		require.Nil(t, tx.Bucket(bucketOutbox).Bucket([]byte(key.String())), "the game has an outbox")
		return nil
	}))
	f, err := db.Abandon(key)
	require.NoError(t, err)
	assert.Equal(t, rules.Outcome{End: rules.Abandoned}, f.Outcome)
	_, err = db.Get(key)
	assert.ErrorIs(t, err, record.ErrNotFound)
	arch, err := db.Archive("g", 0)
	require.NoError(t, err)
	assert.Len(t, arch, 1)
	assert.NoError(t, db.DropNotices(key), "dropping the notices of a channel that has none")
}

// TestGroupCommitKeepsTheGoodUpdates commits three channels' writes as one
// group, the middle one failing: the failing one reports its error and
// writes nothing, the other two commit.
func TestGroupCommitKeepsTheGoodUpdates(t *testing.T) {
	db, _ := openTemp(t, Options{})
	bucket := []byte("group-test")
	put := func(k string, fail error) *commitCall {
		return &commitCall{done: make(chan error, 1), fn: func(tx *bolt.Tx) error {
			b, err := tx.CreateBucketIfNotExists(bucket)
			if err != nil {
				return err
			}
			if err := b.Put([]byte(k), []byte("v")); err != nil {
				return err
			}
			return fail
		}}
	}
	bad := errors.New("this channel's update failed")
	group := []*commitCall{put("a", nil), put("b", bad), put("c", nil)}
	db.gc.run(group)

	assert.NoError(t, <-group[0].done)
	assert.ErrorIs(t, <-group[1].done, bad)
	assert.NoError(t, <-group[2].done)
	require.NoError(t, db.readTx(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		require.NotNil(t, b, "nothing was committed")
		assert.NotNil(t, b.Get([]byte("a")), "a good update was lost")
		assert.Nil(t, b.Get([]byte("b")), "the failed update was written")
		assert.NotNil(t, b.Get([]byte("c")), "a good update was lost")
		return nil
	}))
}

// TestGroupCommitSharesOneTransaction checks the other half of group
// commit: calls that all succeed share one transaction (one fsync), and a
// lone call, failing or not, runs its function once.
func TestGroupCommitSharesOneTransaction(t *testing.T) {
	db, _ := openTemp(t, Options{})
	var ids []int
	var runs int
	call := func(fail error) *commitCall {
		return &commitCall{done: make(chan error, 1), fn: func(tx *bolt.Tx) error {
			runs++
			ids = append(ids, tx.ID())
			return fail
		}}
	}
	group := []*commitCall{call(nil), call(nil), call(nil)}
	db.gc.run(group)
	for _, c := range group {
		require.NoError(t, <-c.done)
	}
	require.Len(t, ids, 3)
	assert.True(t, ids[0] == ids[1] && ids[1] == ids[2], "the group took transactions %v, want one", ids)

	bad := errors.New("refused")
	runs = 0
	lone := call(bad)
	db.gc.run([]*commitCall{lone})
	assert.ErrorIs(t, <-lone.done, bad)
	assert.Equal(t, 1, runs, "a lone failing call ran its function %d times", runs)
}

// TestKeepAsideNamesNeverCollide keeps a file aside three times at the
// same moment (two restores within a millisecond): the names are
// NAME.replaced-TIME, then -2 and -3, and each is a copy of the file.
func TestKeepAsideNamesNeverCollide(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mortain.db")
	require.NoError(t, os.WriteFile(path, []byte("games"), 0o600))
	at := time.Date(2026, 11, 26, 3, 4, 5, 6_000_000, time.UTC)
	base := path + ".replaced-20261126T030405.006Z"
	for _, want := range []string{base, base + "-2", base + "-3"} {
		got, err := keepAsideAt(path, at)
		require.NoError(t, err)
		assert.Equal(t, want, got)
		b, err := os.ReadFile(got)
		require.NoError(t, err)
		assert.Equal(t, "games", string(b))
	}
}

// TestSameFileOfAMissingPath: a path that does not exist is the same file
// as itself written another way (so that Restore and BackupTo refuse to
// write a database over itself before it exists), and not another path.
func TestSameFileOfAMissingPath(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	assert.True(t, sameFile(missing, filepath.Join(dir, ".", "missing.db")))
	assert.True(t, sameFile(filepath.Join(dir, "x", "..", "missing.db"), missing))
	assert.False(t, sameFile(missing, filepath.Join(dir, "other.db")))
}
