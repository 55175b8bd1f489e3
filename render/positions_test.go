package render

import (
	"testing"

	"github.com/mortain/mortain/rules"
)

// play applies steps (actions and debug edits) to g, failing the test on
// the first error.
func play(t testing.TB, g *rules.Game, steps ...string) {
	t.Helper()
	for _, st := range steps {
		if _, err := g.ApplyText(st); err != nil {
			t.Fatalf("step %q: %v", st, err)
		}
	}
}

// busyGame is a mid-game position with something everywhere: stacks of two
// and three (with the Tiger), flipped units, units in both reserves, both
// eliminated boxes and the exited box filled, Air cover in force, a US
// round in progress with activated and targeted units, and its latest
// activation an attack by two firers that flipped its target.
func busyGame(t testing.TB) *rules.Game {
	g := rules.NewGame(nil, rules.Options{}, 11)
	play(t, g, "historical", "setup-done",
		"debug turn 3",
		// German units around Mortain: a stack of three with the Tiger; D
		// stays in reserve.
		"debug place DR-1 1603", "debug place 102 1603", "debug place 17-StuG 1603",
		"debug place DR-2 1502", "debug place 17-37 1203", "debug flip 17-37",
		// US: the 117th back from St-Barthelemy, CCA entered.
		"debug place 117 1401", "debug place CCA 1302", "debug flip 120",
		// An exit (R5.5) and a kill on each side, played out.
		"debug place 17-38 1102", "debug round german 1", "exit 17-38",
		"debug place CCB 1104", "debug flip CCB", "debug round german 1", "debug deck AS",
		"fire 17-37 CCB",
		"debug place DF 1503", "debug flip DF", "debug round us 1", "debug deck AC",
		"fire TD DF",
		// Air cover on the German stack, then a US round under way: two
		// firers flip DR-2.
		"debug round us 5H", "air-cover 1603",
		"debug round us 7D", "debug deck 3S",
		"fire 823 DR-2", "fire 120 DR-2", "resolve",
	)
	return g
}
