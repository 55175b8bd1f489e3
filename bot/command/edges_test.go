package command

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
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
	assert.Empty(t, deadlineLine(rec))
	rec.Seats[rules.US] = store.Seat{}
	_, ok = deadlineDue(rec)
	assert.False(t, ok, "an open seat is to act")
	rec.Seats[rules.US] = store.Seat{UserID: eve.UserID}
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
		key := store.Key{Guild: testKey.Guild, Channel: fmt.Sprint("t", i)}
		place := Place{OpenThread: func(name, first string) (store.Key, error) { th.names = append(th.names, name); return key, nil }}
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
