package command

import (
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// tigerAlong reads a move that names the Tiger as unit: and the unit it
// stacks with as with: as that unit's move with the Tiger along (R4.6),
// the one action the rules know.
func tigerAlong(sc *rules.Scenario, a rules.Action) rules.Action {
	if a.Kind == rules.ActMove && a.With != rules.NoUnit && a.Unit == sc.Tiger {
		a.Unit, a.With = a.With, a.Unit
	}
	return a
}

// resolvedAlready refuses a resolve with no attack pending when the last
// step's attack resolved by itself, the last possible firer having joined
// it (R6.6), explaining it; nil otherwise.
func resolvedAlready(g *rules.Game) error {
	if _, _, ok := g.State.PendingAttack(); ok || g.State.Phase() == rules.PhaseFaceChoice {
		return nil
	}
	evs := g.LastEvents()
	sc := g.State.Scenario()
	for i, e := range evs {
		if e.Kind != rules.EvFire || !resolvesNext(evs[i+1:]) {
			continue
		}
		for _, a := range evs[i+1:] {
			if a.Kind == rules.EvAttack {
				return refuseT("reply.resolved-already", map[string]any{"Unit": sc.Unit(e.Unit).ID,
					"Attack": phrase(func(l i18n.Lang) string { return narrator{sc: sc, lang: l}.attack(a) })})
			}
		}
	}
	return nil
}
