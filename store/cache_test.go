package store

import (
	"fmt"
	"sync"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The cache of records holds at most its limit, the most recently used:
// a game read again after it was dropped is decoded from the file, one
// still held is not, and either way it is the game the file holds.
func TestTheCacheKeepsTheMostRecentlyUsedGamesOnly(t *testing.T) {
	db, _ := openTemp(t, Options{CacheGames: 5})
	keys := make([]record.Key, 20)
	for i := range keys {
		keys[i] = record.Key{Guild: "g", Channel: fmt.Sprintf("c%02d", i)}
		require.NoError(t, db.Create(newRecord(keys[i], uint64(i))))
		require.NoError(t, db.Update(keys[i], func(r *record.Record) error {
			play(t, r.Game, rules.NewRandomPlayer(uint64(i)), 10)
			return nil
		}))
	}
	assert.Equal(t, 5, db.games.cached())
	before, _ := db.RecordsRead()
	for _, k := range keys[15:] {
		requireReplays(t, db, k)
	}
	held, _ := db.RecordsRead()
	assert.Equal(t, before, held, "the five most recent games are held")
	requireReplays(t, db, keys[0])
	after, _ := db.RecordsRead()
	assert.Equal(t, held+1, after, "a game dropped is decoded again")
	assert.Equal(t, 5, db.games.cached())

	// A game dropped and updated keeps every step.
	require.NoError(t, db.Update(keys[1], func(r *record.Record) error { return playOne(r.Game, rules.NewRandomPlayer(9)) }))
	rec := requireReplays(t, db, keys[1])
	assert.Len(t, rec.Game.History, 11+len(newRecord(keys[1], 1).Game.History))
}

// Many channels updated at once through a cache far smaller than they
// lose no step (run with -race).
func TestASmallCacheLosesNoConcurrentUpdate(t *testing.T) {
	db, _ := openTemp(t, Options{CacheGames: 3})
	keys := make([]record.Key, 12)
	for i := range keys {
		keys[i] = record.Key{Guild: "g", Channel: fmt.Sprintf("c%d", i)}
		require.NoError(t, db.Create(newRecord(keys[i], uint64(i))))
	}
	const rounds = 6
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				for i, k := range keys {
					if i%4 != w {
						continue
					}
					err := db.Update(k, func(rec *record.Record) error {
						return playOne(rec.Game, rules.NewRandomPlayer(uint64(r)))
					})
					assert.NoError(t, err)
					_, err = db.Get(keys[(i+r)%len(keys)])
					assert.NoError(t, err)
				}
			}
		}(w)
	}
	wg.Wait()
	assert.LessOrEqual(t, db.games.cached(), 3)
	for i, k := range keys {
		rec := requireReplays(t, db, k)
		assert.Len(t, rec.Game.History, rounds+len(newRecord(k, uint64(i)).Game.History), "%s", k)
	}
}
