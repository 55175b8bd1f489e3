package command

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// The picker: the Play button of a person's live post opens a message
// only they see, with a menu of their units that can act and buttons for
// the side's commands; a unit's menu offers its legal commands, each a
// whole command; choosing one plays it as the typed command would, and the
// picker shows the next step. Everything it offers comes from
// legalCommands, as moves does.

// Panel is a message of menus and buttons: the picker, or what replaces
// the message whose component was pressed.
type Panel struct {
	// Apart makes the panel a new message for the caller alone instead
	// of the pressed message's replacement.
	Apart   bool
	Text    string
	Selects []Select // a row each
	Buttons []Button // after the menus, five to a row
}

// Select is a menu (Discord's string select: at most 25 options).
type Select struct {
	CustomID    string
	Placeholder string
	Options     []SelectOption
}

// SelectOption is one choice of a menu: Label is shown, with Description
// under it; Value is sent back.
type SelectOption struct {
	Label, Value, Description string
}

// Discord's limits on a message of components.
const (
	maxSelectOptions = 25
	maxRows          = 5
	maxRowButtons    = 5
)

// pickVerb marks the custom ids of the picker's menus and buttons:
// "mortain/pk/GAME/STEP/ARG".
const pickVerb = "pk"

// pickID is the custom id of a picker component: ARG says what it does
// ("unit", "cmd:0", "view:air", "do:pass").
func pickID(rec *record.Record, arg string) string {
	return buttonPrefix + pickVerb + "/" + gameTag(rec) + "/" + strconv.Itoa(len(rec.Game.History)) + "/" + arg
}

// picker builds the picker of the side to act at view: "top", "u:ID"
// (a unit's commands), "air" or "oba" (their hexes), "air:HEX" or
// "oba:HEX" (the strikes there).
func (s *Service) picker(rec *record.Record, view string, lang i18n.Lang) *Panel {
	pv := pickView{rec: rec, st: &rec.Game.State, w: words{rec.Game.State.Scenario(), lang}}
	pv.cmds = legalCommands(pv.st)
	pv.head = pv.w.pickHead(pv.st)
	pv.back = Button{Label: pv.w.t("pick.back", nil), CustomID: pickID(rec, "view:top"), Style: Secondary}
	var p *Panel
	switch {
	case strings.HasPrefix(view, "u:"):
		u, err := parseUnit(pv.st.Scenario(), strings.TrimPrefix(view, "u:"), "unit")
		if err != nil {
			return s.picker(rec, "top", lang)
		}
		p = pv.unit(u)
	case view == "air" || view == "oba":
		p = pv.strikeHexes(view)
	case strings.HasPrefix(view, "air:") || strings.HasPrefix(view, "oba:"):
		kind, hex, _ := strings.Cut(view, ":")
		p = pv.strikes(kind, hex)
	default:
		p = pv.top()
	}
	// Within Discord's five rows: the menus first, then the buttons.
	if max := maxRows - (len(p.Buttons)+maxRowButtons-1)/maxRowButtons; len(p.Selects) > max {
		p.Selects = p.Selects[:max]
	}
	return p
}

// pickView is what every view of the picker starts from: the game, the
// legal commands of the side to act, the heading and the Back button.
type pickView struct {
	rec  *record.Record
	st   *rules.State
	w    words
	cmds []legalCommand
	head string
	back Button
}

// unit is the view of one unit's commands (at set-up, its hexes).
func (pv pickView) unit(u rules.UnitID) *Panel {
	st, w, sc := pv.st, pv.w, pv.st.Scenario()
	var opts []SelectOption
	if st.Phase() == rules.PhaseSetup {
		for _, a := range st.LegalActions(nil) {
			if a.Kind == rules.ActPlace && a.Unit == u {
				name, o := commandFor(sc, a)
				opts = append(opts, SelectOption{Label: w.hexTerrain(a.Hex), Value: commandText(name, o)})
			}
		}
	} else {
		for _, lc := range pv.cmds {
			if lc.unit == u {
				opts = append(opts, SelectOption{Label: w.pickLabel(st, lc), Value: lc.text, Description: lc.text})
			}
		}
	}
	return &Panel{Text: pv.head + "\n" + w.t("pick.unit-does", map[string]any{"Unit": w.unitLine(st, u)}),
		Selects: menus(pv.rec, "cmd", w.t("pick.what-does", map[string]any{"Unit": uid(sc, u)}), opts), Buttons: []Button{pv.back}}
}

// strikeHexes is the view of the hexes a strike (air, oba) may hit.
func (pv pickView) strikeHexes(view string) *Panel {
	seen := map[rules.Hex]bool{}
	var opts []SelectOption
	for _, lc := range pv.cmds {
		if strikeKind(lc.action.Kind) == view && !seen[lc.action.Hex] {
			seen[lc.action.Hex] = true
			opts = append(opts, SelectOption{Label: pv.w.hex(lc.action.Hex), Value: lc.action.Hex.String(), Description: stackLine(pv.st, lc.action.Hex, pv.w.lang)})
		}
	}
	return &Panel{Text: pv.head + "\n" + pv.w.t("pick."+view+"-hex", nil),
		Selects: menus(pv.rec, view+"hex", pv.w.t("pick.the-hex", nil), opts), Buttons: []Button{pv.back}}
}

// strikes is the view of the strikes of kind (air, oba) on hex.
func (pv pickView) strikes(kind, hex string) *Panel {
	var opts []SelectOption
	for _, lc := range pv.cmds {
		if strikeKind(lc.action.Kind) == kind && lc.action.Hex.String() == hex {
			opts = append(opts, SelectOption{Label: pv.w.pickLabel(pv.st, lc), Value: lc.text, Description: lc.text})
		}
	}
	return &Panel{Text: pv.head + "\n" + pv.w.t("pick."+kind+"-on", map[string]any{"Hex": hex}),
		Selects: menus(pv.rec, "cmd", pv.w.t("pick.the-strike", nil), opts),
		Buttons: []Button{{Label: pv.w.t("pick.back", nil), CustomID: pickID(pv.rec, "view:"+kind), Style: Secondary}}}
}

// top is the picker's first view: a menu of the units that can act, and
// a button for each strike and each command of the side.
func (pv pickView) top() *Panel {
	p := &Panel{Text: pv.head + "\n" + pv.w.t("pick.top", nil)}
	p.Selects = menus(pv.rec, "unit", pv.w.t("pick.a-unit", nil), pv.units())
	p.Buttons = pv.sideButtons()
	return p
}

// units are the options of the top view's menu of units: each unit that
// can act, with what it can do.
func (pv pickView) units() []SelectOption {
	st, w, sc := pv.st, pv.w, pv.st.Scenario()
	var units []SelectOption
	seen := map[rules.UnitID]bool{}
	add := func(u rules.UnitID, what string) {
		if seen[u] {
			return
		}
		seen[u] = true
		units = append(units, SelectOption{Label: w.unitLine(st, u), Value: uid(sc, u), Description: what})
	}
	if st.Phase() == rules.PhaseSetup {
		for _, a := range st.LegalActions(nil) {
			if a.Kind == rules.ActPlace {
				what := w.t("pick.to-place", nil)
				if st.Unit(a.Unit).Status == rules.OnMap {
					what = w.t("pick.placed", nil)
				}
				add(a.Unit, what)
			}
		}
		return units
	}
	kinds := map[rules.UnitID][]string{}
	for _, lc := range pv.cmds {
		if lc.unit != rules.NoUnit {
			kinds[lc.unit] = appendOnce(kinds[lc.unit], w.t("pick.kind."+lc.action.Kind.String(), nil))
		}
	}
	for _, lc := range pv.cmds {
		if lc.unit != rules.NoUnit {
			add(lc.unit, i18n.List(w.lang, kinds[lc.unit]))
		}
	}
	return units
}

// sideButtons are the top view's buttons: one for each strike, each
// command of no unit (resolve, pass...), and undo.
func (pv pickView) sideButtons() []Button {
	var out []Button
	strikes := map[string]bool{}
	for _, lc := range pv.cmds {
		switch k := strikeKind(lc.action.Kind); {
		case k != "":
			if !strikes[k] {
				strikes[k] = true
				out = append(out, Button{Label: pv.w.t("pick."+k, nil), CustomID: pickID(pv.rec, "view:"+k), Style: Primary})
			}
		case lc.unit == rules.NoUnit:
			label, style := pv.w.sideLabel(pv.st, lc), Secondary
			if lc.action.Kind == rules.ActResolve || lc.action.Kind == rules.ActSetupDone || lc.action.Kind == rules.ActRedraw {
				style = Primary
			}
			out = append(out, Button{Label: label, CustomID: pickID(pv.rec, "do:"+lc.text), Style: style})
		}
	}
	if pv.rec.Game.CanUndo() {
		out = append(out, Button{Label: pv.w.t("pick.undo", nil), CustomID: pickID(pv.rec, "do:undo"), Style: Danger})
	}
	return out
}

// pickHead is the first line of the picker: what the game waits for and
// the round, with the pending attack's odds.
func (w words) pickHead(st *rules.State) string {
	head := "**" + w.waits(st) + "** — " + roundHeaderIn(st, w.lang)
	if e, ok := st.PendingOdds(); ok && st.Phase() != rules.PhaseFaceChoice {
		t, _, _ := st.PendingAttack()
		head += "\n" + w.t("pick.pending", map[string]any{"Target": uid(w.sc, t), "Odds": w.odds(int(e.N), st.HitChance(int(e.N)))})
	}
	return head
}

// menus splits options into menus of at most 25 (each a row), named
// ARG:N so that each has its own custom id.
func menus(rec *record.Record, arg, placeholder string, opts []SelectOption) []Select {
	var out []Select
	for i := 0; i < len(opts); i += maxSelectOptions {
		part := opts[i:min(i+maxSelectOptions, len(opts))]
		ph := placeholder
		if len(opts) > maxSelectOptions {
			ph = fmt.Sprintf("%s (%s … %s)", placeholder, part[0].Label, part[len(part)-1].Label)
		}
		out = append(out, Select{CustomID: pickID(rec, arg+":"+strconv.Itoa(len(out))), Placeholder: clipText(ph, 150), Options: clipOptions(part)})
	}
	return out
}

// clipOptions keeps labels and descriptions within Discord's 100
// characters.
func clipOptions(opts []SelectOption) []SelectOption {
	out := make([]SelectOption, len(opts))
	for i, o := range opts {
		out[i] = SelectOption{Label: clipText(o.Label, 100), Value: o.Value, Description: clipText(o.Description, 100)}
	}
	return out
}

func appendOnce(list []string, v string) []string {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

// words are the picker's words in a member's language.
type words struct {
	sc   *rules.Scenario
	lang i18n.Lang
}

func (w words) t(id string, data map[string]any) string { return i18n.T(w.lang, id, data) }

// side is a side's name.
func (w words) side(s rules.Side) string { return narrator(w).side(s) }

// hex words a hex with its place name.
func (w words) hex(h rules.Hex) string { return narrator(w).hex(h) }

// waits words what the game waits for (whatWaits).
func (w words) waits(st *rules.State) string {
	switch st.Phase() {
	case rules.PhaseSetup:
		return w.t("pick.waits-setup", nil)
	case rules.PhaseFaceChoice:
		return w.t("pick.waits-face", map[string]any{"Side": w.side(st.ToAct())})
	case rules.PhaseOver:
		return w.t("pick.waits-over", nil)
	}
	return w.t("pick.waits-round", map[string]any{"Side": w.side(st.RoundSide())})
}

// odds words a shot's N and chance to hit.
func (w words) odds(n int, chance float64) string {
	if n < 1 {
		return w.t("pick.no-chance", map[string]any{"N": n})
	}
	return w.t("pick.odds", map[string]any{"N": n, "Chance": percent(chance)})
}

// unitLine words a unit for a menu: "DR-1 at 1902 (Hill 317), flipped".
func (w words) unitLine(st *rules.State, u rules.UnitID) string {
	us := st.Unit(u)
	var line string
	switch us.Status {
	case rules.OnMap:
		line = w.t("pick.at", map[string]any{"Unit": uid(w.sc, u), "Hex": w.hex(us.Hex)})
	default:
		line = w.t("pick.in-reserve", map[string]any{"Unit": uid(w.sc, u)})
	}
	if us.Flipped {
		line += w.t("pick.flipped", nil)
	}
	return line
}

// stackLine words the units of a hex in lang: "DR-1, DR-2".
func stackLine(st *rules.State, h rules.Hex, lang i18n.Lang) string {
	sc := st.Scenario()
	var ids []string
	for u := rules.UnitID(0); int(u) < sc.NumUnits(); u++ {
		if us := st.Unit(u); us.Status == rules.OnMap && us.Hex == h {
			ids = append(ids, uid(sc, u))
		}
	}
	sort.Strings(ids)
	return i18n.List(lang, ids)
}

// pickLabel words a command for a menu, as a player chooses it.
func (w words) pickLabel(st *rules.State, lc legalCommand) string {
	sc := w.sc
	a := lc.action
	odds := "" // the odds of a shot, and the Tiger's free activation (R4.6)
	if note := w.note(st, lc); note != "" {
		odds = " — " + note
	}
	switch a.Kind {
	case rules.ActMove:
		if a.With != rules.NoUnit {
			return w.t("pick.move-with", map[string]any{"Hex": w.hexTerrain(a.Hex), "With": uid(sc, a.With)}) + odds
		}
		return w.t("pick.move", map[string]any{"Hex": w.hexTerrain(a.Hex)}) + odds
	case rules.ActEnter:
		if a.With != rules.NoUnit {
			return w.t("pick.enter-with", map[string]any{"Hex": w.hexTerrain(a.Hex), "With": uid(sc, a.With)})
		}
		return w.t("pick.enter", map[string]any{"Hex": w.hexTerrain(a.Hex)})
	case rules.ActExit:
		return w.t("pick.exit", nil) + odds
	case rules.ActFire:
		return w.t("pick.fire", map[string]any{"Target": uid(sc, a.Target), "Hex": st.Unit(a.Target).Hex.String()}) + odds
	case rules.ActAirAttack:
		if a.Target != rules.NoUnit {
			return w.t("pick.air-attack-unit", map[string]any{"Unit": uid(sc, a.Target)}) + odds
		}
		return w.t("pick.air-attack-stack", map[string]any{"Units": stackLine(st, a.Hex, w.lang)}) + odds
	case rules.ActAirCover:
		return w.t("pick.air-cover", map[string]any{"Hex": w.hex(a.Hex)})
	case rules.ActOBA:
		if a.Target != rules.NoUnit {
			return w.t("pick.oba-unit", map[string]any{"Unit": uid(sc, a.Target)}) + odds
		}
		return w.t("pick.oba-stack", map[string]any{"Units": stackLine(st, a.Hex, w.lang)}) + odds
	}
	return lc.text + odds
}

// sideLabel is the button of a side's command.
func (w words) sideLabel(st *rules.State, lc legalCommand) string {
	switch lc.action.Kind {
	case rules.ActPass:
		return w.t("pick.pass", nil)
	case rules.ActResolve:
		return w.t("pick.resolve", map[string]any{"Chance": pendingChance(st)})
	case rules.ActRedraw:
		return w.t("pick.redraw", nil)
	case rules.ActMiss:
		return w.t("pick.miss", nil)
	case rules.ActHistorical:
		return w.t("pick.historical", nil)
	case rules.ActSetupDone:
		return w.t("pick.setup-done", nil)
	}
	return lc.text
}

// openPicker answers the Play button of a live post: the picker, for the
// seated player of the side to act alone.
func (s *Service) openPicker(key record.Key, caller Caller) Response {
	rec, err := s.cfg.Store.Get(key)
	if err != nil {
		return s.fail(err, caller.Lang)
	}
	if err := mayAct(s.cfg.FrontEnd, rec, caller); err != nil {
		if len(sidesOf(rec, caller)) == 0 {
			return refusedT(caller.Lang, "reply.pick.only", map[string]any{"Who": seatNameIn(s.cfg.FrontEnd, rec.Seats[rec.Game.State.ToAct()], caller.Lang)})
		}
		return s.fail(err, caller.Lang)
	}
	p := s.picker(rec, "top", caller.Lang)
	p.Apart = true
	return Response{Panel: p}
}

// pick runs a choice of the picker ("mortain/pk/GAME/STEP/ARG", with the
// menu's value): a view to show, or a command to play. A choice made for
// an earlier step is refused, saying what changed, and the picker shows
// the current step.
func (s *Service) pick(ctx context.Context, key record.Key, caller Caller, parts []string, values []string) Response {
	if len(parts) < 4 {
		return refusedT(caller.Lang, "reply.button.damaged", nil)
	}
	tag, stepText, arg := parts[1], parts[2], strings.Join(parts[3:], "/")
	step, err := strconv.Atoi(stepText)
	if err != nil {
		return refusedT(caller.Lang, "reply.button.damaged", nil)
	}
	rec, err := s.cfg.Store.Get(key)
	if err != nil {
		return closed(s.fail(err, caller.Lang))
	}
	if err := mayAct(s.cfg.FrontEnd, rec, caller); err != nil {
		if len(sidesOf(rec, caller)) == 0 {
			return refusedT(caller.Lang, "reply.not-yours", map[string]any{"Seats": seatsLineIn(s.cfg.FrontEnd, rec.Seats, caller.Lang)})
		}
		return closed(refusedT(caller.Lang, "reply.pick.not-turn", map[string]any{"What": whatWaitsIn(&rec.Game.State, caller.Lang)}))
	}
	if tag != gameTag(rec) {
		return refusedT(caller.Lang, "reply.button.damaged", nil)
	}
	if step != len(rec.Game.History) {
		p := s.picker(rec, "top", caller.Lang)
		p.Text = "⛔ " + i18n.T(caller.Lang, "reply.pick.earlier", map[string]any{"Changed": changedSince(rec, step, caller.Lang)}) + "\n" + p.Text
		return Response{Refused: true, Panel: p}
	}
	value := ""
	if len(values) > 0 {
		value = values[0]
	}
	name, _, _ := strings.Cut(arg, ":")
	switch {
	case strings.HasPrefix(arg, "view:"):
		return Response{Panel: s.picker(rec, strings.TrimPrefix(arg, "view:"), caller.Lang)}
	case name == "unit":
		return Response{Panel: s.picker(rec, "u:"+value, caller.Lang)}
	case name == "airhex" || name == "obahex":
		return Response{Panel: s.picker(rec, strings.TrimSuffix(name, "hex")+":"+value, caller.Lang)}
	case arg == "do:pass" && passGivesUp(&rec.Game.State):
		return Response{Panel: passPanel(rec, caller.Lang)}
	case arg == "confirm:pass":
		return s.pickCommand(ctx, key, caller, rec, "pass")
	case strings.HasPrefix(arg, "do:"):
		return s.pickCommand(ctx, key, caller, rec, strings.TrimPrefix(arg, "do:"))
	case name == "cmd":
		return s.pickCommand(ctx, key, caller, rec, value)
	}
	return refusedT(caller.Lang, "reply.button.unknown", nil)
}

// pickCommand plays a command the picker offered, as typed, and shows the
// picker's next step (or closes it when the caller's turn is over).
func (s *Service) pickCommand(ctx context.Context, key record.Key, caller Caller, rec *record.Record, text string) Response {
	offered := text == "undo" && rec.Game.CanUndo()
	for _, lc := range legalCommands(&rec.Game.State) {
		offered = offered || lc.text == text
	}
	if st := &rec.Game.State; !offered && st.Phase() == rules.PhaseSetup {
		// A unit already placed is moved with the same command.
		for _, a := range st.LegalActions(nil) {
			name, o := commandFor(st.Scenario(), a)
			offered = offered || commandText(name, o) == text
		}
	}
	if !offered {
		p := s.picker(rec, "top", caller.Lang)
		p.Text = "⛔ " + i18n.T(caller.Lang, "reply.pick.not-legal", nil) + "\n" + p.Text
		return Response{Refused: true, Panel: p}
	}
	name, opts, err := Parse(text)
	if err != nil {
		return refusedT(caller.Lang, "reply.pick.damaged", nil)
	}
	step := len(rec.Game.History)
	tag := gameTag(rec)
	fresh := func(r *record.Record) error {
		if gameTag(r) != tag || len(r.Game.History) != step {
			return refuseT("reply.pick.moved-on", map[string]any{"Changed": phrase(func(l i18n.Lang) string { return changedSince(r, step, l) })})
		}
		return nil
	}
	resp := s.Handle(ctx, Request{Key: key, Caller: caller, Lang: caller.Lang, Command: name, Options: opts, fresh: fresh})
	after, err := s.cfg.Store.Get(key)
	switch {
	case err != nil:
		resp.Panel = &Panel{Text: "✓ " + i18n.T(caller.Lang, "reply.pick.played", map[string]any{"Command": text}) + "\n" + i18n.T(caller.Lang, "reply.pick.over", nil)}
		if resp.Refused {
			resp.Panel.Text = "⛔ " + resp.Private
		}
	case mayAct(s.cfg.FrontEnd, after, caller) != nil:
		resp.Panel = &Panel{Text: "✓ " + i18n.T(caller.Lang, "reply.pick.played", map[string]any{"Command": text}) + "\n" + i18n.T(caller.Lang, "reply.pick.turn-over", nil)}
		if resp.Refused {
			resp.Panel.Text = "⛔ " + resp.Private + "\n" + i18n.T(caller.Lang, "reply.pick.waits", map[string]any{"What": whatWaitsIn(&after.Game.State, caller.Lang)})
		}
	default:
		p := s.picker(after, "top", caller.Lang)
		if resp.Refused {
			p.Text = "⛔ " + resp.Private + "\n" + p.Text
		} else {
			p.Text = "✓ " + i18n.T(caller.Lang, "reply.pick.played", map[string]any{"Command": text}) + "\n" + p.Text
		}
		resp.Panel = p
	}
	resp.Private = ""
	return resp
}

// closed is a refusal that also closes the picker it came from.
func closed(r Response) Response {
	r.Panel = &Panel{Text: "⛔ " + r.Private}
	r.Private = ""
	return r
}

// changedSince words what happened in a game since step, in lang: the
// steps taken, and the last of them.
func changedSince(rec *record.Record, step int, lang i18n.Lang) string {
	h := rec.Game.History
	switch n := len(h) - step; {
	case n > 0:
		return i18n.Plural(lang, "reply.pick.played-since", n, map[string]any{"Last": h[len(h)-1]})
	case n < 0:
		return i18n.Plural(lang, "reply.pick.taken-back", -n, nil)
	}
	return i18n.T(lang, "reply.pick.other-game", nil)
}

// hexTerrain words a hex with its place name and terrain: "1403 (open)",
// "1501 Hill 314 (hill)".
func (w words) hexTerrain(h rules.Hex) string {
	t := w.t("terrain."+w.sc.Terrain[h].String(), nil)
	if l := w.sc.Label(h); l != "" {
		return h.String() + " " + i18n.Place(w.lang, l) + " (" + t + ")"
	}
	return h.String() + " (" + t + ")"
}
