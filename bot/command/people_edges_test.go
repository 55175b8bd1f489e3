package command

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// Quiet hours hold from their first minute to the minute before their
// end, within a day and across midnight.
func TestQuietHoursFromTheirFirstMinuteToTheirLast(t *testing.T) {
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	at := func(h, m int) time.Time { return day.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute) }
	cases := []struct {
		name     string
		from, to int
		now      time.Time
		quiet    bool
		end      time.Time
	}{
		{"the minute before 13:00-15:00", 13 * 60, 15 * 60, at(12, 59), false, time.Time{}},
		{"the first minute of 13:00-15:00", 13 * 60, 15 * 60, at(13, 0), true, at(15, 0)},
		{"the last minute of 13:00-15:00", 13 * 60, 15 * 60, at(14, 59), true, at(15, 0)},
		{"the end of 13:00-15:00", 13 * 60, 15 * 60, at(15, 0), false, time.Time{}},
		{"the minute before 22:00-07:00", 22 * 60, 7 * 60, at(21, 59), false, time.Time{}},
		{"the first minute of 22:00-07:00", 22 * 60, 7 * 60, at(22, 0), true, at(31, 0)},
		{"midnight in 22:00-07:00", 22 * 60, 7 * 60, at(0, 0), true, at(7, 0)},
		{"the last minute of 22:00-07:00", 22 * 60, 7 * 60, at(6, 59), true, at(7, 0)},
		{"the end of 22:00-07:00", 22 * 60, 7 * 60, at(7, 0), false, time.Time{}},
		{"the first minute of 22:30-07:15", 22*60 + 30, 7*60 + 15, at(22, 30), true, at(31, 15)},
		{"the minute before 22:30-07:15", 22*60 + 30, 7*60 + 15, at(22, 29), false, time.Time{}},
	}
	for _, c := range cases {
		end, quiet := quietEnd(record.Member{QuietFrom: c.from, QuietTo: c.to}, c.now)
		assert.Equal(t, c.quiet, quiet, c.name)
		assert.True(t, end.Equal(c.end), "%s: ends %v, want %v", c.name, end, c.end)
	}
	_, quiet := quietEnd(record.Member{}, at(3, 0))
	assert.False(t, quiet, "no quiet hours set")
	assert.Equal(t, 9*time.Hour, quietSpan(record.Member{QuietFrom: 22 * 60, QuietTo: 7 * 60}))
	assert.Equal(t, 2*time.Hour, quietSpan(record.Member{QuietFrom: 13 * 60, QuietTo: 15 * 60}))
	assert.Zero(t, quietSpan(record.Member{}))
}

// dmsOf is the direct messages queued for a member.
func dmsOf(t *testing.T, st *memStore, user string) []record.Notice {
	t.Helper()
	dms, err := st.Pending(record.Key{Guild: testKey.Guild, Channel: DMPrefix + user})
	require.NoError(t, err)
	return dms
}

// A member who asked for direct messages gets none during their quiet
// hours: the DM goes with the held ping when they end.
func TestNoDirectMessageDuringQuietHours(t *testing.T) {
	s, st, now := peopleService(t)
	// 12:00 UTC is 21:00 in Tokyo: Bob's quiet hours (20:00-08:00).
	mustDo(t, s, bob, "notify dm:on quiet:20:00-08:00 tz:Asia/Tokyo")
	mustDo(t, s, ann, "new opponent:<@2> side:german")
	assert.Empty(t, dmsOf(t, st, bob.UserID), "no DM at 21:00 in his quiet hours")
	*now = now.Add(11 * time.Hour) // 08:00 in Tokyo
	held := s.Tick(context.Background(), testKey)
	require.Len(t, held.Posts, 1)
	assert.Len(t, dmsOf(t, st, bob.UserID), 1, "the DM goes when the quiet hours end")
}

// A member with pings off but DMs on is told by DM after their quiet
// hours, not during them.
func TestPingsOffDMsOnWaitForTheQuietHoursToEnd(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, bob, "notify ping:off dm:on quiet:11:00-13:00")
	mustDo(t, s, ann, "new opponent:<@2> side:german")
	assert.True(t, lastNotice(t, st, testKey).NoPing)
	assert.Empty(t, dmsOf(t, st, bob.UserID))
	*now = now.Add(time.Hour) // 13:00
	require.Len(t, s.Tick(context.Background(), testKey).Posts, 1)
	assert.Len(t, dmsOf(t, st, bob.UserID), 1)
}

// warningAt reports the Tick of each hour from start until the first
// post, and returns how long after start it came.
func firstPostAfter(t *testing.T, s *Service, now *time.Time, start time.Time, step, limit time.Duration) (time.Duration, Response) {
	t.Helper()
	for d := step; d <= limit; d += step {
		*now = start.Add(d)
		if r := s.Tick(context.Background(), testKey); len(r.Posts) > 0 {
			return d, r
		}
	}
	t.Fatalf("no post within %v", limit)
	return 0, Response{}
}

// The warning before a deadline comes a quarter of the deadline before
// it, and never more than 12 hours before: 6 h before a 24 h deadline,
// 12 h before a 72 h or a 7-day one.
func TestTheDeadlineWarningComesAtMost12HoursBefore(t *testing.T) {
	for _, c := range []struct {
		deadline string
		want     time.Duration
	}{{"24h", 18 * time.Hour}, {"48h", 36 * time.Hour}, {"72h", 60 * time.Hour}, {"7d", 156 * time.Hour}} {
		s, st, now := peopleService(t)
		start := *now
		mustDo(t, s, ann, "new opponent:<@2> deadline:"+c.deadline)
		got, r := firstPostAfter(t, s, now, start, 30*time.Minute, 7*24*time.Hour)
		assert.Equal(t, c.want, got, "deadline %s: the first post", c.deadline)
		require.Len(t, r.Posts, 1)
		assert.Equal(t, ann.UserID, r.Posts[0].Mention, "deadline %s: the player to act is warned", c.deadline)
		assert.Empty(t, r.Posts[0].Buttons, "deadline %s: a warning, not the lapse", c.deadline)
		rec, err := st.Get(testKey)
		require.NoError(t, err)
		assert.False(t, rec.Meta.Lapsed.At(len(rec.Game.History)), "deadline %s: not yet passed", c.deadline)
	}
}

// The game's own reminder (new remind:) and the member's (notify remind:)
// wait while the member is away, and come once they are back.
func TestNoReminderWhileTheMemberIsAway(t *testing.T) {
	for name, setup := range map[string][]string{
		"the game's reminder":   {"new opponent:<@2> remind:6h"},
		"the member's reminder": {"notify remind:6h", "new opponent:<@2>"},
	} {
		s, _, now := peopleService(t)
		for _, cmd := range setup {
			mustDo(t, s, ann, cmd)
		}
		mustDo(t, s, ann, "away days:2")
		start := *now
		for h := 1; h < 48; h += 7 {
			*now = start.Add(time.Duration(h) * time.Hour)
			assert.Empty(t, s.Tick(context.Background(), testKey).Posts, "%s: %dh into her 2 days away", name, h)
		}
		*now = start.Add(49 * time.Hour)
		r := s.Tick(context.Background(), testKey)
		require.Len(t, r.Posts, 1, "%s: once she is back", name)
		assert.Equal(t, ann.UserID, r.Posts[0].Mention, name)
	}
}

// missTwice lets the US player (Ann) miss two 24 h deadlines of a new
// game in a row, Bob choosing to wait the first time.
func missTwice(t *testing.T, s *Service, st *memStore, now *time.Time) {
	t.Helper()
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(25 * time.Hour)
	s.Tick(context.Background(), testKey)
	r := s.HandleButton(context.Background(), testKey, bob, buttonOf(t, lastNotice(t, st, testKey), "wait"))
	require.False(t, r.Refused, r.Private)
	*now = now.Add(25 * time.Hour)
	s.Tick(context.Background(), testKey)
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	require.NotEmpty(t, missedText(frontend.Discord{}, rec, rules.US), "two deadlines missed")
}

// A member given a seat starts afresh: the deadlines the previous holder
// missed and their vacation are not theirs.
func TestANewHolderOfASeatStartsWithNoMissedDeadline(t *testing.T) {
	s, st, now := peopleService(t)
	missTwice(t, s, st, now)
	mustDo(t, s, ann, "away days:5")
	mustDo(t, s, mod, "seat side:us user:<@3>")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	assert.Empty(t, missedText(frontend.Discord{}, rec, rules.US))
	assert.Zero(t, rec.Meta.US.Missed)
	due, ok := deadlineDue(rec)
	require.True(t, ok)
	assert.Equal(t, now.Add(24*time.Hour), due, "Eve's deadline runs from the hand-over, not from Ann's vacation")
}

// A member given the seat of a player whose deadline passed has a
// deadline of their own, warned of and offered to the opponent when it
// passes; missing it counts as their first.
func TestANewHoldersDeadlineIsWarnedOfAndPasses(t *testing.T) {
	s, st, now := peopleService(t)
	missTwice(t, s, st, now)
	mustDo(t, s, mod, "seat side:us user:<@3>")
	start := *now
	got, warn := firstPostAfter(t, s, now, start, 30*time.Minute, 48*time.Hour)
	assert.Equal(t, 18*time.Hour, got, "Eve is warned 6 hours before her deadline")
	require.Len(t, warn.Posts, 1)
	assert.Equal(t, eve.UserID, warn.Posts[0].Mention)
	*now = start.Add(24 * time.Hour)
	lapsed := s.Tick(context.Background(), testKey)
	require.Len(t, lapsed.Posts, 1, "Eve's deadline passes")
	assert.Equal(t, bob.UserID, lapsed.Posts[0].Mention, "Bob is offered the ways out")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	assert.Equal(t, 1, rec.Meta.US.Missed, "one missed in a row, not three")
}

// A side handed to the AI leaves the game unrated, also once its player
// takes it back.
func TestASideHandedToTheAILeavesTheGameUnrated(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	require.True(t, rec.Meta.Ranked, "a game between two members is ranked")
	require.Empty(t, rec.Meta.Unrated)
	*now = now.Add(25 * time.Hour)
	s.Tick(context.Background(), testKey)
	r := s.HandleButton(context.Background(), testKey, bob, buttonOf(t, lastNotice(t, st, testKey), "hand-easy"))
	require.False(t, r.Refused, r.Private)
	rec, err = st.Get(testKey)
	require.NoError(t, err)
	assert.NotEmpty(t, rec.Meta.Unrated)
	mustDo(t, s, ann, "join")
	rec, err = st.Get(testKey)
	require.NoError(t, err)
	assert.NotEmpty(t, rec.Meta.Unrated, "taking the side back does not make it rated")
}

// Only a game between two members is ranked: not a hotseat game, not a
// game against the AI, and ranked:yes is refused for them.
func TestOnlyAGameBetweenTwoMembersIsRanked(t *testing.T) {
	for text, want := range map[string]bool{
		"new opponent:<@2>":           true,
		"new opponent:<@2> ranked:no": false,
		"new mode:hotseat":            false,
		"new mode:ai":                 false,
	} {
		s, st := newService(t, 5)
		mustDo(t, s, ann, text)
		rec, err := st.Get(testKey)
		require.NoError(t, err)
		assert.Equal(t, want, rec.Meta.Ranked, text)
	}
	for _, text := range []string{"new mode:hotseat ranked:yes", "new mode:ai ranked:yes"} {
		s, st := newService(t, 5)
		r := do(t, s, ann, text)
		assert.True(t, r.Refused, text)
		assert.Zero(t, st.Commits, text)
	}
}

// No button is offered while the AI is to act, nor on a seat nobody holds
// yet, nor once the game is over.
func TestNoButtonsWhileTheAIOrNobodyIsToAct(t *testing.T) {
	s, st := newService(t, 5)
	mustDo(t, s, ann, "new mode:ai side:german")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	require.True(t, isAI(rec, rec.Game.State.ToAct()), "the AI sets the US up first")
	assert.Empty(t, buttonsFor(rec))
	rec.Seats[rules.US] = record.Seat{UserID: ann.UserID}
	assert.NotEmpty(t, buttonsFor(rec), "the same position with a person to act")
	rec.Seats[rules.US] = record.Seat{}
	assert.Empty(t, buttonsFor(rec), "an open seat")
}

// A thread's name is at most Discord's 100 characters: a name of 101 is
// cut to 99 and an ellipsis.
func TestAThreadNameIsClippedToDiscords100Characters(t *testing.T) {
	seats := func(us string) map[rules.Side]record.Seat {
		return map[rules.Side]record.Seat{rules.US: {UserID: "1", Name: us}, rules.German: {UserID: "2", Name: "B"}}
	}
	for _, lang := range i18n.Langs() {
		overhead := utf8.RuneCountInString(threadName(seats("A"), lang)) - 1
		for _, n := range []int{99, 100, 101, 140} {
			name := strings.Repeat("a", n-overhead)
			got := threadName(seats(name), lang)
			full := []rune(strings.Replace(threadName(seats("A"), lang), "A", name, 1))
			require.Len(t, full, n)
			if n <= 100 {
				assert.Equal(t, string(full), got, "%s: %d characters stay whole", lang, n)
				continue
			}
			assert.Equal(t, 100, utf8.RuneCountInString(got), "%s: %d characters", lang, n)
			assert.Equal(t, string(full[:99])+"…", got, lang)
		}
	}
}

// A member given the seat of a player who was already warned is warned
// of their own deadline in turn. (Without an outbox, a warning counts as
// given at once, as it does once delivered.)
func TestANewHolderIsWarnedThoughThePreviousOneWas(t *testing.T) {
	now := new(time.Time)
	*now = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s := New(Config{FrontEnd: frontend.Discord{}, Store: newMemStore(), Now: func() time.Time { return *now }, Seed: func() uint64 { return 5 }})
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	start := *now
	got, _ := firstPostAfter(t, s, now, start, time.Hour, 24*time.Hour)
	require.Equal(t, 18*time.Hour, got, "Ann is warned")
	mustDo(t, s, mod, "seat side:us user:<@3>")
	start = *now
	got, warn := firstPostAfter(t, s, now, start, time.Hour, 24*time.Hour)
	assert.Equal(t, 18*time.Hour, got, "Eve is warned 6 hours before her own deadline")
	assert.Equal(t, eve.UserID, warn.Posts[0].Mention)
}

// notify and away take the values at their limits and refuse the first
// beyond, changing nothing.
func TestNotifyAndAwayTakeTheirLimits(t *testing.T) {
	s, st, now := peopleService(t)
	member := func() record.Member {
		t.Helper()
		m, err := st.Member(testKey.Guild, bob.UserID)
		require.NoError(t, err)
		return m
	}
	mustDo(t, s, bob, "notify quiet:22:59-07:00")
	assert.Equal(t, [2]int{22*60 + 59, 7 * 60}, [2]int{member().QuietFrom, member().QuietTo})
	mustDo(t, s, bob, "notify quiet:7-23")
	assert.Equal(t, [2]int{7 * 60, 23 * 60}, [2]int{member().QuietFrom, member().QuietTo}, "hours alone")
	mustDo(t, s, bob, "notify quiet:23:00-00:00")
	assert.Equal(t, [2]int{23 * 60, 0}, [2]int{member().QuietFrom, member().QuietTo})
	for _, bad := range []string{"22:60-07:00", "24:00-07:00", "07:00-07:00", "22:00", "22:00-7:0x"} {
		mustRefuse(t, s, st, bob, "notify quiet:"+bad, "quiet:"+bad)
	}
	mustDo(t, s, bob, "notify quiet:off")
	assert.Equal(t, [2]int{0, 0}, [2]int{member().QuietFrom, member().QuietTo})

	mustDo(t, s, bob, "notify remind:6h")
	assert.Equal(t, 6*time.Hour, member().Remind)
	mustRefuse(t, s, st, bob, "notify remind:59m", "remind:59m")
	mustDo(t, s, bob, "notify remind:off")
	assert.Zero(t, member().Remind)
	mustRefuse(t, s, st, bob, "notify dm:maybe", "dm:maybe")

	for _, bad := range []string{"0", "31", "x"} {
		mustRefuse(t, s, st, bob, "away days:"+bad, "days:"+bad)
	}
	mustDo(t, s, bob, "away days:30")
	assert.Equal(t, now.Add(30*24*time.Hour), member().AwayUntil)
	mustDo(t, s, bob, "away back:yes")
	assert.False(t, member().AwayUntil.After(*now), "back:yes ends it")
	mustDo(t, s, bob, "away days:1")
	assert.Equal(t, now.Add(24*time.Hour), member().AwayUntil)
	mustDo(t, s, bob, "away back:yes")

	// until: is midnight of that day in the member's time zone, after
	// today and within 31 days.
	mustDo(t, s, bob, "notify tz:Asia/Tokyo")
	mustDo(t, s, bob, "away until:2026-03-05")
	assert.Equal(t, time.Date(2026, 3, 4, 15, 0, 0, 0, time.UTC), member().AwayUntil.UTC())
	mustDo(t, s, bob, "away until:2026-04-01")
	assert.Equal(t, time.Date(2026, 3, 31, 15, 0, 0, 0, time.UTC), member().AwayUntil.UTC(), "30 days and 3 hours ahead")
	for _, bad := range []string{"2026-04-02", "2026-03-01", "2026-02-28"} {
		mustRefuse(t, s, st, bob, "away until:"+bad, "until:"+bad)
	}
	mustRefuse(t, s, st, bob, "away until:tomorrow", "until:tomorrow")
}

// away lists the member's one game, says when there is none, and shows
// an example date a week ahead when until: cannot be read.
func TestAwayListsTheGamesItPauses(t *testing.T) {
	s, st, now := peopleService(t)
	none := mustDo(t, s, ann, "away days:2")
	assert.Contains(t, none.Private, i18n.T(i18n.English, "people.away.no-games", map[string]any{"Head": ""}))
	mustDo(t, s, ann, "away back:yes")
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	one := mustDo(t, s, ann, "away days:2")
	assert.Contains(t, one.Private, "<#c1>")
	assert.NotContains(t, one.Private, i18n.T(i18n.English, "people.away.no-games", map[string]any{"Head": ""}))
	mustRefuse(t, s, st, ann, "away until:someday", now.AddDate(0, 0, 7).Format("2006-01-02"))
}

// A member who is away when a game seats them has their deadline paused
// until they are back, within the game's allowance.
func TestAnAwayMemberSeatedInANewGameHasTheDeadlinePaused(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, bob, "away days:3")
	mustDo(t, s, ann, "new opponent:<@2> side:german deadline:24h")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	due, ok := deadlineDue(rec)
	require.True(t, ok)
	assert.Equal(t, now.Add(4*24*time.Hour), due, "Bob's 24 hours run from his return")
	assert.Equal(t, 3*24*time.Hour, rec.Meta.US.VacationUsed, "3 days of his allowance")
	*now = now.Add(25 * time.Hour)
	for _, p := range s.Tick(context.Background(), testKey).Posts {
		assert.NotEqual(t, bob.UserID, p.Mention, "no warning or lapse while he is away: %q", p.Text)
	}
}

// A hotseat game's thread is named after its one player.
func TestAHotseatThreadIsNamedAfterItsPlayer(t *testing.T) {
	ann := record.Seat{UserID: "1", Name: "Ann"}
	for _, lang := range i18n.Langs() {
		both := threadName(map[rules.Side]record.Seat{rules.US: ann, rules.German: ann}, lang)
		assert.Equal(t, i18n.T(lang, "thread.name-both", map[string]any{"Name": "Ann"}), both, lang)
		open := threadName(map[rules.Side]record.Seat{rules.US: ann, rules.German: {}}, lang)
		assert.Equal(t, i18n.T(lang, "thread.name", map[string]any{"US": "Ann", "German": plainName(record.Seat{}, lang)}), open, lang)
	}
}

// A passed deadline with nobody to ask (a hotseat game, a game against
// the AI) only tells the player, without buttons.
func TestALapseWithNoOpponentToAskOnlyTellsThePlayer(t *testing.T) {
	for _, text := range []string{"new mode:hotseat deadline:24h", "new mode:ai side:us deadline:24h"} {
		s, st, now := peopleService(t)
		mustDo(t, s, ann, text)
		*now = now.Add(25 * time.Hour)
		r := s.Tick(context.Background(), testKey)
		require.Len(t, r.Posts, 1, text)
		assert.Equal(t, ann.UserID, r.Posts[0].Mention, text)
		assert.Empty(t, r.Posts[0].Buttons, text)
		rec, err := st.Get(testKey)
		require.NoError(t, err)
		assert.Equal(t, 1, rec.Meta.US.Missed, text)
	}
}

// The buttons of a passed deadline are for the opponent or a moderator,
// not for the absent player, and only while the deadline stays passed.
func TestTheButtonsOfAPassedDeadline(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(25 * time.Hour)
	s.Tick(context.Background(), testKey)
	n := lastNotice(t, st, testKey)
	wait, claim := buttonOf(t, n, "wait"), buttonOf(t, n, "claim")
	annMod := Caller{UserID: ann.UserID, Name: "Ann", CanManage: true}
	for _, c := range []Caller{ann, eve, annMod} {
		r := s.HandleButton(context.Background(), testKey, c, wait)
		assert.True(t, r.Refused, "%s (moderator: %v)", c.Name, c.CanManage)
	}
	forged := strings.Replace(buttonOf(t, n, "hand-easy"), "hand-easy", "hand-expert", 1)
	assert.True(t, s.HandleButton(context.Background(), testKey, bob, forged).Refused, "an unknown level")
	r := s.HandleButton(context.Background(), testKey, mod, wait)
	require.False(t, r.Refused, "a moderator may choose: %s", r.Private)
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	due, ok := deadlineDue(rec)
	require.True(t, ok)
	assert.Equal(t, now.Add(24*time.Hour), due, "a whole new deadline from now")
	assert.True(t, s.HandleButton(context.Background(), testKey, bob, claim).Refused, "the deadline no longer passed")
	_, err = st.Get(testKey)
	assert.NoError(t, err, "the game goes on")
}

// Back sooner than said: the deadline runs from the return, and the days
// not taken go back to the allowance; the opponent is told, with the
// deadline.
func TestBackSoonerTheDeadlineRunsFromTheReturn(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	mustDo(t, s, ann, "away days:5")
	*now = now.Add(24 * time.Hour)
	mustDo(t, s, ann, "away back:yes")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	due, ok := deadlineDue(rec)
	require.True(t, ok)
	assert.Equal(t, now.Add(24*time.Hour), due)
	assert.Equal(t, 24*time.Hour, rec.Meta.US.VacationUsed, "one day used")
	n := lastNotice(t, st, testKey)
	assert.Equal(t, bob.UserID, n.Mention, "the opponent is told")
	assert.Contains(t, n.Text, deadlineLine(frontend.Discord{}, rec))
}
