package command

import (
	"fmt"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// moveWithTiger plays "move unit:U to:H with:T": the Tiger moves with a
// unit stacked with it, for free (R4.6). Either option may name the Tiger;
// the other unit is activated (and pays), then the Tiger follows. Both
// moves are checked first: if either is illegal, nothing is played.
func moveWithTiger(g *rules.Game, o map[string]string) ([]rules.Event, error) {
	sc := g.State.Scenario()
	u, err := parseUnit(sc, o["unit"], "unit")
	if err != nil {
		return nil, err
	}
	w, err := parseUnit(sc, o["with"], "with")
	if err != nil {
		return nil, err
	}
	to, err := parseHex(o["to"], "to")
	if err != nil {
		return nil, err
	}
	tiger := sc.Tiger
	if tiger == rules.NoUnit || u != tiger && w != tiger || u == w {
		name := "no unit"
		if tiger != rules.NoUnit {
			name = sc.Unit(tiger).ID
		}
		return nil, refuse("with: names the Tiger (%s), which moves free with a unit stacked with it (R4.6); %s and %s are not such a pair.", name, sc.Unit(u).ID, sc.Unit(w).ID)
	}
	partner := u
	if u == tiger {
		partner = w
	}
	if g.State.Unit(partner).Hex != g.State.Unit(tiger).Hex || g.State.Unit(tiger).Status != rules.OnMap {
		return nil, refuse("R4.6: the Tiger moves free only with a unit stacked with it, and %s is not in the Tiger's hex.", sc.Unit(partner).ID)
	}
	first, second := rules.Move(partner, to), rules.Move(tiger, to)
	trial := g.State
	var log []rules.Event
	if err := trial.Apply(first, &log); err != nil {
		return nil, err
	}
	if err := trial.Check(second); err != nil {
		return nil, fmt.Errorf("%w (after %s moves, the Tiger could not follow: nothing was played)", err, sc.Unit(partner).ID)
	}
	evs, err := g.Apply(first)
	if err != nil {
		return nil, err
	}
	more, err := g.Apply(second)
	return append(evs, more...), err
}

// resolvedAlready explains a resolve with no attack pending when the last
// step's attack resolved by itself, the last possible firer having joined
// it (R6.6); "" otherwise.
func resolvedAlready(g *rules.Game) string {
	if _, _, ok := g.State.PendingAttack(); ok || g.State.Phase() == rules.PhaseFaceChoice {
		return ""
	}
	evs := g.LastEvents()
	sc := g.State.Scenario()
	for i, e := range evs {
		if e.Kind != rules.EvFire || !resolvesNext(evs[i+1:]) {
			continue
		}
		for _, a := range evs[i+1:] {
			if a.Kind == rules.EvAttack {
				return "There is no attack to resolve (R6.6): when " + sc.Unit(e.Unit).ID + " joined, no other unit could, so the attack resolved by itself: " + narrator{sc: sc, lang: i18n.English}.attack(a) + "."
			}
		}
	}
	return ""
}
