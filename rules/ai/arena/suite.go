package arena

import (
	"context"
	"github.com/mortain/mortain/rules/ai"
	"time"
)

// SuiteRow is one set-up's match in a run of the set-up suite.
type SuiteRow struct {
	Name   string      `json:"name"`
	Setup  string      `json:"setup"`
	Origin string      `json:"origin"`
	Result ArenaResult `json:"result"`
}

// SuiteResult are the figures of RunSetupSuite.
type SuiteResult struct {
	US     string `json:"us"`     // the US level
	German string `json:"german"` // the German level
	Games  int    `json:"games_per_setup"`
	Seed   uint64 `json:"seed"`
	Budget string `json:"budget"`
	// GermanMin is the lowest German win rate over the set-ups, and
	// GermanAtLeastHalf the number of set-ups where the German won at
	// least half the games (the bar of issue #16).
	GermanMin         float64    `json:"german_min_win_rate"`
	GermanAtLeastHalf int        `json:"german_at_least_half"`
	Rows              []SuiteRow `json:"setups"`
	WallSeconds       float64    `json:"wall_seconds"`
}

// RunSetupSuite plays one match of cfg from each of the set-ups (e.g.
// SetupSuite), all with cfg's seed, so that every set-up meets the same
// deals; cfg.USSetup is replaced by each set-up in turn. cfg.Progress
// counts the games of the whole suite.
func RunSetupSuite(ctx context.Context, cfg ArenaConfig, setups []ai.SuiteSetup) (SuiteResult, error) {
	start := time.Now()
	out := SuiteResult{US: cfg.US, German: cfg.German,
		Games: cfg.Games, Seed: cfg.Seed, Budget: cfg.Budget.String(), GermanMin: 1}
	progress := cfg.Progress
	for k, e := range setups {
		c := cfg
		c.USSetup = SetupSpec{Mode: SetupFixed, Fixed: e.Setup}
		if progress != nil {
			c.Progress = func(done, total int) { progress(k*total+done, len(setups)*total) }
		}
		r, err := RunArena(ctx, c)
		if err != nil {
			return SuiteResult{}, err
		}
		out.Rows = append(out.Rows, SuiteRow{Name: e.Name, Setup: e.Setup.String(), Origin: e.Origin, Result: r})
		out.GermanMin = min(out.GermanMin, r.GermanWinRate)
		if 2*r.GermanWins >= r.Games {
			out.GermanAtLeastHalf++
		}
	}
	out.WallSeconds = time.Since(start).Seconds()
	return out, nil
}
