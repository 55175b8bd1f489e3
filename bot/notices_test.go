package bot_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// userOpt picks a member in Discord's user picker (a USER option).
func userOpt(name string, u fakediscord.User) fakediscord.Option {
	return fakediscord.Option{Name: name, Value: u.ID, Type: 6}
}

// hotseat starts a hotseat game of alice's and sets the US up.
func (e *env) hotseat() {
	e.t.Helper()
	e.slash(alice, "new", opt("mode", "hotseat"))
	e.press(alice, e.last(channel), button(e.t, e.last(channel), "setup-historical"))
}

func TestASeatGivenAsAUserIsThatAccountOnly(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.slash(alice, "new", userOpt("opponent", bob), opt("side", "us"))
	if rec := e.game(channel); rec.Seats[rules.German].UserID != bob.ID {
		t.Fatalf("the German seat holds %+v, want bob's account", rec.Seats[rules.German])
	}
	e.slash(alice, "setup", opt("preset", "historical"))
	e.slash(alice, "setup", opt("done", true))
	for i := 0; i < 60 && e.game(channel).Game.State.ToAct() != rules.German; i++ {
		e.slash(alice, "pass")
	}
	rec := e.game(channel)
	if rec.Game.State.ToAct() != rules.German {
		t.Skip("the German never got a round for this seed")
	}
	steps := len(rec.Game.History)
	namesake := fakediscord.User{ID: "400000000000000099", Name: bob.Name}
	for _, u := range []fakediscord.User{namesake, spectator} {
		r := e.slash(u, "pass")
		if !strings.Contains(r.Text(), "Not your game") {
			t.Errorf("%s (%s) passing for bob: %q", u.Name, u.ID, r.Text())
		}
	}
	if got := len(e.game(channel).Game.History); got != steps {
		t.Fatalf("someone else played bob's seat: %d steps, want %d", got, steps)
	}
	if r := e.slash(bob, "pass"); r.Text() != "Done — posted in the channel." {
		t.Errorf("bob passing: %q", r.Text())
	}
	if got := len(e.game(channel).Game.History); got != steps+1 {
		t.Errorf("bob could not play his seat: %d steps", got)
	}
}

func TestMissingAttachFilesRefusesAndChangesNothing(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	before := e.game(channel)
	posts := len(e.fake.Messages(channel))
	e.fake.SetAppPermissions(channel, fakediscord.PermViewChannel|fakediscord.PermSendMessages|fakediscord.PermEmbedLinks|fakediscord.PermReadMessageHistory)

	r := e.slash(alice, "setup", opt("done", true))
	if !r.Ephemeral() || !strings.Contains(r.Text(), "Attach Files") || !strings.Contains(r.Text(), "Nothing was done") {
		t.Errorf("missing Attach Files: %q (ephemeral %v)", r.Text(), r.Ephemeral())
	}
	b := e.press(alice, e.last(channel), button(t, e.last(channel), "setup-done"))
	if !strings.Contains(b.Text(), "Attach Files") {
		t.Errorf("a button with Attach Files missing: %q", b.Text())
	}
	if got := e.game(channel); len(got.Game.History) != len(before.Game.History) || got.Game.State.Phase() != rules.PhaseSetup {
		t.Error("a refused command changed the game")
	}
	if got := len(e.fake.Messages(channel)); got != posts {
		t.Errorf("%d posts after a refused command, want %d", got, posts)
	}
	// In a thread, Send Messages in Threads is what counts.
	thread := "300000000000000077"
	e.fake.MarkThread(thread, channel)
	e.fake.SetAppPermissions(thread, fakediscord.PermViewChannel|fakediscord.PermSendMessages|fakediscord.PermEmbedLinks|fakediscord.PermAttachFiles)
	id := e.fake.Slash(guild, thread, alice, "new", opt("mode", "hotseat"))
	if r := e.reply(id); !strings.Contains(r.Text(), "Send Messages in Threads") {
		t.Errorf("a thread without Send Messages in Threads: %q", r.Text())
	}
}

func TestAPostRefusedWith403IsReportedAndKept(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	posts := len(e.fake.Messages(channel))
	e.fake.Fail(1, fakediscord.Forbidden, fakediscord.IsChannelPost)

	r := e.slash(alice, "setup", opt("done", true))
	if strings.Contains(r.Text(), "posted") || !strings.Contains(r.Text(), "not shown in the channel") {
		t.Errorf("the player was told %q", r.Text())
	}
	if e.game(channel).Game.State.Phase() == rules.PhaseSetup {
		t.Fatal("the step itself was not saved")
	}
	if got := len(e.fake.Messages(channel)); got != posts {
		t.Fatalf("%d posts, want %d", got, posts)
	}
	st := e.slash(spectator, "status")
	if !strings.Contains(st.Text(), "Notices undelivered since") || !strings.Contains(st.Text(), "permission") {
		t.Errorf("status does not show the refused post: %q", st.Text())
	}
	// The next acting command reports it, and the kept post goes out
	// first, in order.
	next := e.slash(alice, "pass")
	if !strings.Contains(next.Text(), "went through now") {
		t.Errorf("the next command's reply: %q", next.Text())
	}
	// The channel is told once that posts were held back.
	msgs := e.fake.Messages(channel)[posts:]
	if len(msgs) != 3 || !strings.Contains(msgs[0].Content, "US set-up") || !strings.Contains(msgs[2].Content, "could not post here since") {
		t.Fatalf("after the retry the channel shows %d posts: %v", len(msgs), contents(msgs))
	}
	if strings.Count(strings.Join(contents(e.fake.Messages(channel)), "\n"), "could not post here") != 1 {
		t.Error("the channel was told more than once")
	}
	if st := e.slash(spectator, "status"); strings.Contains(st.Text(), "undelivered") {
		t.Errorf("status still reports undelivered posts: %q", st.Text())
	}
}

func contents(msgs []fakediscord.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Content)
	}
	return out
}

func TestARetryAfterALostAnswerDoesNotPostTwice(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.fake.Fail(1, fakediscord.DropAfter, fakediscord.IsChannelPost)
	e.fake.Fail(2, fakediscord.ServerError, fakediscord.IsChannelPost)
	e.hotseat()
	e.slash(alice, "setup", opt("done", true))
	msgs := e.fake.Messages(channel)
	if len(msgs) != 3 {
		t.Fatalf("%d posts, want 3 (new game, set-up, turn 1): %v", len(msgs), contents(msgs))
	}
	seen := map[string]bool{}
	for _, m := range msgs {
		if m.Nonce == "" || seen[m.Nonce] {
			t.Errorf("post %q has nonce %q (seen before: %v)", m.Content, m.Nonce, seen[m.Nonce])
		}
		seen[m.Nonce] = true
	}
}

func TestOnlyTheLivePostHasButtons(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	e.slash(alice, "setup", opt("done", true))
	check := func(when string) {
		t.Helper()
		msgs := e.fake.Messages(channel)
		for i, m := range msgs[:len(msgs)-1] {
			if len(m.Components) > 0 {
				t.Errorf("%s: post %d of %d still has buttons: %q", when, i+1, len(msgs), m.Content)
			}
		}
		if last := msgs[len(msgs)-1]; len(last.Components) == 0 {
			t.Errorf("%s: the live post has no buttons: %q", when, last.Content)
		}
	}
	check("after the set-up")
	e.tap(alice, e.last(channel), "pass")
	check("after a pass")

	// A restart in between keeps it true: the removal is durable. Both
	// tries of the run fail (at once, and when the run ends), so only the
	// next start can remove the buttons.
	e.fake.Fail(2, fakediscord.ServerError, fakediscord.IsChannelEdit)
	e.tap(alice, e.last(channel), "pass")
	if !e.fake.WaitFor(10*time.Second, func() bool {
		failed := 0
		for _, r := range e.fake.Requests() {
			if fakediscord.IsChannelEdit(r) && r.Status == 500 {
				failed++
			}
		}
		return failed == 2
	}) {
		t.Fatal("the bot did not try to remove the buttons twice")
	}
	e.restart()
	e.quiet(channel)
	check("after a restart")
}

func TestADeletedChannelEndsItsGame(t *testing.T) {
	e := newEnv(t)
	e.cfg.CheckEvery = 20 * time.Millisecond
	e.start()
	e.slash(alice, "new", userOpt("opponent", bob), opt("side", "us"), opt("remind", "1h"))
	key := record.Key{Guild: guild, Channel: channel}
	e.fake.DeleteChannel(guild, channel)
	if !e.fake.WaitFor(10*time.Second, func() bool {
		_, err := e.db.Get(key)
		return errors.Is(err, record.ErrNotFound)
	}) {
		t.Fatal("the game of the deleted channel is still running")
	}
	arch, err := e.db.Archive(guild, 0)
	if err != nil || len(arch) != 1 || arch[0].Outcome.End != rules.Abandoned || arch[0].Winner != rules.NoSide {
		t.Fatalf("archive %+v, %v", arch, err)
	}
	stats, err := e.db.Stats(guild)
	if err != nil || len(stats) != 0 {
		t.Errorf("an abandoned game changed the records: %+v, %v", stats, err)
	}
	// The clock no longer touches it.
	requests := len(e.fake.Requests())
	e.clock.Advance(2 * time.Hour)
	e.bot.Load().Tick()
	e.quiet(channel)
	for _, r := range e.fake.Requests()[requests:] {
		if strings.Contains(r.Path, channel) {
			t.Errorf("a request for the deleted channel: %s %s", r.Method, r.Path)
		}
	}
	// An outage is not a removal.
	key = record.Key{Guild: guild, Channel: other}
	e.reply(e.fake.Slash(guild, other, alice, "new", opt("mode", "hotseat")))
	e.fake.DeleteGuild(guild, true)
	e.quiet(other)
	if _, err := e.db.Get(key); err != nil {
		t.Errorf("a server outage ended the game: %v", err)
	}
	e.fake.DeleteGuild(guild, false)
	if !e.fake.WaitFor(10*time.Second, func() bool {
		_, err := e.db.Get(key)
		return errors.Is(err, record.ErrNotFound)
	}) {
		t.Fatal("the game of a server that removed the bot is still running")
	}
}

// The bot keeps trying to reach Discord at start instead of exiting.
func TestStartRetriesUntilDiscordAnswers(t *testing.T) {
	e := newEnv(t)
	e.fake.Fail(2, fakediscord.ServerError, func(r fakediscord.Request) bool { return r.Route == "/gateway" })
	e.start()
	failed := 0
	for _, r := range e.fake.Requests() {
		if r.Route == "/gateway" && r.Status == 500 {
			failed++
		}
	}
	if failed != 2 {
		t.Errorf("%d failed gateway requests before the bot connected, want 2", failed)
	}
	if r := e.slash(alice, "new", opt("mode", "hotseat")); r.Text() != "Done — posted in the channel." {
		t.Errorf("after the retries: %q", r.Text())
	}
}
