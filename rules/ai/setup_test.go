package ai

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules"
)

// placeThrough plays u's placements and the end of the set-up through the
// engine on a new game, failing on any refusal.
func placeThrough(t *testing.T, u USSetup) rules.State {
	t.Helper()
	s := rules.NewState(nil, rules.Options{}, 1)
	acts, ok := u.actions(s.Scenario())
	if !ok {
		t.Fatalf("%s: a unit is not in the scenario", u)
	}
	for _, a := range acts {
		if err := s.Apply(a, nil); err != nil {
			t.Fatalf("%s: the engine refused %s: %v", u, a.Format(s.Scenario()), err)
		}
	}
	if err := s.Apply(rules.SetupDone(), nil); err != nil {
		t.Fatalf("%s: the engine refused the end of the set-up: %v", u, err)
	}
	return s
}

// onMap is the US set-up of s, in unit order.
func onMap(s *rules.State) string {
	var parts []string
	for u, d := range s.Scenario().Units {
		if us := s.Unit(rules.UnitID(u)); d.Side == rules.US && us.Status == rules.OnMap {
			parts = append(parts, d.ID+"@"+us.Hex.String())
		}
	}
	return strings.Join(parts, " ")
}

// ParseUSSetup reads UNIT@HEX placements and refuses, naming the unit, hex
// and rule, what R2.1 and R3.1 forbid.
func TestParseUSSetup(t *testing.T) {
	u, err := ParseUSSetup("117@1401, 119@1804 120@1202\t823@1405 td@1503", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := u.String(), "117@1401 119@1804 120@1202 823@1405 TD@1503"; got != want {
		t.Fatalf("parsed %q, want %q", got, want)
	}
	if got := HistoricalUSSetup(nil).String(); got != "117@1701 119@1101 120@1501 823@1501 TD@1402" {
		t.Fatalf("historical set-up %q", got)
	}
	for _, c := range []struct{ spec, want string }{
		{"117@1901 119@1804 120@1202 823@1405 TD@1503", "117@1901 refused: R2.1"},          // column 19
		{"117@1501 119@1501 120@1501 823@1405 TD@1503", "120@1501 refused: R3.1"},          // three in a hex
		{"117@1501 119@1502 120@1503 823@1405", "TD not placed (R2.1"},                     // one missing
		{"117@1501 117@1502 119@1502 120@1503 823@1405 TD@1401", "117 is placed twice"},    // twice
		{"117@1501 119@1502 120@1503 823@1405 TD@1401 CCA@1402", "CCA@1402 refused: R2.2"}, // reserve
		{"117@1501 119@1502 120@1503 823@1405 TD@1401 DR-1@1402", "DR-1@1402 refused: R2.3"},
		{"118@1501", `no unit "118"`},
		{"117@2001", `hex "2001" is off the map`},
		{"117-1501", "want UNIT@HEX"},
		{"", "not placed"},
	} {
		_, err := ParseUSSetup(c.spec, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseUSSetup(%q): error %v, want one containing %q", c.spec, err, c.want)
		}
	}
}

// 1,000 random set-ups are all accepted by the engine (R2.1, R3.1), the
// same seed gives the same set-up, and they vary.
func TestRandomUSSetupLegal(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(0); seed < 1000; seed++ {
		u := RandomUSSetup(nil, seed)
		if err := u.Check(nil); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		s := placeThrough(t, u)
		if got := onMap(&s); got != u.String() {
			t.Fatalf("seed %d: on the map %q, want %q", seed, got, u)
		}
		if RandomUSSetup(nil, seed).String() != u.String() {
			t.Fatalf("seed %d: two different set-ups", seed)
		}
		seen[u.String()] = true
	}
	if len(seen) < 990 {
		t.Fatalf("%d distinct set-ups of 1,000", len(seen))
	}
}

// The suite loads, holds at least 30 legal set-ups with distinct names, the
// historical one and the four searched ones first.
func TestSetupSuite(t *testing.T) {
	suite, err := SetupSuite()
	if err != nil {
		t.Fatal(err)
	}
	if len(suite) < 30 {
		t.Fatalf("%d set-ups in the suite, want at least 30", len(suite))
	}
	if suite[0].Name != "historical" || suite[0].Setup.String() != HistoricalUSSetup(nil).String() {
		t.Fatalf("first set-up %s %s, want the historical one", suite[0].Name, suite[0].Setup)
	}
	distinct := map[string]bool{}
	for _, e := range suite {
		if e.Origin == "" {
			t.Errorf("%s: no origin", e.Name)
		}
		placeThrough(t, e.Setup)
		distinct[e.Setup.String()] = true
	}
	if len(distinct) != len(suite) {
		t.Errorf("%d distinct set-ups among %d", len(distinct), len(suite))
	}
}

// levelSetups are the set-ups the level's US chooses from.
func levelSetups(level string) []SuiteSetup {
	if level == "hard" {
		return hardSetups()
	}
	return aiSetups()
}

// The easy US sets up as one of aiSetups and the hard as one of
// hardSetups, through the engine's Place actions, the same for a seed and
// varied over seeds; the internal players keep the historical preset.
func TestAIChoosesUSSetup(t *testing.T) {
	for _, level := range []string{"easy", "hard"} {
		strong := map[string]bool{}
		for _, e := range levelSetups(level) {
			strong[e.Setup.String()] = true
		}
		if len(strong) < 2 {
			t.Fatalf("%s: %d set-ups to choose from", level, len(strong))
		}
		seen := map[string]bool{}
		for seed := uint64(0); seed < 40; seed++ {
			got := [2]string{}
			for k := range got {
				p, _ := NewWithBudget(level, seed, Budget{Iterations: 10, Workers: 1})
				s := rules.NewState(nil, rules.Options{}, seed)
				for s.Phase() == rules.PhaseSetup {
					a, err := p.Choose(context.Background(), &s)
					if err != nil {
						t.Fatal(err)
					}
					if a.Kind != rules.ActPlace && a.Kind != rules.ActSetupDone {
						t.Fatalf("%s: set-up action %s, want Place or SetupDone", level, a.Format(s.Scenario()))
					}
					if err := s.Apply(a, nil); err != nil {
						t.Fatal(err)
					}
				}
				got[k] = onMap(&s)
			}
			if got[0] != got[1] {
				t.Fatalf("%s seed %d: %q then %q", level, seed, got[0], got[1])
			}
			if !strong[got[0]] {
				t.Fatalf("%s seed %d: set-up %q is not one of the level's set-ups", level, seed, got[0])
			}
			seen[got[0]] = true
		}
		if len(seen) != len(strong) {
			t.Errorf("%s: %d set-ups over 40 seeds, want all %d", level, len(seen), len(strong))
		}
	}
	s := rules.NewState(nil, rules.Options{}, 1)
	if a, _ := newEasy(1).Choose(context.Background(), &s); a.Kind != rules.ActHistorical {
		t.Errorf("internal easy player: %s, want the historical preset", a.Format(s.Scenario()))
	}
}

// TestAISetupSurvivesANewPlayerEachStep checks that the AI US ends its
// set-up on one of its own set-ups (R2.1) when a new player with a new
// seed makes each placement, as the bot and local play do: each step's
// player may choose another set-up, and must go on with the one the units
// already placed match, not fall back to the historical preset.
func TestAISetupSurvivesANewPlayerEachStep(t *testing.T) {
	for _, level := range []string{"easy", "hard"} {
		for g := uint64(1); g <= 12; g++ {
			s := rules.NewState(nil, rules.Options{}, g)
			for step := uint64(0); s.Phase() == rules.PhaseSetup; step++ {
				p, err := NewWithBudget(level, mix(g, step), Budget{Iterations: 10})
				if err != nil {
					t.Fatal(err)
				}
				a, err := p.Choose(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Apply(a, nil); err != nil {
					t.Fatal(err)
				}
			}
			found := false
			for _, su := range levelSetups(level) {
				if su.Setup.matches(&s) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s, game %d: the US set up on none of the AI's set-ups", level, g)
			}
		}
	}
}

// TestHardUSSetupHoldsTheKeyHexes checks the hard US's set-ups (R2.1):
// each holds Mortain (1402) and Hill 314 (1501) and puts no unit in
// column 18, next to the German entry edge, where a lone unit is lost in
// the first turn.
func TestHardUSSetupHoldsTheKeyHexes(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		p, _ := NewWithBudget("hard", seed, Budget{Iterations: 10, Workers: 1})
		s := rules.NewState(nil, rules.Options{}, seed)
		for s.Phase() == rules.PhaseSetup {
			a, err := p.Choose(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
		held := map[rules.Hex]bool{}
		for _, d := range s.Scenario().Units {
			id, _ := s.Scenario().UnitByID(d.ID)
			if us := s.Unit(id); d.Side == rules.US && us.Status == rules.OnMap {
				held[us.Hex] = true
				if us.Hex.Col() == rules.LastCol-1 {
					t.Errorf("seed %d: %s set up at %s, in column 18", seed, d.ID, us.Hex)
				}
			}
		}
		if !held[rules.HexAt(14, 2)] || !held[rules.HexAt(15, 1)] {
			t.Errorf("seed %d: the set-up %s leaves Mortain or Hill 314 empty", seed, onMap(&s))
		}
	}
}
