package fakediscord

import (
	"bytes"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

const guild, channel = "100000000000000001", "100000000000000002"

var alice = User{ID: "200000000000000001", Name: "alice"}

func openSession(t *testing.T, s *Server) *discordgo.Session {
	t.Helper()
	sess := s.Session()
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess
}

func TestSessionRoundTrip(t *testing.T) {
	s := New(t)
	sess := openSession(t, s)

	_, err := sess.ApplicationCommandBulkOverwrite(AppID, guild, []*discordgo.ApplicationCommand{{
		Name: "mortain", Description: "Play Stand at Mortain",
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: "move", Description: "Move a unit",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "unit", Description: "Unit id", Required: true, Autocomplete: true}},
		}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(s.Commands(guild)); got != 1 {
		t.Fatalf("registered %d commands in the guild, want 1", got)
	}

	var mu sync.Mutex
	var got []string
	sess.AddHandler(func(ss *discordgo.Session, ic *discordgo.InteractionCreate) {
		mu.Lock()
		got = append(got, ic.ApplicationCommandData().Options[0].Name+" by "+ic.Member.User.ID)
		mu.Unlock()
		err := ss.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "only you", Flags: discordgo.MessageFlagsEphemeral},
		})
		if err != nil {
			t.Error(err)
		}
	})
	id := s.Slash(guild, channel, alice, "move", Option{Name: "unit", Value: "101"})
	if !s.WaitFor(5*time.Second, func() bool { return s.Reply(id).Acknowledged }) {
		t.Fatal("the interaction was never acknowledged")
	}
	r := s.Reply(id)
	if r.Text() != "only you" || !r.Ephemeral() {
		t.Errorf("reply %q ephemeral=%v", r.Text(), r.Ephemeral())
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 || got[0] != "move by "+alice.ID {
		t.Errorf("handler saw %v", got)
	}
}

func TestRateLimitedPostsArriveInOrder(t *testing.T) {
	s := New(t)
	sess := s.Session() // REST only
	s.RateLimit(2, 30*time.Millisecond, IsChannelPost)
	for i := 0; i < 4; i++ {
		_, err := sess.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
			Content: strings.Repeat("x", i+1),
			Files:   []*discordgo.File{{Name: "map.png", ContentType: "image/png", Reader: bytes.NewReader([]byte("png"))}},
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	msgs := s.Messages(channel)
	if len(msgs) != 4 {
		t.Fatalf("%d messages, want 4", len(msgs))
	}
	for i, m := range msgs {
		if len(m.Content) != i+1 || len(m.Files) != 1 || m.Files[0].Name != "map.png" {
			t.Errorf("message %d: %q with %v", i, m.Content, m.Files)
		}
	}
	limited := 0
	for _, r := range s.Requests() {
		if r.Status == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited != 2 {
		t.Errorf("%d requests were rate limited, want 2", limited)
	}
}

func TestInvalidRequestsAreCaught(t *testing.T) {
	s := New(t)
	var errs []error
	var mu sync.Mutex
	s.OnViolation = func(err error) { mu.Lock(); errs = append(errs, err); mu.Unlock() }
	sess := s.Session()

	// A button without a style is not a valid component.
	_, err := sess.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Content:    "bad",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{rawButton{}}}},
	})
	if err == nil {
		t.Error("the fake accepted a message with an invalid button")
	}
	// A route Discord does not have.
	if _, err := sess.Request("POST", discordgo.EndpointAPI+"channels/"+channel+"/nonsense", map[string]string{}); err == nil {
		t.Error("the fake accepted an unknown route")
	}
	// A content longer than Discord allows.
	if _, err := sess.ChannelMessageSend(channel, strings.Repeat("y", 4001)); err == nil {
		t.Error("the fake accepted a 4001-character message")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(errs) != 3 {
		t.Errorf("%d violations reported, want 3: %v", len(errs), errs)
	}
	if len(s.Messages(channel)) != 0 {
		t.Error("an invalid message was posted")
	}
}

// rawButton marshals as a button without its required style.
type rawButton struct{}

func (rawButton) Type() discordgo.ComponentType { return discordgo.ButtonComponent }
func (rawButton) MarshalJSON() ([]byte, error) {
	return []byte(`{"type":2,"label":"x","custom_id":"x"}`), nil
}

func TestLateAcknowledgementIsAViolation(t *testing.T) {
	s := New(t)
	s.AckDeadline = 50 * time.Millisecond // Discord's is AckDeadline
	var errs []error
	var mu sync.Mutex
	s.OnViolation = func(err error) { mu.Lock(); errs = append(errs, err); mu.Unlock() }
	sess := openSession(t, s)
	sess.AddHandler(func(ss *discordgo.Session, ic *discordgo.InteractionCreate) {
		time.Sleep(s.AckDeadline + 100*time.Millisecond)
		ss.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	})
	id := s.Slash(guild, channel, alice, "status")
	s.WaitFor(Patience, func() bool { mu.Lock(); defer mu.Unlock(); return len(errs) > 0 })
	mu.Lock()
	defer mu.Unlock()
	if len(errs) == 0 || !strings.Contains(errs[0].Error(), "This interaction failed") {
		t.Errorf("a late acknowledgement was not caught: %v", errs)
	}
	if s.Reply(id).Acknowledged {
		t.Error("a late acknowledgement counted")
	}
}
