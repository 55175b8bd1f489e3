package store

import (
	"os"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A commit that fails (here: the disk "full", the file may not grow) saves
// nothing, leaves the cached game as stored, and the game goes on once
// there is room again.
func TestFailedCommitKeepsTheStoredGame(t *testing.T) {
	for _, mode := range []CommitMode{GroupCommit, SingleCommit, BatchCommit} {
		t.Run(mode.String(), func(t *testing.T) {
			db, path := openTemp(t, Options{Commit: mode})
			key := record.Key{Guild: "g", Channel: "c"}
			require.NoError(t, db.Create(newRecord(key, 8)))
			info, err := os.Stat(path)
			require.NoError(t, err)
			db.bolt.MaxSize = int(info.Size())
			p := rules.NewRandomPlayer(8)
			var failed error
			var before *record.Record
			for i := 0; i < 400 && failed == nil; i++ {
				before, err = db.Get(key)
				require.NoError(t, err)
				failed = db.Update(key, func(r *record.Record) error { return playOne(r.Game, p) })
			}
			require.Error(t, failed, "the file had to grow")
			assert.Contains(t, failed.Error(), "nothing was saved")
			after, err := db.Get(key)
			require.NoError(t, err)
			assert.Equal(t, gameJSON(t, before.Game), gameJSON(t, after.Game), "the cache still holds the stored game")
			requireReplays(t, db, key)

			db.bolt.MaxSize = 0
			require.NoError(t, db.Update(key, func(r *record.Record) error { return playOne(r.Game, p) }))
			rec := requireReplays(t, db, key)
			assert.Len(t, rec.Game.History, len(before.Game.History)+1)
		})
	}
}
