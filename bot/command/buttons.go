package command

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// Button custom IDs are "mortain/VERB/GAME/STEP": GAME tags the game (from
// its seed) and STEP is the number of steps it had when the button was
// posted, so a button pressed after the game moved on is refused instead
// of acting on a position its presser never saw. A bare "mortain/VERB" is
// refused. They carry all they need and work after a restart.
const buttonPrefix = "mortain/"

// gameTag is a short tag of a game: from the public commitment to its
// seed (the seed itself stays secret until the end), or from the seed for
// a game an older version started without one.
func gameTag(rec *record.Record) string {
	if salt := rec.Meta.Salt; salt != "" {
		return rules.Commitment(rec.Game.Seed, salt)[:6]
	}
	return strconv.FormatUint(rec.Game.Seed%(36*36*36*36), 36)
}

func button(rec *record.Record, label, verb string, style ButtonStyle) Button {
	return Button{Label: label, Style: style,
		CustomID: buttonPrefix + verb + "/" + gameTag(rec) + "/" + strconv.Itoa(len(rec.Game.History))}
}

// buttonsFor offers the likely next steps to the person who acts next,
// labelled in the game's language (they are on a public post).
func buttonsFor(rec *record.Record) []Button {
	st := &rec.Game.State
	lang := langOf(rec.Meta)
	l := func(id string) string { return i18n.T(lang, id, nil) }
	side := st.ToAct()
	if st.Over() || isAI(rec, side) || open(rec.Seats[side]) {
		return nil
	}
	var out []Button
	if st.Phase() == rules.PhaseSetup || st.Phase() == rules.PhaseRound {
		out = append(out, button(rec, l("reply.button.play"), "play", Success))
	}
	switch st.Phase() {
	case rules.PhaseSetup:
		out = append(out, button(rec, l("pick.historical"), "setup-historical", Secondary))
		if st.Check(rules.SetupDone()) == nil {
			out = append(out, button(rec, l("pick.setup-done"), "setup-done", Primary))
		}
	case rules.PhaseFaceChoice:
		out = append(out, button(rec, l("pick.redraw"), "redraw", Primary), button(rec, l("pick.miss"), "miss", Secondary))
	default:
		if _, _, ok := st.PendingAttack(); ok {
			out = append(out, button(rec, i18n.T(lang, "pick.resolve", map[string]any{"Chance": pendingChance(st)}), "resolve", Primary))
		}
		out = append(out, button(rec, l("pick.pass"), "pass", Secondary))
	}
	if rec.Game.CanUndo() {
		out = append(out, button(rec, l("pick.undo"), "undo", Danger))
	}
	return out
}

// continueButton resumes a paused AI-vs-AI game.
func continueButton(rec *record.Record) Button {
	return button(rec, i18n.T(langOf(rec.Meta), "reply.button.continue", nil), "continue", Primary)
}

// buttonVerb is the command a button verb runs (Command.Buttons), and
// the options it gives; ok is false for a verb no command has.
func buttonVerb(verb string) (name string, opts map[string]string, ok bool) {
	for _, c := range table {
		if given, has := c.Buttons[verb]; has {
			opts = map[string]string{}
			for k, v := range given {
				opts[k] = v
			}
			return c.Name, opts, true
		}
	}
	return "", nil, false
}

// ownVerbs are the buttons' verbs that run no command of the table: each
// has its own handling in HandleButton.
var ownVerbs = []string{"continue", "new-confirm", "join", "play", pickVerb, "claim", "wait", "hand-easy", "hand-hard"}

// ButtonCommand is the command a person types for a button, as the
// terminal offers it ("setup preset:historical" for the Historical
// set-up button); "" for a button with no typed command (Continue).
func ButtonCommand(customID string) string {
	rest, ok := strings.CutPrefix(customID, buttonPrefix)
	if !ok {
		return ""
	}
	verb, _, _ := strings.Cut(rest, "/")
	name, opts, ok := buttonVerb(verb)
	if !ok {
		return ""
	}
	return commandText(name, opts)
}

// KnownButtonVerb reports whether verb is one of the bot's button verbs
// (for metric labels, which must come from a bounded set).
func KnownButtonVerb(verb string) bool {
	_, _, ok := buttonVerb(verb)
	return ok || slices.Contains(ownVerbs, verb)
}

// HandleButton runs the command of a pressed button, like Handle; values
// are the choice of a menu (the picker's).
func (s *Service) HandleButton(ctx context.Context, key record.Key, caller Caller, customID string, values ...string) Response {
	rest, ok := strings.CutPrefix(customID, buttonPrefix)
	if !ok {
		return refusedT(caller.Lang, "reply.button.foreign", nil)
	}
	parts := strings.Split(rest, "/")
	verb := parts[0]
	if verb == "new-confirm" && len(parts) == 2 {
		req, ok := s.confirmNew(key, caller, parts[1])
		if !ok {
			return refusedT(caller.Lang, "reply.button.confirm-gone", nil)
		}
		return s.Handle(ctx, req)
	}
	if verb == pickVerb {
		return s.pick(ctx, key, caller, parts, values)
	}
	if verb == "play" && len(parts) == 3 {
		return s.openPicker(key, caller)
	}
	if verb == "join" && len(parts) == 4 {
		return s.joinButton(ctx, key, caller, parts)
	}
	if len(parts) != 3 {
		// Every button the bot posts names its game and step: a bare
		// "mortain/VERB" was not made by the bot.
		return refusedT(caller.Lang, "reply.button.damaged", nil)
	}
	return s.stepButton(ctx, key, caller, verb, parts[1], parts[2])
}

// stepButton runs the button verb of the game tagged tag at step (as
// text): refused as stale once the game moved on.
func (s *Service) stepButton(ctx context.Context, key record.Key, caller Caller, verb, tag, at string) Response {
	step, err := strconv.Atoi(at)
	if err != nil {
		return refusedT(caller.Lang, "reply.button.damaged", nil)
	}
	fresh := func(rec *record.Record) error {
		if step >= 0 && (tag != gameTag(rec) || step != len(rec.Game.History)) {
			return refuseT("reply.button.stale", nil)
		}
		return nil
	}
	if deadlineVerb(verb) {
		return s.deadlineButton(ctx, key, caller, verb, fresh)
	}
	if verb == "continue" {
		return s.continueGame(key, caller, fresh)
	}
	if resp, ask := s.askPass(verb, key, caller, fresh); ask {
		return resp
	}
	name, opts, ok := buttonVerb(verb)
	if !ok {
		return refusedT(caller.Lang, "reply.button.unknown", nil)
	}
	req := Request{Key: key, Caller: caller, Lang: caller.Lang, Command: name, Options: opts, fresh: fresh}
	return s.Handle(ctx, req)
}

// continueGame answers the Continue button of a paused AI-vs-AI game:
// the AI goes on, if the member who started it (or a moderator) pressed
// it.
func (s *Service) continueGame(key record.Key, caller Caller, fresh func(*record.Record) error) Response {
	rec, err := s.cfg.Store.Get(key)
	if err != nil {
		return s.fail(err, caller.Lang)
	}
	if err := fresh(rec); err != nil {
		return s.fail(err, caller.Lang)
	}
	if by := rec.Meta.StartedBy; by != caller.UserID && !caller.CanManage && s.cfg.FrontEnd.Members() {
		who := i18n.T(caller.Lang, "reply.button.starter", nil)
		if by != "" {
			who = s.cfg.FrontEnd.Member(by)
		}
		return refusedT(caller.Lang, "reply.button.continue-who", map[string]any{"Who": who})
	}
	if rec.Game.State.Over() || !isAI(rec, rec.Game.State.ToAct()) {
		return refusedT(caller.Lang, "reply.button.nothing-for-ai", nil)
	}
	return Response{AINext: true}
}

// joinButton takes the open seat of the game a Join button names
// ("mortain/join/GAME/STEP/THREAD"), pressed in the game's thread or in
// the channel it was opened from: there, the challenge's post then says
// who took the seat, and loses its button.
func (s *Service) joinButton(ctx context.Context, here record.Key, caller Caller, parts []string) Response {
	game := record.Key{Guild: here.Guild, Channel: parts[3]}
	rec, err := s.cfg.Store.Get(game)
	if errors.Is(err, record.ErrNotFound) {
		resp := refusedT(caller.Lang, "reply.join.gone", nil)
		if game != here {
			resp.Panel = &Panel{Text: i18n.T(caller.Lang, "post.join.challenge-over", nil)}
		}
		return resp
	}
	if err != nil {
		return s.fail(err, caller.Lang)
	}
	if game != here && rec.Meta.Parent != here.Channel {
		return refusedT(caller.Lang, "reply.button.damaged", nil)
	}
	if tag := parts[1]; tag != gameTag(rec) {
		return refusedT(caller.Lang, "reply.button.damaged", nil)
	}
	resp := s.Handle(ctx, Request{Key: game, Caller: caller, Lang: caller.Lang, Command: "join", Options: map[string]string{}})
	if game == here {
		return resp
	}
	resp.Game = game
	lang := langOf(rec.Meta) // the challenge's post is the channel's
	channel := s.cfg.FrontEnd.Channel(game.Channel)
	if !resp.Refused {
		resp.Private = i18n.T(caller.Lang, "reply.join.took", map[string]any{"Channel": channel})
		resp.Panel = &Panel{Text: i18n.T(lang, "post.join.took", map[string]any{"Who": seatNameIn(s.cfg.FrontEnd, record.Seat{UserID: caller.UserID}, lang),
			"Channel": channel, "Seats": seatsLineAfterJoin(s.cfg.FrontEnd, s, game, lang)})}
	} else if after, err := s.cfg.Store.Get(game); err == nil && !open(after.Seats[rules.US]) && !open(after.Seats[rules.German]) {
		resp.Panel = &Panel{Text: i18n.T(lang, "post.join.taken", map[string]any{"Channel": channel, "Seats": seatsLineIn(s.cfg.FrontEnd, after.Seats, lang)})}
	}
	return resp
}

// seatsLineAfterJoin words the seats of a game as they now stand, in lang.
func seatsLineAfterJoin(fe FrontEnd, s *Service, key record.Key, lang i18n.Lang) string {
	rec, err := s.cfg.Store.Get(key)
	if err != nil {
		return i18n.T(lang, "post.join.goes-on", nil)
	}
	return seatsLineIn(fe, rec.Seats, lang)
}
