package fakediscord

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestErrorFaultsReachTheCaller(t *testing.T) {
	cases := []struct {
		fault        Fault
		status, code int
	}{
		{Forbidden, http.StatusForbidden, 50013},
		{UnknownChannel, http.StatusNotFound, 10003},
	}
	for _, c := range cases {
		t.Run(c.fault.String(), func(t *testing.T) {
			s := New(t)
			sess := s.Session()
			s.Fail(1, c.fault, IsChannelPost)
			_, err := sess.ChannelMessageSend(channel, "hello")
			if restStatus(err) != c.status || restCode(err) != c.code {
				t.Fatalf("got %v, want HTTP %d code %d", err, c.status, c.code)
			}
			if got := statuses(s, IsChannelPost); !reflect.DeepEqual(got, []int{c.status}) {
				t.Errorf("recorded statuses %v: discordgo should not retry", got)
			}
			if len(s.Messages(channel)) != 0 {
				t.Error("a faulted request created a message")
			}
			if _, err := sess.ChannelMessageSend(channel, "again"); err != nil {
				t.Errorf("the fault outlived its count: %v", err)
			}
		})
	}
}

func TestServerErrorIsRetriedByDiscordgo(t *testing.T) {
	s := New(t)
	sess := s.Session()
	s.Fail(1, ServerError, IsChannelPost)
	if _, err := sess.ChannelMessageSend(channel, "through"); err != nil {
		t.Fatal(err)
	}
	if got := statuses(s, IsChannelPost); !reflect.DeepEqual(got, []int{500, 200}) {
		t.Errorf("statuses %v, want a 500 then 200", got)
	}
	s.Fail(1+sess.MaxRestRetries, ServerError, IsChannelPost)
	if _, err := sess.ChannelMessageSend(channel, "lost"); err == nil {
		t.Error("a 500 past the retries reached no caller")
	}
}

func TestBadGatewayIsRetriedByDiscordgo(t *testing.T) {
	s := New(t)
	sess := s.Session()
	s.Fail(2, BadGateway, IsChannelPost)
	if _, err := sess.ChannelMessageSend(channel, "through"); err != nil {
		t.Fatal(err)
	}
	if got := statuses(s, IsChannelPost); !reflect.DeepEqual(got, []int{502, 502, 200}) {
		t.Errorf("statuses %v, want two 502s then 200", got)
	}
	if n := len(s.Messages(channel)); n != 1 {
		t.Errorf("%d messages, want 1", n)
	}

	s.Fail(1+sess.MaxRestRetries, BadGateway, IsChannelPost)
	if _, err := sess.ChannelMessageSend(channel, "lost"); err == nil {
		t.Error("a request that always met 502 succeeded")
	}
}

// isTransportError reports an error of the HTTP client, not an answer.
func isTransportError(err error) bool {
	var ue *url.Error
	return errors.As(err, &ue)
}

func TestDropBeforeDoesNothing(t *testing.T) {
	s := New(t)
	sess := s.Session()
	s.Fail(1, DropBefore, IsChannelPost)
	_, err := sess.ChannelMessageSend(channel, "lost")
	if !isTransportError(err) {
		t.Fatalf("got %v, want a transport error", err)
	}
	if n := len(s.Messages(channel)); n != 0 {
		t.Errorf("%d messages after a drop before handling", n)
	}
	if got := statuses(s, IsChannelPost); !reflect.DeepEqual(got, []int{0}) {
		t.Errorf("statuses %v, want [0]", got)
	}
}

// noncedSend is a message create with the nonce fields discordgo lacks.
type noncedSend struct {
	discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

// postNonced posts content with nonce and enforce_nonce, as the bot does.
func postNonced(sess *discordgo.Session, content, nonce string) (*discordgo.Message, error) {
	ep := discordgo.EndpointChannelMessages(channel)
	body, err := sess.RequestWithBucketID("POST", ep, noncedSend{MessageSend: discordgo.MessageSend{Content: content}, Nonce: nonce, EnforceNonce: true}, ep)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	return &m, json.Unmarshal(body, &m)
}

func TestDropAfterPostsAndANonceMakesTheRetrySafe(t *testing.T) {
	s := New(t)
	sess := s.Session()
	s.Fail(1, DropAfter, IsChannelPost)
	if _, err := postNonced(sess, "turn 3", "g1-turn3"); !isTransportError(err) {
		t.Fatalf("got %v, want a transport error", err)
	}
	msgs := s.Messages(channel)
	if len(msgs) != 1 || msgs[0].Nonce != "g1-turn3" {
		t.Fatalf("after a drop after handling: %+v, want the message posted", msgs)
	}
	m, err := postNonced(sess, "turn 3", "g1-turn3")
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != msgs[0].ID || len(s.Messages(channel)) != 1 {
		t.Errorf("the retry gave %s and %d messages, want the earlier %s and 1", m.ID, len(s.Messages(channel)), msgs[0].ID)
	}
	if got := statuses(s, IsChannelPost); !reflect.DeepEqual(got, []int{0, 200}) {
		t.Errorf("statuses %v, want [0 200]", got)
	}
}

func TestFaultsOnlyHitMatchingRequests(t *testing.T) {
	s := New(t)
	sess := s.Session()
	s.Fail(5, Forbidden, IsTyping)
	if _, err := sess.ChannelMessageSend(channel, "fine"); err != nil {
		t.Fatal(err)
	}
	if err := sess.ChannelTyping(channel); restCode(err) != 50013 {
		t.Errorf("typing got %v, want 50013", err)
	}
}
