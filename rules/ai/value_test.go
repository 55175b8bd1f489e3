package ai

import (
	"context"
	"math/bits"
	"testing"

	"github.com/mortain/mortain/rules"
)

// playUntilTurn plays easy against easy, from the first seed whose game
// lasts that long, until turn starts.
func playUntilTurn(t *testing.T, turn int) rules.State {
	t.Helper()
	for seed := uint64(1); seed <= 50; seed++ {
		p := newEasy(seed)
		s := rules.NewState(rules.DefaultScenario(), rules.Options{}, seed)
		for !s.Over() && s.Turn() < turn {
			a, err := p.Choose(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
		if !s.Over() {
			return s
		}
	}
	t.Fatalf("no game of seeds 1-50 reached turn %d", turn)
	return rules.State{}
}

// The value model of the German search (R8): a won game is worth 1 to the
// German and a lost one 0; otherwise the chance lies strictly between, and
// a hit on a German unit (R6.9) lowers it.
func TestGermanValueR8(t *testing.T) {
	s := playUntilTurn(t, 3)
	v := germanValue(&s)
	if v <= 0 || v >= 1 {
		t.Fatalf("turn 3: value %v, want strictly between 0 and 1", v)
	}
	sc := s.Scenario()
	hit := false
	for m := sc.SideUnits(rules.German); m != 0 && !hit; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		if us := s.Unit(u); us.Status == rules.OnMap && !us.Flipped {
			flipped := s
			if err := flipped.DebugFlip(u); err != nil {
				t.Fatal(err)
			}
			if w := germanValue(&flipped); w >= v {
				t.Fatalf("flipping %s: value %v, want below %v", sc.Units[u].ID, w, v)
			}
			hit = true
		}
	}
	if !hit {
		t.Fatal("no full-strength German unit on the map at turn 3")
	}
	for g := uint64(0); g < 20; g++ {
		p := newEasy(g)
		s := rules.NewState(rules.DefaultScenario(), rules.Options{}, g)
		for !s.Over() {
			a, _ := p.Choose(context.Background(), &s)
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
		want := 0.0
		if s.Winner() == rules.German {
			want = 1
		}
		if got := germanValue(&s); got != want {
			t.Fatalf("game %d won by %s: value %v, want %v", g, s.Winner().Title(), got, want)
		}
	}
}
