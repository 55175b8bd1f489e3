package fakediscord

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// openPost opens a post in forum with tags applied and returns its id, or
// Discord's refusal.
func openPost(sess *discordgo.Session, forum string, tags ...string) (string, error) {
	body := map[string]any{"name": "a game", "message": map[string]any{"content": "first"}}
	if len(tags) > 0 {
		body["applied_tags"] = tags
	}
	endpoint := discordgo.EndpointChannelThreads(forum)
	data, err := sess.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint)
	if err != nil {
		return "", err
	}
	var ch struct {
		ID string `json:"id"`
	}
	json.Unmarshal(data, &ch)
	return ch.ID, nil
}

func TestAForumTakesPostsOnlyAndItsRequiredTags(t *testing.T) {
	const forum = "100000000000000011"
	s := New(t)
	sess := openSession(t, s)
	s.Slash(guild, forum, alice, "status")
	s.SetChannelKind(forum, KindForum)
	if _, err := sess.ChannelMessageSend(forum, "in the forum itself"); restCode(err) != 40058 {
		t.Errorf("a message in the forum itself: %v, want code 40058", err)
	}
	tags := s.SetForumTags(forum, true, "Mortain", "Chess")
	if _, err := openPost(sess, forum); restCode(err) != 40067 {
		t.Errorf("a post without a tag in a forum that requires one: %v, want code 40067", err)
	}
	post, err := openPost(sess, forum, tags[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.AppliedTags(post); len(got) != 1 || got[0] != tags[0].ID {
		t.Errorf("the post's tags: %v", got)
	}
	ch, err := sess.Channel(forum)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Flags&FlagRequireTag == 0 || len(ch.AvailableTags) != 2 || ch.AvailableTags[1].Name != "Chess" {
		t.Errorf("GET of the forum: flags %d, tags %+v", ch.Flags, ch.AvailableTags)
	}
}

func TestALockedThreadReopenedByItsCreatorStillRefusesPosts(t *testing.T) {
	s := New(t)
	sess := openSession(t, s)
	s.Slash(guild, channel, alice, "status")
	endpoint := discordgo.EndpointChannelThreads(channel)
	data, err := sess.RequestWithBucketID(http.MethodPost, endpoint, map[string]any{"name": "game", "type": 11}, endpoint)
	if err != nil {
		t.Fatal(err)
	}
	var th struct {
		ID string `json:"id"`
	}
	json.Unmarshal(data, &th)
	s.ArchiveThread(th.ID, true)
	if _, err := sess.ChannelMessageSend(th.ID, "x"); restCode(err) != 50083 {
		t.Fatalf("a post in the locked thread: %v", err)
	}
	archived := false
	if _, err := sess.ChannelEdit(th.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		t.Fatalf("the bot that opened the thread reopens it: %v", err)
	}
	if _, err := sess.ChannelMessageSend(th.ID, "x"); restCode(err) != 50083 {
		t.Errorf("a post in the reopened, still locked thread: %v, want code 50083", err)
	}
	if _, err := sess.ChannelDelete(th.ID); restCode(err) != 50013 {
		t.Errorf("deleting a thread without Manage Threads: %v, want code 50013", err)
	}
	s.SetAppPermissions(th.ID, DefaultAppPermissions|PermManageThreads)
	if _, err := sess.ChannelMessageSend(th.ID, "x"); err != nil {
		t.Errorf("a post in a locked thread with Manage Threads: %v", err)
	}
	if _, err := sess.ChannelDelete(th.ID); err != nil {
		t.Errorf("deleting a thread with Manage Threads: %v", err)
	}
}

func TestAutoModBlocksItsWords(t *testing.T) {
	s := New(t)
	sess := openSession(t, s)
	s.Slash(guild, channel, alice, "status") // the fake learns the channel's guild
	s.SetAutoMod(guild, "reminder")
	if _, err := sess.ChannelMessageSend(channel, "A Reminder: your move"); restCode(err) != 200000 {
		t.Errorf("a blocked word: %v, want code 200000", err)
	}
	if _, err := sess.ChannelMessageSend(channel, "your move"); err != nil {
		t.Errorf("a post without the word: %v", err)
	}
}

func TestTheAnnouncementThreadLimit(t *testing.T) {
	const news = "100000000000000012"
	s := New(t)
	sess := openSession(t, s)
	s.Slash(guild, news, alice, "status")
	s.SetChannelKind(news, KindAnnouncement)
	s.SetAnnouncementThreadLimit(guild, 0)
	endpoint := discordgo.EndpointChannelThreads(news)
	if _, err := sess.RequestWithBucketID(http.MethodPost, endpoint, map[string]any{"name": "game", "type": 10}, endpoint); restCode(err) != 160007 {
		t.Errorf("past the announcement thread limit: %v, want code 160007", err)
	}
}

func TestGuildCreateFollowsReadyWithTheLivingChannelsAndThreads(t *testing.T) {
	const thread, gone = "100000000000000013", "100000000000000014"
	s := New(t)
	s.JoinGuild(guild)
	s.MarkThread(thread, "guild-"+guild)
	s.MarkThread(gone, "guild-"+guild)
	s.DeleteOffline(gone)
	sess := s.Session()
	created := collect[*discordgo.GuildCreate](sess)
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	ev := next(t, created)
	if ev.ID != guild || len(ev.Channels) != 1 || len(ev.Threads) != 1 || ev.Threads[0].ID != thread {
		t.Fatalf("GUILD_CREATE: id %s, channels %d, threads %+v", ev.ID, len(ev.Channels), ev.Threads)
	}
	if _, err := sess.Channel(gone); !isUnknownChannel(err) {
		t.Errorf("GET of a thread deleted offline: %v", err)
	}
}
