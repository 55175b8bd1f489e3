package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// Suggestions for the actions come from the legal actions: every value
// offered is legal with the options already given, and every legal value
// is offered (up to Discord's 25), over positions of random games.
func TestSuggestMatchesLegalActions(t *testing.T) {
	s, st := newService(t, 17)
	mustDo(t, s, ann, "new opponent:hotseat")
	mustDo(t, s, ann, "setup preset:historical done")
	p := rules.NewRandomPlayer(4)
	ctx := context.Background()
	checked := 0
	for step := 0; step < 300; step++ {
		rec, err := st.Get(testKey)
		if err != nil {
			break
		}
		state := &rec.Game.State
		if state.Over() {
			break
		}
		legal := state.LegalActions(nil)
		sc := state.Scenario()
		for _, c := range []struct {
			cmd, opt string
			kind     rules.ActionKind
			value    func(a rules.Action) string
		}{
			{"move", "unit", rules.ActMove, func(a rules.Action) string { return sc.Unit(a.Unit).ID }},
			{"fire", "unit", rules.ActFire, func(a rules.Action) string { return sc.Unit(a.Unit).ID }},
			{"fire", "target", rules.ActFire, func(a rules.Action) string { return sc.Unit(a.Target).ID }},
			{"enter", "to", rules.ActEnter, func(a rules.Action) string { return a.Hex.String() }},
			{"exit", "unit", rules.ActExit, func(a rules.Action) string { return sc.Unit(a.Unit).ID }},
			{"oba", "hex", rules.ActOBA, func(a rules.Action) string { return a.Hex.String() }},
		} {
			want := map[string]bool{}
			for _, a := range legal {
				if a.Kind == c.kind {
					want[c.value(a)] = true
				}
			}
			got := s.Suggest(ctx, testKey, ann, c.cmd, map[string]string{c.opt: ""}, c.opt)
			if len(got) > maxChoices {
				t.Fatalf("%d suggestions", len(got))
			}
			for _, ch := range got {
				if !want[ch.Value] {
					t.Fatalf("step %d: %s %s: suggested %q, which is not legal", step, c.cmd, c.opt, ch.Value)
				}
			}
			if len(got) != min(len(want), maxChoices) {
				t.Fatalf("step %d: %s %s: %d suggested, %d legal", step, c.cmd, c.opt, len(got), len(want))
			}
			checked += len(got)
		}
		checkMoveNarrowed(t, s, state, legal)
		a, _ := p.Choose(state)
		if err := st.Update(testKey, func(r *record.Record) error { _, err := r.Game.Apply(a); return err }); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 100 {
		t.Errorf("only %d suggestions checked", checked)
	}
	// Only the player to act gets game suggestions; partial values narrow.
	if got := s.Suggest(ctx, testKey, eve, "move", map[string]string{"unit": ""}, "unit"); len(got) != 0 {
		t.Errorf("a spectator got suggestions: %v", got)
	}
	if got := s.Suggest(ctx, testKey, eve, "help", map[string]string{"command": "re"}, "command"); len(got) != 4 {
		t.Errorf("help command:re → %v, want resign, resolve, redraw, replay", got)
	}
	if got := s.Suggest(ctx, testKey, eve, "rules", map[string]string{"n": "R6."}, "n"); len(got) != 9 {
		t.Errorf("rules n:R6. → %d choices, want R6.1-R6.9", len(got))
	}
}

// checkMoveNarrowed checks that move's hexes are narrowed by the unit
// already chosen: those of the first unit that can move, all legal.
func checkMoveNarrowed(t *testing.T, s *Service, state *rules.State, legal []rules.Action) {
	t.Helper()
	sc := state.Scenario()
	ctx := context.Background()
	for _, a := range legal {
		if a.Kind != rules.ActMove {
			continue
		}
		id := sc.Unit(a.Unit).ID
		got := s.Suggest(ctx, testKey, ann, "move", map[string]string{"unit": strings.ToLower(id), "to": ""}, "to")
		n := 0
		for _, b := range legal {
			if b.Kind == rules.ActMove && b.Unit == a.Unit && b.With == rules.NoUnit { // with the Tiger along: the same hexes (R4.6)
				n++
			}
		}
		if len(got) != n {
			t.Fatalf("move unit:%s: %d hexes suggested, %d legal", id, len(got), n)
		}
		for _, ch := range got {
			h, _ := rules.ParseHex(ch.Value)
			if state.Check(rules.Move(a.Unit, h)) != nil {
				t.Fatalf("move unit:%s to:%s suggested but illegal", id, ch.Value)
			}
		}
		break
	}
}

// Autocomplete's names are in the member's language: every name comes
// from the catalog (or the rules text of the language), and the Japanese
// ones differ from the English; the values are the same in every
// language.
func TestSuggestInTheMembersLanguage(t *testing.T) {
	s, st := newService(t, 5)
	mustDo(t, s, ann, "new opponent:hotseat")
	ctx := context.Background()
	as := func(l i18n.Lang) Caller { c := ann; c.Lang = l; return c }
	check := func(what, cmd string, opts map[string]string, focused string) int {
		t.Helper()
		en := s.Suggest(ctx, testKey, as(i18n.English), cmd, opts, focused)
		ja := s.Suggest(ctx, testKey, as(i18n.Japanese), cmd, opts, focused)
		ps := s.Suggest(ctx, testKey, as(i18n.Pseudo), cmd, opts, focused)
		if len(en) != len(ja) || len(en) != len(ps) {
			t.Fatalf("%s: %d choices in English, %d in Japanese, %d in the pseudo-locale", what, len(en), len(ja), len(ps))
		}
		for i := range en {
			if en[i].Value != ja[i].Value || en[i].Value != ps[i].Value {
				t.Errorf("%s: the values differ: %q %q %q", what, en[i].Value, ja[i].Value, ps[i].Value)
			}
			if bare := i18n.Bare(ps[i].Name); len(bare) > 0 {
				t.Errorf("%s: %q: words outside the catalog under the pseudo-locale", what, ps[i].Name)
			}
			if en[i].Name == ja[i].Name && en[i].Name != en[i].Value {
				t.Errorf("%s: the Japanese is the English: %q", what, en[i].Name)
			}
		}
		return len(en)
	}
	check("help", "help", map[string]string{"command": ""}, "command")
	if n := check("rules", "rules", map[string]string{"n": ""}, "n"); n != maxChoices {
		t.Errorf("%d rules suggested", n)
	}
	check("rules R6.", "rules", map[string]string{"n": "R6."}, "n")
	check("setup unit", "setup", map[string]string{"unit": ""}, "unit")
	check("setup hex", "setup", map[string]string{"unit": "DR-1", "hex": ""}, "hex")
	mustDo(t, s, ann, "setup preset:historical done")
	p := rules.NewRandomPlayer(3)
	seen := 0
	for step := 0; step < 150; step++ {
		rec, err := st.Get(testKey)
		if err != nil || rec.Game.State.Over() {
			break
		}
		for _, c := range []struct{ cmd, opt string }{{"move", "unit"}, {"move", "to"}, {"enter", "unit"}, {"enter", "to"}, {"fire", "target"}, {"oba", "hex"}, {"air", "unit"}} {
			seen += check(c.cmd+" "+c.opt, c.cmd, map[string]string{c.opt: ""}, c.opt)
		}
		a, _ := p.Choose(&rec.Game.State)
		if err := st.Update(testKey, func(r *record.Record) error { _, err := r.Game.Apply(a); return err }); err != nil {
			t.Fatal(err)
		}
	}
	if seen < 100 {
		t.Errorf("only %d choices checked", seen)
	}
}
