package lab

import "github.com/mortain/mortain/rules/ai"

// The US expert: it holds Mortain (the city, +2), Hill 314 (a hill,
// range 3) and Romagny (the village on the south road) with covering
// fire; never sets up a unit in column 18, next to the German entry
// edge; keeps out of the open where two German units can fire; fires
// before it passes; brings the combat commands in on the west edge from
// turn 2 (R5.3) and moves where its fire or its body lengthens the
// German's roads to the exits most; and strikes German stacks with Air
// or OBA when the hits expected are worth more than the round's points
// (R7).

// expertSetups are the US expert's set-ups (R2.1), one picked by its
// seed: Mortain held by two units, Hill 314 by one, and the village of
// Romagny, which covers the south road to the west edge (1103-1105,
// 1205-1405), by two; none within reach of the German entry edge.
var expertSetups = []ai.USSetup{
	mustSetup("TD@1402 117@1402 823@1501 120@1204 119@1204"),
	mustSetup("TD@1204 117@1402 823@1501 120@1402 119@1204"),
}

// mustSetup reads a set-up of the default scenario.
func mustSetup(spec string) ai.USSetup {
	u, err := ai.ParseUSSetup(spec, nil)
	if err != nil {
		panic(err)
	}
	return u
}
