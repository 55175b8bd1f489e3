package rules

import (
	"errors"
	"reflect"
	"testing"
)

// R2.1: Game.Place moves a unit already placed in the set-up, rebuilding
// the set-up as if it had been placed there at once; an illegal placement
// is refused naming the rule and changes nothing, and a set-up with a
// debug step is not rebuilt.
func TestR2_1_GamePlaceMovesAPlacedUnit(t *testing.T) {
	g := NewGame(nil, Options{}, 5)
	u117, u120 := uid(t, "117"), uid(t, "120")
	for _, p := range []struct {
		u UnitID
		h string
	}{{u117, "1501"}, {u120, "1601"}, {u117, "1502"}} {
		if _, err := g.Place(p.u, hex(t, p.h)); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"place 120 1601", "place 117 1502"}; !reflect.DeepEqual(g.History, want) {
		t.Errorf("history %q, want %q", g.History, want)
	}
	if g.State.Unit(u117).Hex != hex(t, "1502") || g.State.Unit(u120).Hex != hex(t, "1601") {
		t.Errorf("117 at %s, 120 at %s", g.State.Unit(u117).Hex, g.State.Unit(u120).Hex)
	}
	once, err := Replay(DefaultScenario(), Options{}, 5, []string{"place 120 1601", "place 117 1502"})
	must(t, err)
	if once.State != g.State || !reflect.DeepEqual(once.Log, g.Log) {
		t.Error("the rebuilt set-up differs from placing the units there at once")
	}

	refused := func(err error, rule string) {
		t.Helper()
		var re *RuleError
		if !errors.As(err, &re) || re.Rule != rule {
			t.Fatalf("%v, want a refusal under %s", err, rule)
		}
		checkWorded(t, re)
	}
	before := g.Clone()
	_, err = g.Place(u117, hex(t, "1901"))
	refused(err, "R2.1") // column 19
	if !reflect.DeepEqual(g, before) {
		t.Error("a refused placement changed the game")
	}

	// The historical preset, then a move: the others keep their hexes.
	g = NewGame(nil, Options{}, 5)
	if _, err := g.ApplyText("historical"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Place(u117, hex(t, "1302")); err != nil {
		t.Fatal(err)
	}
	for u, d := range g.State.Scenario().Units {
		if want := d.Historical; d.Side == US && !d.Reserve && UnitID(u) != u117 && g.State.Unit(UnitID(u)).Hex != want {
			t.Errorf("%s at %s, want %s", d.ID, g.State.Unit(UnitID(u)).Hex, want)
		}
	}

	// After a debug step the set-up is not rebuilt (R2.1).
	g = NewGame(nil, Options{}, 5)
	must(t, g.Debug("debug place DR-1 1903"))
	if _, err := g.Place(u117, hex(t, "1501")); err != nil {
		t.Fatal(err)
	}
	_, err = g.Place(u117, hex(t, "1502"))
	refused(err, "R2.1")
}

// R9.2: LastAction reads the last step of the history as an action, and
// none for a debug step.
func TestLastActionOfTheHistory(t *testing.T) {
	g := NewGame(nil, Options{}, 5)
	if _, ok := g.LastAction(); ok {
		t.Error("an action before any step")
	}
	for _, step := range []string{"historical", "setup-done", "debug place DR-1 1803", "debug round us 3H", "air-attack 1803"} {
		_, err := g.ApplyText(step)
		must(t, err)
	}
	a, ok := g.LastAction()
	if !ok || a.Kind != ActAirAttack || a.Hex != hex(t, "1803") || a.Target != NoUnit {
		t.Errorf("last action %+v, %v", a, ok)
	}
	must(t, g.Debug("debug position"))
	if a, ok := g.LastAction(); ok {
		t.Errorf("a debug step read as %+v", a)
	}
}
