package store

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBackupWhileInUseRestoresTheGames(t *testing.T) {
	db, _ := openTemp(t, Options{})
	keys := []record.Key{{Guild: "g", Channel: "a"}, {Guild: "g", Channel: "b"}, {Guild: "h", Channel: "c"}}
	for i, key := range keys {
		require.NoError(t, db.Create(newRecord(key, uint64(i))))
	}
	done := make(chan struct{})
	done2 := make(chan struct{})
	var busy sync.WaitGroup
	var updates atomic.Int64
	busy.Add(1)
	go func() { // players keep playing during the backup
		defer busy.Done()
		p := rules.NewRandomPlayer(1)
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			default:
			}
			if err := db.Update(keys[i%len(keys)], func(r *record.Record) error { return playOne(r.Game, p) }); err != nil {
				t.Error(err)
				return
			}
			if updates.Add(1) == 30 {
				close(done2)
			}
		}
	}()
	<-done2
	dir := t.TempDir()
	copyPath := filepath.Join(dir, "backup.db")
	require.NoError(t, db.BackupFile(copyPath))
	var buf bytes.Buffer
	require.NoError(t, db.Backup(&buf))
	close(done)
	busy.Wait()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left beside the copy")

	streamPath := filepath.Join(dir, "stream.db")
	require.NoError(t, os.WriteFile(streamPath, buf.Bytes(), 0o600))
	for _, path := range []string{copyPath, streamPath} {
		// Restoring is opening the copy.
		c, err := Open(path, Options{})
		require.NoError(t, err, path)
		running, err := c.Running()
		require.NoError(t, err)
		assert.ElementsMatch(t, keys, running)
		steps := 0
		for _, key := range keys {
			steps += len(requireReplays(t, c, key).Game.History)
		}
		assert.GreaterOrEqual(t, steps, 30, "the copy holds the games as they were played")
		require.NoError(t, c.Close())
	}

	// A second backup to the same path replaces the first.
	require.NoError(t, db.BackupFile(copyPath))
	c, err := Open(copyPath, Options{})
	require.NoError(t, err)
	steps := 0
	for _, key := range keys {
		steps += len(requireReplays(t, c, key).Game.History)
	}
	assert.Equal(t, int(updates.Load()), steps)
	require.NoError(t, c.Close())
}
