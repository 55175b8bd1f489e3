package command

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// movesCommands list what the side to act may do.
var movesCommands = []Command{
	{Definition: Definition{Name: "moves", Positional: "unit", Example: "moves unit:DR-1", Options: []Option{{Name: "unit", Autocomplete: true}}},
		run: noCtx((*Service).moves)},
}

// TypedCommand writes an action of the rules' notation ("move TD 1403",
// "historical") as the command that plays it ("move unit:TD to:1403",
// "setup preset:historical"); one it cannot read (a debug edit) as it is.
func TypedCommand(sc *rules.Scenario, notation string) string {
	a, err := rules.ParseAction(sc, notation)
	if err != nil {
		return notation
	}
	return commandText(commandFor(sc, a))
}

// commandText writes a command as typed: "fire unit:TD target:DR-1", the
// options in the order of its definition ("setup done" for a flag).
func commandText(name string, opts map[string]string) string {
	def, _ := Find(name)
	parts := []string{name}
	for _, o := range def.Options {
		v, ok := opts[o.Name]
		switch {
		case !ok:
		case o.Type == Bool:
			parts = append(parts, o.Name)
		default:
			parts = append(parts, o.Name+":"+v)
		}
	}
	return strings.Join(parts, " ")
}

// shotOdds works out the attack an action would make, join or resolve
// (fire, resolve, Air attack, OBA): its N (R6.8; for a strike on a stack,
// the best N of its units, R7.4) and the chance to hit, from the cards
// already seen this turn. ok is false for any other action.
func shotOdds(st *rules.State, a rules.Action) (n int, chance float64, ok bool) {
	switch a.Kind {
	case rules.ActResolve:
		e, ok := st.PendingOdds()
		return int(e.N), st.HitChance(int(e.N)), ok
	case rules.ActFire, rules.ActAirAttack, rules.ActOBA:
	default:
		return 0, 0, false
	}
	c := *st
	var log []rules.Event
	if err := c.Apply(a, &log); err != nil {
		return 0, 0, false
	}
	if e, pending := c.PendingOdds(); pending && a.Kind == rules.ActFire {
		return int(e.N), st.HitChance(int(e.N)), true
	}
	n = -99
	for _, ev := range log {
		if ev.Kind == rules.EvAttack {
			n, ok = max(n, int(ev.N)), true
		}
	}
	if !ok { // a face card waits: the attack's N is known all the same
		if e, pending := c.PendingOdds(); pending {
			return int(e.N), st.HitChance(int(e.N)), true
		}
		return 0, 0, false
	}
	return n, st.HitChance(n), true
}

// attackOdds words the attack an action would make or join: its N (R6.8)
// and the chance to hit, "" for an action that is no shot.
func attackOdds(st *rules.State, a rules.Action) string {
	n, chance, ok := shotOdds(st, a)
	if !ok {
		return ""
	}
	if n < 1 {
		return fmt.Sprintf("N %d, no chance", n)
	}
	return fmt.Sprintf("N %d, %s to hit", n, percent(chance))
}

// bestCommands are up to n shots of the side to act with the best chance
// to hit, as moves lists them ("fire unit:TD target:DR-2 — N 4, 42% to
// hit", the odds in lang, the Tiger's free fire marked), likeliest first;
// none that cannot hit.
func bestCommands(st *rules.State, n int, lang i18n.Lang) []string {
	if st.Over() || st.Phase() != rules.PhaseRound {
		return nil
	}
	type shot struct {
		text   string
		chance float64
	}
	var shots []shot
	sc := st.Scenario()
	for _, a := range st.LegalActions(nil) {
		_, chance, ok := shotOdds(st, a)
		if !ok || chance <= 0 {
			continue
		}
		name, opts := commandFor(sc, a)
		note := words{sc, lang}.note(st, legalCommand{action: a, free: st.TigerFree(a)})
		shots = append(shots, shot{commandText(name, opts) + " — " + note, chance})
	}
	sort.SliceStable(shots, func(i, j int) bool { return shots[i].chance > shots[j].chance })
	var out []string
	for _, s := range shots[:min(n, len(shots))] {
		out = append(out, s.text)
	}
	return out
}

// pendingChance is the pending attack's chance to hit, as a percentage.
func pendingChance(st *rules.State) string {
	e, _ := st.PendingOdds()
	return percent(st.HitChance(int(e.N)))
}

func percent(p float64) string { return fmt.Sprintf("%.0f%%", 100*p) }

// moves lists every legal command of the side to act, for anyone
// (players or not): the shots first, likeliest first, with their odds;
// then a line per unit with its moves, entries and exit grouped; then the
// side's commands; the shots that cannot hit apart.
func (s *Service) moves(req Request) (Response, error) {
	v, err := s.load(req.Key)
	if err != nil {
		return Response{}, err
	}
	st := &v.game.State
	sc := st.Scenario()
	w := words{sc, req.Lang}
	if v.finished || st.Over() {
		return Response{Private: w.t("moves.over", nil)}, nil
	}
	only := rules.NoUnit
	if o := req.Options["unit"]; o != "" {
		if only, err = parseUnit(sc, o, "unit"); err != nil {
			return Response{}, err
		}
	}
	var cmds []legalCommand
	for _, lc := range legalCommands(st) {
		if only == rules.NoUnit || lc.unit == only {
			cmds = append(cmds, lc)
		}
	}
	head := w.t("moves.head", map[string]any{"What": w.waits(st), "Where": roundHeaderIn(st, req.Lang)})
	body := movesText(st, cmds, v.game.CanUndo() && only == rules.NoUnit, w)
	if body == "" {
		body = w.t("moves.none", map[string]any{"Unit": sc.Unit(only).ID})
	}
	return Response{Private: head + "\n" + body}, nil
}

// movesText words legal commands as moves lists them: each section a
// heading and its lines. Shots are whole commands as typed, with their
// odds; a unit's other commands share its line, grouped by movesLine.
// undo adds undo to the side's commands.
func movesText(st *rules.State, cmds []legalCommand, undo bool, w words) string {
	var shots, side, hopeless []legalCommand
	byUnit := map[rules.UnitID][]legalCommand{}
	for _, lc := range cmds {
		switch {
		case lc.hopeless:
			hopeless = append(hopeless, lc)
		case lc.odds != "" && lc.action.Kind != rules.ActResolve:
			shots = append(shots, lc)
		case lc.unit == rules.NoUnit:
			side = append(side, lc)
		default:
			byUnit[lc.unit] = append(byUnit[lc.unit], lc)
		}
	}
	chance := func(lc legalCommand) float64 { _, c, _ := shotOdds(st, lc.action); return c }
	sort.SliceStable(shots, func(i, j int) bool { return chance(shots[i]) > chance(shots[j]) })
	var b strings.Builder
	section := func(title string, lines []string) {
		if len(lines) == 0 {
			return
		}
		b.WriteString(title + "\n")
		for _, l := range lines {
			b.WriteString("  " + l + "\n")
		}
	}
	shotLines := func(list []legalCommand) []string {
		var out []string
		for _, lc := range list {
			out = append(out, lc.text+" — "+w.note(st, lc))
		}
		return out
	}
	section(w.t("moves.shots", nil), shotLines(shots))
	units := make([]rules.UnitID, 0, len(byUnit))
	for u := range byUnit {
		units = append(units, u)
	}
	sort.Slice(units, func(i, j int) bool { return units[i] < units[j] })
	var unitLines []string
	for _, u := range units {
		unitLines = append(unitLines, w.unitLine(st, u)+": "+strings.Join(movesLine(st, byUnit[u], true, w), " · "))
	}
	if len(unitLines) > 0 {
		name, opts := commandFor(st.Scenario(), byUnit[units[0]][0].action)
		section(w.t("moves.units", map[string]any{"Example": commandText(name, opts)}), unitLines)
	}
	sideLines := movesLine(st, side, false, w)
	if undo {
		sideLines = append(sideLines, "undo")
	}
	section(w.t("moves.side", nil), sideLines)
	section(w.t("moves.hopeless", nil), shotLines(hopeless))
	return strings.TrimRight(b.String(), "\n")
}

// note words what moves and the picker add to a command: a shot's odds,
// and the Tiger's free activation (R4.6); "" for neither.
func (w words) note(st *rules.State, lc legalCommand) string {
	var parts []string
	if n, chance, ok := shotOdds(st, lc.action); ok {
		parts = append(parts, w.odds(n, chance))
	}
	if lc.free {
		parts = append(parts, w.t("moves.free", nil))
	}
	return strings.Join(parts, w.t("moves.note-sep", nil))
}

// movesLine groups commands into the parts of a line of moves: the
// commands that differ only in their hex ("to:" or "hex:") share a part,
// the hexes joined by "/" ("move to:1703/1802"); parts that differ only in
// with: share one too, "[with:102]" when it may also be left out. Each
// part with its note (odds, the Tiger's free move), which comes first;
// the hexes in order. dropUnit leaves out unit:, which the line names.
func movesLine(st *rules.State, cmds []legalCommand, dropUnit bool, w words) []string {
	var parts []*movesPart
	byKey := map[string]*movesPart{}
	for _, lc := range cmds {
		name, opts := commandFor(st.Scenario(), lc.action)
		p := newMovesPart(name, opts, dropUnit, w.note(st, lc))
		p.free = lc.free
		key := p.key()
		if old := byKey[key]; old != nil {
			p = old
		} else {
			byKey[key] = p
			parts = append(parts, p)
		}
		with := opts["with"]
		if _, seen := p.hexes[with]; !seen {
			p.withs = append(p.withs, with)
		}
		p.hexes[with] = append(p.hexes[with], opts[p.vary])
	}
	sort.SliceStable(parts, func(i, j int) bool { return parts[i].free && !parts[j].free }) // the Tiger's free move first
	var out []string
	for _, p := range parts {
		out = append(out, p.texts()...)
	}
	return out
}

// movesPart is a group of commands of a line of moves: the same command
// with the same options but for its hex and with:.
type movesPart struct {
	name  string
	fixed map[string]string   // the options every command of the part shares
	vary  string              // the hex option ("to", "hex"), "" for none
	hexes map[string][]string // the hexes for each with: value
	withs []string            // the with: values in order, "" for none
	note  string
	free  bool
}

// newMovesPart starts the part of a command with options opts, unit:
// left out when dropUnit.
func newMovesPart(name string, opts map[string]string, dropUnit bool, note string) *movesPart {
	p := &movesPart{name: name, fixed: map[string]string{}, hexes: map[string][]string{}, note: note}
	if _, ok := opts["to"]; ok {
		p.vary = "to"
	} else if _, ok := opts["hex"]; ok {
		p.vary = "hex"
	}
	for k, v := range opts {
		if k != p.vary && k != "with" && (!dropUnit || k != "unit") {
			p.fixed[k] = v
		}
	}
	return p
}

// key tells parts apart: the command, its fixed options and its note.
func (p *movesPart) key() string {
	var opts []string
	for k, v := range p.fixed {
		opts = append(opts, k+":"+v)
	}
	sort.Strings(opts)
	return p.name + " " + strings.Join(opts, " ") + " — " + p.note
}

// texts writes the part, the hexes in order: one text for each set of
// with: values that reach the same hexes.
func (p *movesPart) texts() []string {
	for _, hexes := range p.hexes {
		sort.Strings(hexes)
	}
	var out []string
	done := map[string]bool{}
	for _, with := range p.withs {
		if done[with] {
			continue
		}
		hexes := strings.Join(p.hexes[with], "/")
		var same []string
		for _, o := range p.withs {
			if !done[o] && strings.Join(p.hexes[o], "/") == hexes {
				done[o] = true
				same = append(same, o)
			}
		}
		out = append(out, partText(p.name, p.fixed, p.vary, hexes, same, p.note))
	}
	return out
}

// partText writes a part of a line of moves: the command's name, its
// options in the order of its definition (the hex option's values joined
// by "/", with:'s too, in brackets when it may be left out), then " — "
// and the note, if any.
func partText(name string, fixed map[string]string, vary, hexes string, withs []string, note string) string {
	def, _ := Find(name)
	parts := []string{name}
	for _, o := range def.Options {
		switch v, ok := fixed[o.Name]; {
		case o.Name == vary:
			parts = append(parts, vary+":"+hexes)
		case o.Name == "with":
			parts = appendWith(parts, withs)
		case !ok:
		case o.Type == Bool:
			parts = append(parts, o.Name)
		default:
			parts = append(parts, o.Name+":"+v)
		}
	}
	text := strings.Join(parts, " ")
	if note != "" {
		text += " — " + note
	}
	return text
}

// appendWith adds with: and its values to the options of a part:
// "with:DR-1/DR-2", "[with:102]" when it may be left out, nothing when it
// is never given.
func appendWith(parts []string, withs []string) []string {
	var named []string
	optional := false
	for _, v := range withs {
		if v == "" {
			optional = true
		} else {
			named = append(named, v)
		}
	}
	switch {
	case len(named) == 0:
		return parts
	case optional:
		return append(parts, "[with:"+strings.Join(named, "/")+"]")
	}
	return append(parts, "with:"+strings.Join(named, "/"))
}

// legalCommand is one legal command of the side to act, as moves lists it
// and the picker offers it.
type legalCommand struct {
	action rules.Action
	// unit is the unit that acts; NoUnit for the side's commands (pass,
	// resolve, redraw, miss, the set-up's preset and done, Air, OBA).
	unit rules.UnitID
	// text is the command as typed; odds words a shot's N and chance to
	// hit ("" for no shot); hopeless marks a shot that cannot hit.
	text     string
	odds     string
	hopeless bool
	// free marks the Tiger's free activation (R4.6).
	free bool
}

// legalCommands lists every legal command of the side to act, from the
// rules' legal actions: what moves lists, the picker offers and
// autocomplete suggests. A unit already placed in the set-up is moved
// with the same command, so its placements are listed once. Undo, which is
// no rules action, is not in it.
func legalCommands(st *rules.State) []legalCommand {
	sc := st.Scenario()
	var out []legalCommand
	for _, a := range st.LegalActions(nil) {
		if a.Kind == rules.ActPlace && st.Unit(a.Unit).Status == rules.OnMap {
			continue
		}
		name, opts := commandFor(sc, a)
		lc := legalCommand{action: a, unit: a.Unit, text: commandText(name, opts), free: st.TigerFree(a)}
		switch a.Kind {
		case rules.ActAirAttack, rules.ActOBA, rules.ActAirCover, rules.ActPass, rules.ActResolve, rules.ActRedraw, rules.ActMiss,
			rules.ActHistorical, rules.ActSetupDone:
			lc.unit = rules.NoUnit
		}
		if odds := attackOdds(st, a); odds != "" {
			lc.odds = odds
			if n, _, _ := shotOdds(st, a); n < 1 && a.Kind != rules.ActResolve {
				lc.hopeless = true
			}
		}
		out = append(out, lc)
	}
	return out
}
