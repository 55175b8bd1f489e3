package bot

import (
	"maps"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/internal/i18n"
)

// The names of the members a command's options mention: their server
// nickname, else their display name, else their user name.
func TestNamesOfMentionedMembers(t *testing.T) {
	i := &discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, Data: discordgo.ApplicationCommandInteractionData{
		Name: "mortain",
		Resolved: &discordgo.ApplicationCommandInteractionDataResolved{
			Users: map[string]*discordgo.User{
				"1": {ID: "1", Username: "ann_1", GlobalName: "Ann"},
				"2": {ID: "2", Username: "bob_2"},
				"3": {ID: "3", Username: "cy_3", GlobalName: "Cy"},
				"4": {ID: "4", Username: "dee_4", GlobalName: "Dee"},
			},
			Members: map[string]*discordgo.Member{
				"3": {Nick: "Captain Cy"},
				"4": {},
			},
		},
	}}
	want := map[string]string{"1": "Ann", "2": "bob_2", "3": "Captain Cy", "4": "Dee"}
	if got := namesOf(i); !maps.Equal(got, want) {
		t.Errorf("names %v, want %v", got, want)
	}
	if got := namesOf(&discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, Data: discordgo.ApplicationCommandInteractionData{Name: "mortain"}}); len(got) != 0 {
		t.Errorf("a command mentioning nobody: %v", got)
	}
	if got := namesOf(&discordgo.Interaction{Type: discordgo.InteractionMessageComponent, Data: discordgo.MessageComponentInteractionData{CustomID: "x"}}); got != nil {
		t.Errorf("a button: %v", got)
	}
}

// A new game gets a thread of its own in a text or announcement channel,
// a post of its own in a forum or media channel, and neither in a thread
// or a channel whose kind the event did not name.
func TestWhereANewGameGetsAThread(t *testing.T) {
	for _, c := range []struct {
		where          Where
		threads, forum bool
	}{
		{Where{Kind: discordgo.ChannelTypeGuildText, HasKind: true}, true, false},
		{Where{Kind: discordgo.ChannelTypeGuildNews, HasKind: true}, true, false},
		{Where{Kind: discordgo.ChannelTypeGuildForum, HasKind: true}, true, true},
		{Where{Kind: discordgo.ChannelTypeGuildMedia, HasKind: true}, true, true},
		{Where{Kind: discordgo.ChannelTypeGuildPublicThread, HasKind: true, Thread: true}, false, false},
		{Where{Kind: discordgo.ChannelTypeGuildText, HasKind: true, Thread: true}, false, false},
		{Where{Kind: discordgo.ChannelTypeGuildText}, false, false},
		{Where{Kind: discordgo.ChannelTypeGuildVoice, HasKind: true}, false, false},
	} {
		threads, forum := threadsHome(c.where)
		if threads != c.threads || forum != c.forum {
			t.Errorf("%+v: threads %v forum %v, want %v %v", c.where, threads, forum, c.threads, c.forum)
		}
	}
}

// Opening a game's thread needs each of its permissions: with all of them
// nothing is missing; without any, each is named.
func TestTheThreadsPermissionsAreEachNamed(t *testing.T) {
	all := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles |
		permCreatePublicThreads | permSendMessagesInThreads)
	for _, forum := range []bool{false, true} {
		if got := threadNeeds(all, forum, i18n.English); got != "" {
			t.Errorf("forum %v, every permission granted: %q", forum, got)
		}
		none := threadNeeds(0, forum, i18n.English)
		for _, n := range []need{{discordgo.PermissionViewChannel, "view", "see"}, {permSendMessagesInThreads, "send-threads", "post-thread"},
			{discordgo.PermissionAttachFiles, "attach", "post-map"}} {
			if !strings.Contains(none, needText(i18n.English, n)) {
				t.Errorf("forum %v: %q does not name %s", forum, none, n.name)
			}
			if got := threadNeeds(all&^n.bit, forum, i18n.English); !strings.Contains(got, needText(i18n.English, n)) {
				t.Errorf("forum %v, without %s: %q", forum, n.name, got)
			}
		}
	}
	create := need{permCreatePublicThreads, "create-threads", "open-thread"}
	if got := threadNeeds(all&^permCreatePublicThreads, false, i18n.English); !strings.Contains(got, needText(i18n.English, create)) {
		t.Errorf("a text channel without Create Public Threads: %q", got)
	}
}
