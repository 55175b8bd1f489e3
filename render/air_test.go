package render

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// airLine is what the Air/OBA line of the status panel drawn for s at
// width in lang says: the longest of the catalog's Air/OBA texts a status
// line starts with.
func airLine(t *testing.T, s *rules.State, width int, lang i18n.Lang) string {
	t.Helper()
	items, _ := sceneIn(t, lang, s, nil, width)
	want := map[string]bool{}
	for _, ids := range [][len(airIDs)]string{airIDs, airShortIDs} {
		for _, id := range ids {
			want[i18n.T(lang, id, nil)] = true
		}
	}
	best := ""
	for _, it := range items {
		if it.kind != kStatus {
			continue
		}
		for text := range want {
			if strings.HasPrefix(it.text, text) && len(text) > len(best) {
				best = text
			}
		}
	}
	if best == "" {
		t.Fatalf("no Air/OBA line in the status panel")
	}
	return best
}

// R7.1: the map's header says what is legal now, as the engine has it: a
// red 3 allows Air before any activation, not after one (the engine then
// refuses it); a round with no red card allows neither; with no German
// unit on the map there is nothing to strike (R7.2).
func TestR7_1TheHeaderSaysWhatIsLegalNow(t *testing.T) {
	at := func(steps ...string) *rules.State {
		g := rules.NewGame(nil, rules.Options{}, 3)
		play(t, g, append([]string{"historical", "setup-done"}, steps...)...)
		return &g.State
	}
	for _, c := range []struct {
		name  string
		s     *rules.State
		full  string // the catalog ids, full map and compact map
		short string
		legal bool // whether the engine accepts an Air strike on 1603
	}{
		{"red 3, nothing activated", at("debug place DR-1 1603", "debug round us 3H"), "map.air.allows-air", "map.air.short-air", true},
		{"red 3, a unit activated", at("debug place DR-1 1603", "debug round us 3H", "move 117 1702"), "map.air.after-activation", "map.air.short-after-activation", false},
		{"a US round of points with no card", at("debug place DR-1 1603", "debug round us 3"), "map.air.not-this-card", "map.air.short-not-this-card", false},
		{"no German on the map", at("debug round us 3H"), "map.air.no-target", "map.air.short-no-target", false},
		{"a German round", at("debug place DR-1 1603", "debug round german 3S"), "map.air.later", "map.air.short-later", false},
	} {
		legal := c.s.Check(rules.AirAttack(hexAt(t, "1603"), rules.NoUnit)) == nil
		if legal != c.legal {
			t.Fatalf("%s: the engine accepts Air: %v, want %v", c.name, legal, c.legal)
		}
		for _, lang := range i18n.Langs() {
			if got, want := airLine(t, c.s, 0, lang), i18n.T(lang, c.full, nil); got != want {
				t.Errorf("%s (%s): the header says %q, want %q", c.name, lang, got, want)
			}
			if got, want := airLine(t, c.s, 550, lang), i18n.T(lang, c.short, nil); got != want {
				t.Errorf("%s (%s, 550 px): the header says %q, want %q", c.name, lang, got, want)
			}
		}
	}
}
