package ai

import (
	"context"
	"math/bits"
	"testing"

	"github.com/mortain/mortain/rules"
)

// germansInReach counts the German units on the map that can fire at h
// (range and line of sight, R6.2, R6.3).
func germansInReach(s *rules.State, h rules.Hex) int {
	sc := s.Scenario()
	n := 0
	for m := sc.SideUnits(rules.German); m != 0; m &= m - 1 {
		if gs := s.Unit(rules.UnitID(bits.TrailingZeros32(m))); gs.Status == rules.OnMap && sc.InRange(gs.Hex, h, s.Options().LOS) {
			n++
		}
	}
	return n
}

// TestHardUSPullsACrippledGunOutOfMassedFire checks the hard US's
// principles (rules/ai/internal/principles): in turn 1 the flipped 823
// (one hit from elimination, R6.9) stands alone on Hill 314 in reach of
// the three German units stacked in St-Barthélemy (1701), with more
// coming and the German's round next. The hard US takes the gun out of
// their reach instead of spending the round on Air or OBA at the stack
// in the village, as its old heuristic did (positions from games against
// the expert German's principles).
func TestHardUSPullsACrippledGunOutOfMassedFire(t *testing.T) {
	for _, pos := range []string{
		"turn:1 round:us/QH us:117@1402,119@1204,120@1402,823@1501*,TD@1204 ger:DR-1@1701,DR-2@1701,DF@1801,D@1801,17-StuG@1901,17-37@1901,102@1701 deck:7H,8D,10D,8S,4D,9H,7D,9D,4S,9S,JK,QD,4C,2C,JS,5H,2D,10H,AC,7S,6D,2H,8C,AD,3S,3D,KD,QC,JC,10S,8H,2S,AH,JD,KH,KC,AS,5C,QS,6H,4H,5D,5S,7C/last",
		"turn:1 round:us/9H/5 us:117@1402,119@1204,120@1204,823@1501*,TD@1402 ger:DR-1@1701,DR-2@1701,DF@1801,D@1801,17-StuG@1901,17-37@1901,102@1701 deck:5D,3D,AS,7D,2S,3H,2H,4S,JK,10D,KS,QS,8D,2C,9C,AD,7C,5H,6H,6C,KD,JC,8H,6S,9D,JD,QD,10C,10S,2D,KH,QH,JS,8S,4D,3C,10H,5S,AH,9S,KC,7H,AC,4C/last",
	} {
		s, err := rules.ParsePosition(rules.DefaultScenario(), pos)
		if err != nil {
			t.Fatal(err)
		}
		gun, _ := s.Scenario().UnitByID("823")
		from := s.Unit(gun).Hex
		for seed := uint64(1); seed <= 3; seed++ {
			p, _ := NewWithBudget("hard", seed, Budget{Iterations: 100, Workers: 1})
			c := s
			a, err := p.Choose(context.Background(), &c)
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind != rules.ActMove || a.Unit != gun || germansInReach(&s, a.Hex) >= germansInReach(&s, from) {
				t.Errorf("seed %d, %s: the hard US plays %s; want the flipped 823 moved out of the reach of the %d German units at %s", seed, pos[:24], a.Format(s.Scenario()), germansInReach(&s, from), from)
			}
		}
	}
}
