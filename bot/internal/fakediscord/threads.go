package fakediscord

import (
	"encoding/json"
	"net/http"
)

// Channel types the fake knows (Discord's numbers).
const (
	KindText         = 0
	KindAnnouncement = 5
	KindForum        = 15
	KindMedia        = 16
)

// PermCreatePublicThreads is Discord's Create Public Threads permission.
const PermCreatePublicThreads = 1 << 35

// AddChannel makes channel a text channel of guild, as an interaction
// from it would.
func (s *Server) AddChannel(guild, channel string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen(guild, channel)
}

// SetChannelKind makes channel a guild channel of kind (KindForum, ...):
// interactions there carry that type.
func (s *Server) SetChannelKind(channel string, kind int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.placeOf(channel).kind = kind
}

// SetThreadLimit makes guild refuse new threads once it has n active
// (unarchived) ones, with 400 code 160006, as Discord does at 1,000.
func (s *Server) SetThreadLimit(guild string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.threadLimits == nil {
		s.threadLimits = map[string]int{}
	}
	s.threadLimits[guild] = n
}

// Threads lists the threads the bot opened in parent (forum posts
// included), oldest first.
func (s *Server) Threads(parent string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.opened[parent]...)
}

// ThreadName is the name a thread was opened with.
func (s *Server) ThreadName(thread string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.places[thread]; p != nil {
		return p.name
	}
	return ""
}

// openThread handles POST /channels/{channel_id}/threads: a public thread
// of a text or announcement channel without a starting message, or a
// post of a forum or media channel with its first message.
func (s *Server) openThread(req Request) (int, []byte) {
	var body struct {
		Name    string       `json:"name"`
		Type    *int         `json:"type"`
		Message *messageBody `json:"message"`
		Tags    []string     `json:"applied_tags"`
	}
	json.Unmarshal(req.JSON, &body)
	parent := req.Params["channel_id"]
	s.mu.Lock()
	defer s.mu.Unlock()
	pp := s.placeOf(parent)
	perms := s.appPermissions(parent)
	forum := pp.kind == KindForum || pp.kind == KindMedia
	switch {
	case pp.thread:
		return http.StatusBadRequest, []byte(`{"code":50024,"message":"Cannot execute action on this channel type"}`)
	case perms&PermViewChannel == 0:
		return http.StatusForbidden, []byte(`{"code":50001,"message":"Missing Access"}`)
	case forum && perms&PermSendMessages == 0, !forum && perms&PermCreatePublicThreads == 0:
		return http.StatusForbidden, []byte(`{"code":50013,"message":"Missing Permissions"}`)
	case forum && body.Message == nil:
		s.violation("a forum post opened without its first message")
		return http.StatusBadRequest, []byte(`{"code":50035,"message":"Invalid Form Body"}`)
	case !forum && body.Message != nil:
		s.violation("a thread of a text channel opened with a message")
		return http.StatusBadRequest, []byte(`{"code":50035,"message":"Invalid Form Body"}`)
	case !forum && len(body.Tags) > 0:
		s.violation("a thread of a text channel opened with applied_tags")
		return http.StatusBadRequest, []byte(`{"code":50035,"message":"Invalid Form Body"}`)
	}
	if forum {
		if status, b, refused := s.tagRefusal(pp, perms, body.Tags); refused {
			return status, b
		}
	}
	if status, b, refused := s.threadLimitRefusal(pp); refused {
		return status, b
	}
	id := s.ID()
	p := s.placeOf(id)
	p.guild, p.parent, p.thread, p.name, p.member, p.owned = pp.guild, parent, true, body.Name, true, true
	p.applied = body.Tags
	if pp.permsSet {
		p.perms, p.permsSet = pp.perms, true
	}
	if s.opened == nil {
		s.opened = map[string][]string{}
	}
	s.opened[parent] = append(s.opened[parent], id)
	out := threadJSON(pp.guild, parent, id, false, false, false)
	out["name"] = body.Name
	out["message_count"], out["member_count"], out["total_message_sent"] = 0, 1, 0
	if pp.kind == KindAnnouncement {
		out["type"] = 10
	}
	if body.Message != nil {
		m := &Message{ID: id, ChannelID: id, At: req.At}
		body.Message.apply(m)
		s.checkLayout(m)
		s.messages[id] = append(s.messages[id], m)
		out["message"] = json.RawMessage(messageJSON(m))
	}
	s.notify()
	b, _ := json.Marshal(out)
	return http.StatusCreated, b
}

// threadLimitRefusal answers a new thread in parent beyond the guild's
// limits: 160006 past its active threads (SetThreadLimit), 160007 past
// its active announcement threads (SetAnnouncementThreadLimit). s.mu must
// be held.
func (s *Server) threadLimitRefusal(parent *place) (int, []byte, bool) {
	active, news := 0, 0
	for _, p := range s.places {
		if p.thread && !p.archived && !p.gone && p.guild == parent.guild {
			active++
			if pp := s.places[p.parent]; pp != nil && pp.kind == KindAnnouncement {
				news++
			}
		}
	}
	if limit, ok := s.threadLimits[parent.guild]; ok && active >= limit {
		return http.StatusBadRequest, []byte(`{"code":160006,"message":"Maximum number of active threads reached"}`), true
	}
	if limit, ok := s.newsLimits[parent.guild]; ok && parent.kind == KindAnnouncement && news >= limit {
		return http.StatusBadRequest, []byte(`{"code":160007,"message":"Maximum number of active announcement threads reached"}`), true
	}
	return 0, nil, false
}

// SetAnnouncementThreadLimit makes guild refuse new threads of its
// announcement channels once it has n active ones, with 400 code 160007.
func (s *Server) SetAnnouncementThreadLimit(guild string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.newsLimits == nil {
		s.newsLimits = map[string]int{}
	}
	s.newsLimits[guild] = n
}

// modifyChannel handles PATCH /channels/{channel_id} for a thread:
// archived:false opens it again; a locked thread only for the bot that
// opened it or with Manage Threads (it stays locked: posts there are
// still refused without Manage Threads).
func (s *Server) modifyChannel(req Request) (int, []byte) {
	var body struct {
		Archived *bool `json:"archived"`
	}
	json.Unmarshal(req.JSON, &body)
	ch := req.Params["channel_id"]
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.places[ch]
	if p == nil || !p.thread {
		s.violation("PATCH %s: the fake only opens threads again", req.Path)
		return http.StatusBadRequest, []byte(`{"code":50024,"message":"Cannot execute action on this channel type"}`)
	}
	if body.Archived != nil && !*body.Archived {
		if p.locked && !p.owned && s.appPermissions(ch)&PermManageThreads == 0 {
			return http.StatusForbidden, []byte(`{"code":50013,"message":"Missing Permissions"}`)
		}
		p.archived = false
		s.unarchived++
	}
	s.notify()
	out := threadJSON(p.guild, p.parent, ch, p.archived, p.locked, p.private)
	out["message_count"], out["member_count"], out["total_message_sent"] = 0, 1, 0
	b, _ := json.Marshal(out)
	return http.StatusOK, b
}

// Unarchived counts the threads the bot opened again with PATCH.
func (s *Server) Unarchived() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.unarchived
}

// deleteThread handles DELETE /channels/{channel_id} for a thread the bot
// opened: Discord wants Manage Threads for it, its own thread included
// (403 code 50013 without).
func (s *Server) deleteThread(req Request) (int, []byte) {
	ch := req.Params["channel_id"]
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.places[ch]
	if p == nil || !p.thread {
		s.violation("DELETE %s: the fake only deletes threads the bot opened", req.Path)
		return http.StatusForbidden, []byte(`{"code":50013,"message":"Missing Permissions"}`)
	}
	if s.appPermissions(ch)&PermManageThreads == 0 {
		return http.StatusForbidden, []byte(`{"code":50013,"message":"Missing Permissions"}`)
	}
	p.gone = true
	s.deleted = append(s.deleted, ch)
	s.notify()
	out := threadJSON(p.guild, p.parent, ch, p.archived, p.locked, p.private)
	out["message_count"], out["member_count"], out["total_message_sent"] = 0, 1, 0
	b, _ := json.Marshal(out)
	return http.StatusOK, b
}

// Deleted lists the threads the bot deleted.
func (s *Server) Deleted() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.deleted...)
}
