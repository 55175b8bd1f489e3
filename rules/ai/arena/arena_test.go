package arena

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
)

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

// TestArenaJSON runs a tiny match with the hard level and checks the JSON
// figures and that a seed with an iteration budget replays the match.
func TestArenaJSON(t *testing.T) {
	cfg := ArenaConfig{US: "hard", German: "easy", Games: 3, Seed: 4, Budget: ai.Budget{Iterations: 6}, Parallel: 2}
	var calls int
	cfg.Progress = func(done, total int) { calls++ }
	r, err := RunArena(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 3 || len(r.Errors) > 0 {
		t.Fatalf("progress called %d times, errors %v", calls, r.Errors)
	}
	b, _ := json.Marshal(r)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"games", "us_wins", "german_wins", "us_win_rate", "ms_per_decision"} {
		if _, ok := m[k]; !ok {
			t.Fatalf("JSON lacks %q: %s", k, b)
		}
	}
	if m["games"].(float64) != 3 || r.USWins+r.GermanWins != 3 || r.US.Decisions == 0 || r.MsPerDecision <= 0 {
		t.Fatalf("implausible figures: %s", b)
	}
	cfg.Progress = nil
	cfg.Parallel = 1
	r2, _ := RunArena(context.Background(), cfg)
	if r2.USWins != r.USWins || r2.AvgActions != r.AvgActions || r2.AvgExits != r.AvgExits {
		t.Fatalf("the same seed and budget gave another match: %+v vs %+v", r2, r)
	}
}

// TestWilson checks the interval against known values.
func TestWilson(t *testing.T) {
	lo, hi := wilson(50, 100)
	if lo < 0.403 || lo > 0.404 || hi < 0.596 || hi > 0.597 {
		t.Fatalf("wilson(50,100) = %.4f-%.4f, want 0.4038-0.5962", lo, hi)
	}
	if lo, hi := wilson(0, 10); lo != 0 || hi < 0.27 || hi > 0.28 {
		t.Fatalf("wilson(0,10) = %.4f-%.4f", lo, hi)
	}
}

// ParseSetupSpec reads the arena's --us-setup.
func TestParseSetupSpec(t *testing.T) {
	for spec, want := range map[string]SetupMode{"": SetupAI, "ai": SetupAI, "Historical": SetupHistorical,
		"random": SetupRandom, "searched-1": SetupFixed, "117@1401 119@1804 120@1202 823@1405 TD@1503": SetupFixed} {
		got, err := ParseSetupSpec(spec, nil)
		if err != nil || got.Mode != want {
			t.Errorf("ParseSetupSpec(%q) = %v, %v; want mode %d", spec, got, err, want)
		}
	}
	if got, _ := ParseSetupSpec("searched-1", nil); got.String() != "117@1401 119@1804 120@1202 823@1405 TD@1503" {
		t.Errorf("searched-1 is %q", got)
	}
	if _, err := ParseSetupSpec("suite", nil); !errors.Is(err, ErrSetupSuite) {
		t.Errorf("suite: error %v, want ErrSetupSuite", err)
	}
	for _, spec := range []string{"nonsense", "117@1901 119@1804 120@1202 823@1405 TD@1503"} {
		if _, err := ParseSetupSpec(spec, nil); err == nil {
			t.Errorf("ParseSetupSpec(%q): no error", spec)
		}
	}
}

// The arena applies --us-setup to the US player, whatever its level, and
// refuses an illegal set-up.
func TestArenaUSSetup(t *testing.T) {
	cfg := ArenaConfig{US: "random", German: "random", Games: 6, Seed: 3, Parallel: 1}
	for _, spec := range []string{"historical", "random", "searched-2"} {
		cfg.USSetup, _ = ParseSetupSpec(spec, nil)
		r, err := RunArena(context.Background(), cfg)
		if err != nil || len(r.Errors) > 0 {
			t.Fatalf("%s: %v %v", spec, err, r.Errors)
		}
		if r.USSetup != cfg.USSetup.String() {
			t.Errorf("%s: result's set-up %q", spec, r.USSetup)
		}
	}
	// Each game's set-up: the spec's, and for random one per game seed.
	for _, spec := range []string{"historical", "random", "searched-2"} {
		sp, _ := ParseSetupSpec(spec, nil)
		for i := 0; i < 3; i++ {
			gseed := hooks.Mix(cfg.Seed, uint64(3*i))
			random, _ := ai.New("random", 1)
			p := ai.WithSetup(random, sp.forGame(nil, gseed))
			s := rules.NewState(nil, rules.Options{}, gseed)
			for s.Phase() == rules.PhaseSetup {
				a, _ := p.Choose(context.Background(), &s)
				if err := s.Apply(a, nil); err != nil {
					t.Fatal(err)
				}
			}
			want := map[string]string{"historical": ai.HistoricalUSSetup(nil).String(), "random": ai.RandomUSSetup(nil, gseed).String(),
				"searched-2": "117@1303 119@1704 120@1302 823@1303 TD@1805"}[spec]
			if got := onMap(&s); got != want {
				t.Errorf("%s game %d: set up %q, want %q", spec, i, got, want)
			}
		}
	}
	cfg.USSetup = SetupSpec{Mode: SetupFixed, Fixed: ai.USSetup{{Unit: "117", Hex: rules.HexAt(19, 1)}}}
	if _, err := RunArena(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "R2.1") {
		t.Errorf("illegal set-up: error %v, want R2.1", err)
	}
}

// RunSetupSuite plays one match a set-up and counts the German's results.
func TestRunSetupSuite(t *testing.T) {
	suite, _ := ai.SetupSuite()
	calls := 0
	cfg := ArenaConfig{US: "easy", German: "random", Games: 2, Seed: 1, Parallel: 1,
		Progress: func(done, total int) {
			calls++
			if done != calls || total != 2*3 {
				t.Errorf("progress %d/%d at call %d", done, total, calls)
			}
		}}
	r, err := RunSetupSuite(context.Background(), cfg, suite[:3])
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Rows) != 3 || r.Rows[1].Name != suite[1].Name || r.Rows[1].Result.USSetup != suite[1].Setup.String() {
		t.Fatalf("rows %+v", r.Rows)
	}
	if r.GermanAtLeastHalf != 0 || r.GermanMin != 0 {
		t.Errorf("random German: at least half from %d, lowest %.2f; want 0 and 0", r.GermanAtLeastHalf, r.GermanMin)
	}
}

// TestEasyBeatsRandom is a short version of the strength bar: easy wins
// nearly every game against random, as either side.
func TestEasyBeatsRandom(t *testing.T) {
	for _, m := range [][2]string{{"easy", "random"}, {"random", "easy"}} {
		r, err := RunArena(context.Background(), ArenaConfig{US: m[0], German: m[1], Games: 40, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		wins := r.USWins
		if m[1] == "easy" {
			wins = r.GermanWins
		}
		if wins < 36 {
			t.Fatalf("US %s vs German %s: easy won %d of 40", m[0], m[1], wins)
		}
	}
}
