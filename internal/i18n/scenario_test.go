package i18n_test

import (
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// Every unit of the built-in scenario has its name and type in every
// catalog, and every labelled place its name.
func TestTheScenarioIsWordedInEveryLanguage(t *testing.T) {
	sc := rules.DefaultScenario()
	for _, u := range sc.Units {
		for _, l := range i18n.Langs() {
			name, kind := i18n.UnitName(l, u.Name), i18n.UnitType(l, u.Type.String())
			if l == i18n.Japanese && (name == u.Name || kind == u.Type.String()) {
				t.Errorf("%s: %q, %q in Japanese", u.ID, name, kind)
			}
			if l == i18n.English && (name != u.Name || kind != u.Type.String()) {
				t.Errorf("%s: %q, %q in English", u.ID, name, kind)
			}
		}
	}
	for _, lb := range sc.Labels {
		if i18n.Place(i18n.Japanese, lb.Text) == lb.Text {
			t.Errorf("place %q has no Japanese name", lb.Text)
		}
	}
}
