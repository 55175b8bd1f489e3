package command

import (
	"context"
	"regexp"
	"sort"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// maxChoices is Discord's limit of autocomplete choices.
const maxChoices = 25

// Suggest offers values for the option focused of command while the user
// types it (opts holds what is typed so far, the focused option's partial
// value included): the legal values right now, best first, at most 25.
// For game actions they come from the legal actions of the side to act
// (units that can act, hexes they can reach, targets in range and line of
// sight), narrowed by the other options already given, and only for the
// player who may act; otherwise none. The choices' names are in the
// caller's language (the values are what the text form reads).
func (s *Service) Suggest(ctx context.Context, key record.Key, caller Caller, command string, opts map[string]string, focused string) []Choice {
	command, focused = strings.ToLower(command), strings.ToLower(focused)
	partial := strings.ToLower(strings.TrimSpace(opts[focused]))
	lang := caller.Lang
	var all []Choice
	switch {
	case command == "help" && focused == "command":
		for _, d := range definitions {
			desc := d.Description
			if id := "cmd." + d.Name + ".desc"; i18n.Has(lang, id) {
				desc = i18n.T(lang, id, nil)
			}
			all = append(all, Choice{Name: i18n.T(lang, "suggest.command", map[string]any{"Command": d.Name, "Description": desc}), Value: d.Name})
		}
		all = append(all, ruleChoices(lang)...)
	case command == "rules" && focused == "n":
		all = ruleChoices(lang)
	case command == "resume" && focused == "id":
		all = s.localChoices(key)
	case command == "notify" && focused == "tz":
		for _, z := range timeZones {
			all = append(all, Choice{Name: z, Value: z})
		}
	default:
		rec, err := s.cfg.Store.Get(key)
		if err != nil || mayAct(s.cfg.FrontEnd, rec, caller) != nil {
			return nil
		}
		all = actionChoices(&rec.Game.State, command, opts, focused, lang)
	}
	return filterChoices(all, partial)
}

func filterChoices(all []Choice, partial string) []Choice {
	out := []Choice{}
	for _, c := range all {
		if partial == "" || strings.HasPrefix(strings.ToLower(c.Value), partial) {
			out = append(out, c)
		}
	}
	if len(out) == 0 && partial != "" {
		for _, c := range all {
			if strings.Contains(strings.ToLower(c.Name), partial) {
				out = append(out, c)
			}
		}
	}
	if len(out) > maxChoices {
		out = out[:maxChoices]
	}
	return out
}

var ruleNumRE = regexp.MustCompile(`^- \*\*(R\d\.\d+) ?([^*]*)\*\*`)

// ruleChoices are the rules, each its number and its title in lang ("R6.8
// Resolution"), from the rules text of lang (English for a language
// without one).
func ruleChoices(lang i18n.Lang) []Choice {
	doc, ok := rulesDocs[lang]
	if !ok {
		doc = rulesDocs[i18n.English]
	}
	var out []Choice
	for _, l := range strings.Split(doc, "\n") {
		if m := ruleNumRE.FindStringSubmatch(l); m != nil {
			name := m[1] // a rule without a title: its number
			if title := strings.TrimRight(strings.TrimSpace(m[2]), ".:"); title != "" {
				name = i18n.T(lang, "suggest.rule", map[string]any{"Rule": m[1], "Title": title})
			}
			out = append(out, Choice{Name: name, Value: m[1]})
		}
	}
	return out
}

// actionChoices lists the values of option focused over the legal actions
// that agree with the other options given.
func actionChoices(st *rules.State, command string, opts map[string]string, focused string, lang i18n.Lang) []Choice {
	sc := st.Scenario()
	forms := formsFor(command, opts)
	if len(forms) == 0 {
		return nil
	}
	legal := st.LegalActions(nil)
	if command == "setup" && (focused == "unit" || focused == "hex") {
		legal = setupChoices(st, opts)
	}
	type scored struct {
		c     Choice
		score float64
	}
	seen := map[string]bool{}
	var out []scored
	for _, a := range legal {
		form, known := formIn(a.Kind, forms)
		if !known {
			continue
		}
		m := fieldsOf(sc, a, form)
		ok := true
		for k, v := range opts {
			if k == focused || k == "mode" || v == "" {
				continue
			}
			if mv, named := m[k]; named && !strings.EqualFold(mv, strings.TrimSpace(v)) {
				ok = false
			}
		}
		v := m[focused]
		if !ok || v == "" || seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, scored{markFree(st, a, choiceFor(st, a, form.field(focused), v, lang), opts, focused, lang), score(st, a, focused)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	res := make([]Choice, len(out))
	for i, o := range out {
		res[i] = o.c
	}
	return res
}

// markFree adds to choice c the mark of the Tiger's free activation
// (R4.6) when a is one and the unit is given, so that c stands for a
// alone.
func markFree(st *rules.State, a rules.Action, c Choice, opts map[string]string, focused string, lang i18n.Lang) Choice {
	if focused != "unit" && strings.TrimSpace(opts["unit"]) != "" && st.TigerFree(a) {
		c.Name += " — " + i18n.T(lang, "moves.free", nil)
	}
	return c
}

// setupChoices lists placements for the set-up, including moving a unit
// already placed (which the engine's list leaves out, R2.1).
func setupChoices(st *rules.State, opts map[string]string) []rules.Action {
	legal := st.LegalActions(nil)
	sc := st.Scenario()
	u, ok := sc.UnitByID(opts["unit"])
	if !ok || st.Unit(u).Status != rules.OnMap {
		if _, named := opts["unit"]; !named || opts["unit"] == "" {
			// Placed units may be moved too.
			for v := range sc.Units {
				id := rules.UnitID(v)
				if st.Unit(id).Status == rules.OnMap {
					legal = append(legal, rules.Place(id, st.Unit(id).Hex))
				}
			}
		}
		return legal
	}
	for h := rules.Hex(0); h < rules.NumHexes; h++ {
		if h.Col() == rules.LastCol || h == st.Unit(u).Hex {
			continue
		}
		if n := len(st.UnitsAt(h)); n < rules.StackLimit {
			legal = append(legal, rules.Place(u, h))
		}
	}
	return legal
}

// formIn finds the form of kind k among forms.
func formIn(k rules.ActionKind, forms []actionForm) (actionForm, bool) {
	for _, f := range forms {
		if f.kind == k {
			return f, true
		}
	}
	return actionForm{}, false
}

// choiceFor labels value v of field f of a: a unit with where it is and
// its factors, a hex with its terrain, a target with its hex; in lang.
func choiceFor(st *rules.State, a rules.Action, f field, v string, lang i18n.Lang) Choice {
	sc := st.Scenario()
	unitLabel := func(u rules.UnitID) string {
		us := st.Unit(u)
		d := map[string]any{"Unit": uid(sc, u), "Type": i18n.UnitType(lang, sc.Unit(u).Type.String()),
			"Factors": st.Factors(u).String(), "Flipped": ""}
		if us.Flipped {
			d["Flipped"] = i18n.T(lang, "pick.flipped", nil)
		}
		if us.Status != rules.OnMap {
			return i18n.T(lang, "suggest.unit-reserve", d)
		}
		d["Hex"] = us.Hex.String()
		return i18n.T(lang, "suggest.unit", d)
	}
	hexLabel := func(h rules.Hex) string {
		d := map[string]any{"Hex": h.String(), "Terrain": i18n.T(lang, "terrain."+sc.Terrain[h].String(), nil)}
		if l := sc.Label(h); l != "" {
			d["Place"] = i18n.Place(lang, l)
			return i18n.T(lang, "suggest.hex-place", d)
		}
		return i18n.T(lang, "suggest.hex", d)
	}
	switch f {
	case targetField:
		return Choice{Name: unitLabel(a.Target), Value: v}
	case withField:
		return Choice{Name: unitLabel(a.With), Value: v}
	case unitField:
		return Choice{Name: unitLabel(a.Unit), Value: v}
	}
	return Choice{Name: hexLabel(a.Hex), Value: v}
}

// score ranks a suggestion for the option focused, by the action it
// completes: higher first.
func score(st *rules.State, a rules.Action, focused string) float64 {
	sc := st.Scenario()
	side := st.ToAct()
	west := func(h rules.Hex) float64 {
		if !h.Valid() {
			return 0
		}
		if side == rules.German {
			return float64(rules.LastCol - h.Col())
		}
		return float64(sc.Terrain[h].Modifier())
	}
	switch {
	case a.Kind == rules.ActFire && focused == "target", (a.Kind == rules.ActAirAttack || a.Kind == rules.ActOBA) && focused == "unit":
		t := a.Target
		f := sc.Unit(t)
		v := float64(-sc.Terrain[st.Unit(t).Hex].Modifier())
		if st.Unit(t).Flipped {
			v += 3
		}
		if f.Type == rules.Tank {
			v += 0.5
		}
		return v
	case a.Kind == rules.ActFire && focused == "unit":
		f := st.Factors(a.Unit)
		return float64(max(f.AT, f.AI))
	case a.Kind == rules.ActPlace && focused == "hex":
		if a.Unit != rules.NoUnit && sc.Unit(a.Unit).Historical == a.Hex {
			return 10
		}
		return float64(sc.Terrain[a.Hex].Modifier()) - float64(a.Hex.Col())/100
	case focused == "unit" || focused == "with":
		if a.Unit != rules.NoUnit && st.Unit(a.Unit).Status == rules.OnMap {
			return west(st.Unit(a.Unit).Hex)
		}
		return 0
	}
	return west(a.Hex)
}
