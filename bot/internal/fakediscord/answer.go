package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Message is a message the bot created: in a channel, or an interaction's
// response (original or follow-up).
type Message struct {
	ID         string
	ChannelID  string
	Content    string
	Flags      int
	Components []Component // every row's components, in order
	Files      []File
	Mentions   []string // user ids the message may ping (allowed_mentions)
	Nonce      string   // the nonce the message was created with, if any
	At         time.Time
	Edited     time.Time // the last edit, zero if never edited

	rows    [][]Component // Components by action row
	webhook bool          // posted through the interaction's webhook
	// layoutProblem is what breaks Discord's layout rules, if anything.
	layoutProblem string
}

// Ephemeral reports whether only the caller sees the message.
func (m *Message) Ephemeral() bool { return m.Flags&64 != 0 }

// Component is a button (type 2) or a string select menu (type 3) of a
// message, flattened.
type Component struct {
	Type        int            `json:"type"`
	CustomID    string         `json:"custom_id"`
	Label       string         `json:"label"`
	Style       int            `json:"style"`
	Disabled    bool           `json:"disabled"`
	Placeholder string         `json:"placeholder"`
	Options     []SelectOption `json:"options"`
}

// SelectOption is one choice of a select menu.
type SelectOption struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description"`
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
	Attachments *[]struct {
		ID json.RawMessage `json:"id"`
	} `json:"attachments"`
	Nonce        json.RawMessage `json:"nonce"`
	EnforceNonce bool            `json:"enforce_nonce"`
}

func (b *messageBody) apply(m *Message) {
	if b.Content != nil {
		m.Content = *b.Content
	}
	if b.Flags != nil {
		m.Flags = *b.Flags
	}
	if b.Components != nil {
		m.Components, m.rows = nil, nil
		for _, row := range b.Components {
			m.rows = append(m.rows, row.Components)
			m.Components = append(m.Components, row.Components...)
		}
		m.layoutProblem = layoutProblem(m.rows)
	}
	if b.AllowedMentions != nil {
		m.Mentions = b.AllowedMentions.Users
	}
}

// applyFiles adds uploads to an edited message. Without an attachments
// list the message keeps its files; with one it keeps only those listed.
func (b *messageBody) applyFiles(m *Message, uploads []File) {
	if b.Attachments != nil {
		keep := map[string]bool{}
		for _, a := range *b.Attachments {
			var id string
			if json.Unmarshal(a.ID, &id) != nil {
				id = string(a.ID)
			}
			keep[id] = true
		}
		var kept []File
		for _, f := range m.Files {
			if keep[f.ID] {
				kept = append(kept, f)
			}
		}
		m.Files = kept
	}
	m.Files = append(m.Files, uploads...)
}

// attach gives uploaded files their attachment ids, in a new slice.
func (s *Server) attach(files []File) []File {
	out := make([]File, len(files))
	for i, f := range files {
		f.ID = s.ID()
		out[i] = f
	}
	return out
}

// botUser is the bot as a UserResponse.
func botUser() map[string]any {
	return map[string]any{"id": BotID, "username": "Mortain", "avatar": nil, "discriminator": "0",
		"public_flags": 0, "flags": 0, "bot": true, "global_name": nil, "primary_guild": nil}
}

// messageJSON renders m as a MessageResponse.
func messageJSON(m *Message) []byte {
	out := map[string]any{
		"id":               m.ID,
		"channel_id":       m.ChannelID,
		"type":             0,
		"content":          m.Content,
		"flags":            m.Flags,
		"timestamp":        m.At.UTC().Format(time.RFC3339Nano),
		"edited_timestamp": nil,
		"author":           botUser(),
		"attachments":      attachmentsJSON(m),
		"embeds":           []any{},
		"mentions":         []any{},
		"mention_roles":    []string{},
		"mention_everyone": false,
		"pinned":           false,
		"tts":              false,
		"components":       componentsJSON(m.rows),
	}
	if !m.Edited.IsZero() {
		out["edited_timestamp"] = m.Edited.UTC().Format(time.RFC3339Nano)
	}
	if m.Nonce != "" {
		out["nonce"] = m.Nonce
	}
	if m.webhook {
		out["webhook_id"], out["application_id"] = AppID, AppID
	}
	b, _ := json.Marshal(out)
	return b
}

func attachmentsJSON(m *Message) []any {
	atts := []any{}
	for _, f := range m.Files {
		url := "https://cdn.discordapp.com/attachments/" + m.ChannelID + "/" + f.ID + "/" + f.Name
		a := map[string]any{"id": f.ID, "filename": f.Name, "size": f.Size, "url": url, "proxy_url": url}
		if f.ContentType != "" {
			a["content_type"] = f.ContentType
		}
		atts = append(atts, a)
	}
	return atts
}

// componentsJSON renders action rows as Discord returns them, with the
// numeric ids it gives every component in order.
func componentsJSON(rows [][]Component) []any {
	out, id := []any{}, 0
	for _, row := range rows {
		id++
		r := map[string]any{"type": 1, "id": id}
		cs := []any{}
		for _, c := range row {
			id++
			cm := map[string]any{"type": c.Type, "id": id, "disabled": c.Disabled}
			if c.Type == 2 {
				cm["style"] = c.Style
			}
			if c.CustomID != "" {
				cm["custom_id"] = c.CustomID
			}
			if c.Label != "" {
				cm["label"] = c.Label
			}
			if c.Type == 3 {
				opts := []any{}
				for _, o := range c.Options {
					om := map[string]any{"label": o.Label, "value": o.Value}
					if o.Description != "" {
						om["description"] = o.Description
					}
					opts = append(opts, om)
				}
				cm["options"], cm["min_values"], cm["max_values"] = opts, 1, 1
				if c.Placeholder != "" {
					cm["placeholder"] = c.Placeholder
				}
			}
			cs = append(cs, cm)
		}
		r["components"] = cs
		out = append(out, r)
	}
	return out
}

// answer produces the fake's response to a valid request.
func (s *Server) answer(req Request) (int, []byte) {
	if ch := req.Params["channel_id"]; ch != "" && s.channelGone(ch) {
		return http.StatusNotFound, []byte(`{"code":10003,"message":"Unknown Channel"}`)
	}
	switch req.Route {
	case "/gateway":
		b, _ := json.Marshal(map[string]string{"url": "ws" + s.http.URL[len("http"):] + "/gateway-ws"})
		return http.StatusOK, b

	case "/gateway/bot":
		return s.gatewayBot()

	case "/channels/{channel_id}/thread-members/{user_id}":
		return s.threadMember(req)

	case "/applications/{application_id}/commands", "/applications/{application_id}/guilds/{guild_id}/commands":
		return s.overwriteCommands(req)

	case "/channels/{channel_id}/messages":
		return s.createMessage(req)

	case "/channels/{channel_id}/threads":
		return s.openThread(req)

	case "/users/@me/channels":
		return s.openDM(req)

	case "/channels/{channel_id}":
		switch req.Method {
		case http.MethodPatch:
			return s.modifyChannel(req)
		case http.MethodDelete:
			return s.deleteThread(req)
		case http.MethodGet:
			return s.getChannel(req)
		}

	case "/channels/{channel_id}/messages/{message_id}":
		return s.editMessage(req)

	case "/channels/{channel_id}/typing":
		return s.typing(req)

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

// overwriteCommands handles a bulk overwrite of a scope's commands.
func (s *Server) overwriteCommands(req Request) (int, []byte) {
	if req.Params["application_id"] != AppID {
		s.violation("%s %s: wrong application id", req.Method, req.Path)
		return http.StatusForbidden, []byte(`{"code":50001,"message":"Missing Access"}`)
	}
	var cmds []map[string]any
	if err := json.Unmarshal(req.JSON, &cmds); err != nil {
		return http.StatusBadRequest, []byte(`{"code":50035,"message":"Invalid Form Body"}`)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	scope := req.Params["guild_id"]
	s.commands[scope] = []json.RawMessage{}
	for _, c := range cmds {
		s.commands[scope] = append(s.commands[scope], s.commandJSON(c, scope))
	}
	out, _ := json.Marshal(s.commands[scope])
	s.notify()
	return http.StatusOK, out
}

// commandJSON completes a command definition as Discord returns it.
func (s *Server) commandJSON(c map[string]any, scope string) json.RawMessage {
	dropNulls(c)
	c["id"], c["application_id"], c["version"] = s.ID(), AppID, s.ID()
	defaults := map[string]any{"type": 1, "description": "", "default_member_permissions": nil}
	for k, v := range defaults {
		if _, ok := c[k]; !ok {
			c[k] = v
		}
	}
	if scope != "" {
		c["guild_id"] = scope
	}
	// The spec takes the permissions as an integer in a request and
	// answers them as a string.
	if p, ok := c["default_member_permissions"].(float64); ok {
		c["default_member_permissions"] = strconv.FormatFloat(p, 'f', -1, 64)
	}
	b, _ := json.Marshal(c)
	return b
}

// dropNulls removes null members of v's objects, as Discord leaves out
// the fields a definition does not set.
func dropNulls(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if x == nil {
				delete(v, k)
			}
			dropNulls(x)
		}
	case []any:
		for _, x := range v {
			dropNulls(x)
		}
	}
}

// Messages returns copies of the channel messages posted to channel, in
// the order Discord accepted them, as last edited.
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

// layoutProblem checks Discord's layout rules the spec does not state: at
// most 5 action rows; a row holds up to 5 buttons or one select menu; the
// custom ids of a message differ, and so do the values of a menu.
func layoutProblem(rows [][]Component) string {
	if len(rows) > 5 {
		return fmt.Sprintf("%d action rows, Discord allows 5", len(rows))
	}
	ids := map[string]bool{}
	for i, row := range rows {
		selects := 0
		for _, c := range row {
			if c.Type == 3 {
				selects++
				values := map[string]bool{}
				for _, o := range c.Options {
					if values[o.Value] {
						return fmt.Sprintf("menu %s offers the value %q twice", c.CustomID, o.Value)
					}
					values[o.Value] = true
				}
			}
			if c.CustomID != "" {
				if ids[c.CustomID] {
					return fmt.Sprintf("the custom id %s twice", c.CustomID)
				}
				ids[c.CustomID] = true
			}
		}
		if selects > 0 && len(row) > 1 || len(row) > 5 {
			return fmt.Sprintf("row %d holds %d components (%d menus): a row holds one menu or up to 5 buttons", i+1, len(row), selects)
		}
	}
	return ""
}

// checkLayout reports a message whose components break Discord's layout
// rules as a violation.
func (s *Server) checkLayout(m *Message) {
	if m.layoutProblem != "" {
		s.violation("message %s: %s", m.ID, m.layoutProblem)
	}
}
