package command

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// peopleService is a Service with a settable clock over a memStore that
// keeps an outbox.
func peopleService(t *testing.T) (*Service, *memStore, *time.Time) {
	t.Helper()
	st := newMemStore()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	seed := uint64(0)
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Now: func() time.Time { return now }, Seed: func() uint64 { seed++; return seed }})
	return s, st, &now
}

func lastNotice(t *testing.T, st *memStore, key record.Key) record.Notice {
	t.Helper()
	p, err := st.Pending(key)
	require.NoError(t, err)
	require.NotEmpty(t, p)
	return p[len(p)-1]
}

func buttonOf(t *testing.T, n record.Notice, verb string) string {
	t.Helper()
	for _, b := range n.Buttons {
		if strings.HasPrefix(b.CustomID, "mortain/"+verb+"/") {
			return b.CustomID
		}
	}
	t.Fatalf("no %s button on %q: %v", verb, n.Text, n.Buttons)
	return ""
}

func TestAPassedDeadlineLetsTheOpponentClaimTheWin(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	first := lastNotice(t, st, testKey)
	assert.Contains(t, first.Text, "Deadline for Ann (the US set-up): <t:", "the new game's post shows the deadline")

	*now = now.Add(20 * time.Hour)
	warn := s.Tick(context.Background(), testKey)
	require.Len(t, warn.Posts, 1, "a warning before the deadline")
	assert.Contains(t, warn.Posts[0].Text, "deadline for your move passes")
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts, "one warning per move")

	*now = now.Add(5 * time.Hour)
	lapsed := s.Tick(context.Background(), testKey)
	require.Len(t, lapsed.Posts, 1)
	assert.Equal(t, bob.UserID, lapsed.Posts[0].Mention, "the opponent is asked")
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts, "asked once per move")
	n := lastNotice(t, st, testKey)
	claim := buttonOf(t, n, "claim")

	// Only the opponent may choose.
	assert.True(t, s.HandleButton(context.Background(), testKey, ann, claim).Refused)
	assert.True(t, s.HandleButton(context.Background(), testKey, eve, claim).Refused)
	r := s.HandleButton(context.Background(), testKey, bob, claim)
	require.False(t, r.Refused, r.Private)
	assert.True(t, r.Over)
	_, err := st.Get(testKey)
	assert.ErrorIs(t, err, record.ErrNotFound)
	done, err := st.LastFinished(testKey)
	require.NoError(t, err)
	assert.Equal(t, rules.German, done.Winner)
	assert.Equal(t, rules.LostOnTime, done.Outcome.End)
	status := mustDo(t, s, eve, "status")
	assert.Contains(t, status.Private, "missed its deadline")
}

func TestAnAbsentSideGoesToTheAIAndComesBackWithJoin(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(25 * time.Hour)
	s.Tick(context.Background(), testKey)
	hand := buttonOf(t, lastNotice(t, st, testKey), "hand-easy")
	r := s.HandleButton(context.Background(), testKey, bob, hand)
	require.False(t, r.Refused, r.Private)
	assert.True(t, r.AINext, "the AI is to play the US set-up now")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	assert.Equal(t, "easy", rec.Seats[rules.US].AI)
	assert.Contains(t, mustDo(t, s, eve, "status").Private, "join takes it back")

	back := mustDo(t, s, ann, "join")
	assert.Contains(t, back.Posts[0].Text, "takes the US side back")
	rec, err = st.Get(testKey)
	require.NoError(t, err)
	assert.Equal(t, ann.UserID, rec.Seats[rules.US].UserID)
	mustRefuse(t, s, st, eve, "join", "No seat is open")
}

func TestWaitLongerGivesAWholeNewDeadlineAndMissesAreCounted(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(25 * time.Hour)
	s.Tick(context.Background(), testKey)
	r := s.HandleButton(context.Background(), testKey, bob, buttonOf(t, lastNotice(t, st, testKey), "wait"))
	require.False(t, r.Refused, r.Private)
	*now = now.Add(23 * time.Hour)
	for _, p := range s.Tick(context.Background(), testKey).Posts {
		assert.NotContains(t, p.Text, "passed", "the new deadline has not passed")
	}
	*now = now.Add(2 * time.Hour)
	s.Tick(context.Background(), testKey)
	assert.Contains(t, lastNotice(t, st, testKey).Text, "missed 2 deadlines in a row")
	assert.Contains(t, mustDo(t, s, bob, "games").Private, "missed 2 deadlines")
	// Acting ends the run.
	mustDo(t, s, ann, "setup preset:historical")
	rec, _ := st.Get(testKey)
	assert.Empty(t, missedText(frontend.Discord{}, rec, rules.US))
}

func TestAwayPausesTheDeadlinesOfAllTheMembersGames(t *testing.T) {
	s, st, now := peopleService(t)
	other := record.Key{Guild: testKey.Guild, Channel: "c2"}
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	r := s.Handle(context.Background(), Request{Key: other, Caller: ann, Command: "new", Options: map[string]string{"opponent": "<@3>", "deadline": "48h"}})
	require.False(t, r.Refused, r.Private)

	away := mustDo(t, s, ann, "away days:5")
	assert.Contains(t, away.Private, "<#c1>")
	assert.Contains(t, away.Private, "<#c2>")
	for _, k := range []record.Key{testKey, other} {
		n := lastNotice(t, st, k)
		assert.Contains(t, n.Text, "is away until", "each opponent is told")
		assert.NotEmpty(t, n.Mention)
	}
	*now = now.Add(5*24*time.Hour + 23*time.Hour)
	for _, k := range []record.Key{testKey, other} {
		for _, p := range s.Tick(context.Background(), k).Posts {
			assert.NotContains(t, p.Text, "passed", "no deadline passes while she is away and for a day after")
		}
	}
	*now = now.Add(2 * time.Hour)
	lapsed := s.Tick(context.Background(), testKey)
	require.Len(t, lapsed.Posts, 1)
	assert.Contains(t, lapsed.Posts[0].Text, "passed")

	// The allowance bounds the vacations of a game.
	mustDo(t, s, ann, "away back:yes")
	mustDo(t, s, ann, "away days:30")
	rec, err := st.Get(other)
	require.NoError(t, err)
	assert.Equal(t, 14*24*time.Hour, rec.Meta.US.VacationUsed, "14 days in all")
	assert.Contains(t, lastNotice(t, st, other).Text, "vacation allowance")
}

func TestQuietHoursHoldThePingUntilTheyEnd(t *testing.T) {
	s, st, now := peopleService(t)
	// 12:00 UTC is 21:00 in Tokyo: Bob's quiet hours (20:00-08:00).
	mustDo(t, s, bob, "notify quiet:20:00-08:00 tz:Asia/Tokyo")
	mustDo(t, s, ann, "new opponent:<@2> side:german")
	n := lastNotice(t, st, testKey)
	require.Equal(t, bob.UserID, n.Mention)
	assert.True(t, n.NoPing, "no ping during quiet hours")
	*now = now.Add(10 * time.Hour) // 07:00 in Tokyo
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts)
	*now = now.Add(time.Hour) // 08:00
	held := s.Tick(context.Background(), testKey)
	require.Len(t, held.Posts, 1)
	assert.Equal(t, bob.UserID, held.Posts[0].Mention)
	assert.False(t, lastNotice(t, st, testKey).NoPing)
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts, "the held ping goes once")
}

func TestNotifySettingsShapeThePings(t *testing.T) {
	s, st, _ := peopleService(t)
	r := mustDo(t, s, bob, "notify ping:off dm:on remind:6h")
	assert.Contains(t, r.Private, "ping in the game's thread: off")
	mustRefuse(t, s, st, bob, "notify tz:Mars/Olympus", "not a time zone")
	mustRefuse(t, s, st, bob, "notify quiet:25:00-07:00", "HH:MM-HH:MM")
	mustDo(t, s, ann, "new opponent:<@2> side:german")
	p, err := st.Pending(testKey)
	require.NoError(t, err)
	assert.True(t, p[len(p)-1].NoPing, "pings off: named without a ping")
	dms, err := st.Pending(record.Key{Guild: testKey.Guild, Channel: DMPrefix + bob.UserID})
	require.NoError(t, err)
	require.Len(t, dms, 1, "a direct message")
	assert.Contains(t, dms[0].Text, "<#c1>")
	assert.Equal(t, testKey, dms[0].Origin)

	// A refused DM switches them off, said once in the game's channel.
	resp := s.DMRefused(dms[0].Key, dms[0])
	assert.Equal(t, []record.Key{testKey}, resp.Also)
	assert.Contains(t, lastNotice(t, st, testKey).Text, "direct messages are switched off")
	assert.Empty(t, s.DMRefused(dms[0].Key, dms[0]).Also, "told once")
	m, _ := st.Member(testKey.Guild, bob.UserID)
	assert.False(t, m.DM)
}

func TestQuietEndAcrossMidnightAndWithinADay(t *testing.T) {
	m := record.Member{QuietFrom: 22 * 60, QuietTo: 7 * 60, TimeZone: "Europe/Paris"}
	at := func(h int) time.Time { return time.Date(2026, 7, 1, h, 0, 0, 0, time.UTC) } // Paris is UTC+2
	end, quiet := quietEnd(m, at(21))                                                  // 23:00 in Paris
	assert.True(t, quiet)
	assert.Equal(t, at(5).AddDate(0, 0, 1), end.UTC())
	_, quiet = quietEnd(m, at(12))
	assert.False(t, quiet)
	end, quiet = quietEnd(m, at(3)) // 05:00 in Paris
	assert.True(t, quiet)
	assert.Equal(t, at(5), end.UTC())
	day := record.Member{QuietFrom: 13 * 60, QuietTo: 15 * 60}
	_, quiet = quietEnd(day, at(14))
	assert.True(t, quiet)
	_, quiet = quietEnd(day, at(15))
	assert.False(t, quiet)
}

func TestAWarningWithDMsOnGoesOnceAndTheEndSaysNoDeadline(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "notify dm:on")
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(20 * time.Hour)
	require.Len(t, s.Tick(context.Background(), testKey).Posts, 1)
	for i := 0; i < 3; i++ {
		*now = now.Add(time.Minute)
		assert.Empty(t, s.Tick(context.Background(), testKey).Posts, "the warning goes once, DMs on or not")
	}
	dms, _ := st.Pending(record.Key{Guild: testKey.Guild, Channel: DMPrefix + ann.UserID})
	n := len(dms)
	r := mustDo(t, s, ann, "resign confirm:yes")
	assert.NotContains(t, r.Posts[0].Text, "Deadline for")
	dms, _ = st.Pending(record.Key{Guild: testKey.Guild, Channel: DMPrefix + ann.UserID})
	assert.Len(t, dms, n, "no DM says an ended game waits")
	bobDMs, _ := st.Pending(record.Key{Guild: testKey.Guild, Channel: DMPrefix + bob.UserID})
	assert.Empty(t, bobDMs)
}

func TestAVacationCanBeLengthenedUpToTheAllowanceAndShortened(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	mustDo(t, s, ann, "away days:5")
	mustDo(t, s, ann, "away days:20")
	rec, _ := st.Get(testKey)
	assert.Equal(t, 14*24*time.Hour, rec.Meta.US.VacationUsed, "14 days in all")
	assert.Equal(t, now.Add(14*24*time.Hour).Format(time.RFC3339), rec.Meta.US.PausedUntil.Format(time.RFC3339))
	mustDo(t, s, ann, "away days:2")
	rec, _ = st.Get(testKey)
	assert.Equal(t, now.Add(2*24*time.Hour).Format(time.RFC3339), rec.Meta.US.PausedUntil.Format(time.RFC3339), "back sooner")
	assert.Equal(t, 2*24*time.Hour, rec.Meta.US.VacationUsed, "the days not taken are given back")
	mustDo(t, s, ann, "away back:yes")
	r := mustDo(t, s, ann, "away back:yes")
	assert.Contains(t, r.Private, "not away")
}

func TestAnOpponentInQuietHoursIsPingedAboutTheLapsedDeadlineLater(t *testing.T) {
	s, st, now := peopleService(t)
	// 12:00 UTC: Bob's quiet hours are 11:00-13:00 UTC.
	mustDo(t, s, bob, "notify quiet:11:00-13:00")
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(24 * time.Hour) // 12:00 the next day: the deadline passes, Bob is quiet
	require.Len(t, s.Tick(context.Background(), testKey).Posts, 1)
	assert.True(t, lastNotice(t, st, testKey).NoPing)
	*now = now.Add(time.Hour)
	held := s.Tick(context.Background(), testKey)
	require.Len(t, held.Posts, 1, "the held ping goes when the quiet hours end")
	assert.Equal(t, bob.UserID, held.Posts[0].Mention)
	assert.Contains(t, held.Posts[0].Text, "passed")
}

func TestTheWarningComesBeforeQuietHoursWouldHideIt(t *testing.T) {
	s, _, now := peopleService(t)
	// Ann is quiet 00:00-08:00 UTC; the game starts at 12:00, so her 24h
	// deadline passes at 12:00 the next day and its 6-hour window starts
	// at 06:00, in her quiet hours: the warning goes the evening before.
	mustDo(t, s, ann, "notify quiet:00:00-08:00")
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(11 * time.Hour) // 23:00
	w := s.Tick(context.Background(), testKey)
	require.Len(t, w.Posts, 1)
	assert.Contains(t, w.Posts[0].Text, "deadline for your move passes")
}
