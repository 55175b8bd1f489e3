package lab

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/arena"
	"github.com/mortain/mortain/rules/ai/internal/principles"
)

// playChecked plays a whole game of us against german from seed with the
// options opts, failing the test on any action the engine does not list
// in State.LegalActions or refuses; it returns the final state.
func playChecked(t *testing.T, us, german ai.Player, opts rules.Options, seed uint64) rules.State {
	t.Helper()
	s := rules.NewState(nil, opts, seed)
	for steps := 0; !s.Over(); steps++ {
		if steps > 5000 {
			t.Fatalf("seed %d: no end after %d actions", seed, steps)
		}
		p := us
		if s.ToAct() == rules.German {
			p = german
		}
		a, err := p.Choose(context.Background(), &s)
		if err != nil {
			t.Fatalf("seed %d: %s to act: %v", seed, s.ToAct().Title(), err)
		}
		if !slices.Contains(s.LegalActions(nil), a) {
			t.Fatalf("seed %d: %s played %s, not a legal action of %s", seed, s.ToAct().Title(), a.Format(s.Scenario()), s.Position())
		}
		if err := s.Apply(a, nil); err != nil {
			t.Fatalf("seed %d: %s played %s: %v", seed, s.ToAct().Title(), a.Format(s.Scenario()), err)
		}
	}
	return s
}

// The experts play only actions of State.LegalActions, over whole games
// against each other, the random and easy levels, under every house rule
// that changes what is legal (R4.7, R5.4, R6.3, R6.6, R6.8), and with a
// set-up imposed on the expert US.
func TestExpertActionsAreLegal(t *testing.T) {
	optSets := [][][2]string{nil, {{"los", "lenient"}, {"attack", "ends-round"}},
		{{"stack-entry", "any-pair"}, {"early-joker", "discard"}}, {{"face-in-combat", "redraw"}}, {{"face-in-combat", "miss"}}}
	for i, set := range optSets {
		var opts rules.Options
		for _, kv := range set {
			if err := opts.Set(kv[0], kv[1]); err != nil {
				t.Fatal(err)
			}
		}
		for g := range 3 {
			seed := uint64(100*i + g)
			random, _ := ai.New("random", seed)
			easy, _ := ai.New("easy", seed)
			playChecked(t, NewExpert(rules.US, seed), NewExpert(rules.German, seed+1), opts, seed)
			playChecked(t, NewExpert(rules.US, seed), random, opts, seed)
			playChecked(t, random, NewExpert(rules.German, seed), opts, seed)
			playChecked(t, easy, NewExpert(rules.German, seed), opts, seed)
			placed := ai.WithSetup(NewExpert(rules.US, seed), ai.RandomUSSetup(nil, seed))
			playChecked(t, placed, easy, opts, seed)
		}
	}
}

// The expert US sets up by its principles (R2.1): Mortain and Hill 314
// held, no unit in column 18 next to the German entry edge, and every
// unit placed once.
func TestExpertUSSetup(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(20) {
		p := NewExpert(rules.US, seed)
		s := rules.NewState(nil, rules.Options{}, seed)
		for s.Phase() == rules.PhaseSetup {
			a, err := p.Choose(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, a.Format(s.Scenario()), err)
			}
		}
		held := map[rules.Hex]int{}
		var placed []string
		for m := s.Scenario().SideUnits(rules.US); m != 0; m &= m - 1 {
			u := rules.UnitID(bits.TrailingZeros32(m))
			us := s.Unit(u)
			if us.Status != rules.OnMap {
				continue
			}
			held[us.Hex]++
			placed = append(placed, fmt.Sprintf("%s@%s", s.Scenario().Units[u].ID, us.Hex))
			if us.Hex.Col() == rules.LastCol-1 {
				t.Errorf("seed %d: %s set up in column 18, next to the German entry edge", seed, s.Scenario().Units[u].ID)
			}
		}
		if held[principles.Mortain] == 0 || held[principles.Hill314] == 0 {
			t.Errorf("seed %d: set-up %v leaves Mortain or Hill 314 empty", seed, placed)
		}
		seen[fmt.Sprint(placed)] = true
	}
	if len(seen) != len(expertSetups) {
		t.Errorf("20 seeds gave %d set-ups, want each of the %d", len(seen), len(expertSetups))
	}
}

// In a small fixed-seed match the expert beats the random level from
// either side.
func TestExpertBeatsRandom(t *testing.T) {
	for _, c := range []struct{ us, german string }{{ExpertLevel, "random"}, {"random", ExpertLevel}} {
		r, err := Sparring(context.Background(), SparringOptions{US: c.us, German: c.german, Games: 20, Seed: 3, Parallel: 2})
		if err != nil {
			t.Fatal(err)
		}
		wins := r.USWins
		if c.us == "random" {
			wins = r.GermanWins
		}
		if wins < 17 {
			t.Errorf("US %s against German %s: the expert won %d of 20, want at least 17", c.us, c.german, wins)
		}
	}
}

// A sparring match plays the arena's games: with the AI levels alone its
// wins are those of arena.RunArena with the same settings.
func TestSparringPlaysTheArenaGames(t *testing.T) {
	spec, err := arena.ParseSetupSpec("random", nil)
	if err != nil {
		t.Fatal(err)
	}
	o := SparringOptions{US: "easy", German: "random", Games: 12, Seed: 5, Parallel: 2, USSetup: spec}
	s, err := Sparring(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	a, err := arena.RunArena(context.Background(), arena.ArenaConfig{US: o.US, German: o.German, Games: o.Games, Seed: o.Seed, Parallel: 2, USSetup: spec})
	if err != nil {
		t.Fatal(err)
	}
	if s.USWins != a.USWins || s.AvgActions != a.AvgActions || s.AvgExits != a.AvgExits {
		t.Errorf("sparring: US %d wins, %.2f actions, %.2f exits; arena: US %d, %.2f, %.2f", s.USWins, s.AvgActions, s.AvgExits, a.USWins, a.AvgActions, a.AvgExits)
	}
	if s.USCounts.Games != o.Games || s.GermanCounts.Games != o.Games {
		t.Errorf("counted %d US and %d German games, want %d each", s.USCounts.Games, s.GermanCounts.Games, o.Games)
	}
	if got := s.GermanCounts.per(s.GermanCounts.Exits); got != a.AvgExits {
		t.Errorf("German exits a game: counted %.3f, arena %.3f", got, a.AvgExits)
	}
}
