package bot_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/internal/fakediscord"
)

// A forum that does not require tags still gets the tag the server chose
// on each game's post (server forum-tag:NAME).
func TestAForumPostCarriesTheServersTagWhereNoneIsRequired(t *testing.T) {
	e := newThreadsEnv(t)
	e.fake.SetChannelKind(forumID, fakediscord.KindForum)
	tags := e.fake.SetForumTags(forumID, false, "Chess", "Mortain")
	if r := e.in(channel, moderator, "server", opt("forum-tag", "Mortain")); !strings.Contains(r.Text(), "forum-tag:Mortain") {
		t.Fatalf("server forum-tag:Mortain: %q", r.Text())
	}
	e.reply(e.fake.Slash(guild, forumID, alice, "new", opt("mode", "hotseat")))
	posts := e.fake.Threads(forumID)
	if len(posts) != 1 {
		t.Fatalf("posts: %v\n%s", posts, e.logs.String())
	}
	if got := e.fake.AppliedTags(posts[0]); len(got) != 1 || got[0] != tags[1].ID {
		t.Errorf("the post has tags %v, want [%s]", got, tags[1].ID)
	}
}

// The metrics count the threads the bot opened for new games.
func TestTheMetricsCountTheThreadsOpened(t *testing.T) {
	e := newEnv(t)
	e.threads = true
	e.cfg.AdminListen = "127.0.0.1:0"
	e.start()
	e.in(channel, alice, "new", opt("mode", "hotseat"))
	if n := len(e.fake.Threads(channel)); n != 1 {
		t.Fatalf("%d threads opened", n)
	}
	resp, err := http.Get("http://" + e.bot.Load().AdminAddr() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if want := "mortain_threads_opened_total 1"; !strings.Contains(string(body), want) {
		t.Errorf("/metrics lacks %s", want)
	}
}
