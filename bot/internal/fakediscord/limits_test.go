package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// row is an action row of buttons with the given custom ids.
func row(ids ...string) map[string]any {
	var bs []any
	for _, id := range ids {
		bs = append(bs, map[string]any{"type": 2, "style": 1, "label": id, "custom_id": id})
	}
	return map[string]any{"type": 1, "components": bs}
}

// rows makes n rows of per buttons with distinct custom ids.
func rows(n, per int) []any {
	var out []any
	for i := 0; i < n; i++ {
		var ids []string
		for j := 0; j < per; j++ {
			ids = append(ids, fmt.Sprintf("b%d-%d", i, j))
		}
		out = append(out, row(ids...))
	}
	return out
}

func choices(n, nameLen, valueLen int) []any {
	var out []any
	for i := 0; i < n; i++ {
		out = append(out, map[string]any{"name": strings.Repeat("n", nameLen), "value": strings.Repeat("v", valueLen)})
	}
	return out
}

func TestLimitsTheSpecDoesNotState(t *testing.T) {
	post := Request{Method: "POST", Route: "/channels/{channel_id}/messages"}
	edit := Request{Method: "PATCH", Route: "/channels/{channel_id}/messages/{message_id}"}
	webhookEdit := Request{Method: "PATCH", Route: "/webhooks/{webhook_id}/{webhook_token}/messages/@original"}
	followUp := Request{Method: "POST", Route: "/webhooks/{webhook_id}/{webhook_token}"}
	callback := Request{Method: "POST", Route: "/interactions/{interaction_id}/{interaction_token}/callback"}
	long, max := strings.Repeat("é", MaxContent+1), strings.Repeat("é", MaxContent)
	cases := []struct {
		name string
		req  Request
		body map[string]any
		bad  bool
	}{
		{"2000 characters", post, map[string]any{"content": max}, false},
		{"2001 characters", post, map[string]any{"content": long}, true},
		{"2001 characters in an edit", edit, map[string]any{"content": long}, true},
		{"2001 characters in a webhook edit", webhookEdit, map[string]any{"content": long}, true},
		{"2001 characters in a follow-up", followUp, map[string]any{"content": long}, true},
		{"2001 characters in a callback", callback, map[string]any{"type": 4, "data": map[string]any{"content": long}}, true},
		{"5 rows of 5 buttons", post, map[string]any{"components": rows(5, 5)}, false},
		{"6 rows", post, map[string]any{"components": rows(6, 1)}, true},
		{"6 buttons in a row", post, map[string]any{"components": rows(1, 6)}, true},
		{"6 rows in an update", callback, map[string]any{"type": 7, "data": map[string]any{"components": rows(6, 1)}}, true},
		{"repeated custom_id", post, map[string]any{"components": []any{row("pass"), row("resign", "pass")}}, true},
		{"repeated custom_id in an edit", edit, map[string]any{"components": []any{row("a", "a")}}, true},
		{"25 choices", callback, map[string]any{"type": 8, "data": map[string]any{"choices": choices(25, 100, 100)}}, false},
		{"26 choices", callback, map[string]any{"type": 8, "data": map[string]any{"choices": choices(26, 1, 1)}}, true},
		{"choice name of 101", callback, map[string]any{"type": 8, "data": map[string]any{"choices": choices(1, 101, 1)}}, true},
		{"choice value of 101", callback, map[string]any{"type": 8, "data": map[string]any{"choices": choices(1, 1, 101)}}, true},
		{"integer choice", callback, map[string]any{"type": 8, "data": map[string]any{"choices": []any{map[string]any{"name": "n", "value": 123456}}}}, false},
	}
	for _, c := range cases {
		req := c.req
		req.JSON, _ = json.Marshal(c.body)
		if err := checkLimits(req); (err != nil) != c.bad {
			t.Errorf("%s: got %v, want an error: %v", c.name, err, c.bad)
		}
	}
}

func TestLimitBreachIsAViolationAnsweredLikeDiscord(t *testing.T) {
	s := New(t)
	errs := violations(s)
	_, err := s.Session().ChannelMessageSend(channel, strings.Repeat("y", MaxContent+1))
	if restStatus(err) != http.StatusBadRequest || restCode(err) != 50035 {
		t.Errorf("got %v, want 400 code 50035", err)
	}
	if got := errs(); len(got) != 1 || !strings.Contains(got[0].Error(), "2001 characters") {
		t.Errorf("violations %v", got)
	}
	if len(s.Messages(channel)) != 0 {
		t.Error("the message was posted")
	}
}
