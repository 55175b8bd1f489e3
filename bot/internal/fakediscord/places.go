package fakediscord

import (
	"net/http"
)

// place is what the fake knows of a channel or thread.
type place struct {
	guild    string
	parent   string // the parent channel of a thread
	thread   bool
	perms    int64 // the app's permissions, if permsSet
	permsSet bool
	gone     bool // deleted, or its guild was
}

// placeOf returns the record of channel, creating it; s.mu must be held.
func (s *Server) placeOf(channel string) *place {
	p := s.places[channel]
	if p == nil {
		p = &place{}
		s.places[channel] = p
	}
	return p
}

// SetAppPermissions sets the bot's permissions in channel: later
// interactions there carry them as app_permissions, and posts there are
// refused as Discord would (403 code 50001 without PermViewChannel, 50013
// without PermSendMessages, or PermSendMessagesInThreads in a thread, or
// with files and no PermAttachFiles). Channels default to
// DefaultAppPermissions.
func (s *Server) SetAppPermissions(channel string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.placeOf(channel)
	p.perms, p.permsSet = perms, true
}

// MarkThread makes channel a public thread of parent: interactions there
// carry a channel of type 11 with parent_id (discordgo v0.29.0's
// Interaction has no Channel field: read it from the raw event), and posts
// there need PermSendMessagesInThreads instead of PermSendMessages.
func (s *Server) MarkThread(channel, parent string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.placeOf(channel)
	p.thread, p.parent = true, parent
	if pp := s.places[parent]; pp != nil && p.guild == "" {
		p.guild = pp.guild
	}
}

// appPermissions is the bot's permissions in channel; s.mu must be held.
func (s *Server) appPermissions(channel string) int64 {
	if p := s.places[channel]; p != nil && p.permsSet {
		return p.perms
	}
	return DefaultAppPermissions
}

// channelGone reports whether channel was deleted.
func (s *Server) channelGone(channel string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.places[channel]
	return p != nil && p.gone
}

// postDenied answers a post to channel the bot may not make.
func (s *Server) postDenied(channel string, files bool) (int, []byte, bool) {
	s.mu.Lock()
	p := s.places[channel]
	perms := s.appPermissions(channel)
	s.mu.Unlock()
	send := PermSendMessages
	if p != nil && p.thread {
		send = PermSendMessagesInThreads
	}
	switch {
	case perms&PermViewChannel == 0:
		return http.StatusForbidden, []byte(`{"code":50001,"message":"Missing Access"}`), true
	case perms&send == 0, files && perms&PermAttachFiles == 0:
		return http.StatusForbidden, []byte(`{"code":50013,"message":"Missing Permissions"}`), true
	}
	return 0, nil, false
}

// seen records that channel is in guild and returns its record; s.mu
// must be held.
func (s *Server) seen(guild, channel string) *place {
	p := s.placeOf(channel)
	if guild != "" {
		p.guild = guild
	}
	return p
}

// textChannelJSON is a guild text channel object.
func textChannelJSON(guild, channel string) map[string]any {
	return map[string]any{"id": channel, "type": 0, "guild_id": guild, "name": "mortain", "position": 0,
		"permission_overwrites": []any{}, "nsfw": false, "parent_id": nil, "topic": nil, "last_message_id": nil,
		"rate_limit_per_user": 0, "flags": 0}
}

// threadJSON is a public thread channel object.
func threadJSON(guild, parent, thread string) map[string]any {
	return map[string]any{"id": thread, "type": 11, "guild_id": guild, "parent_id": parent, "name": "mortain-thread",
		"owner_id": BotID, "flags": 0, "thread_metadata": map[string]any{"archived": false, "auto_archive_duration": 1440,
			"archive_timestamp": "2024-01-01T00:00:00Z", "locked": false}}
}

// DeleteChannel deletes a guild text channel (and its threads): the
// gateway sends CHANNEL_DELETE and later posts, edits and typing there
// answer 404 code 10003 "Unknown Channel".
func (s *Server) DeleteChannel(guild, channel string) {
	s.mu.Lock()
	s.seen(guild, channel)
	for id, p := range s.places {
		if id == channel || p.parent == channel {
			p.gone = true
		}
	}
	s.notify()
	s.mu.Unlock()
	s.dispatchOrFail(guild, "CHANNEL_DELETE", textChannelJSON(guild, channel))
}

// DeleteThread deletes thread, a public thread of parent: the gateway
// sends THREAD_DELETE and later requests there answer 404 code 10003.
func (s *Server) DeleteThread(guild, parent, thread string) {
	s.mu.Lock()
	p := s.seen(guild, thread)
	p.parent, p.thread, p.gone = parent, true, true
	s.notify()
	s.mu.Unlock()
	s.dispatchOrFail(guild, "THREAD_DELETE", map[string]any{"id": thread, "guild_id": guild, "parent_id": parent, "type": 11})
}

// DeleteGuild sends GUILD_DELETE. unavailable true is an outage (the
// guild comes back; nothing else changes); false is the bot's removal
// from the guild: later requests to every channel and thread the fake has
// seen there (in interactions or deletions, and threads MarkThread gave
// such a parent) answer 404 code 10003.
func (s *Server) DeleteGuild(guild string, unavailable bool) {
	ev := map[string]any{"id": guild}
	if unavailable {
		ev["unavailable"] = true
	} else {
		s.removeGuild(guild)
	}
	s.dispatchOrFail(guild, "GUILD_DELETE", ev)
}

func (s *Server) removeGuild(guild string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.places {
		if p.guild == guild || s.places[p.parent] != nil && s.places[p.parent].guild == guild {
			p.gone = true
		}
	}
	s.notify()
}

// dispatchOrFail sends an event of guild and fails the test if no bot
// listens on its shard.
func (s *Server) dispatchOrFail(guild, event string, data any) {
	if err := s.dispatch(guild, event, data); err != nil {
		s.t.Errorf("fake Discord: sending %s: %v", event, err)
	}
}
