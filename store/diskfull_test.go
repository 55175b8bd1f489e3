package store

import (
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/internal/testenv"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// A write that found no space left is told apart from other failures:
// the operator reads that the disk is full.
func TestAFullDiskIsSaidSo(t *testing.T) {
	db, path := openTemp(t, Options{})
	for _, errno := range []syscall.Errno{syscall.ENOSPC, syscall.EDQUOT} {
		err := db.diskFull(&os.PathError{Op: "write", Path: path, Err: errno})
		require.ErrorIs(t, err, record.ErrDiskFull)
		assert.Contains(t, err.Error(), "the disk that holds the database "+path+" is full")
		assert.ErrorIs(t, err, errno)
	}
	other := &os.PathError{Op: "write", Path: path, Err: syscall.EIO}
	assert.Equal(t, error(other), db.diskFull(other))
}

// On a disk that is full, the database opens (its check walks the file
// itself, not a copy), every write is refused as a full disk with nothing
// written, and once space is freed the games go on from where they were:
// the file is sound and every record decodes.
func TestAFullDiskRefusesWritesAndLosesNothing(t *testing.T) {
	dir, ok := testenv.SmallDisk(t)
	if !ok {
		testenv.OnSmallDisk(t, "TestAFullDiskRefusesWritesAndLosesNothing", 2<<20)
		return
	}
	path := dir + "/mortain.db"
	db, err := Open(path, Options{})
	require.NoError(t, err)
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(key, 3)))
	require.NoError(t, db.Close())
	filler := testenv.FillDisk(t, dir)

	db, err = Open(path, Options{})
	require.NoError(t, err, "the database opens on a full disk")
	assert.True(t, db.checked, "every page was walked")
	p := rules.NewRandomPlayer(3)
	var full error
	var steps int
	for i := 0; i < 5000 && full == nil; i++ {
		full = db.Update(key, func(r *record.Record) error {
			steps = len(r.Game.History)
			r.Meta.Ping.Text += string(make([]byte, 1024)) // the record grows until the file must
			return playOne(r.Game, p)
		})
	}
	require.ErrorIs(t, full, record.ErrDiskFull, "a write finds the disk full")
	assert.Contains(t, full.Error(), "is full")
	t.Logf("refused: %v", full)
	rec, err := db.Get(key)
	require.NoError(t, err)
	assert.Equal(t, steps, len(rec.Game.History), "nothing of the refused step was kept")

	require.NoError(t, os.Remove(filler))
	require.NoError(t, db.Update(key, func(r *record.Record) error { return playOne(r.Game, p) }), "space freed: the game goes on")
	require.NoError(t, db.Close())
	db, err = Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	problems, err := db.Verify()
	require.NoError(t, err)
	assert.Empty(t, problems)
	requireReplays(t, db, key)
}
