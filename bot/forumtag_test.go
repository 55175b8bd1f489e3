package bot_test

import (
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
