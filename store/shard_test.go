package store

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// guildOn returns a Discord guild id that lives on shard among count.
func guildOn(shard, count, n int) string {
	return strconv.FormatUint(uint64(n*count+shard)<<22|12345, 10)
}

func TestShardOfFollowsDiscordsRule(t *testing.T) {
	assert.Equal(t, 0, ShardOf("41771983423143936", 1))
	// Discord's example: (41771983423143936 >> 22) % 4 == 2
	assert.Equal(t, 2, ShardOf("41771983423143936", 4))
	assert.Equal(t, 0, ShardOf("local", 4), "data without a Discord guild lives on shard 0")
	for s := 0; s < 3; s++ {
		assert.Equal(t, s, ShardOf(guildOn(s, 3, 7), 3))
	}
	assert.Equal(t, "/data/mortain.db", ShardPath("/data/mortain.db", 0, 1))
	assert.Equal(t, "/data/mortain.shard-2-of-4.db", ShardPath("/data/mortain.db", 2, 4))
	assert.Equal(t, "games.shard-0-of-2", ShardPath("games", 0, 2))
}

// fillShard writes, for each guild, a running game with a notice, a
// finished game with its players' records, and a game set aside.
func fillShard(t *testing.T, path string, guilds []string) {
	t.Helper()
	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	for i, g := range guilds {
		run := record.Key{Guild: g, Channel: "run-" + g}
		rec := newRecord(run, uint64(i+1))
		rec.Notices = []record.Notice{{Text: "game on in " + g, Image: []byte{1, 2, 3}, ImageName: "map.png"}}
		require.NoError(t, db.Create(rec))
		require.NoError(t, db.Update(run, func(r *record.Record) error {
			play(t, r.Game, rules.NewRandomPlayer(1), 5)
			return nil
		}))
		done := record.Key{Guild: g, Channel: "done-" + g}
		rec = newRecord(done, uint64(i+100))
		rec.Seats[rules.German] = record.Seat{UserID: "u2"}
		rec.Meta.Resigned = rules.German
		require.NoError(t, db.Create(rec))
		_, err := db.Finish(done)
		require.NoError(t, err)
		require.NoError(t, db.UpdateServer(g, func(s *record.ServerSettings) error { s.InChannel = true; return nil }))
		require.NoError(t, db.UpdateMember(g, "u1", func(m *record.Member) error { m.DM = true; return nil }))
	}
}

func TestReshardMovesEveryGuildToItsShardAndLosesNothing(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "mortain.db")
	// Two shards, then three.
	var guilds []string
	for s := 0; s < 3; s++ {
		for n := 0; n < 2; n++ {
			guilds = append(guilds, guildOn(s, 3, n))
		}
	}
	old := ShardPaths(base, 2)
	byOld := map[int][]string{}
	for _, g := range guilds {
		byOld[ShardOf(g, 2)] = append(byOld[ShardOf(g, 2)], g)
	}
	byOld[0] = append(byOld[0], "local")
	for i, p := range old {
		fillShard(t, p, byOld[i])
	}
	var queued uint64
	for _, p := range old {
		db, err := Open(p, Options{})
		require.NoError(t, err)
		n, err := db.NoticesQueued()
		require.NoError(t, err)
		queued = max(queued, n)
		require.NoError(t, db.Close())
	}

	// A database in use is refused, and nothing is written.
	busy, err := Open(old[1], Options{})
	require.NoError(t, err)
	_, err = Reshard(old, ShardPaths(base, 3), Options{LockTimeout: 50e6})
	require.ErrorIs(t, err, ErrInUse)
	require.NoError(t, busy.Close())
	for _, p := range ShardPaths(base, 3) {
		_, err := os.Stat(p)
		require.ErrorIs(t, err, os.ErrNotExist, "nothing written when refused")
	}

	counts, err := Reshard(old, ShardPaths(base, 3), Options{})
	require.NoError(t, err)
	require.Len(t, counts, 3)
	for s, p := range ShardPaths(base, 3) {
		db, err := Open(p, Options{})
		require.NoError(t, err)
		running, err := db.Running()
		require.NoError(t, err)
		want := 0
		for _, g := range append(guilds, "local") {
			if ShardOf(g, 3) != s {
				continue
			}
			want++
			key := record.Key{Guild: g, Channel: "run-" + g}
			requireReplays(t, db, key)
			pend, err := db.Pending(key)
			require.NoError(t, err)
			require.Len(t, pend, 1, "the outbox of %s moved", key)
			assert.Equal(t, []byte{1, 2, 3}, pend[0].Image)
			arch, err := db.Archive(g, 10)
			require.NoError(t, err)
			assert.Len(t, arch, 1, "the archive of %s moved", g)
			stats, err := db.Stats(g)
			require.NoError(t, err)
			assert.Len(t, stats, 2, "the records of %s moved", g)
			server, err := db.Server(g)
			require.NoError(t, err)
			assert.True(t, server.InChannel, "the settings of %s moved", g)
			m, err := db.Member(g, "u1")
			require.NoError(t, err)
			assert.True(t, m.DM, "the members' settings of %s moved", g)
		}
		assert.Len(t, running, want, "shard %d holds its guilds' games only", s)
		requireSeatsIndexed(t, db)
		requireDueIndexed(t, db)
		requireHeads(t, db)
		assert.Equal(t, want, counts[s].Games)
		assert.Equal(t, want, counts[s].Archived)
		n, err := db.NoticesQueued()
		require.NoError(t, err)
		assert.GreaterOrEqual(t, n, queued, "notice numbers (nonces) go on after the largest of the old files")
		require.NoError(t, db.Close())
	}
	// The old files are untouched; running it again is refused.
	for _, p := range old {
		_, err := os.Stat(p)
		require.NoError(t, err)
	}
	_, err = Reshard(old, ShardPaths(base, 3), Options{})
	require.ErrorContains(t, err, "already exists")

	// Back to one database: everything in one file again.
	counts, err = Reshard(ShardPaths(base, 3), []string{base}, Options{})
	require.NoError(t, err)
	assert.Equal(t, len(guilds)+1, counts[0].Games)
	assert.Equal(t, len(guilds)+1, counts[0].Archived)
}

func TestReshardRefusesAMissingDatabase(t *testing.T) {
	dir := t.TempDir()
	_, err := Reshard([]string{filepath.Join(dir, "nope.db")}, []string{filepath.Join(dir, "new.db")}, Options{})
	require.ErrorContains(t, err, "check the path")
	_, err = os.Stat(filepath.Join(dir, "nope.db"))
	require.ErrorIs(t, err, os.ErrNotExist, "a missing database is not created")
}
