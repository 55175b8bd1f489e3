package command

import (
	"testing"

	"github.com/mortain/mortain/rules"
)

// Every legal action, written as its command by the table's forms
// (commandFor, as moves and the picker write it), is read back by the
// same forms (buildAction, as the command plays it) into that action, and
// its text parses; over the positions of random games, set-up included.
func TestActionFormsRoundTrip(t *testing.T) {
	seen := map[rules.ActionKind]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		g := rules.NewGame(nil, rules.Options{}, seed)
		p := rules.NewRandomPlayer(seed)
		for step := 0; step < 400 && !g.State.Over(); step++ {
			sc := g.State.Scenario()
			for _, a := range g.State.LegalActions(nil) {
				name, opts := commandFor(sc, a)
				back, err := buildAction(sc, name, opts)
				if err != nil || back.Canonical() != a.Canonical() {
					t.Fatalf("%v: written %s %v, read back %v (%v)", a, name, opts, back, err)
				}
				if n, o, err := Parse(commandText(name, opts)); err != nil || n != name || len(o) != len(opts) {
					t.Fatalf("%v: %q parses to %s %v (%v)", a, commandText(name, opts), n, o, err)
				}
				seen[a.Kind] = true
			}
			a, ok := p.Choose(&g.State)
			if !ok {
				break
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []rules.ActionKind{rules.ActPlace, rules.ActHistorical, rules.ActSetupDone, rules.ActMove, rules.ActEnter, rules.ActFire, rules.ActResolve, rules.ActPass} {
		if !seen[k] {
			t.Errorf("no legal %v met", k)
		}
	}
}

// Each kind of action has one command, and only the commands that play
// for a side have forms; every button verb runs a command of the table.
func TestTheTableIsConsistent(t *testing.T) {
	for k := rules.ActPlace; k <= rules.ActPass; k++ {
		n := 0
		for _, c := range table {
			for _, f := range c.forms {
				if f.kind == k {
					n++
				}
			}
		}
		if n != 1 {
			t.Errorf("%v is made by %d forms, want 1", k, n)
		}
	}
	verbs := map[string]string{}
	for _, c := range table {
		if len(c.forms) > 0 && !c.Acts {
			t.Errorf("%s has forms but does not act for a side", c.Name)
		}
		for v := range c.Buttons {
			if other, dup := verbs[v]; dup {
				t.Errorf("button %s runs both %s and %s", v, other, c.Name)
			}
			verbs[v] = c.Name
			if !KnownButtonVerb(v) || ButtonCommand(buttonPrefix+v+"/g/1") == "" {
				t.Errorf("button %s of %s is not known", v, c.Name)
			}
		}
	}
}

// The air command's options choose its kind: mode:cover refuses a unit
// (R7.5 covers a hex), mode:attack strikes one unit of the stack (R7.4).
func TestAirFormsChooseTheKind(t *testing.T) {
	sc := rules.NewGame(nil, rules.Options{}, 1).State.Scenario()
	if _, err := buildAction(sc, "air", map[string]string{"mode": "cover", "hex": "1803", "unit": "DR-1"}); err == nil {
		t.Errorf("air mode:cover with a unit was read")
	}
	a, err := buildAction(sc, "air", map[string]string{"mode": "attack", "hex": "1803", "unit": "DR-1"})
	if err != nil || a.Kind != rules.ActAirAttack || a.Target == rules.NoUnit {
		t.Errorf("air mode:attack unit:DR-1 read as %v (%v)", a, err)
	}
	if a, err := buildAction(sc, "air", map[string]string{"mode": "COVER", "hex": "1803"}); err != nil || a.Kind != rules.ActAirCover {
		t.Errorf("air mode:COVER read as %v (%v)", a, err)
	}
}
