package command

import (
	"context"
	"fmt"
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

// A deadline runs only while the game waits for a person: not while the
// AI is to act, nor while the seat to act is open.
func TestNoDeadlineRunsForTheAIOrAnOpenSeat(t *testing.T) {
	s, st, _ := peopleService(t)
	mustDo(t, s, ann, "new mode:ai side:german deadline:24h")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	require.True(t, isAI(rec, rec.Game.State.ToAct()))
	_, ok := deadlineDue(rec)
	assert.False(t, ok, "the AI is to act")
	assert.Empty(t, deadlineLine(frontend.Discord{}, rec))
	rec.Seats[rules.US] = record.Seat{}
	_, ok = deadlineDue(rec)
	assert.False(t, ok, "an open seat is to act")
	rec.Seats[rules.US] = record.Seat{UserID: eve.UserID}
	_, ok = deadlineDue(rec)
	assert.True(t, ok, "a member is to act")
}

// The game's reminder and its round time limit count from the last step,
// not from the game's start.
func TestRemindersCountFromTheLastStep(t *testing.T) {
	s, _, now := peopleService(t)
	start := *now
	mustDo(t, s, ann, "new opponent:<@2> remind:6h")
	*now = start.Add(5 * time.Hour)
	mustDo(t, s, ann, "setup unit:117 hex:1502")
	*now = start.Add(7 * time.Hour)
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts, "2 hours after her step")
	*now = start.Add(11 * time.Hour)
	r := s.Tick(context.Background(), testKey)
	require.Len(t, r.Posts, 1, "6 hours after her step")
	assert.Equal(t, ann.UserID, r.Posts[0].Mention)
}

// A channel with games in its threads lists them where no game is
// played: ten at most, then how many more.
func TestTheChannelListsTenOfItsThreadsGames(t *testing.T) {
	s, _ := newService(t, 5)
	th := &threads{}
	newGame := func(i int) {
		t.Helper()
		c := Caller{UserID: fmt.Sprint(100 + i), Name: fmt.Sprint("P", i)}
		name, opts, err := Parse("new mode:hotseat")
		require.NoError(t, err)
		key := record.Key{Guild: testKey.Guild, Channel: fmt.Sprint("t", i)}
		place := Place{OpenThread: func(nt NewThread) (record.Key, error) { th.names = append(th.names, nt.Name); return key, nil }}
		r := s.Handle(context.Background(), Request{Key: testKey, Caller: c, Command: name, Options: opts, Place: place})
		require.False(t, r.Refused, r.Private)
	}
	for i := range 10 {
		newGame(i)
	}
	ten := s.gamesFromHereIn(testKey, i18n.English)
	assert.Equal(t, 10, strings.Count(ten, "<#t"), ten)
	more := i18n.Plural(i18n.English, "thread.more", 1, nil)
	assert.NotContains(t, ten, more)
	newGame(10)
	eleven := s.gamesFromHereIn(testKey, i18n.English)
	assert.Equal(t, 10, strings.Count(eleven, "<#t"), eleven)
	assert.Contains(t, eleven, more)
	assert.Contains(t, do(t, s, eve, "status").Private, "<#t", "status in the channel lists them")
}

// A member's own reminder (notify remind:) comes once per interval, not
// at every check.
func TestAMembersReminderComesOncePerInterval(t *testing.T) {
	s, _, now := peopleService(t)
	start := *now
	mustDo(t, s, ann, "notify remind:6h")
	mustDo(t, s, ann, "new opponent:<@2>")
	var at []time.Duration
	for d := 30 * time.Minute; d <= 13*time.Hour; d += 30 * time.Minute {
		*now = start.Add(d)
		if r := s.Tick(context.Background(), testKey); len(r.Posts) > 0 {
			at = append(at, d)
		}
	}
	assert.Equal(t, []time.Duration{6 * time.Hour, 12 * time.Hour}, at)
}

// status in a channel whose posts all went through says nothing of
// refused posts.
func TestStatusWithEveryPostDelivered(t *testing.T) {
	s, db, _ := dbService(t)
	mustDo(t, s, ann, "new opponent:<@2> side:us")
	p, err := db.Pending(testKey)
	require.NoError(t, err)
	for i, n := range p {
		_, err := db.Delivered(testKey, n.Seq, fmt.Sprint("m", i), true)
		require.NoError(t, err)
	}
	r := mustDo(t, s, eve, "status")
	assert.NotContains(t, r.Private, i18n.T(i18n.English, "reply.set-aside", map[string]any{"Count": 0})[:20])
	assert.Empty(t, s.Undelivered(testKey, i18n.English))
}

// "Wait longer" says the new deadline, its template filled.
func TestWaitLongerSaysTheNewDeadline(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	*now = now.Add(25 * time.Hour)
	s.Tick(context.Background(), testKey)
	r := s.HandleButton(context.Background(), testKey, bob, buttonOf(t, lastNotice(t, st, testKey), "wait"))
	require.False(t, r.Refused, r.Private)
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	text := r.Posts[0].Text
	assert.Contains(t, text, deadlineLine(frontend.Discord{}, rec))
	assert.NotContains(t, text, "<no value>")
}

// The buttons follow the phase: Play (the picker) in the set-up and in a
// round, the historical set-up in the set-up, Pass in a round, redraw or
// miss on a face card.
func TestTheButtonsFollowThePhase(t *testing.T) {
	verbs := func(rec *record.Record) []string {
		var out []string
		for _, b := range buttonsFor(rec) {
			out = append(out, strings.Split(b.CustomID, "/")[1])
		}
		return out
	}
	rec := &record.Record{Key: testKey, Game: rules.NewGame(rules.DefaultScenario(), rules.Options{}, 5),
		Seats: map[rules.Side]record.Seat{rules.US: {UserID: "1"}, rules.German: {UserID: "2"}}}
	assert.Subset(t, verbs(rec), []string{"play", "setup-historical"}, "the set-up")
	p := rules.NewRandomPlayer(7)
	seen := map[rules.Phase]bool{}
	for !rec.Game.State.Over() && len(seen) < 3 {
		st := &rec.Game.State
		got := verbs(rec)
		switch st.Phase() {
		case rules.PhaseRound:
			assert.Subset(t, got, []string{"play", "pass"}, "a round")
		case rules.PhaseFaceChoice:
			assert.Subset(t, got, []string{"redraw", "miss"}, "a face card")
			assert.NotContains(t, got, "play", "a face card")
		}
		seen[st.Phase()] = true
		a, ok := p.Choose(st)
		require.True(t, ok)
		_, err := rec.Game.Apply(a)
		require.NoError(t, err)
	}
	assert.True(t, seen[rules.PhaseRound] && seen[rules.PhaseFaceChoice], "the phases seen: %v", seen)
}

// "Set-up done" is offered once the set-up may end.
func TestSetupDoneIsOfferedOnceTheSetupMayEnd(t *testing.T) {
	s, st := newService(t, 5)
	mustDo(t, s, ann, "new mode:hotseat")
	has := func() bool {
		rec, err := st.Get(testKey)
		require.NoError(t, err)
		for _, b := range buttonsFor(rec) {
			if strings.HasPrefix(b.CustomID, "mortain/setup-done/") {
				return true
			}
		}
		return false
	}
	assert.False(t, has(), "no unit placed")
	mustDo(t, s, ann, "setup preset:historical")
	assert.True(t, has(), "every unit placed")
}

// A direct message goes to the player to act only, and the response
// names its channel for delivery.
func TestADirectMessageGoesToThePlayerToActOnly(t *testing.T) {
	s, st, _ := peopleService(t)
	mustDo(t, s, bob, "notify dm:on")
	r := mustDo(t, s, ann, "new opponent:<@2> side:german")
	assert.Contains(t, r.Also, record.Key{Guild: testKey.Guild, Channel: DMPrefix + bob.UserID}, "the DM's channel is named for delivery")
	assert.Len(t, dmsOf(t, st, bob.UserID), 1, "Bob sets the US up")

	s, st, now := peopleService(t)
	mustDo(t, s, bob, "notify dm:on")
	mustDo(t, s, ann, "new opponent:<@2> side:us deadline:24h")
	*now = now.Add(25 * time.Hour)
	lapse := s.Tick(context.Background(), testKey)
	require.Len(t, lapse.Posts, 1)
	require.Equal(t, bob.UserID, lapse.Posts[0].Mention, "Bob is asked about Ann's passed deadline")
	assert.Empty(t, dmsOf(t, st, bob.UserID), "but gets no DM: the game waits for Ann")
}
