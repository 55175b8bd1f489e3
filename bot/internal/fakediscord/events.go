package fakediscord

import (
	"time"
)

// Permission bits the fake gives members.
const (
	PermManageChannels = 1 << 4
	permBasic          = 1<<10 | 1<<11 | 1<<14 | 1<<15 | 1<<16 // view, send, embed, attach, history
)

// User is a member who interacts with the bot.
type User struct {
	ID, Name       string
	ManageChannels bool
}

// Option is one option of a slash command as the client sends it.
type Option struct {
	Name    string
	Value   any
	Type    int // 3 string (default), 4 integer, 5 boolean, 6 user
	Focused bool
}

// CommandName is the top-level slash command the fake's users type.
var CommandName = "mortain"

func (u User) json(guild bool) map[string]any {
	user := map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name, "discriminator": "0"}
	if !guild {
		return user
	}
	perms := int64(permBasic)
	if u.ManageChannels {
		perms |= PermManageChannels
	}
	return map[string]any{"user": user, "nick": nil, "roles": []string{}, "joined_at": "2024-01-01T00:00:00Z",
		"permissions": itoa(perms), "deaf": false, "mute": false, "flags": 0}
}

func itoa(n int64) string {
	var b [20]byte
	i := len(b)
	if n == 0 {
		return "0"
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// send dispatches an INTERACTION_CREATE of kind for u in guild/channel
// (guild "" for a direct message) and returns the interaction id.
func (s *Server) send(kind int, guild, channel string, u User, data map[string]any, extra map[string]any) string {
	id, token := s.ID(), "tok-"+s.ID()
	ev := map[string]any{
		"id": id, "application_id": AppID, "type": kind, "token": token, "version": 1,
		"channel_id": channel, "data": data, "locale": "en-US",
		"app_permissions": itoa(permBasic), "entitlements": []any{}, "authorizing_integration_owners": map[string]any{},
	}
	if guild != "" {
		ev["guild_id"] = guild
		ev["guild_locale"] = "en-US"
		ev["member"] = u.json(true)
		ev["channel"] = map[string]any{"id": channel, "type": 0, "guild_id": guild, "name": "mortain"}
		ev["context"] = 0
	} else {
		ev["user"] = u.json(false)
		ev["channel"] = map[string]any{"id": channel, "type": 1}
		ev["context"] = 1
	}
	for k, v := range extra {
		ev[k] = v
	}
	rec := &interactionRec{id: id, token: token, kind: kind}
	s.mu.Lock()
	s.interactions[id] = rec
	rec.sent = time.Now()
	s.mu.Unlock()
	if err := s.dispatch("INTERACTION_CREATE", ev); err != nil {
		s.t.Errorf("fake Discord: sending an interaction: %v", err)
	}
	return id
}

func commandData(sub string, opts []Option) map[string]any {
	var list []map[string]any
	users := map[string]any{}
	for _, o := range opts {
		typ := o.Type
		if typ == 0 {
			typ = 3
		}
		m := map[string]any{"name": o.Name, "type": typ, "value": o.Value}
		if o.Focused {
			m["focused"] = true
		}
		if typ == 6 {
			if id, ok := o.Value.(string); ok {
				users[id] = map[string]any{"id": id, "username": "user" + id, "discriminator": "0"}
			}
		}
		list = append(list, m)
	}
	data := map[string]any{"id": "900000000000000009", "name": CommandName, "type": 1,
		"options": []any{map[string]any{"name": sub, "type": 1, "options": list}}}
	if len(users) > 0 {
		data["resolved"] = map[string]any{"users": users}
	}
	return data
}

// Slash sends "/mortain sub opts..." typed by u and returns the interaction id.
func (s *Server) Slash(guild, channel string, u User, sub string, opts ...Option) string {
	return s.send(2, guild, channel, u, commandData(sub, opts), nil)
}

// Autocomplete sends an autocomplete request for the focused option.
func (s *Server) Autocomplete(guild, channel string, u User, sub string, opts ...Option) string {
	return s.send(4, guild, channel, u, commandData(sub, opts), nil)
}

// Press sends a button press on message m.
func (s *Server) Press(guild string, u User, m Message, customID string) string {
	msg := map[string]any{"id": m.ID, "channel_id": m.ChannelID, "type": 0, "content": m.Content,
		"author": map[string]any{"id": BotID, "username": "Mortain", "bot": true}, "flags": m.Flags,
		"timestamp": m.At.UTC().Format(time.RFC3339Nano), "attachments": []any{}, "embeds": []any{}}
	return s.send(3, guild, m.ChannelID, u, map[string]any{"custom_id": customID, "component_type": 2}, map[string]any{"message": msg})
}

// rateRule answers 429 to the next left requests that match.
type rateRule struct {
	match func(Request) bool
	left  int
	retry float64
}

// RateLimit makes the fake answer 429 with retry_after to the next n
// requests for which match returns true.
func (s *Server) RateLimit(n int, retryAfter time.Duration, match func(Request) bool) {
	s.mu.Lock()
	s.limits = append(s.limits, &rateRule{match: match, left: n, retry: retryAfter.Seconds()})
	s.mu.Unlock()
}

func (s *Server) rateLimited(req Request) (float64, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.limits {
		if r.left > 0 && r.match(req) {
			r.left--
			return r.retry, true
		}
	}
	return 0, false
}

// IsChannelPost matches a new message in a channel.
func IsChannelPost(r Request) bool {
	return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages"
}
