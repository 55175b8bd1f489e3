package fakediscord

import (
	"encoding/json"
	"net/http"
	"strings"
)

// More permission bits and the channel flag the forums use.
const (
	// PermManageThreads is Discord's Manage Threads permission: it lets
	// the bot delete threads, post in locked ones and apply moderated
	// tags.
	PermManageThreads int64 = 1 << 34
	// FlagRequireTag is the channel flag REQUIRE_TAG of a forum whose
	// posts need at least one of its tags (applied_tags).
	FlagRequireTag = 1 << 4
)

// ForumTag is one of a forum's available_tags.
type ForumTag struct {
	ID, Name string
	// Moderated tags may be applied only with Manage Threads.
	Moderated bool
}

// SetForumTags gives forum (a KindForum channel) its tags, each with a
// fresh id, and makes it require one on every post when require is set
// (the forum setting "Require people to select tags when posting"): a
// post opened without applied_tags is then refused with 400 code 40067.
// GET /channels/{forum} shows them (available_tags, flags).
func (s *Server) SetForumTags(forum string, require bool, names ...string) []ForumTag {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.placeOf(forum)
	p.requireTag, p.tags = require, nil
	for _, n := range names {
		p.tags = append(p.tags, ForumTag{ID: s.ID(), Name: n})
	}
	return append([]ForumTag(nil), p.tags...)
}

// AppliedTags lists the tag ids a forum post was opened with.
func (s *Server) AppliedTags(post string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.places[post]; p != nil {
		return append([]string(nil), p.applied...)
	}
	return nil
}

// tagRefusal checks a forum post's applied_tags against its forum, as
// Discord does: every id must be one of the forum's tags (a moderated
// one only with Manage Threads), and a forum that requires a tag refuses
// a post without one (40067). s.mu must be held.
func (s *Server) tagRefusal(forum *place, perms int64, applied []string) (int, []byte, bool) {
	if forum.requireTag && len(applied) == 0 {
		return http.StatusBadRequest, []byte(`{"code":40067,"message":"A tag is required to create a forum post in this channel"}`), true
	}
	for _, id := range applied {
		known := false
		for _, t := range forum.tags {
			if t.ID == id {
				known = true
				if t.Moderated && perms&PermManageThreads == 0 {
					return http.StatusForbidden, []byte(`{"code":50013,"message":"Missing Permissions"}`), true
				}
			}
		}
		if !known {
			s.violation("a forum post opened with tag %s, which its forum does not have", id)
			return http.StatusBadRequest, []byte(`{"code":50035,"message":"Invalid Form Body"}`), true
		}
	}
	return 0, nil, false
}

// SetAutoMod gives guild an AutoMod keyword rule that blocks messages:
// a post whose content holds one of words (in any case) is refused with
// 400 code 200000, as Discord's AutoMod does.
func (s *Server) SetAutoMod(guild string, words ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.automod == nil {
		s.automod = map[string][]string{}
	}
	s.automod[guild] = words
}

// autoModRefusal answers a post in channel that the guild's AutoMod
// blocks.
func (s *Server) autoModRefusal(channel, content string) (int, []byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.places[channel]
	if p == nil {
		return 0, nil, false
	}
	guild := p.guild
	if guild == "" && s.places[p.parent] != nil {
		guild = s.places[p.parent].guild
	}
	for _, w := range s.automod[guild] {
		if strings.Contains(strings.ToLower(content), strings.ToLower(w)) {
			return http.StatusBadRequest, []byte(`{"code":200000,"message":"Message was blocked by automatic moderation"}`), true
		}
	}
	return 0, nil, false
}

// getChannel handles GET /channels/{channel_id}: a thread, a forum with
// its flags and available_tags, or a text channel. A channel the fake has
// not seen exists (as posts there do), in the guild the fake knows.
func (s *Server) getChannel(req Request) (int, []byte) {
	ch := req.Params["channel_id"]
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.appPermissions(ch)&PermViewChannel == 0 {
		return http.StatusForbidden, []byte(`{"code":50001,"message":"Missing Access"}`)
	}
	p := s.placeOf(ch)
	guild := s.guildOf(p)
	if guild == "" {
		guild = s.soleGuild()
	}
	var out map[string]any
	switch {
	case p.thread:
		out = threadJSON(guild, p.parent, ch, p.archived, p.locked, p.private)
		out["message_count"], out["member_count"], out["total_message_sent"] = len(s.messages[ch]), 1, len(s.messages[ch])
		if p.name != "" {
			out["name"] = p.name
		}
		if len(p.applied) > 0 {
			out["applied_tags"] = p.applied
		}
	case p.kind == KindForum:
		out = textChannelJSON(guild, ch)
		out["type"] = KindForum
		if p.requireTag {
			out["flags"] = FlagRequireTag
		}
		tags := []any{}
		for _, t := range p.tags {
			tags = append(tags, map[string]any{"id": t.ID, "name": t.Name, "moderated": t.Moderated, "emoji_id": nil, "emoji_name": nil})
		}
		out["available_tags"] = tags
	default:
		out = textChannelJSON(guild, ch)
		if p.kind != 0 {
			out["type"] = p.kind
		}
	}
	b, _ := json.Marshal(out)
	return http.StatusOK, b
}

// IsGetChannel matches a read of a channel object.
func IsGetChannel(r Request) bool {
	return r.Method == http.MethodGet && r.Route == "/channels/{channel_id}"
}

// DeleteOffline deletes a channel or a thread (a channel with its
// threads) while the bot is not connected: no event is sent, and later
// requests there answer 404 code 10003. The next GUILD_CREATE leaves it
// out.
func (s *Server) DeleteOffline(channel string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, p := range s.places {
		if id == channel || p.parent == channel {
			p.gone = true
		}
	}
	s.placeOf(channel).gone = true
	s.notify()
}

// guildJSON is the GUILD_CREATE of guild: its channels and its active
// threads, as far as the fake knows them (every channel and thread it has
// seen there that was not deleted; archived threads are not listed, as
// Discord lists active threads only). s.mu must be held.
func (s *Server) guildJSON(guild string) map[string]any {
	channels, threads := []any{}, []any{}
	for id, p := range s.places {
		if p.gone || p.dmWith != "" || s.guildOf(p) != guild {
			continue
		}
		switch {
		case p.thread && !p.archived:
			threads = append(threads, threadJSON(guild, p.parent, id, p.archived, p.locked, p.private))
		case !p.thread:
			c := textChannelJSON(guild, id)
			if p.kind != 0 {
				c["type"] = p.kind
			}
			channels = append(channels, c)
		}
	}
	return map[string]any{"id": guild, "name": "guild " + guild, "unavailable": false, "member_count": 2,
		"joined_at": "2024-01-01T00:00:00Z", "large": false, "channels": channels, "threads": threads,
		"members": []any{}, "voice_states": []any{}, "presences": []any{}}
}

// guildOf is the guild of a place (a thread's through its parent); s.mu
// must be held.
func (s *Server) guildOf(p *place) string {
	if p.guild == "" && p.parent != "" && s.places[p.parent] != nil {
		return s.places[p.parent].guild
	}
	return p.guild
}

// soleGuild is the one guild the fake knows of; with none or several, a
// violation (the fake cannot tell where an unseen channel is). s.mu must
// be held.
func (s *Server) soleGuild() string {
	guild := ""
	for _, p := range s.places {
		switch {
		case p.guild == "" || p.guild == guild:
		case guild == "":
			guild = p.guild
		default:
			s.violation("a channel the fake has not seen, with several guilds: give it one (AddChannel)")
			return guild
		}
	}
	if guild == "" {
		s.violation("a channel the fake has not seen, and no guild: give it one (AddChannel)")
	}
	return guild
}

// GuildAvailable sends GUILD_CREATE for guild, as Discord does when a
// guild comes back after an outage (and after READY for each guild).
func (s *Server) GuildAvailable(guild string) {
	s.mu.Lock()
	ev := s.guildJSON(guild)
	s.mu.Unlock()
	s.dispatchOrFail(guild, "GUILD_CREATE", ev)
}
