package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// newThreadsEnv is an env whose server keeps Discord's default of a
// thread per game.
func newThreadsEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	e.threads = true
	e.start()
	return e
}

// in runs /mortain sub in ch and waits for its reply and for the posts of
// ch and of every thread opened from channel to settle.
func (e *env) in(ch string, u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Reply {
	e.t.Helper()
	id := e.fake.Slash(guild, ch, u, sub, opts...)
	r := e.reply(id)
	e.quietAll()
	return r
}

// quietAll waits for the channel and its threads to settle.
func (e *env) quietAll() {
	e.quiet(channel)
	for _, th := range e.fake.Threads(channel) {
		e.quietFor(th, 50*time.Millisecond)
	}
}

func TestTwoGamesRunSideBySideInThreadsOfOneChannel(t *testing.T) {
	e := newThreadsEnv(t)
	e.fake.AddUser(bob)
	r := e.in(channel, alice, "new", userOpt("opponent", bob))
	if !strings.Contains(r.Text(), "Your game is in <#") {
		t.Fatalf("the starter's reply: %q", r.Text())
	}
	e.in(channel, spectator, "new", opt("mode", "hotseat"))
	threads := e.fake.Threads(channel)
	if len(threads) != 2 {
		t.Fatalf("threads opened: %v, want 2", threads)
	}
	if name := e.fake.ThreadName(threads[0]); name != "Mortain: alice (US) vs bob (German)" {
		t.Errorf("the first thread is named %q", name)
	}
	lines := e.fake.Messages(channel)
	if len(lines) != 2 || !strings.Contains(lines[0].Content, "<#"+threads[0]+">") || !strings.Contains(lines[1].Content, "<#"+threads[1]+">") {
		t.Fatalf("the channel's lines: %v", lines)
	}
	for _, th := range threads {
		msgs := e.fake.Messages(th)
		if len(msgs) == 0 || !strings.Contains(msgs[0].Content, "New game of Stand at Mortain") {
			t.Errorf("thread %s holds %v", th, msgs)
		}
	}
	// Both games are played, each in its thread.
	e.in(threads[0], alice, "setup", opt("preset", "historical"))
	e.in(threads[1], spectator, "setup", opt("preset", "historical"))
	for _, th := range threads {
		rec, err := e.db.Get(record.Key{Guild: guild, Channel: th})
		if err != nil {
			t.Fatal(err)
		}
		if rec.Meta.Parent != channel || len(rec.Game.History) == 0 {
			t.Errorf("the game of %s: parent %q, %d steps", th, rec.Meta.Parent, len(rec.Game.History))
		}
	}
	// A move given in the channel itself names the threads.
	r = e.in(channel, alice, "pass")
	if !strings.Contains(r.Text(), "<#"+threads[0]+">") {
		t.Errorf("a move in the channel: %q", r.Text())
	}
	// Games lists hers, with its thread; the end is told in the channel.
	r = e.in(channel, alice, "games")
	if !strings.Contains(r.Text(), "<#"+threads[0]+">") || strings.Contains(r.Text(), threads[1]) {
		t.Errorf("alice's games: %q", r.Text())
	}
	e.in(threads[0], bob, "resign", opt("confirm", "yes"))
	lines = e.fake.Messages(channel)
	if last := lines[len(lines)-1].Content; !strings.Contains(last, "Game over") || !strings.Contains(last, "<#"+threads[0]+">") {
		t.Errorf("the channel's last line: %q", last)
	}
}

func TestAGameInAForumIsAPostOfItsOwn(t *testing.T) {
	e := newThreadsEnv(t)
	forum := "300000000000000009"
	e.fake.SetChannelKind(forum, fakediscord.KindForum)
	id := e.fake.Slash(guild, forum, alice, "new", opt("mode", "hotseat"))
	r := e.reply(id)
	posts := e.fake.Threads(forum)
	if len(posts) != 1 {
		t.Fatalf("forum posts: %v (reply %q)", posts, r.Text())
	}
	e.quietFor(posts[0], 100*time.Millisecond)
	msgs := e.fake.Messages(posts[0])
	if len(msgs) < 2 || !strings.Contains(msgs[0].Content, "New game of Stand at Mortain") || len(msgs[1].Files) == 0 {
		t.Fatalf("the post holds %v", msgs)
	}
	if _, err := e.db.Get(record.Key{Guild: guild, Channel: posts[0]}); err != nil {
		t.Errorf("the game of the post: %v", err)
	}
}

func TestAMoveInAnArchivedThreadOpensItAgain(t *testing.T) {
	e := newThreadsEnv(t)
	e.in(channel, alice, "new", opt("mode", "hotseat"))
	th := e.fake.Threads(channel)[0]
	e.fake.ArchiveThread(th, false)
	// Discord refuses the first post (50083): the bot opens the thread
	// again and posts.
	e.fake.Fail(1, fakediscord.ThreadArchived, func(r fakediscord.Request) bool {
		return r.Method == "POST" && r.Params["channel_id"] == th
	})
	before := len(e.fake.Messages(th))
	r := e.in(th, alice, "setup", opt("preset", "historical"))
	if !e.fake.WaitFor(10*time.Second, func() bool { return len(e.fake.Messages(th)) > before }) {
		t.Fatalf("nothing posted in the archived thread; reply %q\n%s", r.Text(), e.logs.String())
	}
	if e.fake.Unarchived() != 1 {
		t.Errorf("the thread was opened again %d times, want 1", e.fake.Unarchived())
	}
	if rec := e.game(th); len(rec.Game.History) == 0 {
		t.Error("the move was not kept")
	}
}

func TestAnOpenChallengeIsJoinedFromTheChannelsButton(t *testing.T) {
	e := newThreadsEnv(t)
	e.in(channel, alice, "new")
	th := e.fake.Threads(channel)[0]
	challenge := e.last(channel)
	id := button(t, challenge, "join")
	if !strings.HasSuffix(id, "/"+th) {
		t.Fatalf("the Join button %q does not name the thread %s", id, th)
	}
	id2 := e.fake.Press(guild, bob, challenge, id)
	e.reply(id2)
	e.quietAll()
	if rec := e.game(th); rec.Seats[rules.German].UserID != bob.ID {
		t.Fatalf("the German seat: %+v", rec.Seats[rules.German])
	}
	updated := e.fake.Messages(channel)[0]
	if !strings.Contains(updated.Content, "took the open seat") || len(updated.Components) != 0 {
		t.Errorf("the challenge after the join: %q, buttons %v", updated.Content, updated.Components)
	}
	joined := e.fake.Messages(th)
	if last := joined[len(joined)-1]; !strings.Contains(last.Content, "joins the game as the German side") {
		t.Errorf("the thread's last post: %q", last.Content)
	}
	// The challenge's button, pressed again, takes nothing.
	id3 := e.fake.Press(guild, spectator, challenge, id)
	e.reply(id3)
	if !e.fake.WaitFor(5*time.Second, func() bool { return len(e.fake.Reply(id3).FollowUps) > 0 }) ||
		!strings.Contains(e.fake.Reply(id3).FollowUps[0].Content, "No seat is open") {
		t.Errorf("a second press: %+v", e.fake.Reply(id3))
	}
}

func TestTheThreadLimitAndMissingPermissionsAreSaidPlainly(t *testing.T) {
	e := newThreadsEnv(t)
	e.fake.SetThreadLimit(guild, 0)
	r := e.in(channel, alice, "new", opt("mode", "hotseat"))
	if !strings.Contains(r.Text(), "as many active threads as Discord allows") {
		t.Errorf("at the thread limit: %q", r.Text())
	}
	e.fake.SetThreadLimit(guild, 1000)
	e.fake.SetAppPermissions(channel, fakediscord.DefaultAppPermissions&^fakediscord.PermCreatePublicThreads)
	r = e.in(channel, alice, "new", opt("mode", "hotseat"))
	if !strings.Contains(r.Text(), "Create Public Threads") {
		t.Errorf("without Create Public Threads: %q", r.Text())
	}
	if keys, _ := e.db.Running(); len(keys) != 0 || len(e.fake.Threads(channel)) != 0 {
		t.Errorf("refused starts left games %v, threads %v", keys, e.fake.Threads(channel))
	}
	// A moderator keeps games in the channel; then it works as before.
	e.fake.SetAppPermissions(channel, fakediscord.DefaultAppPermissions)
	if r := e.in(channel, moderator, "server", opt("games", "channel")); !strings.Contains(r.Text(), "games:channel") {
		t.Fatalf("server games:channel: %q", r.Text())
	}
	e.fake.SetAppPermissions(channel, fakediscord.DefaultAppPermissions&^fakediscord.PermCreatePublicThreads)
	e.in(channel, alice, "new", opt("mode", "hotseat"))
	if _, err := e.db.Get(record.Key{Guild: guild, Channel: channel}); err != nil {
		t.Errorf("the game in the channel itself: %v", err)
	}
}

func TestALockedThreadIsLostLikeADeletedChannel(t *testing.T) {
	e := newThreadsEnv(t)
	e.in(channel, alice, "new", opt("mode", "hotseat"), opt("remind", "1h"))
	th := e.fake.Threads(channel)[0]
	e.fake.ArchiveThread(th, true)
	e.tick(2 * time.Hour) // the reminder cannot be posted, nor the thread opened again
	if !e.fake.WaitFor(10*time.Second, func() bool {
		_, err := e.db.Get(record.Key{Guild: guild, Channel: th})
		return err != nil
	}) {
		t.Fatalf("the game of the locked thread still runs:\n%s", e.logs.String())
	}
	if !e.fake.WaitFor(10*time.Second, func() bool {
		return strings.Contains(e.last(channel).Content, "lost its thread")
	}) {
		t.Errorf("the channel was not told: %q", e.last(channel).Content)
	}
}
