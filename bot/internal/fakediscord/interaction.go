package fakediscord

import (
	"encoding/json"
	"net/http"
	"sort"
	"time"
)

// Discord's deadlines for an interaction.
const (
	AckDeadline   = 3 * time.Second
	TokenLifetime = 15 * time.Minute
)

// interactionRec is what the fake knows of an interaction it sent.
type interactionRec struct {
	id, token string
	kind      int
	channel   string
	message   string   // the message whose component was pressed
	target    *Message // that message, once the response names it (6, 7)
	sent      time.Time
	acked     time.Time
	ackType   int
	original  *Message
	choices   []Choice
	followUps []*Message
}

// Reply is what the user who caused an interaction saw as its answer.
type Reply struct {
	Acknowledged bool
	AckType      int           // the callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 choices)
	Latency      time.Duration // from INTERACTION_CREATE to the callback
	Original     *Message      // the response message (nil for 6, 8)
	Choices      []Choice      // autocomplete choices (type 8)
	FollowUps    []Message
}

// Choice is one autocomplete choice.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Text is the response's final content (after edits), if any.
func (r Reply) Text() string {
	if r.Original == nil {
		return ""
	}
	return r.Original.Content
}

// Ephemeral reports whether the response is visible to the caller only.
func (r Reply) Ephemeral() bool { return r.Original != nil && r.Original.Ephemeral() }

func (s *Server) callback(req Request) (int, []byte) {
	var body struct {
		Type int `json:"type"`
		Data *struct {
			messageBody
			Choices []Choice `json:"choices"`
		} `json:"data"`
	}
	json.Unmarshal(req.JSON, &body)
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.interactions[req.Params["interaction_id"]]
	if rec == nil || rec.token != req.Params["interaction_token"] {
		s.violation("callback for an unknown interaction %s", req.Path)
		return http.StatusNotFound, []byte(`{"code":10062,"message":"Unknown interaction"}`)
	}
	if !rec.acked.IsZero() {
		s.violation("interaction %s acknowledged twice", rec.id)
		return http.StatusBadRequest, []byte(`{"code":40060,"message":"Interaction has already been acknowledged."}`)
	}
	switch late := req.At.Sub(rec.sent); {
	case s.AckDeadline > 0 && late > s.AckDeadline:
		s.violation("interaction %s acknowledged after %v: the user saw \"This interaction failed\"", rec.id, late)
		return http.StatusNotFound, []byte(`{"code":10062,"message":"Unknown interaction"}`)
	case late > AckDeadline:
		s.t.Logf("fake Discord: interaction %s acknowledged after %v, later than Discord's %v (accepted: Server.AckDeadline is not set)", rec.id, late, AckDeadline)
	}
	if body.Type == 8 && rec.kind != 4 || body.Type != 8 && rec.kind == 4 {
		s.violation("interaction %s of type %d answered with callback type %d", rec.id, rec.kind, body.Type)
	}
	if (body.Type == 6 || body.Type == 7) && rec.kind != 3 {
		s.violation("interaction %s of type %d answered with a message update (type %d)", rec.id, rec.kind, body.Type)
	}
	rec.acked, rec.ackType = req.At, body.Type
	switch body.Type {
	case 6, 7:
		// A component's message is the response: type 7 edits it now,
		// and an edit of @original after type 6 edits it later.
		if m := s.componentMessage(rec.channel, rec.message); m != nil {
			rec.target = m
			if body.Type == 7 {
				if body.Data != nil {
					body.Data.apply(m)
					s.checkLayout(m)
				}
				m.Edited = req.At
				rec.original = m
			}
		}
	case 4, 5:
		m := &Message{ID: s.ID(), ChannelID: rec.channel, At: req.At, Files: s.attach(req.Files), webhook: true}
		if body.Data != nil {
			body.Data.apply(m)
			s.checkLayout(m)
		}
		rec.original = m
	case 8:
		if body.Data != nil {
			rec.choices = body.Data.Choices
		}
	}
	s.notify()
	return http.StatusNoContent, nil
}

func (s *Server) interactionByToken(app, token string) *interactionRec {
	if app != AppID {
		return nil
	}
	for _, rec := range s.interactions {
		if rec.token == token {
			return rec
		}
	}
	return nil
}

func (s *Server) editOriginal(req Request) (int, []byte) {
	var body messageBody
	json.Unmarshal(req.JSON, &body)
	s.mu.Lock()
	rec := s.interactionByToken(req.Params["webhook_id"], req.Params["webhook_token"])
	if rec != nil && rec.original == nil && rec.ackType == 6 && rec.target != nil {
		rec.original = rec.target // after a deferred update, @original is the component's message
	}
	if rec == nil || rec.acked.IsZero() || rec.original == nil {
		s.mu.Unlock()
		s.violation("edit of the response of an unknown or unanswered interaction %s", req.Path)
		return http.StatusNotFound, []byte(`{"code":10008,"message":"Unknown Message"}`)
	}
	if req.At.Sub(rec.sent) > TokenLifetime {
		s.mu.Unlock()
		s.violation("interaction token used after 15 minutes")
		return http.StatusUnauthorized, []byte(`{"code":50027,"message":"Invalid Webhook Token"}`)
	}
	body.apply(rec.original)
	s.checkLayout(rec.original)
	body.applyFiles(rec.original, s.attach(req.Files))
	rec.original.Edited = req.At
	m := *rec.original
	s.notify()
	s.mu.Unlock()
	return http.StatusOK, messageJSON(&m)
}

func (s *Server) followUp(req Request) (int, []byte) {
	var body messageBody
	json.Unmarshal(req.JSON, &body)
	s.mu.Lock()
	rec := s.interactionByToken(req.Params["webhook_id"], req.Params["webhook_token"])
	if rec == nil || rec.acked.IsZero() {
		s.mu.Unlock()
		s.violation("follow-up for an unknown or unanswered interaction %s", req.Path)
		return http.StatusNotFound, []byte(`{"code":10015,"message":"Unknown Webhook"}`)
	}
	m := &Message{ID: s.ID(), ChannelID: rec.channel, At: req.At, Files: s.attach(req.Files), webhook: true}
	body.apply(m)
	s.checkLayout(m)
	rec.followUps = append(rec.followUps, m)
	s.notify()
	s.mu.Unlock()
	if req.Query.Get("wait") != "true" {
		return http.StatusNoContent, nil
	}
	return http.StatusOK, messageJSON(m)
}

// Reply returns what the caller of interaction id has seen so far.
func (s *Server) Reply(id string) Reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.interactions[id]
	if rec == nil {
		return Reply{}
	}
	r := Reply{Acknowledged: !rec.acked.IsZero(), AckType: rec.ackType}
	if r.Acknowledged {
		r.Latency = rec.acked.Sub(rec.sent)
	}
	if rec.original != nil {
		m := *rec.original
		r.Original = &m
	}
	r.Choices = append(r.Choices, rec.choices...)
	for _, m := range rec.followUps {
		r.FollowUps = append(r.FollowUps, *m)
	}
	return r
}

// Latencies returns, for every acknowledged interaction, the time from
// sending INTERACTION_CREATE to receiving the callback, sorted.
func (s *Server) Latencies() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []time.Duration
	for _, rec := range s.interactions {
		if !rec.acked.IsZero() {
			out = append(out, rec.acked.Sub(rec.sent))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Unanswered lists the interactions that were sent but never acknowledged.
func (s *Server) Unanswered() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for id, rec := range s.interactions {
		if rec.acked.IsZero() {
			out = append(out, id)
		}
	}
	return out
}

// componentMessage finds the message a component was on: a channel's, or
// an interaction's response or follow-up (an ephemeral message, such as
// the picker); s.mu must be held.
func (s *Server) componentMessage(channel, id string) *Message {
	if m := s.message(channel, id); m != nil {
		return m
	}
	for _, rec := range s.interactions {
		if rec.original != nil && rec.original.ID == id {
			return rec.original
		}
		for _, m := range rec.followUps {
			if m.ID == id {
				return m
			}
		}
	}
	return nil
}
