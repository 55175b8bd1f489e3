package fakediscord

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// openCollecting opens a session that passes on every interaction and its
// raw event.
func openCollecting(t *testing.T, s *Server) (*discordgo.Session, <-chan *discordgo.InteractionCreate, <-chan *discordgo.Event) {
	t.Helper()
	sess := s.Session()
	ics := collect[*discordgo.InteractionCreate](sess)
	raw := make(chan *discordgo.Event, 16)
	sess.AddHandler(func(_ *discordgo.Session, e *discordgo.Event) {
		if e.Type == "INTERACTION_CREATE" {
			raw <- e
		}
	})
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess, ics, raw
}

func TestAppPermissionsPerChannel(t *testing.T) {
	const narrow = "100000000000000006"
	s := New(t)
	_, ics, _ := openCollecting(t, s)
	s.SetAppPermissions(narrow, PermViewChannel|PermSendMessagesInThreads)

	s.Slash(guild, channel, alice, "status")
	if got := next(t, ics).AppPermissions; got != DefaultAppPermissions {
		t.Errorf("default app_permissions %d, want %d", got, DefaultAppPermissions)
	}
	s.Slash(guild, narrow, alice, "status")
	if got := next(t, ics).AppPermissions; got != PermViewChannel|PermSendMessagesInThreads {
		t.Errorf("app_permissions %d, want view and send-in-threads (bit 38 included)", got)
	}
}

func TestPostsFollowTheAppPermissions(t *testing.T) {
	const thread = "100000000000000003"
	s := New(t)
	sess := s.Session()
	cases := []struct {
		name    string
		channel string
		perms   int64
		code    int
	}{
		{"no view", "100000000000000011", DefaultAppPermissions &^ PermViewChannel, 50001},
		{"no send", "100000000000000012", DefaultAppPermissions &^ PermSendMessages, 50013},
		{"no send in threads", thread, DefaultAppPermissions &^ PermSendMessagesInThreads, 50013},
		{"send but not in threads", "100000000000000013", DefaultAppPermissions &^ PermSendMessagesInThreads, 0},
	}
	s.MarkThread(thread, channel)
	for _, c := range cases {
		s.SetAppPermissions(c.channel, c.perms)
		_, err := sess.ChannelMessageSend(c.channel, "hello")
		if c.code == 0 && err != nil || c.code != 0 && (restStatus(err) != http.StatusForbidden || restCode(err) != c.code) {
			t.Errorf("%s: got %v, want code %d", c.name, err, c.code)
		}
	}
	s.SetAppPermissions(channel, DefaultAppPermissions&^PermAttachFiles)
	_, err := sess.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: "map",
		Files: []*discordgo.File{{Name: "map.png", ContentType: "image/png", Reader: strings.NewReader("png")}}})
	if restCode(err) != 50013 {
		t.Errorf("a file without attach permission: %v", err)
	}
}

func TestThreadInteractionsCarryTheThread(t *testing.T) {
	const thread = "100000000000000003"
	s := New(t)
	_, ics, raw := openCollecting(t, s)
	s.MarkThread(thread, channel)
	s.Slash(guild, thread, alice, "status")
	if ic := next(t, ics); ic.ChannelID != thread {
		t.Errorf("channel_id %s, want the thread", ic.ChannelID)
	}
	var ev struct {
		Channel struct {
			Type     int    `json:"type"`
			ParentID string `json:"parent_id"`
			GuildID  string `json:"guild_id"`
		} `json:"channel"`
	}
	if err := json.Unmarshal(next(t, raw).RawData, &ev); err != nil {
		t.Fatal(err)
	}
	if ev.Channel.Type != 11 || ev.Channel.ParentID != channel || ev.Channel.GuildID != guild {
		t.Errorf("the interaction's channel is %+v, want a public thread of %s", ev.Channel, channel)
	}
}

func TestUserOptionsResolveToKnownUsers(t *testing.T) {
	bob := User{ID: "200000000000000002", Name: "bob"}
	const stranger = "200000000000000009"
	s := New(t)
	_, ics, _ := openCollecting(t, s)
	s.AddUser(bob)
	s.Slash(guild, channel, alice, "new", Option{Name: "opponent", Type: 6, Value: bob.ID}, Option{Name: "referee", Type: 6, Value: stranger})
	res := next(t, ics).ApplicationCommandData().Resolved
	if res == nil || res.Users[bob.ID] == nil || res.Users[bob.ID].Username != "bob" || res.Users[stranger].Username != "user"+stranger {
		t.Fatalf("resolved users %+v", res)
	}
	if m := res.Members[bob.ID]; m == nil || m.User != nil || m.JoinedAt.IsZero() {
		t.Errorf("resolved member %+v, want a partial member without user", m)
	}

	s.Slash(guild, channel, bob, "new", Option{Name: "opponent", Type: 6, Value: alice.ID}) // alice spoke before
	if u := next(t, ics).ApplicationCommandData().Resolved.Users[alice.ID]; u == nil || u.Username != "alice" {
		t.Errorf("a user who sent an interaction resolved as %+v", u)
	}
	s.Slash("", "500000000000000001", alice, "new", Option{Name: "opponent", Type: 6, Value: bob.ID})
	if res := next(t, ics).ApplicationCommandData().Resolved; res.Users[bob.ID] == nil || len(res.Members) != 0 {
		t.Errorf("in a DM: users %v, members %v; want no members", res.Users, res.Members)
	}
}

func TestDeferEditAndFollowUpRoundTrip(t *testing.T) {
	s := New(t)
	sess, ics, _ := openCollecting(t, s)
	id := s.Slash(guild, channel, alice, "status")
	ic := next(t, ics)
	if err := sess.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	content := "Turn 2"
	m, err := sess.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &content,
		Components: &[]discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Pass", CustomID: "pass", Style: discordgo.SecondaryButton}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if m.ChannelID != channel || len(m.Components) != 1 {
		t.Errorf("the edited response is %+v", m)
	}
	f, err := sess.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "more"})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Reply(id)
	if r.Text() != content || len(r.FollowUps) != 1 || r.FollowUps[0].ID != f.ID || r.Original.Edited.IsZero() {
		t.Errorf("reply %+v", r)
	}

	s.Press(guild, alice, *r.Original, "pass")
	press := next(t, ics)
	if press.Message == nil || press.Message.ID != r.Original.ID || len(press.Message.Components) != 1 {
		t.Errorf("the pressed message arrived as %+v", press.Message)
	}
}
