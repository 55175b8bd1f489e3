package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/arena"
)

const arenaUsage = `mortain arena — AI against AI, many games, with win rates

Usage:
  mortain arena --us LEVEL --german LEVEL [--games N] [--seed N] [--budget B] [--us-setup SPEC] [--json]
  mortain arena --tactics [--level LEVEL] [--json]   (the tactics suite: mortain arena --tactics -h)

Flags:
  --us LEVEL       the US player: %[1]s (default hard)
  --german LEVEL   the German player: %[1]s (default easy)
  --games N        games to play (default 400)
  --seed N         the match seed: the same seed and an iteration budget replay the same games (default 1)
  --budget B       the hard level's budget per decision: a time (2s, 500ms) or iterations (2000it) (default 500ms)
  --parallel N     games played at once (default: the number of CPUs)
  --opt NAME=VALUE a house rule for every game (repeatable), e.g. --opt los=lenient
  --scenario FILE  play a scenario file instead of the built-in one (e.g. to test unit factors)
  --us-setup SPEC  the US set-up of every game (R2.1): ai (the US level's own choice; default),
                   historical, random (a fresh legal set-up each game, from the game's seed),
                   the name of a set-up of the suite (e.g. searched-1), or placements such as
                   "117@1401 119@1804 120@1202 823@1405 TD@1503";
                   suite: one match of --games games from each set-up of the suite, and a table
  --json           print one JSON object with the figures on stdout
`

// runArena plays AI against AI (mortain arena): the games run in parallel
// with a progress bar on stderr, then the figures are printed.
func (m *Main) runArena(ctx context.Context, args []string) error {
	if wantsTactics(args) {
		return m.runTactics(ctx, args) // tactics.go
	}
	levels := strings.Join(ai.Levels, ", ")
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	us := fs.String("us", "hard", "")
	german := fs.String("german", "easy", "")
	games := fs.Int("games", 400, "")
	seed := fs.Uint64("seed", 1, "")
	budget := fs.String("budget", "", "")
	parallel := fs.Int("parallel", 0, "")
	asJSON := fs.Bool("json", false, "")
	scenario := fs.String("scenario", "", "")
	usSetup := fs.String("us-setup", "ai", "")
	var opts rules.Options
	fs.Func("opt", "", func(v string) error {
		name, value, ok := strings.Cut(v, "=")
		if !ok {
			return fmt.Errorf("want NAME=VALUE, e.g. los=lenient")
		}
		return opts.Set(name, value)
	})
	usage := fmt.Sprintf(arenaUsage, levels)
	if err := m.parseFlags(fs, args, "arena", usage); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(m.Stderr, "mortain arena: unexpected argument %q\n\n%s", fs.Arg(0), usage)
		return exitStatus(2)
	}
	var b ai.Budget
	if *budget != "" {
		var err error
		if b, err = parseBudget(*budget); err != nil {
			fmt.Fprintln(m.Stderr, "mortain arena:", err)
			return exitStatus(2)
		}
	}
	var sc *rules.Scenario
	if *scenario != "" {
		data, err := os.ReadFile(*scenario)
		if err != nil {
			fmt.Fprintln(m.Stderr, "mortain arena:", err)
			return exitStatus(2)
		}
		if sc, err = rules.ParseScenario(data); err != nil {
			fmt.Fprintf(m.Stderr, "mortain arena: %s: %v\n", *scenario, err)
			return exitStatus(2)
		}
	}
	spec, err := arena.ParseSetupSpec(*usSetup, sc)
	suite := errors.Is(err, arena.ErrSetupSuite)
	if err != nil && !suite {
		fmt.Fprintln(m.Stderr, "mortain arena: --us-setup:", err)
		return exitStatus(2)
	}
	bar := &progressBar{w: m.Stderr}
	cfg := arena.ArenaConfig{US: *us, German: *german, Games: *games, Seed: *seed, Budget: b,
		Parallel: *parallel, Options: opts, Scenario: sc, Progress: bar.update, USSetup: spec}
	if suite {
		return m.runSetupSuite(ctx, cfg, *asJSON, bar)
	}
	res, err := arena.RunArena(ctx, cfg)
	bar.finish()
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain arena:", err)
		return exitStatus(2)
	}
	if *asJSON {
		enc := json.NewEncoder(m.Stdout)
		if err := enc.Encode(res); err != nil {
			fmt.Fprintln(m.Stderr, "mortain arena:", err)
			return exitStatus(1)
		}
	} else {
		printArena(m.Stdout, res)
	}
	if len(res.Errors) > 0 {
		fmt.Fprintf(m.Stderr, "mortain arena: %d games failed; first: %s\n", len(res.Errors), res.Errors[0])
		return exitStatus(1)
	}
	return nil
}

// runSetupSuite plays cfg from every set-up of the suite (--us-setup
// suite) and prints a table, or JSON.
func (m *Main) runSetupSuite(ctx context.Context, cfg arena.ArenaConfig, asJSON bool, bar *progressBar) error {
	setups, err := ai.SetupSuite()
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain arena:", err)
		return exitStatus(2)
	}
	for _, e := range setups {
		if err := e.Setup.Check(cfg.Scenario); err != nil {
			fmt.Fprintf(m.Stderr, "mortain arena: set-up %s: %v\n", e.Name, err)
			return exitStatus(2)
		}
	}
	res, err := arena.RunSetupSuite(ctx, cfg, setups)
	bar.finish()
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain arena:", err)
		return exitStatus(2)
	}
	failed := 0
	for _, row := range res.Rows {
		failed += len(row.Result.Errors)
	}
	if asJSON {
		if err := json.NewEncoder(m.Stdout).Encode(res); err != nil {
			fmt.Fprintln(m.Stderr, "mortain arena:", err)
			return exitStatus(1)
		}
	} else {
		printSuite(m.Stdout, res)
	}
	if failed > 0 {
		fmt.Fprintf(m.Stderr, "mortain arena: %d games failed\n", failed)
		return exitStatus(1)
	}
	return nil
}

// printSuite writes the set-up suite's table for people.
func printSuite(w io.Writer, r arena.SuiteResult) {
	fmt.Fprintf(w, "US %s against German %s from %d set-ups: %d games each, seed %d, hard budget %s\n",
		r.US, r.German, len(r.Rows), r.Games, r.Seed, r.Budget)
	fmt.Fprintf(w, "%-12s %-44s %16s %8s %6s %s\n", "set-up", "placements", "German wins", "95% CI", "exits", "units lost US/German")
	for _, row := range r.Rows {
		x := row.Result
		fmt.Fprintf(w, "%-12s %-44s %9s %5.1f%% %4.0f-%-3.0f %6.2f %5.2f / %.2f\n", row.Name, row.Setup, fmt.Sprintf("%d/%d", x.GermanWins, x.Games),
			100*x.GermanWinRate, 100*x.German.WinLow, 100*x.German.WinHigh, x.AvgExits, x.US.Losses, x.German.Losses)
	}
	fmt.Fprintf(w, "German wins at least half the games from %d of %d set-ups; lowest %.1f%%; %.1f s\n",
		r.GermanAtLeastHalf, len(r.Rows), 100*r.GermanMin, r.WallSeconds)
}

// printArena writes the figures of a match for people.
func printArena(w io.Writer, r arena.ArenaResult) {
	fmt.Fprintf(w, "US %s against German %s: %d games, seed %d, hard budget %s, US set-up %s\n", r.US.Level, r.German.Level, r.Games, r.Seed, r.Budget, r.USSetup)
	for _, s := range []struct {
		name string
		st   arena.SideStats
	}{{"US", r.US}, {"German", r.German}} {
		fmt.Fprintf(w, "  %-7s wins %4d  %5.1f%%  (95%% CI %.1f%%-%.1f%%)  units lost %.2f/game  %.3g ms/decision (p99 %.0f ms, max %.0f ms)\n",
			s.name, s.st.Wins, 100*s.st.WinRate, 100*s.st.WinLow, 100*s.st.WinHigh, s.st.Losses, s.st.MsPerDec, s.st.P99Ms, s.st.MaxMs)
	}
	fmt.Fprintf(w, "  game length %.1f actions, %.2f turns; German exits %.2f/game; %.3g ms/decision overall; %.1f s\n",
		r.AvgActions, r.AvgTurns, r.AvgExits, r.MsPerDecision, r.WallSeconds)
}

// progressBar draws "[#####     ] 120/400" on one line, redrawn in place.
type progressBar struct {
	mu    sync.Mutex
	w     io.Writer
	drawn bool
}

func (p *progressBar) update(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	const width = 30
	n := done * width / total
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d games", strings.Repeat("#", n), strings.Repeat(" ", width-n), done, total)
	p.drawn = true
}

func (p *progressBar) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}
