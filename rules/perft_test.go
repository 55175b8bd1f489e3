package rules

import "testing"

// perft counts the legal action sequences of length depth from s, as chess
// engines do, to pin the move generator: any change in what is legal
// changes the counts. Card draws are part of the state (the deck order is
// fixed), so the count is deterministic.
func perft(s *State, depth int) int {
	if depth == 0 || s.Over() {
		return 1
	}
	n := 0
	for _, a := range s.LegalActions(nil) {
		c := *s
		if err := c.Apply(a, nil); err != nil {
			panic(a.Format(s.sc) + ": " + err.Error())
		}
		n += perft(&c, depth-1)
	}
	return n
}

func TestPerft(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		want      []int // depth 1, 2, 3
	}{
		{"German round, Tiger stack in reach of the US",
			"round:german/3 ger:DR-1@1803,102@1803,DF@1604 us:117@1703,120@1501,823@1501,TD@1402 res:CCA deck:7C,QS,5H,JK",
			// Depth 1 by hand: moves DR-1 5, the same with the Tiger
			// along (R4.6) 5, Tiger 5, DF 6; fire on 117 by DR-1, Tiger
			// and DF 3; five reserve units onto five hexes of column 19,
			// 25; pass 1: 50.
			[]int{50, 2000, 66932}},
		{"US face-card round, Air allowed, reserves open",
			"turn:2 round:us/JH us:117@1701,120@1501,823@1501,TD@1402,119@1101 ger:DR-1@1603,102@1603,DF@1702 deck:3C,KH,8S",
			// Depth 1 by hand: moves 117 2, 120 3, 823 3, TD 6, 119 2;
			// fire 117 on DF, 120 and 823 from the hill on DF, DR-1 and
			// the Tiger, TD on DR-1 and the Tiger: 9; CCA/CCB/CCR onto
			// column 11, 15; Air cover and strikes on 1603 (4) and 1702
			// (3); pass 1: 48. (Deeper, German rounds add DR-1's moves
			// with the Tiger along, R4.6.)
			[]int{48, 1884, 76805}},
	} {
		s := pos(t, c.pos)
		var got []int
		for d := 1; d <= 3; d++ {
			got = append(got, perft(&s, d))
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s depth %d: %d sequences, want %d", c.name, i+1, got[i], c.want[i])
			}
		}
	}
}
