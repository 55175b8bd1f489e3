package fakediscord

import (
	"encoding/json"
	"net/http"
)

// RefuseDMs makes Discord refuse the bot's direct messages to user (403
// code 50007), as a member's privacy settings do.
func (s *Server) RefuseDMs(user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dmRefused == nil {
		s.dmRefused = map[string]bool{}
	}
	s.dmRefused[user] = true
}

// DMs returns the direct messages the bot sent user, in order.
func (s *Server) DMs(user string) []Message {
	s.mu.Lock()
	ch := s.dmChannels[user]
	s.mu.Unlock()
	if ch == "" {
		return nil
	}
	return s.Messages(ch)
}

// openDM handles POST /users/@me/channels: the DM channel of the bot and
// recipient_id, the same one every time.
func (s *Server) openDM(req Request) (int, []byte) {
	var body struct {
		Recipient string `json:"recipient_id"`
	}
	json.Unmarshal(req.JSON, &body)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dmChannels == nil {
		s.dmChannels = map[string]string{}
	}
	id := s.dmChannels[body.Recipient]
	if id == "" {
		id = s.ID()
		s.dmChannels[body.Recipient] = id
		p := s.placeOf(id)
		p.dmWith = body.Recipient
	}
	u := s.users[body.Recipient]
	if u.ID == "" {
		u = User{ID: body.Recipient, Name: "user" + body.Recipient}
	}
	user := u.userJSON()
	user["public_flags"], user["flags"], user["primary_guild"] = 0, 0, nil
	b, _ := json.Marshal(map[string]any{"id": id, "type": 1, "flags": 0, "last_message_id": nil, "recipients": []any{user}})
	return http.StatusOK, b
}

// dmDenied answers a post to a DM channel whose member refuses the bot's
// direct messages.
func (s *Server) dmDenied(channel string) (int, []byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.places[channel]
	if p == nil || p.dmWith == "" || !s.dmRefused[p.dmWith] {
		return 0, nil, false
	}
	return http.StatusForbidden, []byte(`{"code":50007,"message":"Cannot send messages to this user"}`), true
}
