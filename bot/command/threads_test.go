package command

import (
	"context"
	"errors"
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

// threads is a front end's thread opener for the tests: each call opens
// thread-N of the channel.
type threads struct {
	names, firsts, tags []string
	fail                error
}

func (th *threads) place(forum bool) Place {
	return Place{Forum: forum, OpenThread: func(nt NewThread) (record.Key, error) {
		if th.fail != nil {
			return record.Key{}, th.fail
		}
		th.names, th.firsts, th.tags = append(th.names, nt.Name), append(th.firsts, nt.First), append(th.tags, nt.Tag)
		return record.Key{Guild: testKey.Guild, Channel: "thread-" + string(rune('0'+len(th.names)))}, nil
	}}
}

func newIn(t *testing.T, s *Service, c Caller, place Place, text string, names map[string]string) Response {
	t.Helper()
	name, opts, err := Parse(text)
	require.NoError(t, err)
	return s.Handle(context.Background(), Request{Key: testKey, Caller: c, Command: name, Options: opts, Place: place, Names: names})
}

func TestTwoGamesRunSideBySideInThreadsOfOneChannel(t *testing.T) {
	st := newMemStore()
	seed := uint64(0)
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { seed++; return seed }})
	th := &threads{}
	r := newIn(t, s, ann, th.place(false), "new opponent:<@2>", map[string]string{"2": "Bob"})
	require.False(t, r.Refused, r.Private)
	r2 := newIn(t, s, eve, th.place(false), "new mode:ai", nil)
	require.False(t, r2.Refused, r2.Private)

	assert.Equal(t, []string{"Mortain: Ann (US) vs Bob (German)", "Mortain: Eve (US) vs AI " + StrongestLevel() + " (German)"}, th.names)
	assert.Contains(t, r.Private, "<#thread-1>")
	one, err := st.Get(record.Key{Guild: testKey.Guild, Channel: "thread-1"})
	require.NoError(t, err)
	assert.Equal(t, testKey.Channel, one.Meta.Parent)
	_, err = st.Get(testKey)
	assert.ErrorIs(t, err, record.ErrNotFound, "the channel itself holds no game")

	lines, err := st.Pending(testKey)
	require.NoError(t, err)
	require.Len(t, lines, 2, "the channel gets one line per game started")
	assert.Contains(t, lines[0].Text, "<#thread-1>")
	assert.Contains(t, lines[1].Text, "<#thread-2>")
	posts, err := st.Pending(one.Key)
	require.NoError(t, err)
	assert.Contains(t, posts[0].Text, "New game of Stand at Mortain", "the game itself is posted in its thread")
	assert.Contains(t, r.Also, testKey)

	// A move given in the channel itself points at the threads.
	m := do(t, s, ann, "pass")
	assert.True(t, m.Refused)
	assert.Contains(t, m.Private, "<#thread-1>")
	assert.Contains(t, m.Private, "<#thread-2>")

	// The game's end tells the channel.
	res := s.Handle(context.Background(), Request{Key: one.Key, Caller: bob, Command: "resign", Options: map[string]string{"confirm": "yes"}})
	require.False(t, res.Refused, res.Private)
	lines, err = st.Pending(testKey)
	require.NoError(t, err)
	require.Len(t, lines, 3)
	assert.Contains(t, lines[2].Text, "Game over")
	assert.Contains(t, lines[2].Text, "<#thread-1>")
	assert.Contains(t, lines[2].Text, "German side resigned")
}

func TestAForumGameIsAPostWhoseFirstMessageNamesThePlayers(t *testing.T) {
	st := newMemStore()
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 5 }})
	th := &threads{}
	r := newIn(t, s, ann, th.place(true), "new mode:hotseat", nil)
	require.False(t, r.Refused, r.Private)
	require.Len(t, th.firsts, 1)
	assert.Contains(t, th.firsts[0], "New game of Stand at Mortain")
	lines, err := st.Pending(testKey)
	require.NoError(t, err)
	assert.Empty(t, lines, "a forum channel takes no messages of its own")
}

func TestTheServerMayKeepOneGameInTheChannel(t *testing.T) {
	st := newMemStore()
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 5 }})
	mustRefuse(t, s, st, ann, "server games:channel", "Manage Channels")
	r := mustDo(t, s, mod, "server games:channel")
	assert.Contains(t, r.Private, "games:channel")
	th := &threads{}
	r = newIn(t, s, ann, th.place(false), "new mode:hotseat", nil)
	require.False(t, r.Refused, r.Private)
	assert.Empty(t, th.names, "no thread is opened")
	_, err := st.Get(testKey)
	assert.NoError(t, err, "the game is in the channel itself")
	r = mustDo(t, s, mod, "server")
	assert.Contains(t, r.Private, "games:channel")
}

func TestAThreadThatCannotOpenChangesNothing(t *testing.T) {
	st := newMemStore()
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 5 }})
	th := &threads{fail: Refuse(ThreadLimitText(i18n.English))}
	r := newIn(t, s, ann, th.place(false), "new mode:hotseat", nil)
	assert.True(t, r.Refused)
	assert.Contains(t, r.Private, "active threads")
	assert.Zero(t, st.Commits)
	th.fail = errors.New("boom")
	r = newIn(t, s, ann, th.place(false), "new mode:hotseat", nil)
	assert.True(t, r.Refused)
	assert.Zero(t, st.Commits)
}

func TestAnOpenChallengeIsJoinedFromTheChannelsButton(t *testing.T) {
	st := newMemStore()
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 5 }})
	th := &threads{}
	r := newIn(t, s, ann, th.place(false), "new", nil)
	require.False(t, r.Refused, r.Private)
	lines, err := st.Pending(testKey)
	require.NoError(t, err)
	require.Len(t, lines, 1)
	require.Len(t, lines[0].Buttons, 1)
	assert.True(t, lines[0].Standalone, "other games' posts leave the challenge's button alone")
	id := lines[0].Buttons[0].CustomID
	assert.True(t, strings.HasSuffix(id, "/thread-1"), id)

	// A forged button naming a thread of another channel is refused.
	forged := s.HandleButton(context.Background(), record.Key{Guild: testKey.Guild, Channel: "elsewhere"}, bob, id)
	assert.True(t, forged.Refused)

	got := s.HandleButton(context.Background(), testKey, bob, id)
	require.False(t, got.Refused, got.Private)
	assert.Contains(t, got.Panel.Text, "took the open seat")
	assert.Contains(t, got.Panel.Text, "<#thread-1>")
	assert.Equal(t, record.Key{Guild: testKey.Guild, Channel: "thread-1"}, got.Game)
	rec, err := st.Get(record.Key{Guild: testKey.Guild, Channel: "thread-1"})
	require.NoError(t, err)
	assert.Equal(t, bob.UserID, rec.Seats[rules.German].UserID)

	again := s.HandleButton(context.Background(), testKey, eve, id)
	assert.True(t, again.Refused)
	assert.Contains(t, again.Panel.Text, "The seat was taken")
}

func TestGamesListsTheCallersGamesWaitingFirst(t *testing.T) {
	st := newMemStore()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	seed := uint64(0)
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Now: func() time.Time { return now }, Seed: func() uint64 { seed++; return seed }})
	th := &threads{}
	// Ann challenges Bob (Ann sets up: the game waits for her), then Bob
	// challenges Ann with Bob as US (it waits for Bob).
	require.False(t, newIn(t, s, ann, th.place(false), "new opponent:<@2>", map[string]string{"2": "Bob"}).Refused)
	now = now.Add(3 * time.Hour)
	require.False(t, newIn(t, s, bob, th.place(false), "new opponent:<@1>", map[string]string{"1": "Ann"}).Refused)
	now = now.Add(2 * time.Hour)

	r := mustDo(t, s, ann, "games")
	lines := strings.Split(r.Private, "\n")
	require.Len(t, lines, 3, r.Private)
	assert.Contains(t, lines[1], "<#thread-1>")
	assert.Contains(t, lines[1], "your move")
	assert.Contains(t, lines[1], "5 h")
	assert.Contains(t, lines[1], "against Bob")
	assert.Contains(t, lines[2], "<#thread-2>")
	assert.Contains(t, lines[2], "waiting for Bob")

	r = mustDo(t, s, eve, "games")
	assert.Contains(t, r.Private, "no running game")
	mustRefuse(t, s, st, eve, "games all:yes", "Manage Channels")
	r = mustDo(t, s, mod, "games all:yes")
	assert.Contains(t, r.Private, "(2)")
}

// failingCreate is a store whose Create fails.
type failingCreate struct{ *memStore }

func (f failingCreate) Create(*record.Record) error { return errors.New("disk full") }

func TestAThreadOpenedForAGameThatCannotBeSavedIsDeleted(t *testing.T) {
	s := New(Config{Store: failingCreate{newMemStore()}, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 5 }})
	th := &threads{}
	var dropped []record.Key
	place := th.place(false)
	place.DropThread = func(k record.Key) bool { dropped = append(dropped, k); return true }
	r := newIn(t, s, ann, place, "new mode:hotseat", nil)
	assert.True(t, r.Refused)
	require.Len(t, th.names, 1)
	assert.Equal(t, []record.Key{{Guild: testKey.Guild, Channel: "thread-1"}}, dropped)
	assert.NotContains(t, r.Private, "thread-1")
}

func TestAThreadThatCouldNotBeDeletedIsNamedInTheRefusal(t *testing.T) {
	s := New(Config{Store: failingCreate{newMemStore()}, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 5 }})
	th := &threads{}
	place := th.place(false)
	place.DropThread = func(record.Key) bool { return false } // no Manage Threads
	r := newIn(t, s, ann, place, "new mode:hotseat", nil)
	assert.True(t, r.Refused)
	assert.Contains(t, r.Private, "nothing was changed", "the failure itself")
	assert.Contains(t, r.Private, "<#thread-1>, is left empty")
	assert.Contains(t, r.Private, "Manage Threads")
}

func TestAForumGameTellsItsResultToTheServersChannelAlone(t *testing.T) {
	st := newMemStore()
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 5 }})
	th := &threads{}
	mod := Caller{UserID: "9", Name: "Mod", CanManage: true}
	r := newIn(t, s, mod, Place{}, "server forum-tag:Mortain", nil)
	require.False(t, r.Refused, r.Private)
	r = newIn(t, s, ann, th.place(true), "new mode:hotseat", nil)
	require.False(t, r.Refused, r.Private)
	assert.Equal(t, []string{"Mortain"}, th.tags, "the server's tag goes with the post")
	assert.Contains(t, th.firsts[0], "The result is posted here.")
	post := record.Key{Guild: testKey.Guild, Channel: "thread-1"}
	rec := mustGet(t, st, post)
	assert.Equal(t, testKey.Channel, rec.Meta.Parent)
	r = s.Handle(context.Background(), Request{Key: post, Caller: ann, Command: "resign", Options: map[string]string{"confirm": "yes"}})
	require.False(t, r.Refused, r.Private)
	pending, err := st.Pending(testKey)
	require.NoError(t, err)
	assert.Empty(t, pending, "nothing is posted in the forum itself")

	// With forum-results:here given in channel c9, the result goes there.
	results := record.Key{Guild: testKey.Guild, Channel: "c9"}
	r = s.Handle(context.Background(), Request{Key: results, Caller: mod, Command: "server", Options: map[string]string{"forum-results": "here"}})
	require.False(t, r.Refused, r.Private)
	assert.Contains(t, r.Private, "forum-results:<#c9>")
	r = newIn(t, s, ann, th.place(true), "new mode:hotseat", nil)
	require.False(t, r.Refused, r.Private)
	assert.Contains(t, th.firsts[1], "<#c9>")
	second := record.Key{Guild: testKey.Guild, Channel: "thread-2"}
	r = s.Handle(context.Background(), Request{Key: second, Caller: ann, Command: "resign", Options: map[string]string{"confirm": "yes"}})
	require.False(t, r.Refused, r.Private)
	pending, err = st.Pending(results)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	assert.Contains(t, pending[0].Text, "Game over")
	// Given in a thread, forum-results:here is refused.
	r = s.Handle(context.Background(), Request{Key: second, Caller: mod, Command: "server", Options: map[string]string{"forum-results": "here"}, Place: Place{Thread: true}})
	assert.True(t, r.Refused)
	assert.Contains(t, r.Private, "text channel")
}
