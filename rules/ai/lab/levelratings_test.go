package lab

import (
	"context"
	"io"
	"math"
	"testing"

	"github.com/mortain/mortain/rules/ai"
)

func TestTheFitRecoversKnownStrengths(t *testing.T) {
	// Three levels 800, 1300, 1600 on both sides, without side advantage:
	// results drawn from the model's own expectations.
	want := []float64{800, 1300, 1600}
	var ps []pairing
	for i := range want {
		for j := range want {
			e := 1 / (1 + math.Pow(10, -(want[i]-want[j])/400))
			ps = append(ps, pairing{i, j, int(math.Round(e * 1000)), 1000})
		}
	}
	r := fitLevels(3, ps, 0)
	for i, w := range want {
		if math.Abs(r[i]-w) > 25 || math.Abs(r[3+i]-w) > 25 {
			t.Errorf("level %d: %.0f as US, %.0f as German, want %.0f", i, r[i], r[3+i], w)
		}
	}
}

func TestRateLevelsPlaysEveryPairing(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	o := LevelRatingsOptions{Games: 2, Seed: 3, Budget: ai.Budget{Iterations: 30}, Parallel: 2}
	got, err := RateLevels(context.Background(), io.Discard, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 6 || got[0].Level != "random" || math.Abs((got[0].Rating+got[1].Rating)/2-LevelAnchor) > 0.5 {
		t.Errorf("ratings %+v", got)
	}
}

func TestTheFitStaysFiniteWhereALevelWinsEveryGame(t *testing.T) {
	// The recorded matches of docs/ratings.md: random, easy, hard; the
	// US level's wins of 20 against each German level.
	wins := [3][3]int{{20, 0, 2}, {20, 17, 4}, {20, 19, 11}}
	var ps []pairing
	for i := range wins {
		for j := range wins[i] {
			ps = append(ps, pairing{i, j, wins[i][j], 20})
		}
	}
	r := fitLevels(3, ps, -56)
	for i, x := range r {
		if math.IsNaN(x) || math.Abs(x) > 5000 {
			t.Fatalf("rating %d is %.0f: %v", i, x, r)
		}
	}
	if !(r[0] < r[1] && r[1] < r[2]) || !(r[3] < r[4] && r[4] < r[5]) {
		t.Errorf("the levels are not in order of strength on each side: %v", r)
	}
}
