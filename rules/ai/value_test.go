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

// The hard German's heuristic weights play the German side better than the
// easy level's against the easy US: about as well when the US sets up
// historically (these 1,000 games: 65.9% against 66.3%; they may not
// fall 3 points behind), and far better when it sets up across the
// German's way as in the set-ups TestSearchUSSetup found
// (TestTuneGermanWeightsRobust): over 500 games each, at least 15 points
// more (measured: 33.2% against 6.0%).
func TestHardGermanWeightsBeatEasy(t *testing.T) {
	pool := setupPool()
	hard := 1 - setupMatch(pool[0], &hardGerman, 1000, 33)
	easy := 1 - setupMatch(pool[0], &easyGerman, 1000, 33)
	if hard < easy-0.03 {
		t.Errorf("German win rate against the easy US set up historically: hard weights %.3f, easy weights %.3f; want at most 3 points less", hard, easy)
	}
	hard, easy = 0, 0
	for _, m := range pool[1:] {
		hard += (1 - setupMatch(m, &hardGerman, 500, 33)) / float64(len(pool)-1)
		easy += (1 - setupMatch(m, &easyGerman, 500, 33)) / float64(len(pool)-1)
	}
	if hard < easy+0.15 {
		t.Errorf("German win rate against the easy US in the searched set-ups: hard weights %.3f, easy weights %.3f; want at least 15 points more", hard, easy)
	}
}

// The hard German's weights value hits highly, and a German that fires
// too readily shoots at wandering US units and runs out of time to exit:
// played by the heuristic alone they must still beat a random US in at
// least 95% of 1,000 games, the floor (measured: 95.6% of these
// games, 96.1% of 4,000). The margin is thin: the weight searches kept
// only weights that won 96.5% of 1,500 other games.
func TestHardGermanWeightsBeatRandom(t *testing.T) {
	if got := randomMatch(&hardGerman, 1000, 35); got < 0.95 {
		t.Fatalf("German win rate of the hard weights against a random US: %.3f, want at least 0.95", got)
	}
}
