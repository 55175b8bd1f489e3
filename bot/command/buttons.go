package command

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
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
func gameTag(rec *store.Record) string {
	if salt := rec.Settings[SettingSalt]; salt != "" {
		return rules.Commitment(rec.Game.Seed, salt)[:6]
	}
	return strconv.FormatUint(rec.Game.Seed%(36*36*36*36), 36)
}

func button(rec *store.Record, label, verb string, style ButtonStyle) Button {
	return Button{Label: label, Style: style,
		CustomID: buttonPrefix + verb + "/" + gameTag(rec) + "/" + strconv.Itoa(len(rec.Game.History))}
}

// buttonsFor offers the likely next steps to the person who acts next.
func buttonsFor(rec *store.Record) []Button {
	st := &rec.Game.State
	side := st.ToAct()
	if st.Over() || isAI(rec, side) || open(rec.Seats[side]) {
		return nil
	}
	var out []Button
	if st.Phase() == rules.PhaseSetup || st.Phase() == rules.PhaseRound {
		out = append(out, button(rec, "Play", "play", Success))
	}
	switch st.Phase() {
	case rules.PhaseSetup:
		out = append(out, button(rec, "Historical set-up", "setup-historical", Secondary))
		if st.Check(rules.SetupDone()) == nil {
			out = append(out, button(rec, "Set-up done", "setup-done", Primary))
		}
	case rules.PhaseFaceChoice:
		out = append(out, button(rec, "Redraw", "redraw", Primary), button(rec, "Miss", "miss", Secondary))
	default:
		if _, _, ok := st.PendingAttack(); ok {
			out = append(out, button(rec, "Resolve ("+pendingChance(st)+" to hit)", "resolve", Primary))
		}
		out = append(out, button(rec, "Pass", "pass", Secondary))
	}
	if rec.Game.CanUndo() {
		out = append(out, button(rec, "Undo", "undo", Danger))
	}
	return out
}

// continueButton resumes a paused AI-vs-AI game.
func continueButton(rec *store.Record) Button {
	return button(rec, "Continue", "continue", Primary)
}

// buttonVerbs maps a button verb to its command and options.
var buttonVerbs = map[string]struct {
	command string
	opts    map[string]string
}{
	"pass":             {"pass", nil},
	"resolve":          {"resolve", nil},
	"redraw":           {"redraw", nil},
	"miss":             {"miss", nil},
	"undo":             {"undo", nil},
	"setup-done":       {"setup", map[string]string{"done": "true"}},
	"setup-historical": {"setup", map[string]string{"preset": "historical"}},
	"resign-confirm":   {"resign", map[string]string{"confirm": "yes"}},
	"abort-confirm":    {"abort", map[string]string{"confirm": "yes"}},
}

// ButtonCommand is the command a person types for a button, as the
// terminal offers it ("setup preset:historical" for the Historical
// set-up button); "" for a button with no typed command (Continue).
func ButtonCommand(customID string) string {
	rest, ok := strings.CutPrefix(customID, buttonPrefix)
	if !ok {
		return ""
	}
	verb, _, _ := strings.Cut(rest, "/")
	v, ok := buttonVerbs[verb]
	if !ok {
		return ""
	}
	name, opts := v.command, map[string]string{}
	for k, val := range v.opts {
		opts[k] = val
	}
	return commandText(name, opts)
}

// KnownButtonVerb reports whether verb is one of the bot's button verbs
// (for metric labels, which must come from a bounded set).
func KnownButtonVerb(verb string) bool {
	_, ok := buttonVerbs[verb]
	return ok || verb == "continue" || verb == "new-confirm" || verb == "join" || verb == "play" || verb == pickVerb ||
		verb == "claim" || verb == "wait" || verb == "hand-easy" || verb == "hand-hard"
}

// HandleButton runs the command of a pressed button, like Handle; values
// are the choice of a menu (the picker's).
func (s *Service) HandleButton(ctx context.Context, key store.Key, caller Caller, customID string, values ...string) Response {
	rest, ok := strings.CutPrefix(customID, buttonPrefix)
	if !ok {
		return refused("This button does not belong to Mortain.")
	}
	parts := strings.Split(rest, "/")
	verb := parts[0]
	if verb == "new-confirm" && len(parts) == 2 {
		req, ok := s.confirmNew(key, caller, parts[1])
		if !ok {
			return refused("This confirmation is no longer valid: run new again, with confirm:yes.")
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
	var tag string
	step := -1
	if len(parts) == 3 {
		tag = parts[1]
		n, err := strconv.Atoi(parts[2])
		if err != nil {
			return refused("This button is damaged; use the command instead.")
		}
		step = n
	} else {
		// Every button the bot posts names its game and step: a bare
		// "mortain/VERB" was not made by the bot.
		return refused("This button is damaged; use the command instead.")
	}
	fresh := func(rec *store.Record) error {
		if step >= 0 && (tag != gameTag(rec) || step != len(rec.Game.History)) {
			return refuse("This button is out of date: the game has moved on. Use the newest buttons, or a command.")
		}
		return nil
	}
	if deadlineVerb(verb) {
		return s.deadlineButton(ctx, key, caller, verb, fresh)
	}
	if verb == "continue" {
		rec, err := s.cfg.Store.Get(key)
		if err != nil {
			return s.fail(err, caller.Lang)
		}
		if err := fresh(rec); err != nil {
			return s.fail(err, caller.Lang)
		}
		if by := rec.Settings[SettingStartedBy]; by != caller.UserID && !caller.CanManage && key.Guild != localGuild {
			who := "the member who started it"
			if by != "" {
				who = "<@" + by + ">"
			}
			return refused("Only %s, or a member with Manage Channels, can continue this game; you can follow it here.", who)
		}
		if rec.Game.State.Over() || !isAI(rec, rec.Game.State.ToAct()) {
			return refused("There is nothing for the AI to play now.")
		}
		return Response{AINext: true}
	}
	v, ok := buttonVerbs[verb]
	if !ok {
		return refused("This button is not known (any more); use the command instead.")
	}
	opts := map[string]string{}
	for k, val := range v.opts {
		opts[k] = val
	}
	req := Request{Key: key, Caller: caller, Command: v.command, Options: opts, fresh: fresh}
	return s.Handle(ctx, req)
}

// joinButton takes the open seat of the game a Join button names
// ("mortain/join/GAME/STEP/THREAD"), pressed in the game's thread or in
// the channel it was opened from: there, the challenge's post then says
// who took the seat, and loses its button.
func (s *Service) joinButton(ctx context.Context, here store.Key, caller Caller, parts []string) Response {
	game := store.Key{Guild: here.Guild, Channel: parts[3]}
	rec, err := s.cfg.Store.Get(game)
	if errors.Is(err, store.ErrNotFound) {
		resp := refused("This game is no longer running.")
		if game != here {
			resp.Update = &Panel{Text: "This challenge is over: its game is no longer running."}
		}
		return resp
	}
	if err != nil {
		return s.fail(err, caller.Lang)
	}
	if game != here && rec.Settings[SettingParent] != here.Channel {
		return refused("This button is damaged; use the command instead.")
	}
	if tag := parts[1]; tag != gameTag(rec) {
		return refused("This button is damaged; use the command instead.")
	}
	resp := s.Handle(ctx, Request{Key: game, Caller: caller, Command: "join", Options: map[string]string{}})
	if game == here {
		return resp
	}
	resp.Game = game
	if !resp.Refused {
		resp.Private = fmt.Sprintf("You took the seat: the game is in <#%s>.", game.Channel)
		resp.Update = &Panel{Text: fmt.Sprintf("%s took the open seat. The game is in <#%s> — %s.", seatName(store.Seat{UserID: caller.UserID}), game.Channel, seatsLineAfterJoin(s, game))}
	} else if after, err := s.cfg.Store.Get(game); err == nil && !open(after.Seats[rules.US]) && !open(after.Seats[rules.German]) {
		resp.Update = &Panel{Text: fmt.Sprintf("The seat was taken. The game is in <#%s> — %s.", game.Channel, seatsLine(after.Seats))}
	}
	return resp
}

// seatsLineAfterJoin words the seats of a game as they now stand.
func seatsLineAfterJoin(s *Service, key store.Key) string {
	rec, err := s.cfg.Store.Get(key)
	if err != nil {
		return "the game goes on"
	}
	return seatsLine(rec.Seats)
}
