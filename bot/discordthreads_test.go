package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// Threads and forums as Discord runs them: events it does not send,
// posts it refuses, settings of the forum.

const (
	forumID   = "300000000000000041"
	resultsID = "300000000000000042"
	newsID    = "300000000000000043"
)

// running reports whether ch has a running game.
func (e *env) running(ch string) bool {
	_, err := e.db.Get(record.Key{Guild: guild, Channel: ch})
	return err == nil
}

// ended waits until the game of ch no longer runs.
func (e *env) ended(ch string) bool {
	return e.fake.WaitFor(10*time.Second, func() bool { return !e.running(ch) })
}

// posts counts the message creates in ch whose content holds text, and
// how many of them Discord refused.
func (e *env) posts(ch, text string) (sent, refused int) {
	for _, r := range e.fake.Requests() {
		if fakediscord.IsChannelPost(r) && r.Params["channel_id"] == ch && strings.Contains(string(r.JSON), text) {
			sent++
			if r.Status >= 400 {
				refused++
			}
		}
	}
	return sent, refused
}

// messagesWith counts the messages of ch that hold text.
func (e *env) messagesWith(ch, text string) int {
	n := 0
	for _, m := range e.fake.Messages(ch) {
		if strings.Contains(m.Content, text) {
			n++
		}
	}
	return n
}

// Discord sends CHANNEL_DELETE for a deleted channel and no THREAD_DELETE
// for its threads: their games end with it.
func TestDeletingAChannelEndsTheGamesOfItsThreads(t *testing.T) {
	e := newThreadsEnv(t)
	e.in(channel, alice, "new", opt("mode", "hotseat"))
	e.in(channel, alice, "new", opt("mode", "hotseat"))
	threads := e.fake.Threads(channel)
	if len(threads) != 2 {
		t.Fatalf("threads: %v", threads)
	}
	e.fake.DeleteChannel(guild, channel)
	for _, th := range threads {
		if !e.ended(th) {
			t.Fatalf("the game of thread %s runs on after its channel was deleted", th)
		}
	}
	e.quiet(other)
	r := e.in(other, alice, "games")
	if strings.Contains(r.Text(), threads[0]) || strings.Contains(r.Text(), threads[1]) {
		t.Errorf("games still lists the threads of the deleted channel: %q", r.Text())
	}
	// The lines about the lost threads are not sent to the deleted channel.
	for _, req := range e.fake.Requests() {
		if fakediscord.IsChannelPost(req) && req.Params["channel_id"] == channel && req.Status == 404 {
			t.Errorf("a post was sent to the deleted channel: %s", req.JSON)
		}
	}
}

// A thread deleted while the bot was away ends its game when the server
// is next seen whole (GUILD_CREATE, after READY or an outage); a thread
// merely archived keeps its game.
func TestAThreadDeletedWhileTheBotWasAwayEndsItsGameAtGuildCreate(t *testing.T) {
	e := newThreadsEnv(t)
	e.in(channel, alice, "new", opt("mode", "hotseat"))
	e.in(channel, alice, "new", opt("mode", "hotseat"))
	threads := e.fake.Threads(channel)
	gone, archived := threads[0], threads[1]
	e.shutdown()
	e.fake.DeleteOffline(gone)
	e.fake.ArchiveThread(archived, false)
	e.start()
	if !e.ended(gone) {
		t.Fatalf("the game of a thread deleted offline runs on:\n%s", e.logs.String())
	}
	if !e.fake.WaitFor(10*time.Second, func() bool { return e.messagesWith(channel, "lost its thread") == 1 }) {
		t.Errorf("the channel was not told: %v", e.fake.Messages(channel))
	}
	if !e.running(archived) {
		t.Errorf("the game of an archived thread was ended")
	}
	// The same after an outage: the guild comes back whole.
	e.fake.DeleteGuild(guild, true)
	e.fake.DeleteOffline(archived)
	e.fake.GuildAvailable(guild)
	if !e.ended(archived) {
		t.Errorf("the game of a thread deleted during an outage runs on")
	}
}

// A forum takes no messages itself (40058): its game speaks in its own
// post alone, and its result also in the channel the server names.
func TestAForumGameSpeaksOnlyInItsPost(t *testing.T) {
	e := newThreadsEnv(t)
	e.fake.SetChannelKind(forumID, fakediscord.KindForum)
	e.reply(e.fake.Slash(guild, forumID, alice, "new", opt("mode", "hotseat")))
	post := e.fake.Threads(forumID)[0]
	e.quietFor(post, 100*time.Millisecond)
	if first := e.fake.Messages(post)[0].Content; !strings.Contains(first, "The result is posted here") {
		t.Errorf("the post's first message does not say where the result goes: %q", first)
	}
	e.reply(e.fake.Slash(guild, post, alice, "resign", opt("confirm", "yes")))
	e.quietFor(post, 100*time.Millisecond)
	if e.messagesWith(post, "Game over") == 0 && e.messagesWith(post, "resign") == 0 {
		t.Errorf("the result is not in the post: %v", e.fake.Messages(post))
	}
	// The server names a channel for the results of its forum games.
	if r := e.in(resultsID, moderator, "server", opt("forum-results", "here")); !strings.Contains(r.Text(), "<#"+resultsID+">") {
		t.Fatalf("server forum-results:here: %q", r.Text())
	}
	e.reply(e.fake.Slash(guild, forumID, alice, "new", opt("mode", "hotseat")))
	second := e.fake.Threads(forumID)[1]
	e.quietFor(second, 100*time.Millisecond)
	if first := e.fake.Messages(second)[0].Content; !strings.Contains(first, "<#"+resultsID+">") {
		t.Errorf("the post's first message does not name the results channel: %q", first)
	}
	e.reply(e.fake.Slash(guild, second, alice, "resign", opt("confirm", "yes")))
	if !e.fake.WaitFor(10*time.Second, func() bool { return e.messagesWith(resultsID, "Game over") == 1 }) {
		t.Errorf("the results channel shows %v", e.fake.Messages(resultsID))
	}
	// A post lost is told there too.
	e.reply(e.fake.Slash(guild, forumID, alice, "new", opt("mode", "hotseat")))
	third := e.fake.Threads(forumID)[2]
	e.quietFor(third, 100*time.Millisecond)
	e.fake.DeleteThread(guild, forumID, third)
	if !e.fake.WaitFor(10*time.Second, func() bool { return e.messagesWith(resultsID, "lost its thread") == 1 }) {
		t.Errorf("the results channel shows %v", e.fake.Messages(resultsID))
	}
	e.quiet(resultsID)
	if sent, _ := e.posts(forumID, ""); sent != 0 {
		t.Errorf("%d messages were sent to the forum itself", sent)
	}
}

// A forum that requires a tag gets the one the server chose, else one
// named like the game; without either the member is told plainly.
func TestAForumThatRequiresATagGetsOne(t *testing.T) {
	e := newThreadsEnv(t)
	e.fake.SetChannelKind(forumID, fakediscord.KindForum)
	tags := e.fake.SetForumTags(forumID, true, "Chess", "Mortain")
	e.reply(e.fake.Slash(guild, forumID, alice, "new", opt("mode", "hotseat")))
	posts := e.fake.Threads(forumID)
	if len(posts) != 1 {
		t.Fatalf("no post opened in a forum that requires a tag:\n%s", e.logs.String())
	}
	if got := e.fake.AppliedTags(posts[0]); len(got) != 1 || got[0] != tags[1].ID {
		t.Fatalf("the post has tags %v, want [%s]", got, tags[1].ID)
	}
	e.quietFor(posts[0], 100*time.Millisecond)

	e.fake.SetForumTags(forumID, true, "Chess", "Go")
	r := e.reply(e.fake.Slash(guild, forumID, alice, "new", opt("mode", "hotseat")))
	if !strings.Contains(r.Text(), "requires a tag") || !strings.Contains(r.Text(), "forum-tag:") {
		t.Errorf("no tag fits: %q", r.Text())
	}
	if n := len(e.fake.Threads(forumID)); n != 1 {
		t.Errorf("%d posts, want 1", n)
	}
	if r := e.in(channel, moderator, "server", opt("forum-tag", "go")); !strings.Contains(r.Text(), "forum-tag:go") {
		t.Fatalf("server forum-tag:go: %q", r.Text())
	}
	goTags := e.fake.SetForumTags(forumID, true, "Chess", "Go")
	e.reply(e.fake.Slash(guild, forumID, alice, "new", opt("mode", "hotseat")))
	posts = e.fake.Threads(forumID)
	if len(posts) != 2 {
		t.Fatalf("posts with forum-tag:go: %v", posts)
	}
	if got := e.fake.AppliedTags(posts[1]); len(got) != 1 || got[0] != goTags[1].ID {
		t.Errorf("with forum-tag:go the post has tags %v, want [%s]", got, goTags[1].ID)
	}
}

// A locked thread the bot reopened (its creator may) still refuses its
// posts (50083): the game ends as for a lost thread, and the channel is
// told, instead of setting every later post aside.
func TestAThreadThatRefusesPostsAfterItsReopeningIsLost(t *testing.T) {
	e := newThreadsEnv(t)
	e.in(channel, alice, "new", opt("mode", "hotseat"), opt("remind", "1h"))
	th := e.fake.Threads(channel)[0]
	e.fake.ArchiveThread(th, true)
	e.tick(2 * time.Hour) // the reminder: refused, the thread reopened, refused again
	if !e.ended(th) {
		t.Fatalf("the game of the locked thread runs on:\n%s", e.logs.String())
	}
	if e.fake.Unarchived() != 1 {
		t.Errorf("the thread was reopened %d times, want 1", e.fake.Unarchived())
	}
	if !e.fake.WaitFor(10*time.Second, func() bool { return e.messagesWith(channel, "lost its thread") == 1 }) {
		t.Errorf("the channel was not told: %v", e.fake.Messages(channel))
	}
	e.tick(2 * time.Hour)
	e.tick(2 * time.Hour)
	if _, refused := e.posts(th, ""); refused != 2 {
		t.Errorf("%d posts were refused in the locked thread, want 2 (the reminder, before and after the reopening)", refused)
	}
}

// A reminder or a deadline warning Discord refused (AutoMod) counts as
// given: it is not queued again at every check.
func TestARefusedReminderOrWarningCountsAsGiven(t *testing.T) {
	e := newThreadsEnv(t)
	reminded := e.challenge(opt("remind", "1h"))
	warned := e.challenge(opt("deadline", "24h"))
	e.fake.SetAutoMod(guild, "Reminder:", "The deadline for your move passes")
	e.tick(18 * time.Hour)
	for range 5 {
		e.tick(time.Hour)
	}
	for th, text := range map[string]string{reminded: "Reminder:", warned: "The deadline for your move passes"} {
		if sent, refused := e.posts(th, text); sent != 1 || refused != 1 {
			t.Errorf("%q: %d posts, %d refused; want 1 refused", text, sent, refused)
		}
		if n := e.messagesWith(th, "could not be shown"); n != 1 {
			t.Errorf("%q: %d lines about a refused post, want 1", text, n)
		}
	}
}

// Discord's limit of active announcement threads (160007) is said as
// plainly as its limit of active threads.
func TestTheAnnouncementThreadLimitIsSaidPlainly(t *testing.T) {
	e := newThreadsEnv(t)
	e.fake.SetChannelKind(newsID, fakediscord.KindAnnouncement)
	e.fake.SetAnnouncementThreadLimit(guild, 0)
	r := e.in(newsID, alice, "new", opt("mode", "hotseat"))
	if !strings.Contains(r.Text(), "announcement threads") || strings.Contains(r.Text(), "went wrong") {
		t.Errorf("at the announcement thread limit: %q", r.Text())
	}
	if keys, _ := e.db.Running(); len(keys) != 0 {
		t.Errorf("games started: %v", keys)
	}
}

// Manage Threads lets the bot post in a locked thread: commands there
// are accepted.
func TestALockedThreadTakesCommandsWhenTheBotManagesThreads(t *testing.T) {
	e := newThreadsEnv(t)
	locked := "300000000000000044"
	e.fake.MarkThread(locked, channel)
	e.fake.ArchiveThread(locked, true)
	e.fake.SetAppPermissions(locked, fakediscord.DefaultAppPermissions|fakediscord.PermManageThreads)
	r := e.reply(e.fake.Slash(guild, locked, alice, "new", opt("mode", "hotseat")))
	e.quietFor(locked, 100*time.Millisecond)
	if strings.Contains(r.Text(), "locked") || !e.running(locked) || e.messagesWith(locked, "New game") == 0 {
		t.Errorf("a locked thread with Manage Threads: reply %q, posts %v", r.Text(), e.fake.Messages(locked))
	}
}

// A line queued for a forum by an older version (its games' parent was
// the forum) is refused (40058) and set aside, with no line about it:
// that would be refused too.
func TestALineRefusedByAForumIsSetAsideQuietly(t *testing.T) {
	e := newThreadsEnv(t)
	e.fake.AddChannel(guild, forumID)
	e.fake.SetChannelKind(forumID, fakediscord.KindForum)
	e.shutdown()
	db, err := store.Open(e.dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	forum := record.Key{Guild: guild, Channel: forumID}
	if err := db.Enqueue(forum, record.Notice{Text: "**Game over** in <#1>"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	e.start()
	if !e.fake.WaitFor(10*time.Second, func() bool { left, _ := e.db.Pending(forum); return len(left) == 0 }) {
		t.Fatal("the line for the forum stays queued")
	}
	e.quiet(forumID)
	if sent, refused := e.posts(forumID, ""); sent != 1 || refused != 1 {
		t.Errorf("%d posts to the forum, %d refused; want the one line, refused", sent, refused)
	}
}
