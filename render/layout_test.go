package render

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// scene draws s (without encoding it) and returns the layout boxes of what
// was drawn.
func scene(t testing.TB, s *rules.State, events []rules.Event, width int) ([]item, *layout) {
	t.Helper()
	return sceneIn(t, i18n.English, s, events, width)
}

// sceneIn is scene in a language.
func sceneIn(t testing.TB, lang i18n.Lang, s *rules.State, events []rules.Event, width int) ([]item, *layout) {
	t.Helper()
	r := newRenderer(t)
	p := r.paint(s, events, clampWidth(width), lang)
	defer r.release(p)
	return slices.Clone(p.items), p.l
}

// hidden lists the pairs of layout boxes that cover one another: the
// status panel's lines among themselves, and everything else.
func hidden(items []item) []string {
	var out []string
	for i, a := range items {
		for _, b := range items[:i] {
			if (a.kind == kStatus) != (b.kind == kStatus) {
				continue // the status panel is apart from the map
			}
			if a.kind == kStatus && !a.r.meets(b.r, 0.5) || a.kind != kStatus && !clash(a, b) {
				continue
			}
			out = append(out, fmt.Sprintf("%s %q %v covers %s %q %v", a.kind, a.text, a.r, b.kind, b.text, b.r))
		}
	}
	return out
}

// insideHex tells whether every corner of r lies inside hex h.
func insideHex(l *layout, h rules.Hex, r rect) bool {
	cx, cy := l.hexCenter(h)
	for _, c := range [][2]float64{{r.X, r.Y}, {r.X + r.W, r.Y}, {r.X, r.Y + r.H}, {r.X + r.W, r.Y + r.H}} {
		dx, dy := c[0]-cx, c[1]-cy
		// A flat-topped hex: |dy| <= sqrt3/2 R and |dx| + |dy|/sqrt3 <= R.
		if abs(dy) > sqrt3/2*l.R+0.5 || abs(dx)+abs(dy)/sqrt3 > l.R+0.5 {
			return false
		}
	}
	return true
}

// checkScene fails the test for every two boxes that cover one another
// and for every counter outside its hex, in every language, and for text
// of the compact layout too small to read.
func checkScene(t *testing.T, name string, s *rules.State, events []rules.Event, width int) {
	t.Helper()
	for _, lang := range i18n.Langs() {
		checkSceneIn(t, lang, name, s, events, width)
	}
}

// checkSceneIn is checkScene in one language.
func checkSceneIn(t *testing.T, lang i18n.Lang, name string, s *rules.State, events []rules.Event, width int) {
	t.Helper()
	name += " in " + lang.String()
	items, l := sceneIn(t, lang, s, events, width)
	for _, h := range hidden(items) {
		t.Errorf("%s (width %d): %s", name, width, h)
	}
	for u := range s.Scenario().Units {
		st := s.Unit(rules.UnitID(u))
		if st.Status != rules.OnMap {
			continue
		}
		for _, it := range items {
			if it.kind == kCounter && it.text == s.Scenario().Units[u].ID && !insideHex(l, st.Hex, it.r) {
				t.Errorf("%s (width %d): counter %s %v leaves hex %s", name, width, it.text, it.r, st.Hex)
			}
		}
	}
	if width > 0 && width < compactBelow {
		for _, m := range unreadableIn(t, lang, s, events, width) {
			t.Errorf("%s (width %d): %s", name, width, m)
		}
	}
}

// specialGames are positions that show one thing each: a strike on a
// stack, an elimination, a pending attack, an entry, Air cover, the
// set-up, a finished game.
func specialGames(t testing.TB) map[string]*rules.Game {
	gs := map[string]*rules.Game{"busy": busyGame(t)}
	g := rules.NewGame(nil, rules.Options{}, 3)
	play(t, g, "historical", "setup-done", "debug place DR-1 1603", "debug place 102 1603", "debug flip DR-1", "debug round us 3H", "debug deck 4C", "air-attack 1603")
	gs["air strike"] = g
	g = busyGame(t)
	play(t, g, "debug round us 5", "debug deck 2S", "fire TD DR-2", "resolve")
	gs["elimination"] = g
	g = busyGame(t)
	play(t, g, "debug round us 5", "fire TD DR-2")
	gs["pending"] = g
	g = busyGame(t)
	play(t, g, "debug round german 3", "enter D 1905")
	gs["entry"] = g
	g = rules.NewGame(nil, rules.Options{}, 3)
	play(t, g, "historical", "setup-done", "debug place DR-1 1603", "debug place DR-2 1703", "debug place 102 1703", "debug round us 5H", "air-cover 1603")
	gs["cover"] = g
	gs["setup"] = rules.NewGame(nil, rules.Options{}, 1)
	gs["over"] = randomGame(t, 5)
	return gs
}

func TestLayoutNothingHiddenSamples(t *testing.T) {
	for name, g := range specialGames(t) {
		for _, w := range []int{0, 550} {
			checkScene(t, name, &g.State, g.LastEvents(), w)
		}
	}
}

// TestLayoutNothingHiddenRandom draws 200 positions of random legal games,
// each with its last events, and checks that nothing covers anything; the
// positions must include attacks, Air/OBA strikes, moves and stacks of
// three.
func TestLayoutNothingHiddenRandom(t *testing.T) {
	var attacks, strikes, moves, threes, n int
	for seed := uint64(1); n < 200; seed++ {
		g := rules.NewGame(nil, rules.Options{}, seed)
		pl := rules.NewRandomPlayer(seed * 7919)
		// Stop at a few points of the game, chosen by the seed.
		stops := map[int]bool{}
		for i := 0; i < 5; i++ {
			stops[int((seed*2654435761+uint64(i)*40503)%350)] = true
		}
		for step := 0; !g.State.Over() && n < 200; step++ {
			a, ok := pl.Choose(&g.State)
			if !ok {
				t.Fatal("no legal action in a game not over")
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
			// Every strike is taken (the random player seldom calls one),
			// and one ground attack in three.
			evs := g.LastEvents()
			strike, fire := false, false
			for _, e := range evs {
				strike = strike || e.Kind == rules.EvAttack && e.Source != rules.SourceGround
				fire = fire || e.Kind == rules.EvAttack
			}
			if !stops[step] && !strike && !(fire && step%3 == 0) {
				continue
			}
			n++
			for _, e := range evs {
				switch {
				case e.Kind == rules.EvAttack && e.Source == rules.SourceGround:
					attacks++
				case e.Kind == rules.EvAttack:
					strikes++
				case e.Kind == rules.EvMove || e.Kind == rules.EvEnter || e.Kind == rules.EvExit:
					moves++
				}
			}
			for h := rules.Hex(0); h < rules.NumHexes; h++ {
				if len(g.State.UnitsAt(h)) == 3 {
					threes++
					break
				}
			}
			w := 0
			if n%2 == 0 {
				w = 550
			}
			checkScene(t, fmt.Sprintf("seed %d step %d", seed, step), &g.State, evs, w)
			if t.Failed() {
				return
			}
		}
	}
	t.Logf("200 positions: %d ground attacks, %d Air/OBA strikes, %d moves, %d with a stack of three", attacks, strikes, moves, threes)
	if attacks == 0 || strikes == 0 || moves == 0 || threes == 0 {
		t.Errorf("the positions miss a case: %d attacks, %d strikes, %d moves, %d stacks of three", attacks, strikes, moves, threes)
	}
}

// The preview is drawn in the compact layout: every unit on the map has a
// chip with its id, every unit in play is listed with its factors, and
// what a player must read is at least 10 pixels high in the picture;
// the full picture keeps its counters' symbols.
func TestPreviewReadable(t *testing.T) {
	g := busyGame(t)
	items, l := scene(t, &g.State, g.LastEvents(), 550)
	if !l.Compact {
		t.Fatal("the 550-pixel map does not use the compact layout")
	}
	chips, factors := 0, map[string]bool{}
	for _, it := range items {
		switch it.kind {
		case kCounter:
			chips++
		case kFactors:
			factors[it.text] = true
		}
	}
	want := 0
	for u := range g.State.Scenario().Units {
		id := rules.UnitID(u)
		switch g.State.Unit(id).Status {
		case rules.OnMap:
			want++
			fallthrough
		case rules.InReserve:
			if f := g.State.Factors(id).String(); !factors[f] {
				t.Errorf("the factors %s of %s are not listed", f, g.State.Scenario().Units[u].ID)
			}
		}
	}
	if chips != want {
		t.Errorf("%d chips on the preview's map, want %d", chips, want)
	}
	for _, m := range unreadable(t, &g.State, g.LastEvents(), 550) {
		t.Error(m)
	}
	card := false
	for _, it := range items {
		card = card || it.kind == kStatus && it.text == "card 7"
	}
	if !card {
		t.Error("the round's card (7D) has no rank in the preview")
	}
	if _, l := scene(t, &g.State, g.LastEvents(), 800); l.Compact {
		t.Error("an 800-pixel map should use the full layout")
	}
}
