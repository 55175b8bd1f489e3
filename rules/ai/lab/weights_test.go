package lab

import (
	"context"
	"slices"
	"testing"
)

// The hard German's heuristic weights play the German side better than the
// easy level's from every kind of US set-up (R2.1): over the suite's 32
// set-ups, 100 games each against the easy US, they win at least 15 points
// more on average and at least 10 more on their worst set-up (measured
// with 2,000 games a set-up, mortain-lab german-suite: 41% against 13% on
// average, 35% against 4% at worst).
func TestHardGermanWeightsBeatEasy(t *testing.T) {
	suite := tuningSetups()[:32]
	hard := suiteRates(context.Background(), &hardGerman, suite, 100, 33)
	easy := suiteRates(context.Background(), &easyGerman, suite, 100, 33)
	mean := func(r []float64) float64 {
		s := 0.0
		for _, x := range r {
			s += x
		}
		return s / float64(len(r))
	}
	if mean(hard) < mean(easy)+0.15 || slices.Min(hard) < slices.Min(easy)+0.10 {
		t.Fatalf("German win rates against the easy US over the set-up suite: hard weights mean %.3f worst %.3f, easy weights mean %.3f worst %.3f; want 15 and 10 points more",
			mean(hard), slices.Min(hard), mean(easy), slices.Min(easy))
	}
}

// The hard German's weights value hits highly, and a German that fires
// too readily shoots at wandering US units and runs out of time to exit:
// played by the heuristic alone they must still beat a random US in at
// least 95% of 4,000 games, the floor (measured: 96.25%).
func TestHardGermanWeightsBeatRandom(t *testing.T) {
	if got := randomMatch(context.Background(), &hardGerman, 4000, 35); got < 0.95 {
		t.Fatalf("German win rate of the hard weights against a random US: %.3f, want at least 0.95", got)
	}
}
