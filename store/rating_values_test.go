package store

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/glicko2"
	"github.com/mortain/mortain/store/record"
)

// The exact changes of rated games, worked out by hand with Glickman's
// steps ("Example of the Glicko-2 system"): mu = (r-1500)/173.7178,
// phi = RD/173.7178, g(phi) = 1/sqrt(1+3phi²/pi²),
// E = 1/(1+exp(-g(phi_j)(mu-mu_j))), v = 1/(g² E(1-E)),
// delta = v g (s-E), the volatility by the Illinois iteration (tau 0.5),
// phi* = sqrt(phi²+sigma'²), phi' = 1/sqrt(1/phi*² + 1/v),
// mu' = mu + phi'² g (s-E). Each side is rated against the other's
// rating before the game; the side advantage A moves the opponent each
// side's expected score is worked out against: the US player's opponent
// counts as r-A, the German's as r+A.

// near checks a figure to within tol.
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f", what, got, want)
	}
}

// newPlayer is a player with no rated game.
func newPlayer(id string) *record.PlayerStats { return &record.PlayerStats{UserID: id} }

func TestANewPlayersRatingIsGlickosDefault(t *testing.T) {
	assert.Equal(t, glicko2.Rating{R: 1500, RD: 350, Vol: 0.06}, glicko2.New())
	assert.Equal(t, glicko2.New(), newPlayer("ann").Rating())
	assert.True(t, newPlayer("ann").Provisional())
	assert.Equal(t, 0.5, glicko2.Tau)
	assert.Equal(t, 173.7178, glicko2.Scale)
}

// Two new players (1500, RD 350, volatility 0.06), no side advantage,
// the US wins.
//
// Both: mu = 0, phi = 350/173.7178 = 2.014762; the opponent likewise, so
// g = 0.669069, E = 0.5, v = 1/(0.669069² · 0.25) = 8.935475,
// delta = ±8.935475 · 0.669069 · 0.5 = ±2.989226; sigma' = 0.05999968;
// phi* = 2.015655, phi' = 1/sqrt(1/2.015655² + 1/8.935475) = 1.671210
// (RD 290.3190); mu' = ±1.671210² · 0.669069 · 0.5 = ±0.934337, so the US
// player goes to 1500 + 173.7178 · 0.934337 = 1662.3109 and the German to
// 1337.6891. Rating the German against the US player's new 1662 would
// give another figure.
func TestTwoNewPlayersWithoutSideAdvantageByHand(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	players := map[rules.Side]*record.PlayerStats{rules.US: newPlayer("ann"), rules.German: newPlayer("bob")}
	got := rate(players, rules.US, 0, at)
	near(t, "US after", got[rules.US].After, 1662.3109, 0.001)
	near(t, "US RD", got[rules.US].RD, 290.3190, 0.001)
	near(t, "German after", got[rules.German].After, 1337.6891, 0.001)
	near(t, "German RD", got[rules.German].RD, 290.3190, 0.001)
	assert.Equal(t, 1500.0, got[rules.US].Before)
	assert.Equal(t, 1500.0, got[rules.German].Before)
	assert.Equal(t, 162, got[rules.US].Delta())
	assert.Equal(t, -162, got[rules.German].Delta())
	for side, p := range players {
		assert.Equal(t, 1, p.RatedGames, side)
		assert.Equal(t, at, p.RatedAt, side)
		near(t, side.String()+" volatility", p.RatingVol, 0.05999968, 1e-8)
	}
}

// The same two new players with the side advantage of a server with no
// rated game: A = 400 log10(0.42/0.58) = -56.0715 (the German favoured).
// The US player's opponent counts as 1500 + 56.0715: mu_j = 0.322773,
// E = 0.446219, v = 9.040063, delta = 3.349503, sigma' = 0.05999985,
// phi' = 1.674240 (RD 290.8453), mu' = 1.038591: 1680.4217. The German's
// opponent counts as 1443.9285: E = 0.553781, mu' = -1.038591:
// 1319.5783. The US gains more for the win than it would without the
// advantage (+162).
func TestTheSideAdvantageByHand(t *testing.T) {
	adv := glicko2.SideAdvantage(0, 0)
	near(t, "advantage", adv, -56.0715, 0.0001)
	players := map[rules.Side]*record.PlayerStats{rules.US: newPlayer("ann"), rules.German: newPlayer("bob")}
	got := rate(players, rules.US, adv, time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	near(t, "US after", got[rules.US].After, 1680.4217, 0.001)
	near(t, "US RD", got[rules.US].RD, 290.8453, 0.001)
	near(t, "German after", got[rules.German].After, 1319.5783, 0.001)
	near(t, "German RD", got[rules.German].RD, 290.8453, 0.001)
}

// A US player of 1600, RD 80, volatility 0.06, last rated 30 days (30
// rating periods) before, loses to a new German player, with the
// advantage of a server with no rated game (-56.0715).
//
// Away 30 periods, the US player's deviation grows first:
// phi = sqrt((80/173.7178)² + 0.06² · 30) = 0.565753, RD 98.2813.
// US: mu = 0.575646, its opponent 1556.0715 (mu_j = 0.322773, phi_j =
// 2.014762): g = 0.669069, E = 0.542197, v = 8.999572, delta = -3.264750,
// sigma' = 0.06000021, phi' = 0.558962 (RD 97.1017), mu' = 0.462304:
// 1580.3104.
// German: mu = 0, its opponent 1600 - 56.0715 with RD 98.2813 (mu_j =
// 0.252873, phi_j = 0.565753): g = 0.954639, E = 0.439941, v = 4.453421,
// delta = 2.381040, sigma' = 0.05999947, phi' = 1.457599 (RD 253.2108),
// mu' = 1.135923: 1697.3300.
// Without the 30 days' growth the US player would end at 1586.7264 with
// RD 79.7265, and the German at 1697.8085.
func TestTheDeviationGrowsWithTheTimeAwayByHand(t *testing.T) {
	last := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	us := &record.PlayerStats{UserID: "ann", RatingValue: 1600, RatingRD: 80, RatingVol: 0.06, RatedGames: 4, RatedAt: last}
	players := map[rules.Side]*record.PlayerStats{rules.US: us, rules.German: newPlayer("bob")}
	got := rate(players, rules.German, glicko2.SideAdvantage(0, 0), last.Add(30*24*time.Hour))
	assert.Equal(t, 1600.0, got[rules.US].Before)
	near(t, "US after", got[rules.US].After, 1580.3104, 0.001)
	near(t, "US RD", got[rules.US].RD, 97.1017, 0.001)
	near(t, "US volatility", us.RatingVol, 0.06000021, 1e-8)
	near(t, "German after", got[rules.German].After, 1697.3300, 0.001)
	near(t, "German RD", got[rules.German].RD, 253.2108, 0.001)
	assert.Equal(t, 5, us.RatedGames)
	assert.Equal(t, -20, got[rules.US].Delta())
	assert.Equal(t, 197, got[rules.German].Delta())
}

// previewOf archives a ranked game between two new players, ann-CHANNEL
// (US) and bob-CHANNEL (German), after steps steps, won by winner, on
// guild g, and returns what it did to their ratings; ok is false when it
// was not rated.
func previewOf(t *testing.T, db *DB, channel string, steps int, winner rules.Side) (map[rules.Side]record.RatingChange, bool) {
	t.Helper()
	key := record.Key{Guild: "g", Channel: channel}
	rec := newRecord(key, 5)
	rec.Seats = map[rules.Side]record.Seat{rules.US: {UserID: "ann-" + channel}, rules.German: {UserID: "bob-" + channel}}
	rec.Meta = record.Meta{Ranked: true, Resigned: winner.Enemy(), Acted: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	play(t, rec.Game, rules.NewRandomPlayer(3), steps)
	require.Len(t, rec.Game.History, steps)
	require.NoError(t, db.Create(rec))
	f, err := db.Finish(key)
	require.NoError(t, err)
	return f.Ratings, f.Rated
}

func TestAGameIsRatedFromTenSteps(t *testing.T) {
	db, _ := openTemp(t, Options{})
	_, ok := previewOf(t, db, "c1", record.MinRatedSteps-1, rules.US)
	assert.False(t, ok, "9 steps: not rated")
	_, ok = previewOf(t, db, "c2", record.MinRatedSteps, rules.US)
	assert.True(t, ok, "10 steps: rated")
	assert.Equal(t, 10, record.MinRatedSteps)
}

// Only rated games tell the side advantage: a server whose only games
// were unranked, against the AI or handed to the AI, all won by the US,
// rates the next game with the prior alone (the figures of
// TestTheSideAdvantageByHand); a rated US win then moves it.
func TestTheSideAdvantageCountsOnlyRatedGames(t *testing.T) {
	db, _ := openTemp(t, Options{})
	at := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	rankedGame(t, db, "g", "u1", "cy", "dee", rules.US, at, func(m *record.Meta) { m.Ranked = false })
	rankedGame(t, db, "g", "u2", "cy", "dee", rules.US, at, func(m *record.Meta) { m.Unrated = "an AI played a side" })
	rankedGame(t, db, "g", "u3", "cy", "cy", rules.US, at, nil)
	key := record.Key{Guild: "g", Channel: "u4"}
	ai := newRecord(key, 5)
	ai.Meta.Ranked = true
	ai.Meta.Resigned = rules.German
	play(t, ai.Game, rules.NewRandomPlayer(3), 12)
	require.NoError(t, db.Create(ai))
	_, err := db.Finish(key)
	require.NoError(t, err)

	changes, ok := previewOf(t, db, "c1", 12, rules.US)
	require.True(t, ok)
	near(t, "US after, with the prior alone", changes[rules.US].After, 1680.4217, 0.001)
	near(t, "German after, with the prior alone", changes[rules.German].After, 1319.5783, 0.001)

	// With that rated US win and one more (between two other players),
	// the advantage is glicko2.SideAdvantage(2, 2), less favourable to the German.
	rankedGame(t, db, "g", "r1", "eve", "fay", rules.US, at, nil)
	changes, ok = previewOf(t, db, "c2", 12, rules.US)
	require.True(t, ok)
	want := rate(map[rules.Side]*record.PlayerStats{rules.US: newPlayer("ann"), rules.German: newPlayer("bob")}, rules.US, glicko2.SideAdvantage(2, 2), at)
	assert.Greater(t, glicko2.SideAdvantage(2, 2), glicko2.SideAdvantage(0, 0))
	near(t, "US after two rated US wins", changes[rules.US].After, want[rules.US].After, 1e-9)
	assert.Less(t, changes[rules.US].After, 1680.4217, "a US win is less of a surprise now")
}

// RecomputeRatings rewrites the changes stored with each rated game from
// the archive alone: changes written by older rating rules (here, made
// up) are replaced by what the rules give now.
func TestRecomputeRewritesTheStoredChanges(t *testing.T) {
	db, _ := openTemp(t, Options{})
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	rankedGame(t, db, "g", "c1", "ann", "bob", rules.US, at, nil)
	right, err := db.Archive("g", 0)
	require.NoError(t, err)
	require.Len(t, right, 1)
	require.NoError(t, db.bolt.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketArchive).Bucket([]byte("g")).ForEachBucket(func(seq []byte) error {
			a := tx.Bucket(bucketArchive).Bucket([]byte("g")).Bucket(seq)
			var f record.Finished
			require.NoError(t, json.Unmarshal(a.Get(keyFinished), &f))
			f.Ratings = map[rules.Side]record.RatingChange{rules.US: {Before: 1500, After: 1400, RD: 300}, rules.German: {Before: 1500, After: 1600, RD: 300}}
			data, err := json.Marshal(&f)
			require.NoError(t, err)
			return a.Put(keyFinished, data)
		})
	}))
	n, err := db.RecomputeRatings()
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	again, err := db.Archive("g", 0)
	require.NoError(t, err)
	assert.Equal(t, right[0].Ratings, again[0].Ratings)
	near(t, "US after", again[0].Ratings[rules.US].After, 1680.4217, 0.001)
}
