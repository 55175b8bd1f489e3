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

// TestForumResultsOffStopsTheResultsGoingThere: once forum-results:off
// is given, a forum game's result goes to its own post alone again.
func TestForumResultsOffStopsTheResultsGoingThere(t *testing.T) {
	st := newMemStore()
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 5 }})
	th := &threads{}
	mod := Caller{UserID: "9", Name: "Mod", CanManage: true}
	results := record.Key{Guild: testKey.Guild, Channel: "c9"}
	r := s.Handle(context.Background(), Request{Key: results, Caller: mod, Command: "server", Options: map[string]string{"forum-results": "here"}})
	require.False(t, r.Refused, r.Private)
	r = s.Handle(context.Background(), Request{Key: results, Caller: mod, Command: "server", Options: map[string]string{"forum-results": "off"}})
	require.False(t, r.Refused, r.Private)
	assert.NotContains(t, r.Private, "forum-results:<#c9>")
	r = newIn(t, s, ann, th.place(true), "new mode:hotseat", nil)
	require.False(t, r.Refused, r.Private)
	assert.Contains(t, th.firsts[0], "The result is posted here.")
	post := record.Key{Guild: testKey.Guild, Channel: "thread-1"}
	r = s.Handle(context.Background(), Request{Key: post, Caller: ann, Command: "resign", Options: map[string]string{"confirm": "yes"}})
	require.False(t, r.Refused, r.Private)
	pending, err := st.Pending(results)
	require.NoError(t, err)
	assert.Empty(t, pending, "no result in c9 after forum-results:off")
}

// TestAForumTagNameTakesUpTo20Characters: Discord's tag names hold 20
// characters: forum-tag takes a name of 20 and refuses one of 21.
func TestAForumTagNameTakesUpTo20Characters(t *testing.T) {
	s, _ := newService(t, 5)
	mod := Caller{UserID: "9", Name: "Mod", CanManage: true}
	server := func(tag string) Response {
		return s.Handle(context.Background(), Request{Key: testKey, Caller: mod, Command: "server", Options: map[string]string{"forum-tag": tag}})
	}
	r := server(strings.Repeat("é", 20))
	assert.False(t, r.Refused, r.Private)
	r = server(strings.Repeat("é", 21))
	assert.True(t, r.Refused)
	assert.Contains(t, r.Private, "20")
}

// TestAWarningWaitingInTheOutboxDoesNotHoldBackTheNextMovesWarning: a
// deadline warning still waiting to be delivered for an earlier move
// does not stop the warning of the move now due.
func TestAWarningWaitingInTheOutboxDoesNotHoldBackTheNextMovesWarning(t *testing.T) {
	s, st, now := peopleService(t)
	mustDo(t, s, ann, "new opponent:<@2> side:german deadline:24h")
	*now = now.Add(20 * time.Hour)
	require.Len(t, s.Tick(context.Background(), testKey).Posts, 1, "the first warning")
	rec, err := st.Get(testKey)
	require.NoError(t, err)
	first := rec.Game.State.ToAct()
	mover := bob
	if mentionOf(rec, first) == ann.UserID {
		mover = ann
	}
	// The first player acts until the other is to act.
	for _, cmd := range []string{"setup preset:historical", "setup done", "pass", "pass", "pass", "pass"} {
		if rec.Game.State.ToAct() != first {
			break
		}
		if r := do(t, s, mover, cmd); r.Refused && cmd == "pass" {
			mustDo(t, s, mover, "miss")
		}
		rec, err = st.Get(testKey)
		require.NoError(t, err)
	}
	require.NoError(t, err)
	require.NotEqual(t, first, rec.Game.State.ToAct(), "the other side sets up next")
	next := mentionOf(rec, rec.Game.State.ToAct())
	*now = now.Add(20 * time.Hour)
	w := s.Tick(context.Background(), testKey)
	require.Len(t, w.Posts, 1, "the second warning, though the first still waits in the outbox")
	assert.Equal(t, next, w.Posts[0].Mention)
}
