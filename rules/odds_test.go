package rules

import (
	"math"
	"testing"
)

// R6.8: a number card at most N hits, the Joker does not, a face card is
// drawn again (or, under opt:face-in-combat=miss, misses). The chance is
// reckoned from the cards drawn this turn, which everyone has seen.
func TestR6_8_HitChance(t *testing.T) {
	g := NewGame(nil, Options{}, 3)
	for _, a := range []Action{Historical(), SetupDone()} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	s := &g.State
	left := map[int]int{}
	for v := 1; v <= 10; v++ {
		left[v] = 4
	}
	jokers, faces := 1, 12
	for _, c := range s.Drawn() {
		switch {
		case c.IsJoker():
			jokers = 0
		case c.IsFace():
			faces--
		default:
			left[c.Value()]--
		}
	}
	numbers := 0
	for v := 1; v <= 10; v++ {
		numbers += left[v]
	}
	hits := 0
	for n := 1; n <= 12; n++ {
		if n <= 10 {
			hits += left[n]
		}
		want := float64(hits) / float64(numbers+jokers)
		if got := s.HitChance(n); math.Abs(got-want) > 1e-9 {
			t.Errorf("N %d: %.4f, want %.4f", n, got, want)
		}
	}
	if s.HitChance(0) != 0 || s.HitChance(-2) != 0 {
		t.Error("N under 1 can hit")
	}
	miss := *s
	miss.options.FaceInCombat = FaceMiss
	if got, want := miss.HitChance(10), float64(numbers)/float64(numbers+jokers+faces); math.Abs(got-want) > 1e-9 {
		t.Errorf("face cards as misses: %.4f, want %.4f", got, want)
	}
}
