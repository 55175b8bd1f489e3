package command

import (
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// withTiger adds move's with: to the move a (R4.6): "move unit:U to:H
// with:T" is the rules' move of U with the Tiger along (rules.MoveWith);
// either option may name the Tiger. The rules check the rest.
func withTiger(sc *rules.Scenario, a rules.Action, o map[string]string) (rules.Action, error) {
	if o["with"] == "" {
		return a, nil
	}
	w, err := parseUnit(sc, o["with"], "with")
	if err != nil {
		return a, err
	}
	if a.Unit == sc.Tiger {
		a.Unit, w = w, a.Unit
	}
	return rules.MoveWith(a.Unit, a.Hex, w), nil
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
