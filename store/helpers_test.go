package store

import (
	"path/filepath"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/require"
)

// openTemp opens a new database in a temporary directory, closed at the
// end of the test.
func openTemp(t testing.TB, opts Options) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mortain.db")
	db, err := Open(path, opts)
	require.NoError(t, err)
	// No test runs the store without fsync on commit (TestOpenAlwaysSyncsCommits).
	require.False(t, db.bolt.NoSync, "bbolt opened with NoSync")
	t.Cleanup(func() { db.Close() })
	return db, path
}

// newRecord is a fresh game for key, a person against the random AI.
func newRecord(key record.Key, seed uint64) *record.Record {
	return &record.Record{
		Key:   key,
		Game:  rules.NewGame(rules.DefaultScenario(), rules.Options{}, seed),
		Seats: map[rules.Side]record.Seat{rules.US: {UserID: "u1", Name: "Ann"}, rules.German: {AI: "random"}},
		Meta:  record.Meta{Pace: "fast"},
	}
}

// play applies n random legal actions (fewer if the game ends).
func play(t testing.TB, g *rules.Game, p *rules.RandomPlayer, n int) {
	t.Helper()
	for i := 0; i < n && !g.State.Over(); i++ {
		require.NoError(t, playOne(g, p))
	}
}

// playOne applies one random legal action.
func playOne(g *rules.Game, p *rules.RandomPlayer) error {
	a, ok := p.Choose(&g.State)
	if !ok {
		return nil
	}
	_, err := g.Apply(a)
	return err
}

// gameJSON is the engine's encoding of a game, to compare games.
func gameJSON(t testing.TB, g *rules.Game) string {
	t.Helper()
	b, err := g.MarshalJSON()
	require.NoError(t, err)
	return string(b)
}

// requireReplays checks that a stored game is exactly what its seed and
// history rebuild, and that its log holds the same steps.
func requireReplays(t testing.TB, db *DB, key record.Key) *record.Record {
	t.Helper()
	rec, err := db.Get(key)
	require.NoError(t, err)
	log, err := db.History(key)
	require.NoError(t, err)
	require.Equal(t, nonNil(rec.Game.History), nonNil(record.Actions(log)), "the log of %s holds the game's steps", key)
	for i, s := range log {
		require.Equal(t, uint64(i+1), s.Seq, "log of %s numbered in order", key)
	}
	g, err := rules.Replay(rec.Game.State.Scenario(), rec.Game.State.Options(), rec.Game.Seed, rec.Game.History)
	require.NoError(t, err)
	require.Equal(t, gameJSON(t, g), gameJSON(t, rec.Game), "%s replays to its snapshot", key)
	return rec
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
