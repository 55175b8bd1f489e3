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

// playTo plays random legal actions in the game of testKey until cond
// holds of its position, as its players would.
func playTo(t *testing.T, st Store, cond func(s *rules.State) bool) {
	t.Helper()
	p := rules.NewRandomPlayer(11)
	require.NoError(t, st.Update(testKey, func(r *record.Record) error {
		for i := 0; !cond(&r.Game.State); i++ {
			require.Less(t, i, 2000, "never reached")
			a, ok := p.Choose(&r.Game.State)
			require.True(t, ok)
			if _, err := r.Game.Apply(a); err != nil {
				return err
			}
		}
		return nil
	}))
}

// The round time limit passes the round once the person to act has
// waited it out exactly, and takes a face card's choice as a miss.
func TestTheRoundLimitPassesAtItsTimeAndMissesAFaceCard(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new mode:hotseat round-limit:3h")
	playTo(t, st, func(s *rules.State) bool { return s.Phase() == rules.PhaseFaceChoice })
	before, err := st.Get(testKey)
	require.NoError(t, err)
	s.RestartClock(testKey)
	start := *now
	*now = start.Add(3*time.Hour - time.Second)
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts, "a second early")
	*now = start.Add(3 * time.Hour)
	r := s.Tick(context.Background(), testKey)
	require.NotEmpty(t, r.Posts, "at the limit")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	assert.NotEqual(t, rules.PhaseFaceChoice, rec.Game.State.Phase(), "the face card was taken as a miss")
	assert.Len(t, rec.Game.History, len(before.Game.History)+1, "one step")
}

// RestartClock starts the wait afresh: the reminder counts from it.
func TestRestartClockStartsTheWaitAfresh(t *testing.T) {
	s, _, now := peopleService(t)
	start := *now
	mustDo(t, s, ann, "new opponent:<@2> remind:6h")
	*now = start.Add(5 * time.Hour)
	s.RestartClock(testKey)
	*now = start.Add(7 * time.Hour)
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts)
	*now = start.Add(11 * time.Hour)
	assert.Len(t, s.Tick(context.Background(), testKey).Posts, 1)
	s.RestartClock(record.Key{Guild: "g1", Channel: "none"}) // no game: nothing happens
}

// No reminder or time limit runs while the AI is to act or nobody holds
// the seat to act.
func TestNoTimerForTheAIOrAnOpenSeat(t *testing.T) {
	for _, text := range []string{"new mode:ai side:german remind:1h round-limit:1h", "new mode:open side:german remind:1h round-limit:1h"} {
		s, st, now := peopleService(t)
		mustDo(t, s, ann, text)
		rec, err := st.Get(testKey)
		require.NoError(t, err)
		side := rec.Game.State.ToAct()
		require.True(t, isAI(rec, side) || open(rec.Seats[side]), text)
		*now = now.Add(5 * time.Hour)
		assert.Empty(t, s.Tick(context.Background(), testKey).Posts, text)
	}
}

// Without an outbox a reminder counts as given once returned: it is not
// repeated at the next check.
func TestWithoutAnOutboxAReminderIsGivenOnce(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s := New(Config{FrontEnd: frontend.Discord{}, Store: newMemStore(), Now: func() time.Time { return now }, Seed: func() uint64 { return 5 }})
	mustDo(t, s, ann, "new opponent:<@2> remind:6h")
	now = now.Add(7 * time.Hour)
	assert.Len(t, s.Tick(context.Background(), testKey).Posts, 1)
	now = now.Add(time.Hour)
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts)
}

// A deadline's warning waiting in the outbox does not hold back the
// game's reminder of the same step.
func TestAQueuedWarningDoesNotHoldBackTheReminder(t *testing.T) {
	s, st, now := peopleService(t)
	start := *now
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h remind:20h")
	*now = start.Add(18 * time.Hour)
	require.Len(t, s.Tick(context.Background(), testKey).Posts, 1, "the warning")
	require.Equal(t, SettingWarned, lastNotice(t, st, testKey).Mark)
	*now = start.Add(20 * time.Hour)
	r := s.Tick(context.Background(), testKey)
	require.Len(t, r.Posts, 1, "the reminder")
	assert.Equal(t, SettingReminded, lastNotice(t, st, testKey).Mark)
}

// A seat handed over is said in the game's channel, with whom the game
// waits for, and no response names an empty channel.
func TestASeatHandedOverIsPosted(t *testing.T) {
	s, st, _ := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2>")
	r := mustDo(t, s, mod, "seat side:us user:<@3>")
	for _, k := range r.Also {
		assert.NotEqual(t, record.Key{}, k)
	}
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	n := lastNotice(t, st, testKey)
	assert.Contains(t, n.Text, waitingLine(frontend.Discord{}, rec, i18n.English))
	assert.Equal(t, eve.UserID, n.Mention, "Eve, now to act, is pinged")
}

// Undo is offered once there is a step to take back.
func TestUndoIsOfferedOnceThereIsAStepToTakeBack(t *testing.T) {
	s, st := newService(t, 5)
	mustDo(t, s, ann, "new mode:hotseat")
	verbs := func() string {
		rec, err := st.Get(testKey)
		require.NoError(t, err)
		var out []string
		for _, b := range buttonsFor(rec) {
			out = append(out, b.CustomID)
		}
		return strings.Join(out, " ")
	}
	assert.NotContains(t, verbs(), "mortain/undo/")
	mustDo(t, s, ann, "setup unit:117 hex:1502")
	assert.Contains(t, verbs(), "mortain/undo/")
}

// status shows each post set aside, the first too when there are fewer
// than three, its first line cut after 200 characters.
func TestStatusShowsEveryPostSetAsideUpToThree(t *testing.T) {
	s, db, _ := dbService(t)
	mustDo(t, s, ann, "new opponent:<@2> side:us")
	long := strings.Repeat("x", 250)
	for i, text := range []string{"first", long} {
		require.NoError(t, db.Enqueue(testKey, record.Notice{Text: text}))
		p, err := db.Pending(testKey)
		require.NoError(t, err)
		require.NoError(t, db.Undeliverable(testKey, p[len(p)-1].Seq, fmt.Sprint("reason ", i)))
	}
	status := mustDo(t, s, eve, "status").Private
	assert.Contains(t, status, ": first")
	assert.Contains(t, status, ": "+strings.Repeat("x", 200)+"…")
	assert.NotContains(t, status, strings.Repeat("x", 201))
}

// Without an outbox a deadline's warning counts as given once returned:
// it is not repeated at the next check.
func TestWithoutAnOutboxAWarningIsGivenOnce(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s := New(Config{FrontEnd: frontend.Discord{}, Store: newMemStore(), Now: func() time.Time { return now }, Seed: func() uint64 { return 5 }})
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	now = now.Add(18 * time.Hour)
	assert.Len(t, s.Tick(context.Background(), testKey).Posts, 1)
	now = now.Add(time.Hour)
	assert.Empty(t, s.Tick(context.Background(), testKey).Posts)
}

// Without a round time limit no round is passed, however long it waits;
// notify says a reminder that is off is off.
func TestNoLimitNoPassAndAnOffReminderIsOff(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new mode:hotseat")
	playTo(t, st, func(s *rules.State) bool { return s.Phase() == rules.PhaseRound })
	before, err := st.Get(testKey)
	require.NoError(t, err)
	*now = now.Add(30 * 24 * time.Hour)
	s.Tick(context.Background(), testKey)
	after, err := st.Get(testKey)
	require.NoError(t, err)
	assert.Len(t, after.Game.History, len(before.Game.History))
	off := i18n.T(i18n.English, "people.notify.reminder", map[string]any{"Value": i18n.T(i18n.English, "people.notify.off", nil)})
	assert.Contains(t, mustDo(t, s, bob, "notify").Private, off)
}
