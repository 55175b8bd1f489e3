// Package principles scores the legal actions of a position by the
// principles a wargamer plays by (issue 50): concentrated fire on the
// target worth most for the chance to hit (R6.4, R6.8), no shot of 40%
// or better passed up, out of the open where two enemy units can fire;
// the German walks the cheapest road round the US fire to the west edge
// and exits (R5.5, R8.1), the Tiger with a tank (R5.4, R4.6); the US
// holds Mortain, Hill 314 and Romagny, fires before it moves, blocks the
// roads to the exits and strikes stacks with Air and OBA (R7). Nothing
// is searched. The lab's scripted experts (rules/ai/lab) play these
// scores; the hard US of rules/ai plays them unless its search finds
// better. It reads rules/ai through hooks (N of an attack, the exits
// lost), which rules/ai sets when it is initialised.
package principles

import "github.com/mortain/mortain/rules"

// Scores scores the legal actions of a round (or of a pending attack)
// for the side to act in s: the higher the better, passing 0.
func Scores(s *rules.State, legal []rules.Action) []float64 {
	x := newSituation(s)
	if s.ToAct() == rules.US {
		return x.usScores(legal)
	}
	return x.germanScores(legal)
}

// Mortain, Hill314 and Romagny are the key hexes the US holds in the
// default scenario: the city (+2, R6.8), the hill (range 3, R6.2) and the
// village on the south road to the west edge.
var (
	Mortain = mortain
	Hill314 = hill314
	Romagny = romagny
)
