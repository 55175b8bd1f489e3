package store

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// A backup whose pages are sound but whose records do not decode (a bit
// flipped inside a game's JSON) was put in place: restore now decodes
// every record first, as doctor does, and refuses it, changing nothing.
func TestRestoreRefusesABackupWhoseRecordsDoNotDecode(t *testing.T) {
	dir := t.TempDir()
	path, backup := filepath.Join(dir, "live.db"), filepath.Join(dir, "backup.db")
	gamesDB(t, path, 2)
	gamesDB(t, backup, 3)
	bdb, err := bolt.Open(backup, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, bdb.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketRunning).Bucket([]byte("g/1"))
		v := bytes.Clone(b.Get(keyRecord))
		v[len(v)/2] ^= 0x80 // no longer UTF-8 JSON
		return b.Put(keyRecord, v)
	}))
	require.NoError(t, bdb.Close())
	require.NoError(t, walkFile(backup), "every page is sound")
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	_, err = Restore(backup, path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "records do not decode (running game g/1:")
	assert.Contains(t, err.Error(), "mortain doctor --db "+backup)
	assert.Contains(t, err.Error(), "nothing was changed")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "the database is as it was")
	left, _ := filepath.Glob(filepath.Join(dir, "*replaced*"))
	assert.Empty(t, left)
	tmps, _ := filepath.Glob(filepath.Join(dir, ".live.db.tmp-*"))
	assert.Empty(t, tmps)
}
