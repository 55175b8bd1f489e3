package store

import (
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConcurrentWritersOnManyChannels(t *testing.T) {
	for _, mode := range []CommitMode{GroupCommit, SingleCommit, BatchCommit} {
		t.Run(fmt.Sprint(mode), func(t *testing.T) {
			db, path := openTemp(t, Options{Commit: mode})
			const channels, actions = 24, 12
			keys := make([]record.Key, channels)
			for i := range keys {
				keys[i] = record.Key{Guild: "g" + strconv.Itoa(i%3), Channel: "c" + strconv.Itoa(i)}
				require.NoError(t, db.Create(newRecord(keys[i], uint64(i))))
			}
			var wg sync.WaitGroup
			errs := make(chan error, channels)
			for i, key := range keys {
				wg.Add(1)
				go func() {
					defer wg.Done()
					p := rules.NewRandomPlayer(uint64(i))
					for range actions {
						if err := db.Update(key, func(r *record.Record) error { return playOne(r.Game, p) }); err != nil {
							errs <- err
							return
						}
					}
				}()
			}
			// Readers at the same time.
			for range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for _, key := range keys {
						if _, err := db.Get(key); err != nil {
							errs <- err
						}
						if _, err := db.History(key); err != nil {
							errs <- err
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				require.NoError(t, err)
			}
			require.NoError(t, db.Close())
			db, err := Open(path, Options{})
			require.NoError(t, err)
			defer db.Close()
			for _, key := range keys {
				rec := requireReplays(t, db, key)
				assert.Len(t, rec.Game.History, actions, "%s kept every action", key)
			}
		})
	}
}

func TestSameChannelConcurrentUpdatesNeverLoseAnAction(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "busy"}
	require.NoError(t, db.Create(newRecord(key, 99)))
	const players, presses = 8, 20
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	for i := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := rules.NewRandomPlayer(uint64(i))
			for range presses {
				err := db.Update(key, func(r *record.Record) error {
					// Each press reads the state and acts on it: on a
					// stale state the action could be illegal or lost.
					n, _ := r.Meta.Reminded.Get()
					if n != len(r.Game.History) {
						return fmt.Errorf("stale record: %d presses, %d steps", n, len(r.Game.History))
					}
					r.Meta.Reminded = record.MarkAt(n + 1)
					return playOne(r.Game, p)
				})
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	require.Empty(t, errs)
	rec := requireReplays(t, db, key)
	assert.Len(t, rec.Game.History, players*presses)
	assert.True(t, rec.Meta.Reminded.At(players*presses), "every press counted")
}

func TestConcurrentFinishAndUpdate(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(key, 5)))
	var wg sync.WaitGroup
	var finished, updated, notFound int
	var mu sync.Mutex
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			if i%3 == 0 {
				_, err = db.Finish(key)
				mu.Lock()
				if err == nil {
					finished++
				}
				mu.Unlock()
			} else {
				err = db.Update(key, func(r *record.Record) error { return playOne(r.Game, rules.NewRandomPlayer(uint64(i))) })
				mu.Lock()
				if err == nil {
					updated++
				}
				mu.Unlock()
			}
			if err != nil {
				assert.ErrorIs(t, err, record.ErrNotFound)
				mu.Lock()
				notFound++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, finished, "a game is finished once")
	arch, err := db.Archive("g", 0)
	require.NoError(t, err)
	require.Len(t, arch, 1)
	assert.Equal(t, updated, arch[0].Steps, "the archive holds every update made before the finish")
	assert.Equal(t, 6, finished+updated+notFound)
	// The channel is free for a new game.
	require.NoError(t, db.Create(newRecord(key, 6)))
}
