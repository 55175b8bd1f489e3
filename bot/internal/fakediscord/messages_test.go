package fakediscord

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestEnforcedNonceGivesBackTheEarlierMessage(t *testing.T) {
	s := New(t)
	sess := s.Session()
	first, err := postNonced(sess, "once", "n-1")
	if err != nil {
		t.Fatal(err)
	}
	again, err := postNonced(sess, "once", "n-1")
	if err != nil {
		t.Fatal(err)
	}
	other, err := postNonced(sess, "twice", "n-2")
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != first.ID || other.ID == first.ID {
		t.Errorf("ids %s, %s, %s: want the first two equal, the third new", first.ID, again.ID, other.ID)
	}
	if n := len(s.Messages(channel)); n != 2 {
		t.Errorf("%d messages, want 2", n)
	}
}

func TestNonceWithoutEnforcementCreatesAgain(t *testing.T) {
	s := New(t)
	sess := s.Session()
	ep := discordgo.EndpointChannelMessages(channel)
	for i := 0; i < 2; i++ {
		body := noncedSend{MessageSend: discordgo.MessageSend{Content: "x"}, Nonce: "same"}
		if _, err := sess.RequestWithBucketID("POST", ep, body, ep); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(s.Messages(channel)); n != 2 {
		t.Errorf("%d messages, want 2", n)
	}
}

func TestNonceIsPerAuthorForAWindow(t *testing.T) {
	s := New(t)
	sess := s.Session()
	if _, err := postNonced(sess, "here", "n"); err != nil {
		t.Fatal(err)
	}
	ep := discordgo.EndpointChannelMessages("100000000000000099")
	body := noncedSend{MessageSend: discordgo.MessageSend{Content: "there"}, Nonce: "n", EnforceNonce: true}
	resp, err := sess.RequestWithBucketID("POST", ep, body, ep)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		ChannelID string `json:"channel_id"`
	}
	json.Unmarshal(resp, &m)
	if len(s.Messages("100000000000000099")) != 0 || m.ChannelID != channel {
		t.Error("a nonce the bot used in another channel did not give back the earlier message")
	}
	// Past Discord's window the nonce posts again.
	s.ForgetNonces()
	if _, err := sess.RequestWithBucketID("POST", ep, body, ep); err != nil {
		t.Fatal(err)
	}
	if len(s.Messages("100000000000000099")) != 1 {
		t.Error("a nonce past its window suppressed the post")
	}
}

func TestLongNonceIsAViolation(t *testing.T) {
	s := New(t)
	errs := violations(s)
	_, err := postNonced(s.Session(), "x", strings.Repeat("n", MaxNonce+1))
	if restStatus(err) != http.StatusBadRequest || restCode(err) != 50035 {
		t.Errorf("got %v, want 400 code 50035", err)
	}
	if len(errs()) != 1 || len(s.Messages(channel)) != 0 {
		t.Errorf("violations %v, %d messages", errs(), len(s.Messages(channel)))
	}
}

func buttons(ids ...string) []discordgo.MessageComponent {
	var bs []discordgo.MessageComponent
	for _, id := range ids {
		bs = append(bs, discordgo.Button{Label: id, CustomID: id, Style: discordgo.PrimaryButton})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: bs}}
}

func TestEditChangesContentAndButtons(t *testing.T) {
	s := New(t)
	sess := s.Session()
	m, err := sess.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: "Your move", Components: buttons("pass", "resign")})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Components) != 1 {
		t.Fatalf("the answer has %d component rows, want 1", len(m.Components))
	}
	content, none := "Game over", []discordgo.MessageComponent{}
	edited, err := sess.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: channel, Content: &content, Components: &none})
	if err != nil {
		t.Fatal(err)
	}
	if edited.EditedTimestamp == nil || len(edited.Components) != 0 {
		t.Errorf("the edit answered %+v", edited)
	}
	got := s.Messages(channel)
	if len(got) != 1 || got[0].Content != content || len(got[0].Components) != 0 || got[0].Edited.IsZero() {
		t.Errorf("after the edit: %+v", got)
	}
}

func TestEditKeepsWhatItDoesNotSet(t *testing.T) {
	s := New(t)
	sess := s.Session()
	m, err := sess.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: "Your move", Components: buttons("pass")})
	if err != nil {
		t.Fatal(err)
	}
	content := "Your move (2 min left)"
	if _, err := sess.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: channel, Content: &content}); err != nil {
		t.Fatal(err)
	}
	got := s.Messages(channel)[0]
	if got.Content != content || len(got.Components) != 1 || got.Components[0].CustomID != "pass" {
		t.Errorf("after a content-only edit: %+v", got)
	}
}

func TestEditOfAnUnknownMessage(t *testing.T) {
	s := New(t)
	content := "x"
	_, err := s.Session().ChannelMessageEditComplex(&discordgo.MessageEdit{ID: "123", Channel: channel, Content: &content})
	if restStatus(err) != http.StatusNotFound || restCode(err) != 10008 {
		t.Errorf("got %v, want 404 code 10008", err)
	}
}

func TestTypingIsRecorded(t *testing.T) {
	s := New(t)
	if err := s.Session().ChannelTyping(channel); err != nil {
		t.Fatal(err)
	}
	if got := statuses(s, IsTyping); !reflect.DeepEqual(got, []int{http.StatusNoContent}) {
		t.Errorf("typing statuses %v, want [204]", got)
	}
}

func TestEditAppendsOrReplacesFiles(t *testing.T) {
	s := New(t)
	sess := s.Session()
	png := func() *discordgo.File {
		return &discordgo.File{Name: "map.png", ContentType: "image/png", Reader: strings.NewReader("png")}
	}
	m, err := sess.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: "map", Files: []*discordgo.File{png()}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: channel, Files: []*discordgo.File{png()}}); err != nil {
		t.Fatal(err)
	}
	if n := len(s.Messages(channel)[0].Files); n != 2 {
		t.Errorf("%d files after an appending edit, want 2", n)
	}
	none := []*discordgo.MessageAttachment{}
	if _, err := sess.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: channel, Files: []*discordgo.File{png()}, Attachments: &none}); err != nil {
		t.Fatal(err)
	}
	if n := len(s.Messages(channel)[0].Files); n != 1 {
		t.Errorf("%d files after a replacing edit, want 1", n)
	}
}
