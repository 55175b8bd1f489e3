package store

import (
	"testing"

	"github.com/mortain/mortain/store/record"
)

// TestARatingIsProvisionalAboveADeviationOf110: a rated player leaves
// the provisional ratings (and joins the leaderboard) once their
// deviation is 110 or less (docs/ratings.md).
func TestARatingIsProvisionalAboveADeviationOf110(t *testing.T) {
	for _, tc := range []struct {
		games int
		rd    float64
		want  bool
	}{
		{0, 50, true},
		{5, 110.5, true},
		{5, 110, false},
		{5, 80, false},
	} {
		p := record.PlayerStats{RatedGames: tc.games, RatingRD: tc.rd}
		if got := p.Provisional(); got != tc.want {
			t.Errorf("%d games, RD %v: provisional %v, want %v", tc.games, tc.rd, got, tc.want)
		}
	}
}
