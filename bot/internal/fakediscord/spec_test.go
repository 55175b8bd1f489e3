package fakediscord

import (
	"strings"
	"testing"
)

func mustSpec(t *testing.T) *Spec {
	t.Helper()
	s, err := LoadSpec()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSpecMatchesRoutes(t *testing.T) {
	s := mustSpec(t)
	cases := []struct{ method, path, want string }{
		{"POST", "/channels/123/messages", "/channels/{channel_id}/messages"},
		{"PATCH", "/webhooks/1/tok-en/messages/@original", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"},
		{"PATCH", "/webhooks/1/tok/messages/55", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"},
		{"POST", "/interactions/9/tok/callback", "/interactions/{interaction_id}/{interaction_token}/callback"},
		{"PUT", "/applications/7/guilds/8/commands", "/applications/{application_id}/guilds/{guild_id}/commands"},
		{"GET", "/gateway", "/gateway"},
	}
	for _, c := range cases {
		op, err := s.Match(c.method, c.path)
		if err != nil {
			t.Errorf("%s %s: %v", c.method, c.path, err)
			continue
		}
		if op.Template != c.want {
			t.Errorf("%s %s matched %s, want %s", c.method, c.path, op.Template, c.want)
		}
	}
	if _, err := s.Match("POST", "/channels/1/nonsense"); err == nil {
		t.Error("an unknown route was accepted")
	}
	if _, err := s.Match("DELETE", "/gateway"); err == nil {
		t.Error("an unknown method was accepted")
	}
}

func TestSpecValidatesBodies(t *testing.T) {
	s := mustSpec(t)
	msg, _ := s.Match("POST", "/channels/123/messages")
	valid := `{"content":"Turn 1: 5H, US round","components":[{"type":1,"components":[{"type":2,"style":2,"label":"Pass","custom_id":"g/pass/1"}]}],"allowed_mentions":{"users":["42"]}}`
	if err := s.ValidateBody(msg, "application/json", []byte(valid)); err != nil {
		t.Fatalf("a valid message was rejected: %v", err)
	}
	invalid := map[string]string{
		"content too long":     `{"content":"` + strings.Repeat("x", 4001) + `"}`,
		"button without style": `{"components":[{"type":1,"components":[{"type":2,"label":"Pass","custom_id":"p"}]}]}`,
		"custom id too long":   `{"components":[{"type":1,"components":[{"type":2,"style":1,"custom_id":"` + strings.Repeat("a", 101) + `"}]}]}`,
		"content not a string": `{"content":12}`,
	}
	for name, body := range invalid {
		if err := s.ValidateBody(msg, "application/json", []byte(body)); err == nil {
			t.Errorf("%s: an invalid body was accepted", name)
		}
	}

	cb, _ := s.Match("POST", "/interactions/9/tok/callback")
	if err := s.ValidateBody(cb, "application/json", []byte(`{"type":5,"data":{"flags":64}}`)); err != nil {
		t.Errorf("a deferred ephemeral callback was rejected: %v", err)
	}
	if err := s.ValidateBody(cb, "application/json", []byte(`{"type":8,"data":{"choices":[{"name":"101 (1514)","value":"101"}]}}`)); err != nil {
		t.Errorf("an autocomplete result was rejected: %v", err)
	}
	if err := s.ValidateBody(cb, "application/json", []byte(`{"type":42}`)); err == nil {
		t.Error("an unknown callback type was accepted")
	}
	if err := s.ValidateBody(cb, "application/json", nil); err == nil {
		t.Error("a missing required body was accepted")
	}
}

func TestSpecValidatesPathParams(t *testing.T) {
	s := mustSpec(t)
	op, _ := s.Match("POST", "/channels/123/messages")
	if err := s.ValidateParams(op); err != nil {
		t.Fatal(err)
	}
	op, _ = s.Match("POST", "/channels/general/messages")
	if err := s.ValidateParams(op); err == nil {
		t.Error("a channel id that is not a snowflake was accepted")
	}
}
