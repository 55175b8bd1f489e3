package command

import (
	"crypto/rand"
	"encoding/hex"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// Commands that end a game (new over a running one, resign, abort) ask
// first: without confirm:yes they are refused, saying what they would do,
// and nothing changes. Discord offers a Confirm button with the refusal.

// confirmed reports whether the request carries confirm:yes.
func confirmed(req Request) bool {
	return strings.EqualFold(strings.TrimSpace(req.Options["confirm"]), "yes")
}

// askConfirm is the refusal of a command that needs confirm:yes, in the
// member's language lang.
func askConfirm(lang i18n.Lang, what string, b Button) Response {
	return askConfirmHow(lang, what, i18n.T(lang, "reply.confirm.how", nil), b)
}

// askConfirmHow is askConfirm saying how to go ahead in how: the Pass
// button asks, while the typed pass goes ahead at once.
func askConfirmHow(lang i18n.Lang, what, how string, b Button) Response {
	return Response{Refused: true, Offer: []Button{b}, Private: i18n.Sentences(lang, what, how)}
}

// pendingNew is a new asked over a running game, waiting for its Confirm
// button (kept in memory: after a restart the button asks to run new
// again).
type pendingNew struct {
	token string
	req   Request
}

// rememberNew keeps req for its Confirm button and returns the button.
func (s *Service) rememberNew(req Request) Button {
	var b [6]byte
	rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	s.mu.Lock()
	if _, ok := s.pending[req.Key]; !ok && len(s.pending) >= maxCached {
		for k := range s.pending { // an old question: it can be asked again
			delete(s.pending, k)
			break
		}
	}
	s.pending[req.Key] = pendingNew{token: token, req: req}
	s.mu.Unlock()
	return Button{Label: i18n.T(req.Lang, "reply.button.confirm-new", nil), CustomID: buttonPrefix + "new-confirm/" + token, Style: Danger}
}

// confirmNew runs the new a Confirm button was offered for.
func (s *Service) confirmNew(key record.Key, caller Caller, token string) (Request, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.pending[key]
	if !ok || p.token != token || p.req.Caller.UserID != caller.UserID {
		return Request{}, false
	}
	delete(s.pending, key)
	req := p.req
	req.Options["confirm"] = "yes"
	return req, true
}
