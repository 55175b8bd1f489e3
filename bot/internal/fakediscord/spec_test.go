package fakediscord

import (
	"strings"
	"testing"
	"time"
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

func TestSpecValidatesResponses(t *testing.T) {
	s := mustSpec(t)
	msg, _ := s.Match("POST", "/channels/123/messages")
	full := &Message{ID: "5", ChannelID: "123", Content: "hi", Nonce: "n", At: time.Now(), Edited: time.Now(),
		Files: []File{{Name: "map.png", ContentType: "image/png", Size: 3, ID: "6"}},
		rows:  [][]Component{{{Type: 2, CustomID: "pass", Label: "Pass", Style: 2}}}, webhook: true}
	if err := s.ValidateResponse(msg, 200, messageJSON(full)); err != nil {
		t.Errorf("the fake's message was rejected: %v", err)
	}
	if err := s.ValidateResponse(msg, 200, messageJSON(&Message{ID: "5", ChannelID: "123"})); err != nil {
		t.Errorf("the fake's bare message was rejected: %v", err)
	}
	invalid := map[string]struct {
		status int
		body   string
	}{
		"message without required fields": {200, `{"id":"5","channel_id":"123","content":"hi"}`},
		"200 without a body":              {200, ``},
		"error without code":              {404, `{"message":"Unknown Channel"}`},
		"429 without retry_after":         {429, `{"code":0,"message":"slow down","global":false}`},
	}
	for name, c := range invalid {
		if err := s.ValidateResponse(msg, c.status, []byte(c.body)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := s.ValidateResponse(msg, 403, []byte(`{"code":50013,"message":"Missing Permissions"}`)); err != nil {
		t.Errorf("a 4XX error body was rejected: %v", err)
	}
	if err := s.ValidateResponse(msg, 500, []byte(`anything`)); err != nil {
		t.Errorf("a status the spec does not list was checked: %v", err)
	}
	typing, _ := s.Match("POST", "/channels/123/typing")
	if err := s.ValidateResponse(typing, 204, nil); err != nil {
		t.Errorf("an empty 204 was rejected: %v", err)
	}
	if err := s.ValidateResponse(typing, 204, []byte(`{}`)); err == nil {
		t.Error("a 204 with a body was accepted")
	}
}
