package fakediscord

import (
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// isUnknownChannel reports Discord's answer for a deleted channel.
func isUnknownChannel(err error) bool {
	return restStatus(err) == http.StatusNotFound && restCode(err) == 10003
}

func TestDeleteChannelIsSentAndClosesTheChannel(t *testing.T) {
	s := New(t)
	sess := s.Session()
	deleted := collect[*discordgo.ChannelDelete](sess)
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	m, err := sess.ChannelMessageSend(channel, "before")
	if err != nil {
		t.Fatal(err)
	}

	s.DeleteChannel(guild, channel)
	ev := next(t, deleted)
	if ev.Channel == nil || ev.ID != channel || ev.GuildID != guild || ev.Type != discordgo.ChannelTypeGuildText {
		t.Fatalf("CHANNEL_DELETE parsed as %+v", ev.Channel)
	}
	if _, err := sess.ChannelMessageSend(channel, "after"); !isUnknownChannel(err) {
		t.Errorf("post after deletion: %v", err)
	}
	content := "edited"
	if _, err := sess.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: channel, Content: &content}); !isUnknownChannel(err) {
		t.Errorf("edit after deletion: %v", err)
	}
	if err := sess.ChannelTyping(channel); !isUnknownChannel(err) {
		t.Errorf("typing after deletion: %v", err)
	}
	if _, err := sess.ChannelMessageSend("100000000000000077", "elsewhere"); err != nil {
		t.Errorf("another channel: %v", err)
	}
}

func TestDeleteThread(t *testing.T) {
	const thread = "100000000000000003"
	s := New(t)
	sess := s.Session()
	deleted := collect[*discordgo.ThreadDelete](sess)
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })

	s.DeleteThread(guild, channel, thread)
	ev := next(t, deleted)
	if ev.Channel == nil || ev.ID != thread || ev.ParentID != channel || ev.GuildID != guild || ev.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Fatalf("THREAD_DELETE parsed as %+v", ev.Channel)
	}
	if _, err := sess.ChannelMessageSend(thread, "in the thread"); !isUnknownChannel(err) {
		t.Errorf("post to the deleted thread: %v", err)
	}
	if _, err := sess.ChannelMessageSend(channel, "in the parent"); err != nil {
		t.Errorf("post to the parent: %v", err)
	}
}

func TestDeletingAChannelDeletesItsThreads(t *testing.T) {
	const thread = "100000000000000003"
	s := New(t)
	sess := openSession(t, s)
	s.MarkThread(thread, channel)
	s.DeleteChannel(guild, channel)
	if _, err := sess.ChannelMessageSend(thread, "x"); !isUnknownChannel(err) {
		t.Errorf("post to a thread of a deleted channel: %v", err)
	}
}

func TestGuildOutageAndRemoval(t *testing.T) {
	const other = "100000000000000005"
	s := New(t)
	sess := s.Session()
	gone := collect[*discordgo.GuildDelete](sess)
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	s.Slash(guild, channel, alice, "status") // the fake sees both channels in the guild
	s.Slash(guild, other, alice, "status")

	s.DeleteGuild(guild, true)
	ev := next(t, gone)
	if ev.Guild == nil || ev.ID != guild || !ev.Unavailable {
		t.Fatalf("outage parsed as %+v", ev.Guild)
	}
	if _, err := sess.ChannelMessageSend(channel, "during the outage"); err != nil {
		t.Errorf("an outage closed the channel: %v", err)
	}

	s.DeleteGuild(guild, false)
	ev = next(t, gone)
	if ev.Guild == nil || ev.ID != guild || ev.Unavailable {
		t.Fatalf("removal parsed as %+v", ev.Guild)
	}
	for _, ch := range []string{channel, other} {
		if _, err := sess.ChannelMessageSend(ch, "after removal"); !isUnknownChannel(err) {
			t.Errorf("post to %s after the removal: %v", ch, err)
		}
	}
}
