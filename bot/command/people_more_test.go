package command

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/store/record"
)

// TestNotifyShowsAnAbsenceUntilItEnds: the notify reply of a member who
// is away says until when, and says nothing of it once they are back.
func TestNotifyShowsAnAbsenceUntilItEnds(t *testing.T) {
	s, _, now := peopleService(t)
	mustDo(t, s, ann, "away days:3")
	r := mustDo(t, s, ann, "notify")
	assert.Contains(t, r.Private, "away until")
	*now = now.Add(4 * 24 * time.Hour)
	r = mustDo(t, s, ann, "notify")
	assert.NotContains(t, r.Private, "away until", "the absence is over")
}

// TestAwayListsTheGamesInChannelOrder: away's reply lists the member's
// games by channel, whatever order they were started in.
func TestAwayListsTheGamesInChannelOrder(t *testing.T) {
	s, _, _ := peopleService(t)
	for _, ch := range []string{"c9", "c5", "c1", "c7"} {
		key := record.Key{Guild: testKey.Guild, Channel: ch}
		name, opts, err := Parse("new opponent:<@2> deadline:24h")
		require.NoError(t, err)
		r := s.Handle(context.Background(), Request{Key: key, Caller: ann, Command: name, Options: opts})
		require.False(t, r.Refused, r.Private)
	}
	r := mustDo(t, s, ann, "away days:2")
	at := func(ch string) int {
		i := strings.Index(r.Private, "<#"+ch+">")
		require.GreaterOrEqual(t, i, 0, "%s missing from %q", ch, r.Private)
		return i
	}
	assert.Less(t, at("c1"), at("c5"))
	assert.Less(t, at("c5"), at("c7"))
	assert.Less(t, at("c7"), at("c9"))
}

// TestAHeldPingQuotesAtMost300Characters: a ping held by quiet hours is
// sent later with the first line of its post, clipped at 300 characters.
func TestAHeldPingQuotesAtMost300Characters(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, bob, "notify quiet:11:00-13:00")
	mustDo(t, s, ann, "new opponent:<@2> side:us")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	require.NotEqual(t, bob.UserID, mentionOf(rec, rec.Game.State.ToAct()), "Bob is not to act")
	long := strings.Repeat("x", 400) + "\nsecond line"
	require.NoError(t, st.Update(testKey, func(r *record.Record) error {
		r.Notices = s.dress(r, []record.Notice{{Key: testKey, Text: long, Mention: bob.UserID}})
		return nil
	}))
	*now = now.Add(time.Hour) // 13:00: Bob's quiet hours are over
	held := s.Tick(context.Background(), testKey)
	require.Len(t, held.Posts, 1)
	assert.Equal(t, bob.UserID, held.Posts[0].Mention)
	assert.Contains(t, held.Posts[0].Text, strings.Repeat("x", 300)+"…")
	assert.NotContains(t, held.Posts[0].Text, strings.Repeat("x", 301))
	assert.NotContains(t, held.Posts[0].Text, "second line")
}

// TestAnAbsenceIsTheOpponentsNewsOnly: the post saying a player is away
// pings their opponent; in a game against the AI, or with both seats
// held by the same member, it pings nobody.
func TestAnAbsenceIsTheOpponentsNewsOnly(t *testing.T) {
	for _, tc := range []struct{ opponent, mention string }{
		{"<@2>", bob.UserID},
		{"ai", ""},
		{"hotseat", ""},
	} {
		s, st, _ := peopleService(t)
		mustDo(t, s, ann, "new opponent:"+tc.opponent+" deadline:24h")
		mustDo(t, s, ann, "away days:2")
		n := lastNotice(t, st, testKey)
		assert.Contains(t, n.Text, "is away until", tc.opponent)
		assert.Equal(t, tc.mention, n.Mention, tc.opponent)
	}
}

// TestAWinOnTimeIsTheChannelsLastGame: once the opponent claims the win
// on a passed deadline, status in the channel shows that game's result,
// even when status was asked before the game began.
func TestAWinOnTimeIsTheChannelsLastGame(t *testing.T) {
	s, st, now := peopleService(t)
	assert.True(t, do(t, s, ann, "status").Refused, "no game here yet")
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(25 * time.Hour)
	require.Len(t, s.Tick(context.Background(), testKey).Posts, 1)
	r := s.HandleButton(context.Background(), testKey, bob, buttonOf(t, lastNotice(t, st, testKey), "claim"))
	require.True(t, r.Over, r.Private)
	status := do(t, s, eve, "status")
	require.False(t, status.Refused, status.Private)
	text := status.Private
	for _, p := range status.Posts {
		text += "\n" + p.Text
	}
	assert.Contains(t, text, "Game over")
	assert.Contains(t, text, "deadline")
}

// TestAwayLeavesOtherPeoplesGamesAlone: away pauses the member's own
// games and lists them; a game of others on the server is not touched.
func TestAwayLeavesOtherPeoplesGamesAlone(t *testing.T) {
	s, st, _ := peopleService(t)
	others := record.Key{Guild: testKey.Guild, Channel: "c2"}
	name, opts, err := Parse("new opponent:<@3> deadline:24h")
	require.NoError(t, err)
	r := s.Handle(context.Background(), Request{Key: others, Caller: bob, Command: name, Options: opts})
	require.False(t, r.Refused, r.Private)
	before, err := st.Get(others)
	require.NoError(t, err)
	mustDo(t, s, ann, "new opponent:ai deadline:24h")
	away := mustDo(t, s, ann, "away days:2")
	assert.Contains(t, away.Private, "<#"+testKey.Channel+">")
	assert.NotContains(t, away.Private, "<#c2>")
	after, err := st.Get(others)
	require.NoError(t, err)
	assert.Equal(t, before, after, "Bob and Eve's game is not paused")
}

// TestQuietHoursEndOnTheirMinute: quiet hours that end at half past hold
// a ping until that minute, not the hour before or after.
func TestQuietHoursEndOnTheirMinute(t *testing.T) {
	at := time.Date(2026, 3, 1, 23, 0, 0, 0, time.UTC)
	for _, m := range []record.Member{
		{QuietFrom: 22*60 + 15, QuietTo: 6*60 + 45},
		{QuietFrom: 21*60 + 15, QuietTo: 23*60 + 45},
	} {
		end, quiet := quietEnd(m, at)
		require.True(t, quiet)
		assert.Equal(t, m.QuietTo/60, end.Hour(), "%+v", m)
		assert.Equal(t, m.QuietTo%60, end.Minute(), "%+v", m)
	}
}

// TestNotifyNamesTheTimeZoneItUses: a member without a time zone reads
// that UTC is used and how to set theirs; once set, its name.
func TestNotifyNamesTheTimeZoneItUses(t *testing.T) {
	s, _, _ := peopleService(t)
	assert.Contains(t, mustDo(t, s, ann, "notify").Private, "UTC (set yours with tz:)")
	r := mustDo(t, s, ann, "notify tz:Asia/Tokyo")
	assert.Contains(t, r.Private, "Asia/Tokyo")
	assert.NotContains(t, r.Private, "set yours with tz:")
}

// TestAGameHandedToTheAICannotBeClaimedToo: once the opponent hands the
// absent player's side to the AI, the claim button of the same post is
// refused: the game goes on.
func TestAGameHandedToTheAICannotBeClaimedToo(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(25 * time.Hour)
	require.Len(t, s.Tick(context.Background(), testKey).Posts, 1)
	lapse := lastNotice(t, st, testKey)
	r := s.HandleButton(context.Background(), testKey, bob, buttonOf(t, lapse, "hand-easy"))
	require.False(t, r.Refused, r.Private)
	r = s.HandleButton(context.Background(), testKey, bob, buttonOf(t, lapse, "claim"))
	assert.True(t, r.Refused, "claimed after the hand: %+v", r)
	rec, err := st.Get(testKey)
	require.NoError(t, err, "the game goes on")
	assert.Equal(t, "easy", rec.Seats[rec.Game.State.ToAct()].AI)
}

// fullDiskOutbox is a store whose outbox cannot take a notice: the disk
// is full.
type fullDiskOutbox struct{ *memStore }

func (fullDiskOutbox) Enqueue(record.Key, ...record.Notice) error { return record.ErrDiskFull }

// TestAPictureNotQueuedOnAFullDiskSaysSo: a map whose post cannot be
// queued because the disk is full is refused with the full disk named,
// not a generic failure.
func TestAPictureNotQueuedOnAFullDiskSaysSo(t *testing.T) {
	st := newMemStore()
	s := New(Config{Store: fullDiskOutbox{st}, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 5 }})
	mustDo(t, s, ann, "new opponent:ai side:us")
	r := do(t, s, ann, "map")
	assert.Contains(t, r.Private, "disk", "%+v", r)
	assert.Empty(t, r.Posts)
}

// TestAPassedDeadlineIsNotShownAsAhead: the post asking the opponent
// what to do about a passed deadline does not show that deadline again.
func TestAPassedDeadlineIsNotShownAsAhead(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	assert.Contains(t, lastNotice(t, st, testKey).Text, "Deadline for Ann")
	*now = now.Add(25 * time.Hour)
	require.Len(t, s.Tick(context.Background(), testKey).Posts, 1)
	n := lastNotice(t, st, testKey)
	require.Equal(t, bob.UserID, n.Mention)
	assert.NotContains(t, n.Text, "Deadline for Ann")
}

// TestPingsOffAndNoDMsMeansNothingAfterQuietHours: a member who turned
// pings off and direct messages off gets nothing held for later by quiet
// hours: when they end, no post pings them.
func TestPingsOffAndNoDMsMeansNothingAfterQuietHours(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, bob, "notify ping:off dm:off quiet:11:00-13:00")
	mustDo(t, s, ann, "new opponent:<@2> side:german")
	assert.True(t, lastNotice(t, st, testKey).NoPing)
	*now = now.Add(time.Hour) // 13:00
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts)
	assert.Empty(t, dmsOf(t, st, bob.UserID))
}

// TestADirectMessageShowsTheDeadline: the direct message telling a
// member their move waits shows the deadline of that move, when the game
// has one.
func TestADirectMessageShowsTheDeadline(t *testing.T) {
	for _, tc := range []struct {
		options string
		want    bool
	}{{"deadline:24h", true}, {"", false}} {
		s, st, _ := peopleService(t)
		mustDo(t, s, bob, "notify dm:on")
		mustDo(t, s, ann, "new opponent:<@2> side:german "+tc.options)
		dms := dmsOf(t, st, bob.UserID)
		require.Len(t, dms, 1, tc.options)
		assert.Equal(t, tc.want, strings.Contains(dms[0].Text, "Deadline for "), "%s: %q", tc.options, dms[0].Text)
	}
}

// TestAStaleHeldPingDoesNotDelayTheReminder: when quiet hours end on a
// held ping whose move was made meanwhile, the game's reminder due at
// that time still goes in the same check.
func TestAStaleHeldPingDoesNotDelayTheReminder(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, bob, "notify quiet:11:00-13:00")
	mustDo(t, s, ann, "new opponent:<@2> side:german remind:1h")
	require.True(t, lastNotice(t, st, testKey).NoPing, "Bob's ping is held")
	mustDo(t, s, bob, "setup preset:historical") // Bob is still to act
	*now = now.Add(time.Hour)                    // 13:00: quiet hours over, an hour since Bob's step
	r := s.Tick(context.Background(), testKey)
	require.Len(t, r.Posts, 1, "the game's reminder")
	assert.Equal(t, bob.UserID, r.Posts[0].Mention)
}
