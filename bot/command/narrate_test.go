package command

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// Every narrated line comes from the catalog: under the pseudo-locale each
// carries its marks, and in Japanese none is left in English.
func TestTheNarrationOfWholeGamesComesFromTheCatalog(t *testing.T) {
	kinds := map[rules.EventKind]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		g := rules.NewGame(nil, rules.Options{}, seed)
		p := rules.NewRandomPlayer(seed)
		var evs []rules.Event
		for n := 0; n < 400 && !g.State.Over(); n++ {
			a, ok := p.Choose(&g.State)
			if !ok {
				break
			}
			got, err := g.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			evs = append(evs, got...)
		}
		sc := g.State.Scenario()
		for _, line := range narrateAll(sc, evs, i18n.Pseudo) {
			if !strings.Contains(line, "⟦") {
				t.Errorf("seed %d: %q bypasses the catalog", seed, line)
			}
		}
		for _, e := range evs {
			kinds[e.Kind] = true
			en, ja := NarrateIn(sc, e, i18n.English), NarrateIn(sc, e, i18n.Japanese)
			if en != "" && (ja == en || strings.Contains(ja, " moves ") || strings.Contains(ja, " fires ") || strings.Contains(ja, " round")) {
				t.Errorf("seed %d: %v in Japanese is %q (English %q)", seed, e.Kind, ja, en)
			}
		}
	}
	if len(kinds) < 12 {
		t.Errorf("only %d kinds of events in 20 games", len(kinds))
	}
}
