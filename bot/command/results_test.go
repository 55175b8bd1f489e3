package command

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// dbService is a Service with an outbox over a real database (which rates
// ranked games and keeps the posts Discord refused), with a settable
// clock.
func dbService(t *testing.T) (*Service, *store.DB, *time.Time) {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "m.db"), store.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	seed := uint64(0)
	s := New(Config{Store: db, FrontEnd: frontend.Discord{Outbox: true}, Now: func() time.Time { return now }, Seed: func() uint64 { seed++; return seed }})
	return s, db, &now
}

// playSteps plays random legal actions in the game of testKey until it
// has n steps (the set-up, then rounds), as its players would.
func playSteps(t *testing.T, db *store.DB, n int) {
	t.Helper()
	p := rules.NewRandomPlayer(3)
	require.NoError(t, db.Update(testKey, func(r *record.Record) error {
		for len(r.Game.History) < n {
			a, ok := p.Choose(&r.Game.State)
			require.True(t, ok)
			if _, err := r.Game.Apply(a); err != nil {
				return err
			}
		}
		return nil
	}))
}

// lastPostOf is the text of the newest notice of the game's channel.
func lastPostOf(t *testing.T, db *store.DB) string {
	t.Helper()
	p, err := db.Pending(testKey)
	require.NoError(t, err)
	require.NotEmpty(t, p)
	return p[len(p)-1].Text
}

// The result post of a ranked game says what it did to both players'
// ratings: two new players on a server with no rated game, the US wins:
// 1500 → 1680 (+180) and 1500 → 1320 (−180) (store's
// TestTheSideAdvantageByHand works the figures out).
func TestTheResultPostSaysWhatTheGameDidToTheRatings(t *testing.T) {
	s, db, _ := dbService(t)
	mustDo(t, s, ann, "new opponent:<@2> side:us")
	playSteps(t, db, record.MinRatedSteps)
	r := mustDo(t, s, bob, "resign confirm:yes")
	require.True(t, r.Over)
	rec, err := db.LastFinished(testKey)
	require.NoError(t, err)
	require.True(t, rec.Rated, r.Posts[len(r.Posts)-1].Text)
	lang := i18n.English
	change := func(side rules.Side, after int, delta string) string {
		return i18n.T(lang, "rating.change", map[string]any{"Name": seatNameIn(frontend.Discord{}, rec.Seats[side], lang), "Before": 1500, "After": after, "Delta": delta})
	}
	want := i18n.T(lang, "rating.line", map[string]any{"Changes": change(rules.US, 1680, "+180") + " · " + change(rules.German, 1320, "−180")})
	assert.Contains(t, r.Posts[len(r.Posts)-1].Text, want)
	assert.Contains(t, lastPostOf(t, db), want, "the post queued for the channel")
	assert.Equal(t, lastPostOf(t, db), r.Posts[len(r.Posts)-1].Text, "the result post returned is the one queued: the result, then the ratings")
}

// A ranked game that is not rated says why in its result post.
func TestTheResultPostSaysWhyARankedGameIsNotRated(t *testing.T) {
	lang := i18n.English
	t.Run("too few steps", func(t *testing.T) {
		s, db, _ := dbService(t)
		mustDo(t, s, ann, "new opponent:<@2> side:us")
		playSteps(t, db, record.MinRatedSteps-1)
		r := mustDo(t, s, bob, "resign confirm:yes")
		assert.Contains(t, r.Posts[len(r.Posts)-1].Text, i18n.Plural(lang, "rating.few-steps", record.MinRatedSteps, nil))
		assert.NotContains(t, lastPostOf(t, db), i18n.T(lang, "rating.line", map[string]any{"Changes": ""}))
	})
	t.Run("a side handed to the AI, in Japanese", func(t *testing.T) {
		s, db, now := dbService(t)
		mustDo(t, s, ann, "new opponent:<@2> side:us deadline:24h language:ja")
		*now = now.Add(25 * time.Hour)
		s.Tick(context.Background(), testKey)
		p, err := db.Pending(testKey)
		require.NoError(t, err)
		hand := buttonOf(t, p[len(p)-1], "hand-easy")
		require.False(t, s.HandleButton(context.Background(), testKey, bob, hand).Refused)
		r := mustDo(t, s, bob, "resign confirm:yes")
		ja := i18n.Japanese
		why := i18n.T(ja, "rating.not-rated", map[string]any{"Why": i18n.T(ja, "rating.unrated-ai", nil)})
		assert.Contains(t, r.Posts[len(r.Posts)-1].Text, why)
	})
	t.Run("an unranked game says nothing", func(t *testing.T) {
		s, db, _ := dbService(t)
		mustDo(t, s, ann, "new opponent:<@2> side:us ranked:no")
		playSteps(t, db, record.MinRatedSteps)
		r := mustDo(t, s, bob, "resign confirm:yes")
		assert.NotContains(t, r.Posts[len(r.Posts)-1].Text, "rated")
	})
}

// Without an outbox (local play) nothing is queued for delivery.
func TestWithoutAnOutboxNothingIsQueued(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "m.db"), store.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	s := New(Config{FrontEnd: frontend.Discord{}, Store: db, Seed: func() uint64 { return 5 }})
	r := mustDo(t, s, ann, "new opponent:<@2> side:us")
	require.NotEmpty(t, r.Posts, "the posts come back to the caller")
	mustDo(t, s, ann, "setup unit:120 hex:1502")
	p, err := db.Pending(testKey)
	require.NoError(t, err)
	assert.Empty(t, p)
}

// status tells the posts Discord refuses: since when and how many wait,
// and the last three it set aside for good.
func TestStatusTellsThePostsDiscordRefused(t *testing.T) {
	s, db, _ := dbService(t)
	mustDo(t, s, ann, "new opponent:<@2> side:us")
	assert.NotContains(t, mustDo(t, s, eve, "status").Private, "refused", "nothing refused yet")
	for i := 1; i <= 4; i++ {
		require.NoError(t, db.Enqueue(testKey, record.Notice{Text: fmt.Sprintf("post %d\nits second line", i)}))
	}
	p, err := db.Pending(testKey)
	require.NoError(t, err)
	for i, n := range p[len(p)-4:] {
		require.NoError(t, db.Undeliverable(testKey, n.Seq, fmt.Sprintf("reason %d.", i+1)))
	}
	p, err = db.Pending(testKey)
	require.NoError(t, err)
	require.NotEmpty(t, p)
	require.NoError(t, db.Failed(testKey, p[0].Seq, "Missing Access."))
	p, err = db.Pending(testKey)
	require.NoError(t, err)

	status := mustDo(t, s, eve, "status").Private
	lang := i18n.English
	assert.Contains(t, status, i18n.T(lang, "reply.undelivered", map[string]any{"Since": p[0].FailedAt.UTC().Format("2006-01-02 15:04 UTC"),
		"Waiting": len(p), "Failure": "Missing Access"}))
	assert.Contains(t, status, i18n.T(lang, "reply.set-aside", map[string]any{"Count": 4}))
	aside, err := db.UndeliverableNotices(testKey)
	require.NoError(t, err)
	for i, n := range aside {
		item := i18n.T(lang, "reply.set-aside-item", map[string]any{"At": n.FailedAt.UTC().Format("2006-01-02 15:04 UTC"),
			"Failure": fmt.Sprintf("reason %d", i+1), "Text": fmt.Sprintf("post %d", i+1)})
		if i == 0 {
			assert.NotContains(t, status, item, "only the last three")
		} else {
			assert.Contains(t, status, item)
		}
	}
	assert.False(t, strings.Contains(status, "its second line"), "the first line of each")
}

// A rating change is written with its sign, a minus sign for a loss.
func TestRatingChangesAreSigned(t *testing.T) {
	assert.Equal(t, "+16", signed(16))
	assert.Equal(t, "−16", signed(-16))
	assert.Equal(t, "±0", signed(0))
	assert.Equal(t, "+1", signed(1))
	assert.Equal(t, "−1", signed(-1))
}
