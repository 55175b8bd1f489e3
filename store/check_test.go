package store

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// The page walk of a database in use runs on a snapshot: games go on
// being written meanwhile (go test -race finds no race), and the result
// is that every page is sound.
func TestCheckSnapshotWhileGamesAreWritten(t *testing.T) {
	db, path := openTemp(t, Options{DeferCheck: true})
	keys := make([]record.Key, 4)
	for i := range keys {
		keys[i] = record.Key{Guild: "g", Channel: strconv.Itoa(i)}
		require.NoError(t, db.Create(newRecord(keys[i], uint64(i))))
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, k := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := rules.NewRandomPlayer(uint64(i))
			for {
				select {
				case <-stop:
					return
				default:
				}
				err := db.Update(k, func(r *record.Record) error { return playOne(r.Game, p) })
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	for range 3 {
		require.NoError(t, db.CheckSnapshot())
	}
	close(stop)
	wg.Wait()
	left, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	for _, e := range left {
		assert.NotContains(t, e.Name(), ".check-", "the copy checked is removed")
	}
}

// A damaged page deep in the file is not looked at by an Open that defers
// the walk; the walk of the snapshot finds it, as doctor's does.
func TestCheckSnapshotFindsADamagedPage(t *testing.T) {
	path := savedDB(t, 2)
	var pgid uint64
	var pageSize int
	bdb, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, bdb.View(func(tx *bolt.Tx) error {
		pageSize = tx.DB().Info().PageSize
		pgid = uint64(tx.Bucket(bucketRunning).Bucket([]byte("g/a")).Bucket(bucketHistory).Root())
		return nil
	}))
	require.NoError(t, bdb.Close())
	require.NotZero(t, pgid, "the history has a page of its own")
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	_, err = f.WriteAt([]byte{0xff, 0xff}, int64(pgid)*int64(pageSize)+8) // the page's type
	require.NoError(t, err)
	require.NoError(t, f.Close())

	db, err := Open(path, Options{DeferCheck: true})
	require.NoError(t, err, "the start does not wait for the walk")
	defer db.Close()
	err = db.CheckSnapshot()
	require.ErrorIs(t, err, record.ErrDamaged)
	assert.Contains(t, err.Error(), path)
	require.ErrorIs(t, db.Check(), record.ErrDamaged, "doctor's walk agrees")
}
