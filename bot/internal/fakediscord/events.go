package fakediscord

import (
	"encoding/json"
	"strconv"
	"time"
)

// Permission bits (app_permissions and member permissions are decimal
// strings of these; 1<<38 does not fit in an int32).
const (
	PermManageChannels        int64 = 1 << 4
	PermViewChannel           int64 = 1 << 10
	PermSendMessages          int64 = 1 << 11
	PermEmbedLinks            int64 = 1 << 14
	PermAttachFiles           int64 = 1 << 15
	PermReadMessageHistory    int64 = 1 << 16
	PermSendMessagesInThreads int64 = 1 << 38

	// DefaultAppPermissions is the bot's permissions in a channel unless
	// SetAppPermissions says otherwise.
	DefaultAppPermissions = permBasic | PermSendMessagesInThreads | PermCreatePublicThreads

	permBasic = PermViewChannel | PermSendMessages | PermEmbedLinks | PermAttachFiles | PermReadMessageHistory
)

// User is a member who interacts with the bot.
type User struct {
	ID, Name       string
	ManageChannels bool
	// Locale is the language of the member's Discord ("en-US" when
	// empty), sent with each of their interactions.
	Locale string
}

// Option is one option of a slash command as the client sends it.
type Option struct {
	Name    string
	Value   any
	Type    int // 3 string (default), 4 integer, 5 boolean, 6 user (Value: the id)
	Focused bool
}

// CommandName is the top-level slash command the fake's users type.
var CommandName = "mortain"

// AddUser makes u known, so that a USER option with its id resolves to its
// name. Every user who sends an interaction becomes known too.
func (s *Server) AddUser(u User) {
	s.mu.Lock()
	s.users[u.ID] = u
	s.mu.Unlock()
}

func (u User) userJSON() map[string]any {
	return map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name, "discriminator": "0", "avatar": nil}
}

// memberJSON is u as a partial member (without user, deaf and mute), as
// resolved.members carries it; json adds them for the caller's member.
func (u User) memberJSON() map[string]any {
	perms := permBasic
	if u.ManageChannels {
		perms |= PermManageChannels
	}
	return map[string]any{"nick": nil, "avatar": nil, "roles": []string{}, "joined_at": "2024-01-01T00:00:00Z",
		"premium_since": nil, "pending": false, "permissions": itoa(perms), "flags": 0}
}

func (u User) json(guild bool) map[string]any {
	if !guild {
		return u.userJSON()
	}
	m := u.memberJSON()
	m["user"], m["deaf"], m["mute"] = u.userJSON(), false, false
	return m
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
		"channel_id": channel, "data": data, "locale": u.locale(),
		"entitlements": []any{}, "authorizing_integration_owners": map[string]any{},
	}
	s.mu.Lock()
	s.users[u.ID] = u
	ev["app_permissions"] = itoa(s.appPermissions(channel))
	ev["attachment_size_limit"] = s.announcedLimit(guild)
	p := s.seen(guild, channel)
	thread, parent := p.thread, p.parent
	archived, locked, private, chKind := p.archived, p.locked, p.private, p.kind
	s.mu.Unlock()
	if guild != "" {
		ev["guild_id"] = guild
		ev["guild_locale"] = "en-US"
		ev["member"] = u.json(true)
		ev["channel"] = textChannelJSON(guild, channel)
		if chKind != 0 {
			ev["channel"].(map[string]any)["type"] = chKind
		}
		if thread {
			ev["channel"] = threadJSON(guild, parent, channel, archived, locked, private)
		}
		ev["context"] = 0
	} else {
		ev["user"] = u.json(false)
		ev["channel"] = map[string]any{"id": channel, "type": 1}
		ev["context"] = 1
	}
	for k, v := range extra {
		ev[k] = v
	}
	rec := &interactionRec{id: id, token: token, kind: kind, channel: channel}
	if raw, ok := extra["message"].(json.RawMessage); ok {
		var m struct {
			ID string `json:"id"`
		}
		json.Unmarshal(raw, &m)
		rec.message = m.ID
	}
	s.mu.Lock()
	s.interactions[id] = rec
	rec.sent = time.Now()
	s.mu.Unlock()
	if err := s.dispatch(guild, "INTERACTION_CREATE", ev); err != nil {
		s.t.Errorf("fake Discord: sending an interaction: %v", err)
	}
	return id
}

// commandData is the data of "/mortain sub opts..." in guild ("" for a
// direct message), with USER options resolved.
func (s *Server) commandData(guild, sub string, opts []Option) map[string]any {
	var list []map[string]any
	users, members := map[string]any{}, map[string]any{}
	for _, o := range opts {
		typ := o.Type
		if typ == 0 {
			typ = 3
		}
		m := map[string]any{"name": o.Name, "type": typ, "value": o.Value}
		if o.Focused {
			m["focused"] = true
		}
		if id, ok := o.Value.(string); ok && typ == 6 {
			u := s.user(id)
			users[id] = u.userJSON()
			if guild != "" {
				members[id] = u.memberJSON()
			}
		}
		list = append(list, m)
	}
	name, group := s.commandOf(guild, sub)
	inner := map[string]any{"name": sub, "type": 1, "options": list}
	if group != "" {
		inner = map[string]any{"name": group, "type": 2, "options": []any{inner}}
	}
	data := map[string]any{"id": "900000000000000009", "name": name, "type": 1,
		"options": []any{inner}}
	if len(users) > 0 {
		resolved := map[string]any{"users": users}
		if len(members) > 0 {
			resolved["members"] = members
		}
		data["resolved"] = resolved
	}
	return data
}

// commandOf names the registered top-level command (of the guild, else
// global) that holds subcommand sub, and the subcommand group it is in
// ("" for none), as a Discord client offers it; CommandName when none
// does.
func (s *Server) commandOf(guild, sub string) (command, group string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, scope := range []string{guild, ""} {
		for _, raw := range s.commands[scope] {
			var c struct {
				Name    string `json:"name"`
				Options []struct {
					Name    string `json:"name"`
					Type    int    `json:"type"`
					Options []struct {
						Name string `json:"name"`
						Type int    `json:"type"`
					} `json:"options"`
				} `json:"options"`
			}
			if json.Unmarshal(raw, &c) != nil {
				continue
			}
			for _, o := range c.Options {
				if o.Type == 1 && o.Name == sub {
					return c.Name, ""
				}
				for _, g := range o.Options {
					if o.Type == 2 && g.Type == 1 && g.Name == sub {
						return c.Name, o.Name
					}
				}
			}
		}
	}
	return CommandName, ""
}

// user returns the known user with id, else one named "user"+id.
func (s *Server) user(id string) User {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u, ok := s.users[id]; ok {
		return u
	}
	return User{ID: id, Name: "user" + id}
}

// Slash sends "/mortain sub opts..." typed by u and returns the interaction id.
func (s *Server) Slash(guild, channel string, u User, sub string, opts ...Option) string {
	s.AddUser(u)
	return s.send(2, guild, channel, u, s.commandData(guild, sub, opts), nil)
}

// Autocomplete sends an autocomplete request for the focused option.
func (s *Server) Autocomplete(guild, channel string, u User, sub string, opts ...Option) string {
	s.AddUser(u)
	return s.send(4, guild, channel, u, s.commandData(guild, sub, opts), nil)
}

// Press sends a button press on message m.
func (s *Server) Press(guild string, u User, m Message, customID string) string {
	msg := json.RawMessage(messageJSON(&m))
	id := s.send(3, guild, m.ChannelID, u, map[string]any{"custom_id": customID, "component_type": 2}, map[string]any{"message": msg})
	return id
}

// Choose picks value in the select menu customID of message m (an
// INTERACTION_CREATE of a string select, component type 3) and returns the
// interaction id.
func (s *Server) Choose(guild string, u User, m Message, customID, value string) string {
	msg := json.RawMessage(messageJSON(&m))
	return s.send(3, guild, m.ChannelID, u, map[string]any{"custom_id": customID, "component_type": 3, "values": []string{value}}, map[string]any{"message": msg})
}

// Offered reports whether a Discord client offers u the subcommand sub in
// guild: the registered command that holds it has no
// default_member_permissions, or u has every permission it names.
func (s *Server) Offered(guild string, u User, sub string) bool {
	name, _ := s.commandOf(guild, sub)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, scope := range []string{guild, ""} {
		for _, raw := range s.commands[scope] {
			var c struct {
				Name  string  `json:"name"`
				Perms *string `json:"default_member_permissions"`
			}
			if json.Unmarshal(raw, &c) != nil || c.Name != name {
				continue
			}
			if c.Perms == nil {
				return true
			}
			need, err := strconv.ParseInt(*c.Perms, 10, 64)
			if err != nil {
				s.violation("command %s: default_member_permissions %q is not a number", name, *c.Perms)
				return false
			}
			have := permBasic
			if u.ManageChannels {
				have |= PermManageChannels
			}
			return need&have == need
		}
	}
	return false
}

// locale is the member's Discord locale.
func (u User) locale() string {
	if u.Locale == "" {
		return "en-US"
	}
	return u.Locale
}
