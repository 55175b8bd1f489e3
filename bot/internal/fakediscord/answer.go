package fakediscord

import (
	"encoding/json"
	"net/http"
	"time"
)

// Message is a message the bot created: in a channel, or an interaction's
// response (original or follow-up).
type Message struct {
	ID         string
	ChannelID  string
	Content    string
	Flags      int
	Components []Component
	Files      []File
	Mentions   []string // user ids the message may ping (allowed_mentions)
	At         time.Time
}

// Ephemeral reports whether only the caller sees the message.
func (m *Message) Ephemeral() bool { return m.Flags&64 != 0 }

// Component is a button (or other component) of a message, flattened.
type Component struct {
	Type     int    `json:"type"`
	CustomID string `json:"custom_id"`
	Label    string `json:"label"`
	Style    int    `json:"style"`
	Disabled bool   `json:"disabled"`
}

// messageBody is the part of a message request the fake keeps.
type messageBody struct {
	Content    *string `json:"content"`
	Flags      *int    `json:"flags"`
	Components []struct {
		Type       int         `json:"type"`
		Components []Component `json:"components"`
	} `json:"components"`
	AllowedMentions *struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	} `json:"allowed_mentions"`
}

func (b *messageBody) apply(m *Message) {
	if b.Content != nil {
		m.Content = *b.Content
	}
	if b.Flags != nil {
		m.Flags = *b.Flags
	}
	if b.Components != nil {
		m.Components = nil
		for _, row := range b.Components {
			m.Components = append(m.Components, row.Components...)
		}
	}
	if b.AllowedMentions != nil {
		m.Mentions = b.AllowedMentions.Users
	}
}

func (s *Server) messageJSON(m *Message) []byte {
	type att struct {
		ID       string `json:"id"`
		Filename string `json:"filename"`
		Size     int    `json:"size"`
		URL      string `json:"url"`
		ProxyURL string `json:"proxy_url"`
	}
	atts := []att{}
	for _, f := range m.Files {
		id := s.ID()
		atts = append(atts, att{ID: id, Filename: f.Name, Size: f.Size,
			URL: "https://cdn.discordapp.com/attachments/" + m.ChannelID + "/" + id + "/" + f.Name})
		atts[len(atts)-1].ProxyURL = atts[len(atts)-1].URL
	}
	b, _ := json.Marshal(map[string]any{
		"id":          m.ID,
		"channel_id":  m.ChannelID,
		"type":        0,
		"content":     m.Content,
		"flags":       m.Flags,
		"timestamp":   m.At.UTC().Format(time.RFC3339Nano),
		"author":      map[string]any{"id": BotID, "username": "Mortain", "bot": true},
		"attachments": atts,
		"embeds":      []any{},
		"mentions":    []any{},
	})
	return b
}

// answer produces the fake's response to a valid request.
func (s *Server) answer(req Request) (int, []byte) {
	switch req.Route {
	case "/gateway":
		b, _ := json.Marshal(map[string]string{"url": "ws" + s.http.URL[len("http"):] + "/gateway-ws"})
		return http.StatusOK, b

	case "/applications/{application_id}/commands", "/applications/{application_id}/guilds/{guild_id}/commands":
		if req.Params["application_id"] != AppID {
			s.violation("%s %s: wrong application id", req.Method, req.Path)
			return http.StatusForbidden, []byte(`{"code":50001,"message":"Missing Access"}`)
		}
		var cmds []map[string]any
		if err := json.Unmarshal(req.JSON, &cmds); err != nil {
			return http.StatusBadRequest, []byte(`{"code":50035,"message":"Invalid Form Body"}`)
		}
		s.mu.Lock()
		scope := req.Params["guild_id"]
		s.commands[scope] = nil
		for _, c := range cmds {
			c["id"] = s.ID()
			c["application_id"] = AppID
			c["version"] = s.ID()
			b, _ := json.Marshal(c)
			s.commands[scope] = append(s.commands[scope], b)
		}
		out, _ := json.Marshal(s.commands[scope])
		s.notify()
		s.mu.Unlock()
		return http.StatusOK, out

	case "/channels/{channel_id}/messages":
		var body messageBody
		json.Unmarshal(req.JSON, &body)
		m := &Message{ID: s.ID(), ChannelID: req.Params["channel_id"], Files: req.Files, At: req.At}
		body.apply(m)
		if m.Content == "" && len(m.Files) == 0 && len(m.Components) == 0 {
			return http.StatusBadRequest, []byte(`{"code":50006,"message":"Cannot send an empty message"}`)
		}
		s.mu.Lock()
		s.messages[m.ChannelID] = append(s.messages[m.ChannelID], m)
		s.notify()
		s.mu.Unlock()
		return http.StatusOK, s.messageJSON(m)

	case "/interactions/{interaction_id}/{interaction_token}/callback":
		return s.callback(req)

	case "/webhooks/{webhook_id}/{webhook_token}/messages/@original":
		return s.editOriginal(req)

	case "/webhooks/{webhook_id}/{webhook_token}":
		return s.followUp(req)
	}
	s.violation("%s %s: the fake does not expect this request", req.Method, req.Path)
	return http.StatusNotFound, []byte(`{"code":0,"message":"404: Not Found"}`)
}

// Messages returns copies of the channel messages posted to channel, in
// the order Discord accepted them.
func (s *Server) Messages(channel string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, 0, len(s.messages[channel]))
	for _, m := range s.messages[channel] {
		out = append(out, *m)
	}
	return out
}

// Commands returns the registered command definitions of a scope ("" for
// global, else a guild id) as JSON.
func (s *Server) Commands(scope string) []json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]json.RawMessage(nil), s.commands[scope]...)
}
