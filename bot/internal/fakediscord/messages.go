package fakediscord

import (
	"encoding/json"
	"net/http"
	"strings"
)

// MaxNonce is the longest nonce Discord accepts (the spec checks it).
const MaxNonce = 25

// createMessage handles POST /channels/{channel_id}/messages. With
// enforce_nonce, a nonce the bot used within the last few minutes gives
// back the earlier message and creates nothing. Discord keeps nonces per
// author, not per channel: the earlier message may be in another channel.
// ForgetNonces ends the window.
func (s *Server) createMessage(req Request) (int, []byte) {
	var body messageBody
	json.Unmarshal(req.JSON, &body)
	channel := req.Params["channel_id"]
	if status, b, denied := s.dmDenied(channel); denied {
		return status, b
	}
	if status, b, denied := s.postDenied(channel, len(req.Files) > 0); denied {
		return status, b
	}
	if status, b, refused := s.archivedRefusal(channel, false); refused {
		return status, b
	}
	s.mu.Lock()
	kind := s.placeOf(channel).kind
	s.mu.Unlock()
	if kind == KindForum || kind == KindMedia {
		// A forum takes posts (threads) only.
		return http.StatusBadRequest, []byte(`{"code":40058,"message":"Cannot send messages in a forum channel"}`)
	}
	if body.Content != nil {
		if status, b, refused := s.autoModRefusal(channel, *body.Content); refused {
			return status, b
		}
	}
	size := 0
	for _, f := range req.Files {
		size += f.Size
	}
	s.mu.Lock()
	limit := s.uploadLimit(s.placeOf(channel).guild)
	s.mu.Unlock()
	if size > limit {
		return http.StatusRequestEntityTooLarge, []byte(`{"code":40005,"message":"Request entity too large"}`)
	}
	m := &Message{ChannelID: channel, At: req.At, Nonce: nonceText(body.Nonce)}
	body.apply(m)
	s.checkLayout(m)
	if m.Content == "" && len(req.Files) == 0 && len(m.Components) == 0 {
		return http.StatusBadRequest, []byte(`{"code":50006,"message":"Cannot send an empty message"}`)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if earlier := s.nonces[m.Nonce]; earlier != nil && body.EnforceNonce {
		return http.StatusOK, messageJSON(earlier)
	}
	m.ID, m.Files = s.ID(), s.attach(req.Files)
	s.messages[channel] = append(s.messages[channel], m)
	if m.Nonce != "" {
		s.nonces[m.Nonce] = m
	}
	s.notify()
	return http.StatusOK, messageJSON(m)
}

// ForgetNonces ends Discord's de-duplication window for every nonce used
// so far (a few minutes in Discord): the same nonce then posts again.
func (s *Server) ForgetNonces() {
	s.mu.Lock()
	s.nonces = map[string]*Message{}
	s.mu.Unlock()
}

// nonceText is a nonce (a string or an integer) as text; "" for none.
func nonceText(raw json.RawMessage) string {
	var str string
	if json.Unmarshal(raw, &str) == nil {
		return str
	}
	if t := strings.TrimSpace(string(raw)); t != "null" {
		return t
	}
	return ""
}

// editMessage handles PATCH /channels/{channel_id}/messages/{message_id}.
func (s *Server) editMessage(req Request) (int, []byte) {
	var body messageBody
	json.Unmarshal(req.JSON, &body)
	if status, b, refused := s.archivedRefusal(req.Params["channel_id"], true); refused {
		return status, b
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.message(req.Params["channel_id"], req.Params["message_id"])
	if m == nil {
		return http.StatusNotFound, []byte(`{"code":10008,"message":"Unknown Message"}`)
	}
	body.apply(m)
	s.checkLayout(m)
	body.applyFiles(m, s.attach(req.Files))
	m.Edited = req.At
	s.notify()
	return http.StatusOK, messageJSON(m)
}

// message finds a channel message; s.mu must be held.
func (s *Server) message(channel, id string) *Message {
	for _, m := range s.messages[channel] {
		if m.ID == id {
			return m
		}
	}
	return nil
}

// typing handles POST /channels/{channel_id}/typing.
func (s *Server) typing(req Request) (int, []byte) {
	if status, b, denied := s.postDenied(req.Params["channel_id"], false); denied {
		return status, b
	}
	return http.StatusNoContent, nil
}

// IsChannelPost matches a new message in a channel.
func IsChannelPost(r Request) bool {
	return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages"
}

// IsChannelEdit matches an edit of a channel message.
func IsChannelEdit(r Request) bool {
	return r.Method == "PATCH" && r.Route == "/channels/{channel_id}/messages/{message_id}"
}

// IsTyping matches a typing indicator.
func IsTyping(r Request) bool {
	return r.Method == "POST" && r.Route == "/channels/{channel_id}/typing"
}
