package store

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A database in use is backed up through its socket while games go on;
// the copy is a whole database holding every game committed before it.
func TestLiveBackupWhileInUse(t *testing.T) {
	db, path := openTemp(t, Options{})
	fi, err := os.Stat(SocketPath(path))
	require.NoError(t, err, "the socket is beside the database")
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	keys := []record.Key{{Guild: "g", Channel: "a"}, {Guild: "g", Channel: "b"}}
	for i, k := range keys {
		require.NoError(t, db.Create(newRecord(k, uint64(i))))
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() { // the games go on meanwhile
		defer wg.Done()
		p := rules.NewRandomPlayer(1)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := db.Update(keys[0], func(r *record.Record) error { return playOne(r.Game, p) }); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	out := filepath.Join(t.TempDir(), "copy.db")
	res, err := BackupTo(context.Background(), path, out, false, Options{})
	close(stop)
	wg.Wait()
	require.NoError(t, err)
	assert.True(t, res.Live, "the backup came through the socket")

	cp, err := Open(out, Options{})
	require.NoError(t, err)
	for _, k := range keys {
		requireReplays(t, cp, k)
	}
	require.NoError(t, cp.Close())

	// Once closed, the socket is gone and the file is read directly.
	require.NoError(t, db.Close())
	_, err = os.Stat(SocketPath(path))
	assert.True(t, os.IsNotExist(err), "the socket is removed at Close")
	res, err = BackupTo(context.Background(), path, out, true, Options{})
	require.NoError(t, err)
	assert.False(t, res.Live)
}

// A socket file left by a crash is replaced at Open.
func TestAStaleSocketIsReplaced(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.db")
	require.NoError(t, os.WriteFile(SocketPath(path), []byte("stale"), 0o600))
	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	res, err := BackupTo(context.Background(), path, filepath.Join(dir, "copy.db"), false, Options{})
	require.NoError(t, err)
	assert.True(t, res.Live)
}
