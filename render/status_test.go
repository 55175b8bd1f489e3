package render

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// allOptions is every rule option at a value other than its default, so
// the options line is as long as it gets.
func allOptions(t testing.TB) rules.Options {
	var o rules.Options
	for _, spec := range rules.OptionSpecs {
		if err := o.Set(spec.Name, spec.Values[len(spec.Values)-1]); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

// overWith returns g's position ended with winner and reason (R8), as a
// finished game stores it.
func overWith(t testing.TB, g *rules.Game, winner rules.Side, reason string) *rules.State {
	t.Helper()
	raw, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(raw, &m)
	w, _ := json.Marshal(winner)
	var wv any
	json.Unmarshal(w, &wv)
	st := m["state"].(map[string]any)
	st["phase"], st["winner"], st["win_reason"] = "over", wv, reason
	raw, _ = json.Marshal(m)
	var over rules.Game
	if err := json.Unmarshal(raw, &over); err != nil {
		t.Fatalf("a finished position: %v", err)
	}
	return &over.State
}

// statusPositions are positions whose status panel shows the longest texts
// the program writes: every phase, both sides, every option set, every
// reason a game ends for, an attack pending and a face card waiting in
// combat, a face-card round.
func statusPositions(t testing.TB) map[string]*rules.Game {
	out := map[string]*rules.Game{}
	for _, opts := range []rules.Options{{}, allOptions(t)} {
		tag := "default"
		if len(opts.NonDefault()) > 0 {
			tag = "options"
		}
		add := func(name string, steps ...string) {
			g := rules.NewGame(nil, opts, 11)
			play(t, g, "historical", "setup-done", "debug turn 3",
				"debug place DR-1 1603", "debug place 102 1603", "debug place 17-StuG 1603", "debug place DR-2 1502")
			play(t, g, steps...)
			out[tag+" "+name] = g
		}
		out[tag+" setup"] = rules.NewGame(nil, opts, 1)
		add("us points", "debug round us 5")
		add("german points", "debug round german 3")
		add("us face round", "debug round us QH")
		add("german face round", "debug round german KS")
		add("us attack pending", "debug round us 5", "fire TD DR-2")
		add("us face card in combat", "debug round us 5", "debug deck KC", "fire TD DR-2", "resolve")
		add("german face card in combat", "debug place 117 1402", "debug round german 5", "debug deck QD", "fire DR-2 117", "resolve")
		add("us face round stack", "debug round us KD", "fire 823 DR-2")
	}
	return out
}

// TestStatusPanelNothingOverlaps draws the status panel with the longest
// texts the program writes, at both layouts, and checks that no line runs
// into another (and, at 550 pixels, that every line a player reads stays
// readable).
func TestStatusPanelNothingOverlaps(t *testing.T) {
	for name, g := range statusPositions(t) {
		for _, lang := range i18n.Langs() {
			for _, w := range []int{0, 550} {
				checkSceneIn(t, lang, name, &g.State, g.LastEvents(), w)
				items, l := sceneIn(t, lang, &g.State, g.LastEvents(), w)
				for _, it := range items {
					if it.kind != kStatus || it.r.Y > l.Status.Y+l.Status.H {
						continue
					}
					if it.r.X+it.r.W > l.Status.X+l.Status.W+0.5 {
						t.Errorf("%s in %s (width %d): %q runs past the status panel", name, lang, w, it.text)
					}
					if w == 550 && it.px < minAirPx*l.C {
						t.Errorf("%s in %s (width %d): %q is drawn at %.1f px", name, lang, w, it.text, it.px)
					}
				}
				if g.State.Phase() != rules.PhaseFaceChoice || w != 0 {
					continue
				}
				// R6.8: the attack's box asks for redraw or miss, not a card.
				said := false
				ask := i18n.T(lang, "map.attack.redraw-or-miss", nil)
				for _, it := range items {
					said = said || it.kind == kResult && strings.Contains(it.text, ask)
				}
				if !said {
					t.Errorf("%s in %s: the attack box does not ask %q", name, lang, ask)
				}
			}
		}
	}
	g := busyGame(t)
	for _, end := range []struct {
		winner rules.Side
		reason string
	}{
		{rules.German, "R8.1: the fifth German unit exited off the west edge"},
		{rules.German, "R8.2: no US unit is left in the game"},
		{rules.German, "R8.3: at the end of a German round no US unit is on the map and a German unit is in column 11"},
		{rules.US, "R8.4: turn 6 ended without a German victory"},
	} {
		s := overWith(t, g, end.winner, end.reason)
		for _, w := range []int{0, 550} {
			checkScene(t, "game over "+end.reason[:4], s, g.LastEvents(), w)
		}
	}
}

// TestStrikesOnStacksHideNoCounter draws Air and OBA strikes on stacks of
// three beside other stacks, where a result box has little room.
func TestStrikesOnStacksHideNoCounter(t *testing.T) {
	for _, c := range []struct{ name, card, strike string }{
		{"air on 1602", "3H", "air-attack 1602"},
		{"oba on 1602", "4D", "oba 1602"},
	} {
		g := rules.NewGame(nil, rules.Options{}, 3)
		play(t, g, "historical", "setup-done",
			"debug place DR-1 1602", "debug place 102 1602", "debug place 17-StuG 1602",
			"debug place D 1603", "debug place DR-2 1603",
			"debug round us "+c.card, "debug deck 4C 5C 6C", c.strike)
		for _, w := range []int{0, 550} {
			checkScene(t, c.name, &g.State, g.LastEvents(), w)
		}
	}
}
