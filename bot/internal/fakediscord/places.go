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
	// archived and locked describe a thread: posting unarchives an
	// archived thread unless it is locked; an archived thread's messages
	// cannot be edited (50083).
	archived, locked bool
	// private marks a private thread; member, that the bot is in it.
	private, member bool
	// kind is a channel's type (KindText, KindForum, ...); name a
	// thread's name.
	kind int
	name string
	// dmWith is the member of a DM channel.
	dmWith string
	// owned marks a thread the bot opened (it may reopen it when locked).
	owned bool
	// tags and requireTag describe a forum (SetForumTags); applied, the
	// tags a forum post was opened with.
	tags       []ForumTag
	requireTag bool
	applied    []string
}

// MarkPrivateThread makes channel a private thread of parent (type 12);
// member tells whether the bot is a member of it: if not, GET
// /channels/{thread}/thread-members/{bot} answers 404 and posts there
// 403 50001 Missing Access.
func (s *Server) MarkPrivateThread(channel, parent string, member bool) {
	s.MarkThread(channel, parent)
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.placeOf(channel)
	p.private, p.member = true, member
}

// threadMember handles GET /channels/{channel_id}/thread-members/{user_id}
// for the bot itself.
func (s *Server) threadMember(req Request) (int, []byte) {
	s.mu.Lock()
	p := s.places[req.Params["channel_id"]]
	s.mu.Unlock()
	if p == nil || !p.thread || req.Params["user_id"] != BotID || p.private && !p.member {
		return http.StatusNotFound, []byte(`{"code":10007,"message":"Unknown Member"}`)
	}
	return http.StatusOK, []byte(`{"id":"` + req.Params["channel_id"] + `","user_id":"` + BotID + `","join_timestamp":"2024-01-01T00:00:00Z","flags":0}`)
}

// SetUploadLimit sets a guild's upload limit in bytes: interactions from
// it carry it as attachment_size_limit, and a message whose files are
// larger is refused with 413 code 40005, as Discord does (not a
// violation: the bot cannot know the limit before an interaction tells
// it).
func (s *Server) SetUploadLimit(guild string, bytes int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.guildLimits == nil {
		s.guildLimits = map[string]int{}
	}
	s.guildLimits[guild] = bytes
	delete(s.unannounced, guild)
}

// SetUploadLimitUnannounced sets a guild's upload limit while the
// interactions from it go on announcing the default one: the bot learns
// the limit from a 413 only (as after a restart, before any interaction
// from the guild came).
func (s *Server) SetUploadLimitUnannounced(guild string, bytes int) {
	s.SetUploadLimit(guild, bytes)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unannounced == nil {
		s.unannounced = map[string]bool{}
	}
	s.unannounced[guild] = true
}

// announcedLimit is the upload limit interactions from a guild carry;
// s.mu must be held.
func (s *Server) announcedLimit(guild string) int {
	if s.unannounced[guild] {
		return s.MaxUpload
	}
	return s.uploadLimit(guild)
}

// uploadLimit is a guild's upload limit; s.mu must be held.
func (s *Server) uploadLimit(guild string) int {
	if n := s.guildLimits[guild]; n > 0 {
		return n
	}
	return s.MaxUpload
}

// ArchiveThread archives a thread (locked: and locks it): interactions
// there carry thread_metadata, edits of its messages answer 400 code
// 50083, and a post unarchives it unless it is locked (then 400 50083).
// A locked thread takes posts only from a bot with PermManageThreads,
// even once it is unarchived: the bot may reopen a locked thread it
// opened itself (PATCH archived:false), and its posts are still refused.
func (s *Server) ArchiveThread(thread string, locked bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.placeOf(thread)
	p.archived, p.locked = true, locked
	s.notify()
}

// archivedRefusal answers a request in an archived or locked thread:
// editing a message in an archived thread, or posting in a locked one
// without Manage Threads (archived or not). A post in an archived thread
// it may post in unarchives it.
func (s *Server) archivedRefusal(channel string, edit bool) (int, []byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.places[channel]
	if p == nil || !p.thread {
		return 0, nil, false
	}
	refused := []byte(`{"code":50083,"message":"Thread is archived"}`)
	shut := p.locked && s.appPermissions(channel)&PermManageThreads == 0
	switch {
	case !edit && shut:
		return http.StatusBadRequest, refused, true
	case !p.archived:
		return 0, nil, false
	case !edit:
		p.archived = false
		return 0, nil, false
	}
	return http.StatusBadRequest, refused, true
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
	case perms&PermViewChannel == 0, p != nil && p.private && !p.member:
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
func threadJSON(guild, parent, thread string, archived, locked, private bool) map[string]any {
	kind := 11
	if private {
		kind = 12
	}
	return map[string]any{"id": thread, "type": kind, "guild_id": guild, "parent_id": parent, "name": "mortain-thread",
		"owner_id": BotID, "flags": 0, "thread_metadata": map[string]any{"archived": archived, "auto_archive_duration": 1440,
			"archive_timestamp": "2024-01-01T00:00:00Z", "locked": locked}}
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
