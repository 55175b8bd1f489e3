package command

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// unratedStore is a memStore that rates no game, for the lines that say
// why.
type unratedStore struct{ *memStore }

func (unratedStore) RecomputeRatings() (int, error) { return 0, nil }

// peopleTexts words, in lang, what people.go, deadlines.go, timers.go,
// threads.go, lang.go and ratings.go say beyond the bot's end-to-end test:
// refusals, notify's lines, the vacation's posts, a hotseat game's lapse,
// reminders and held pings, the round time limit, the lines of a game in
// a thread, the ratings' words. Each is keyed by what it is.
func peopleTexts(t *testing.T, lang i18n.Lang) map[string]string {
	t.Helper()
	st := newMemStore()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	seed := uint64(0)
	s := New(Config{Store: unratedStore{st}, FrontEnd: frontend.Discord{Outbox: true}, Now: func() time.Time { return now }, Seed: func() uint64 { seed++; return seed }})
	ann := Caller{UserID: "1", Name: "Ann", Lang: lang}
	out := map[string]string{}
	run := func(key record.Key, c Caller, text string) Response {
		t.Helper()
		name, opts, err := Parse(text)
		require.NoError(t, err)
		return s.Handle(context.Background(), Request{Key: key, Caller: c, Command: name, Options: opts, Lang: lang})
	}
	one, two, three := record.Key{Guild: "g", Channel: "c1"}, record.Key{Guild: "g", Channel: "c2"}, record.Key{Guild: "g", Channel: "c3"}
	refusals := map[string]string{
		"tz":             "notify tz:Nowhere/Atlantis",
		"quiet":          "notify quiet:later",
		"days":           "away days:99",
		"until":          "away until:someday",
		"until-range":    "away until:2020-01-01",
		"ranked":         "new mode:ai ranked:yes",
		"not-away-reply": "away back:yes",
	}
	for label, text := range refusals {
		r := run(one, ann, text)
		require.NotEmpty(t, r.Private, text)
		out["refusal "+label] = r.Private
	}
	r := run(one, ann, "notify remind:6h quiet:22:00-07:00 tz:Asia/Tokyo")
	require.False(t, r.Refused, r.Private)
	out["notify"] = r.Private

	// A hotseat game with a deadline and a round time limit: its lapse
	// waits on, with the count of deadlines missed.
	run(one, ann, "new mode:hotseat deadline:24h round-limit:72h")
	require.NoError(t, st.Update(one, func(r *record.Record) error { r.Meta.US.Missed = 1; return nil }))
	now = now.Add(25 * time.Hour)
	lapse := s.Tick(context.Background(), one)
	require.Len(t, lapse.Posts, 1)
	out["lapse waits on"] = lapse.Posts[0].Text
	out["missed"] = missedTextIn(frontend.Discord{}, mustGet(t, st, one), rules.US, lang)

	// A game between two members without a deadline, then one with: away
	// tells each, and the vacation allowance runs out.
	run(two, ann, "new opponent:<@2>")
	r = run(two, ann, "away days:20")
	require.False(t, r.Refused, r.Private)
	out["away reply"] = r.Private
	out["away no deadline"] = lastNotice(t, st, two).Text
	run(three, ann, "away back:yes")
	run(three, ann, "new opponent:<@2> deadline:24h")
	r = run(three, ann, "away days:20")
	out["away allowance"] = r.Private
	out["away allowance post"] = firstLine(lastNotice(t, st, three).Text)
	out["notify away"] = run(three, ann, "notify").Private
	run(three, ann, "away back:yes")
	out["back post"] = lastNotice(t, st, three).Text

	// Bob's own reminder, and a ping his quiet hours held.
	require.NoError(t, st.UpdateMember("g", "1", func(m *record.Member) error { m.Remind, m.QuietFrom, m.QuietTo = time.Hour, 0, 0; return nil }))
	now = now.Add(2 * time.Hour)
	rem := s.Tick(context.Background(), three)
	require.Len(t, rem.Posts, 1)
	out["own reminder"] = rem.Posts[0].Text
	require.NoError(t, st.Update(three, func(r *record.Record) error {
		r.Meta.Ping = record.Ping{At: now.Add(-time.Minute), Who: "2", Step: record.MarkAt(0), Text: "text"}
		return nil
	}))
	held := s.Tick(context.Background(), three)
	require.Len(t, held.Posts, 1)
	out["held"] = held.Posts[0].Text
	require.NoError(t, st.Update(three, func(r *record.Record) error {
		r.Meta.Ping = record.Ping{At: now.Add(-time.Minute), Who: "1", Step: record.MarkAt(0)}
		return nil
	}))
	held = s.Tick(context.Background(), three)
	require.Len(t, held.Posts, 1)
	out["your move"] = held.Posts[0].Text

	// The round time limit passes the hotseat game's round.
	run(one, ann, "setup preset:historical")
	if r := run(one, ann, "setup done"); r.Refused {
		t.Fatal(r.Private)
	}
	now = now.Add(80 * time.Hour)
	passed := s.Tick(context.Background(), one)
	require.NotEmpty(t, passed.Posts)
	out["round limit"] = firstLine(passed.Posts[0].Text)

	// The lines of a game in a thread, and the refusal in its channel.
	rec := mustGet(t, st, three)
	rec.Meta.Parent = "c0"
	rec.Seats[rules.German] = record.Seat{}
	out["start open"] = startLine(frontend.Discord{}, rec)
	out["forum"] = forumFirst(frontend.Discord{}, rec, "")
	out["forum open"] = forumFirst(frontend.Discord{}, rec, "")
	out["join"] = joinButton(rec).Label
	rec.Seats[rules.German] = record.Seat{AI: "hard"}
	out["forum"] = forumFirst(frontend.Discord{}, rec, "")
	out["forum results"] = forumFirst(frontend.Discord{}, rec, "c9")
	out["end"] = endLine(frontend.Discord{}, rec)
	require.NoError(t, st.Update(three, func(r *record.Record) error { r.Meta.Parent = "c0"; return nil }))
	out["games here"] = s.gamesFromHereIn(record.Key{Guild: "g", Channel: "c0"}, lang)
	out["thread limit"] = ThreadLimitText(lang)

	// The ratings' words.
	out["rating"] = ratingIn(&record.PlayerStats{RatingValue: 1528, RatingRD: 32, RatedGames: 9}, lang)
	out["rating provisional"] = ratingIn(&record.PlayerStats{}, lang)
	rec.Meta.Ranked, rec.Meta.Resigned = true, rules.US
	out["not rated few"] = s.ratingLine(rec, nil)
	rec.Meta.Unrated = unratedAI
	out["not rated ai"] = s.ratingLine(rec, nil)
	for i := 0; i < record.MinRatedSteps; i++ {
		rec.Game.History = append(rec.Game.History, "pass")
	}
	rec.Meta.Unrated = ""
	out["not rated members"] = s.ratingLine(rec, nil)
	out["server"] = serverText(frontend.Discord{}, lang, "server.head", record.ServerSettings{InChannel: true, Language: "ja"}, "server.change")
	return out
}

func mustGet(t *testing.T, st *memStore, key record.Key) *record.Record {
	t.Helper()
	rec, err := st.Get(key)
	require.NoError(t, err)
	return rec
}

// Everything people, deadlines, threads and ratings say comes from the
// catalog: under the pseudo-locale no word is outside its marks, and the
// Japanese differs from the English.
func TestPeopleAndDeadlinesAreWordedFromTheCatalog(t *testing.T) {
	pseudo := peopleTexts(t, i18n.Pseudo)
	for label, text := range pseudo {
		assert.NotEmpty(t, text, label)
		assert.Empty(t, i18n.Bare(text), "%s: %q", label, text)
	}
	en, ja := peopleTexts(t, i18n.English), peopleTexts(t, i18n.Japanese)
	for label, text := range en {
		if label != "rating" { // digits alone
			assert.NotEqual(t, text, ja[label], label)
		}
	}
	assert.Contains(t, en["notify"], "- reminder while a game waits: every 6h")
	assert.Contains(t, en["notify"], "- quiet hours (pings wait until they end): 22:00-07:00, time zone Asia/Tokyo")
	assert.Contains(t, en["missed"], "⚠ Ann has missed 2 deadlines in a row")
	assert.True(t, strings.HasPrefix(en["lapse waits on"], "⏰ The deadline of Ann (US) passed <t:"), en["lapse waits on"])
	assert.Contains(t, en["away allowance"], "(the game's vacation allowance runs out then)")
	assert.Equal(t, "Not rated: an AI played a side.", en["not rated ai"])
	assert.Equal(t, "1528 (±64)", en["rating"])
	assert.Contains(t, ja["notify"], "6 時間ごと")
}
