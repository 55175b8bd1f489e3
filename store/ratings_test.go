package store

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/glicko2"
	"github.com/mortain/mortain/store/record"
)

// rankedGame finishes a ranked game on guild between us and ger, won by
// winner (by resignation of the other side) after 12 random steps, acted
// at at.
func rankedGame(t *testing.T, db *DB, guild, channel, us, ger string, winner rules.Side, at time.Time, adjust func(*record.Meta)) *record.Finished {
	t.Helper()
	key := record.Key{Guild: guild, Channel: channel}
	rec := newRecord(key, 5)
	rec.Seats = map[rules.Side]record.Seat{rules.US: {UserID: us, Name: us}, rules.German: {UserID: ger, Name: ger}}
	rec.Meta = record.Meta{Ranked: true, Acted: at}
	if adjust != nil {
		adjust(&rec.Meta)
	}
	play(t, rec.Game, rules.NewRandomPlayer(3), 12)
	rec.Meta.Resigned = winner.Enemy()
	require.NoError(t, db.Create(rec))
	f, err := db.Finish(key)
	require.NoError(t, err)
	return f
}

func statsOf(t *testing.T, db *DB, guild, user string) record.PlayerStats {
	t.Helper()
	all, err := db.Stats(guild)
	require.NoError(t, err)
	for _, p := range all {
		if p.UserID == user {
			return p
		}
	}
	t.Fatalf("no record of %s on %s", user, guild)
	return record.PlayerStats{}
}

func TestARankedGameRatesBothPlayersOnItsServerAlone(t *testing.T) {
	db, _ := openTemp(t, Options{})
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f := rankedGame(t, db, "g1", "c1", "ann", "bob", rules.German, at, nil)
	require.True(t, f.Rated)
	ann, bob := statsOf(t, db, "g1", "ann"), statsOf(t, db, "g1", "bob")
	assert.Less(t, ann.RatingValue, 1500.0)
	assert.Greater(t, bob.RatingValue, 1500.0)
	assert.Equal(t, 1, ann.RatedGames)
	assert.InDelta(t, bob.RatingValue, f.Ratings[rules.German].After, 1e-9)
	assert.Equal(t, 1500.0, f.Ratings[rules.US].Before)
	assert.True(t, ann.Provisional())
	// The German is favoured: beating the US gains less than the US
	// gains for beating the German.
	db2, _ := openTemp(t, Options{})
	g := rankedGame(t, db2, "g1", "c1", "ann", "bob", rules.US, at, nil)
	assert.Greater(t, g.Ratings[rules.US].Delta(), f.Ratings[rules.German].Delta())
	// Another server knows nothing of it.
	rankedGame(t, db, "g2", "c1", "ann", "cy", rules.US, at, nil)
	other := statsOf(t, db, "g2", "ann")
	assert.Equal(t, 1, other.RatedGames, "the first rated game on g2")
	assert.Greater(t, other.RatingValue, 1500.0, "from a new player's rating: the loss on g1 does not count here")
}

func TestGamesThatAreNeverRated(t *testing.T) {
	db, _ := openTemp(t, Options{})
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	cases := map[string]func() *record.Finished{
		"unranked": func() *record.Finished {
			return rankedGame(t, db, "g", "c1", "ann", "bob", rules.US, at, func(m *record.Meta) { m.Ranked = false })
		},
		"hotseat": func() *record.Finished { return rankedGame(t, db, "g", "c2", "ann", "ann", rules.US, at, nil) },
		"an AI took a side over": func() *record.Finished {
			return rankedGame(t, db, "g", "c7", "ann", "bob", rules.US, at, func(m *record.Meta) { m.Unrated = "an AI played a side" })
		},
		"against the AI": func() *record.Finished {
			key := record.Key{Guild: "g", Channel: "c3"}
			rec := newRecord(key, 1)
			rec.Meta.Ranked = true
			play(t, rec.Game, rules.NewRandomPlayer(3), 12)
			rec.Meta.Resigned = rules.German
			require.NoError(t, db.Create(rec))
			f, err := db.Finish(key)
			require.NoError(t, err)
			return f
		},
		"aborted": func() *record.Finished {
			key := record.Key{Guild: "g", Channel: "c4"}
			rec := newRecord(key, 1)
			rec.Seats = map[rules.Side]record.Seat{rules.US: {UserID: "ann"}, rules.German: {UserID: "bob"}}
			rec.Meta.Ranked = true
			play(t, rec.Game, rules.NewRandomPlayer(3), 12)
			require.NoError(t, db.Create(rec))
			f, err := db.Finish(key)
			require.NoError(t, err)
			return f
		},
		"over too soon": func() *record.Finished {
			key := record.Key{Guild: "g", Channel: "c5"}
			rec := newRecord(key, 1)
			rec.Seats = map[rules.Side]record.Seat{rules.US: {UserID: "ann"}, rules.German: {UserID: "bob"}}
			rec.Meta = record.Meta{Ranked: true, Resigned: rules.US}
			require.NoError(t, db.Create(rec))
			f, err := db.Finish(key)
			require.NoError(t, err)
			return f
		},
	}
	for name, finish := range cases {
		f := finish()
		assert.False(t, f.Rated, name)
		assert.Empty(t, f.Ratings, name)
	}
	for _, p := range mustStats(t, db, "g") {
		assert.Zero(t, p.RatedGames, p.UserID)
	}
	// A win on time is rated.
	f := rankedGame(t, db, "g", "c6", "ann", "bob", rules.German, at, func(m *record.Meta) { m.OnTime = true })
	assert.True(t, f.Rated)
}

func mustStats(t *testing.T, db *DB, guild string) []record.PlayerStats {
	t.Helper()
	all, err := db.Stats(guild)
	require.NoError(t, err)
	return all
}

func TestRecomputeReproducesTheStoredRatingsExactly(t *testing.T) {
	db, _ := openTemp(t, Options{})
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	players := []string{"ann", "bob", "cy", "dee"}
	for i := 0; i < 12; i++ {
		us, ger := players[i%4], players[(i+1+i/4)%4]
		if us == ger {
			ger = players[(i+2)%4]
		}
		winner := rules.US
		if i%3 != 0 {
			winner = rules.German
		}
		rankedGame(t, db, "g", "c"+string(rune('a'+i)), us, ger, winner, at.Add(time.Duration(i*37)*time.Hour), nil)
	}
	before := mustStats(t, db, "g")
	arch, err := db.Archive("g", 0)
	require.NoError(t, err)
	n, err := db.RecomputeRatings()
	require.NoError(t, err)
	assert.Equal(t, 12, n)
	after := mustStats(t, db, "g")
	require.Equal(t, len(before), len(after))
	for i := range before {
		assert.Equal(t, before[i].RatingValue, after[i].RatingValue, before[i].UserID)
		assert.Equal(t, before[i].RatingRD, after[i].RatingRD, before[i].UserID)
		assert.Equal(t, before[i].RatingVol, after[i].RatingVol, before[i].UserID)
		assert.Equal(t, before[i].RatedGames, after[i].RatedGames)
		assert.Equal(t, before[i].TotalWins(), after[i].TotalWins(), "the records stay")
	}
	again, err := db.Archive("g", 0)
	require.NoError(t, err)
	for i := range arch {
		assert.Equal(t, arch[i].Ratings, again[i].Ratings)
	}
}

func TestTheSideAdvantageFollowsTheServersGames(t *testing.T) {
	assert.InDelta(t, -56, glicko2.SideAdvantage(0, 0), 1, "the arena's prior: the German wins 58%")
	assert.Greater(t, glicko2.SideAdvantage(30, 40), 0.0, "a server where the US wins most")
	assert.Less(t, glicko2.SideAdvantage(5, 40), glicko2.SideAdvantage(0, 0))
}
