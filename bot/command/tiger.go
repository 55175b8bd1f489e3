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
		d := map[string]any{"Unit": sc.Unit(u).ID, "With": sc.Unit(w).ID}
		if tiger == rules.NoUnit {
			return nil, refuseT("reply.tiger.none", d)
		}
		d["Tiger"] = sc.Unit(tiger).ID
		return nil, refuseT("reply.tiger.pair", d)
	}
	partner := u
	if u == tiger {
		partner = w
	}
	if g.State.Unit(partner).Hex != g.State.Unit(tiger).Hex || g.State.Unit(tiger).Status != rules.OnMap {
		return nil, refuseT("reply.tiger.not-stacked", map[string]any{"Unit": sc.Unit(partner).ID})
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

// tigerFree reports whether a is the Tiger's free activation: the move,
// exit or fire that follows a German unit stacked with it at no cost
// (R4.6). The engine decides: a is played on a copy of st, and the event
// it makes says whether it was free.
func tigerFree(st *rules.State, a rules.Action) bool {
	tiger := st.Scenario().Tiger
	if tiger == rules.NoUnit || a.Unit != tiger {
		return false
	}
	switch a.Kind {
	case rules.ActMove, rules.ActExit, rules.ActFire:
	default:
		return false
	}
	trial := *st
	var log []rules.Event
	if trial.Apply(a, &log) != nil {
		return false
	}
	for _, e := range log {
		if e.Unit == tiger && (e.Kind == rules.EvMove || e.Kind == rules.EvExit || e.Kind == rules.EvFire) {
			return e.Free
		}
	}
	return false
}
