package store

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// rankedRecord is a ranked game on guild between us and ger, 12 random
// steps in, acted at at.
func rankedRecord(t *testing.T, guild, channel, us, ger string, at time.Time) *record.Record {
	t.Helper()
	rec := newRecord(record.Key{Guild: guild, Channel: channel}, 5)
	rec.Seats = map[rules.Side]record.Seat{rules.US: {UserID: us, Name: us}, rules.German: {UserID: ger, Name: ger}}
	rec.Meta = record.Meta{Ranked: true, Acted: at}
	play(t, rec.Game, rules.NewRandomPlayer(3), 12)
	return rec
}

// ratingText words rating changes as a result post would.
func ratingText(ch map[rules.Side]record.RatingChange) string {
	return fmt.Sprintf("Ratings: %.0f → %.0f · %.0f → %.0f", ch[rules.US].Before, ch[rules.US].After, ch[rules.German].Before, ch[rules.German].After)
}

// The step that ends a game, its archiving, its rating and its result
// post are one commit: the post says the ratings as stored.
func TestAnUpdateThatEndsAGameArchivesAndRatesItInTheSameCommit(t *testing.T) {
	db, _ := openTemp(t, Options{})
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	rankedGame(t, db, "g", "c0", "bob", "ann", rules.German, at, nil)
	rec := rankedRecord(t, "g", "c1", "ann", "bob", at.Add(48*time.Hour))
	require.NoError(t, db.Create(rec))
	var seen *record.Finished
	err := db.Update(rec.Key, func(r *record.Record) error {
		r.Meta.Resigned = rules.US
		r.Notices = []record.Notice{{Text: "the US resigned"}}
		r.End = func(f *record.Finished, notices []record.Notice) []record.Notice {
			seen = f
			notices[0].Text += "\n" + ratingText(f.Ratings)
			return notices
		}
		return nil
	})
	require.NoError(t, err)
	require.NotNil(t, seen, "End was called")

	_, err = db.Get(rec.Key)
	assert.ErrorIs(t, err, record.ErrNotFound, "the game no longer runs")
	arch, err := db.Archive("g", 0)
	require.NoError(t, err)
	require.Len(t, arch, 2)
	f := arch[0]
	assert.Equal(t, rec.Key, f.Key)
	assert.Equal(t, rules.German, f.Winner)
	require.True(t, f.Rated)
	assert.Equal(t, seen.Ratings, f.Ratings, "End saw the ratings stored")
	ann := statsOf(t, db, "g", "ann")
	assert.Equal(t, 2, ann.RatedGames)
	assert.InDelta(t, ann.RatingValue, f.Ratings[rules.US].After, 1e-9)

	pending, err := db.Pending(rec.Key)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	assert.Equal(t, "the US resigned\n"+ratingText(f.Ratings), pending[0].Text)
	log, err := db.History(rec.Key)
	require.NoError(t, err)
	assert.Equal(t, rec.Game.History, record.Actions(log), "the archive keeps every step")
}

// A game whose end was committed without its archiving (an older
// version, stopped between its two commits) is archived and rated at
// start; a game still being played is left alone.
func TestArchiveEndedArchivesTheGamesLeftOverButRunning(t *testing.T) {
	db, _ := openTemp(t, Options{})
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	left := rankedRecord(t, "g", "c1", "ann", "bob", at)
	require.NoError(t, db.Create(left))
	require.NoError(t, db.Update(left.Key, func(r *record.Record) error { r.Meta.Resigned = rules.German; return nil }))
	playing := newRecord(record.Key{Guild: "g", Channel: "c2"}, 7)
	require.NoError(t, db.Create(playing))

	done, err := db.ArchiveEnded()
	require.NoError(t, err)
	assert.Equal(t, []record.Key{left.Key}, done)
	running, err := db.Running()
	require.NoError(t, err)
	assert.Equal(t, []record.Key{playing.Key}, running)
	f, err := db.LastFinished(left.Key)
	require.NoError(t, err)
	assert.Equal(t, rules.US, f.Winner)
	assert.True(t, f.Rated)
	assert.Equal(t, 1, statsOf(t, db, "g", "bob").RatedGames)
}

// The side advantage comes from counts kept beside the archive: a file
// without them (an older version), or one from which a rated game was
// set aside, counts them again, and rates as the archive says.
func TestTheSideCountsFollowTheArchive(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	fill := func(db *DB) {
		for i := 0; i < 5; i++ {
			winner := rules.US
			if i%2 == 1 {
				winner = rules.German
			}
			rankedGame(t, db, "g", fmt.Sprintf("c%d", i), "ann", "bob", winner, at.Add(time.Duration(i)*time.Hour), nil)
		}
	}
	counts := func(db *DB) (c sideCounts) {
		require.NoError(t, db.readTx(func(tx *bolt.Tx) error {
			var err error
			c, err = readSides(tx.Bucket(bucketArchive).Bucket([]byte("g")))
			return err
		}))
		return c
	}
	db, _ := openTemp(t, Options{})
	fill(db)
	assert.Equal(t, sideCounts{Rated: 5, USWins: 3}, counts(db))

	old, _ := openTemp(t, Options{})
	fill(old)
	require.NoError(t, old.writeTx(func(tx *bolt.Tx) error { return tx.Bucket(bucketArchive).Bucket([]byte("g")).Delete(keySides) }))
	assert.Equal(t, sideCounts{Rated: 5, USWins: 3}, counts(old), "counted from the archive")
	a := rankedGame(t, db, "g", "c9", "cy", "dee", rules.German, at.Add(9*time.Hour), nil)
	b := rankedGame(t, old, "g", "c9", "cy", "dee", rules.German, at.Add(9*time.Hour), nil)
	assert.Equal(t, a.Ratings, b.Ratings)

	// An archived game set aside leaves the counts to be made again.
	require.NoError(t, db.setAsideArchived("g", map[string]error{string(seqKey(1)): fmt.Errorf("test")}))
	assert.Equal(t, sideCounts{Rated: 5, USWins: 2}, counts(db))
	n, err := db.RecomputeRatings()
	require.NoError(t, err)
	assert.Equal(t, 5, n)
	assert.Equal(t, sideCounts{Rated: 5, USWins: 2}, counts(db))
	arch, err := db.Archive("g", 0)
	require.NoError(t, err)
	for _, f := range arch {
		assert.False(t, strings.HasPrefix(f.Key.Channel, "sides"), "the counts are not a game")
	}
	assert.Len(t, arch, 5)
}
