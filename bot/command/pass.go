package command

import (
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// A pass gives up the rest of the round and draws the next card, which
// undo cannot take back (R4.5). The Pass button sits next to Play, so a
// tap on it asks first when the side could still do something: the Pass
// button of the live post answers with a Confirm button, the picker's
// with a question of its own. A pass with nothing left to do stays one
// tap; the typed pass goes ahead at once (typing it is no slip).

// passGivesUp reports whether a pass now would give up something the side
// to act could still do: points left and a unit that can act, or Air or
// OBA to call.
func passGivesUp(st *rules.State) bool {
	if st.Phase() != rules.PhaseRound || st.PointsLeft() == 0 {
		return false
	}
	for _, a := range st.LegalActions(nil) {
		if a.Kind != rules.ActPass && a.Kind != rules.ActResolve {
			return true
		}
	}
	return false
}

// passQuestion asks the player in lang whether to pass all the same.
func passQuestion(st *rules.State, lang i18n.Lang) string {
	if st.FaceRound() {
		return i18n.T(lang, "reply.pass.ask-face", nil)
	}
	return i18n.Plural(lang, "reply.pass.ask", st.PointsLeft(), nil)
}

// askPass answers a button of verb: the Pass button of a live post, when
// a pass would give up what the side could still do, asks with a Confirm
// button and changes nothing (ask set). Otherwise the button goes ahead,
// as typed (a stale button, or a presser not to act, is then refused as
// usual).
func (s *Service) askPass(verb string, key record.Key, caller Caller, fresh func(*record.Record) error) (resp Response, ask bool) {
	if verb != "pass" {
		return Response{}, false
	}
	rec, err := s.cfg.Store.Get(key)
	if err != nil || fresh(rec) != nil || mayAct(s.cfg.FrontEnd, rec, caller) != nil || !passGivesUp(&rec.Game.State) {
		return Response{}, false
	}
	confirm := button(rec, i18n.T(caller.Lang, "reply.button.confirm-pass", nil), "pass-confirm", Danger)
	return askConfirmHow(caller.Lang, passQuestion(&rec.Game.State, caller.Lang), i18n.T(caller.Lang, "reply.pass.how", nil), confirm), true
}

// passPanel is the picker's question before a pass that would give up what
// the side could still do, under the picker's head, in the member's
// language lang: Confirm passes, Back returns to the picker.
func passPanel(rec *record.Record, lang i18n.Lang) *Panel {
	st := &rec.Game.State
	head := words{st.Scenario(), lang}.pickHead(st)
	return &Panel{Text: head + "\n" + passQuestion(st, lang), Buttons: []Button{
		{Label: i18n.T(lang, "reply.button.confirm-pass", nil), CustomID: pickID(rec, "confirm:pass"), Style: Danger},
		{Label: i18n.T(lang, "pick.back", nil), CustomID: pickID(rec, "view:top"), Style: Secondary},
	}}
}
