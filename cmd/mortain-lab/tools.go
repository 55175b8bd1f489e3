package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/arena"
	"github.com/mortain/mortain/rules/ai/lab"
)

const usage = `mortain-lab — the tools that tuned and measured the AI (docs/ai.md)

Usage:
  mortain-lab TOOL [flags]
  mortain-lab TOOL -h     the tool's flags and what it prints

Tools:
  value          fit the value model's weights (rules/ai/value.go)
  german         tune the German heuristic's weights against the historical set-up
  german-robust  check robustGerman against hardGerman on five set-ups (--tune: find it)
  german-suite   tune the German weights over every set-up of the suite (found hardGerman)
  losses         how the German's games end, and its losses once the exits cannot win
  setups         search US set-ups against the German (the suite's searched-1 to -4)
  setup-play     play the first searched set-up against both German levels
  setup-suite    climb from random set-ups (the suite's search-1 to -12)
  budget         how often the hard level's decisions at smaller budgets agree with 2 s
  wait           the person's wait between two decisions over whole games
  tactics-show   each tactics position with the heuristic's scores and the levels' play
  level-ratings  rate the AI levels on each side on the players' scale (help for level:)
  sparring       the AI levels against the scripted experts, with the blunders a wargamer counts

They print figures rather than check them. Their defaults repeat the figures
of docs/journal/ exactly (budget and wait measure the clock, so theirs vary);
at the defaults most take minutes, some an hour or more. Ctrl-C stops a tool.
`

// aiTool is one tool of mortain-lab.
type aiTool struct {
	name, usage string
	// flags defines the tool's flags on fs and returns the tool run with
	// their values.
	flags func(fs *flag.FlagSet) func(ctx context.Context, w io.Writer) error
	// positive are the flags that must be at least 1.
	positive []string
}

var aiTools = []aiTool{
	{name: "value", usage: `mortain-lab value — fit the value model of the hard German's search

Usage:
  mortain-lab value [--games N] [--seed N] [--historical]

Flags:
  --games N      games of the easy US against the hard German's heuristic (default 20000)
  --seed N       the match seed (default 7)
  --historical   every game from the historical US set-up (the first fits); without
                 it every other game is from a fresh random set-up and the others
                 from the suite's set-ups in turn (the kept fit)

It prints one line a turn from turn 2, a logistic regression of the German
win on the turn's features (exits, units to spare, ...), written as
valueWeights in rules/ai/value.go holds it, and the positions fitted:
	2: {-2.1234, 0.5678, ...}, // 19874 positions
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultFitValue()
			fs.IntVar(&o.Games, "games", o.Games, "")
			fs.Uint64Var(&o.Seed, "seed", o.Seed, "")
			fs.BoolVar(&o.Historical, "historical", o.Historical, "")
			return func(ctx context.Context, w io.Writer) error { return lab.FitValueModel(ctx, w, o) }
		},
		positive: []string{"games"}},

	{name: "german", usage: `mortain-lab german — tune the German heuristic's weights (historical set-up)

Usage:
  mortain-lab german [--candidates N] [--seed N] [--games N] [--floor-games N]
                        [--check-games N] [--random-games N]

Flags:
  --candidates N    candidates of the random local search from hardGerman, each
                    changing one to three weights (default 150)
  --seed N          the search's random stream (default 55)
  --games N         games against the easy US that score a candidate (default 3000, seed 21)
  --floor-games N   games against a random US a kept candidate must still win 96.5%
                    of (default 1500, seed 23)
  --check-games N   games of the check against the easy US (default 10000, seed 33)
  --random-games N  games of the check against a random US (default 4000, seed 35)

It prints the start's score and weights, a line per kept candidate (it N,
score, weights), then the tuned weights' checks beside hardGerman's and
easyGerman's: German win rates of an easy player with each.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultTuneGerman()
			fs.IntVar(&o.Candidates, "candidates", o.Candidates, "")
			fs.Uint64Var(&o.Seed, "seed", o.Seed, "")
			fs.IntVar(&o.Games, "games", o.Games, "")
			fs.IntVar(&o.FloorGames, "floor-games", o.FloorGames, "")
			fs.IntVar(&o.CheckGames, "check-games", o.CheckGames, "")
			fs.IntVar(&o.RandomGames, "random-games", o.RandomGames, "")
			return func(ctx context.Context, w io.Writer) error { return lab.TuneGerman(ctx, w, o) }
		},
		positive: []string{"games", "floor-games", "check-games", "random-games"}},

	{name: "german-robust", usage: `mortain-lab german-robust — German weights against five US set-ups

Usage:
  mortain-lab german-robust [--check-games N] [--hard-games N]
  mortain-lab german-robust --tune [--candidates N] [--seed N] [--games N] [--floor-games N] [...]

Flags:
  --check-games N   games a set-up of the check as an easy player (default 4000, seed 33)
  --hard-games N    games a set-up of the check as the hard German's weights at
                    100 iterations (default 200, seed 7)
  --tune            first run the search that found robustGerman
  --candidates N    candidates of the search from hardGerman (default 150)
  --seed N          the search's random stream (default 57)
  --games N         games a set-up that score a candidate (default 1000, seed 21)
  --floor-games N   games against a random US a kept candidate must still win 96.5%
                    of (default 1500, seed 23)

The five set-ups are the historical one and the suite's searched-1 to -4.
With --tune it prints the search's start and kept candidates (robustGerman
is its last line, rounded to four decimals). Then, for hardGerman and
robustGerman, the German win rates of an easy player with the weights on
each set-up, and of the hard German with them on the historical and the
first searched set-up: the tables of docs/journal/2026-11-21-us-setup-weakness.md.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultTuneRobust()
			fs.BoolVar(&o.Tune, "tune", o.Tune, "")
			fs.IntVar(&o.Candidates, "candidates", o.Candidates, "")
			fs.Uint64Var(&o.Seed, "seed", o.Seed, "")
			fs.IntVar(&o.Games, "games", o.Games, "")
			fs.IntVar(&o.FloorGames, "floor-games", o.FloorGames, "")
			fs.IntVar(&o.CheckGames, "check-games", o.CheckGames, "")
			fs.IntVar(&o.HardGames, "hard-games", o.HardGames, "")
			return func(ctx context.Context, w io.Writer) error { return lab.TuneGermanRobust(ctx, w, o) }
		},
		positive: []string{"games", "floor-games", "check-games", "hard-games"}},

	{name: "german-suite", usage: `mortain-lab german-suite — tune the German weights over every set-up

Usage:
  mortain-lab german-suite [--approach] [--scan] [--candidates N] [--seed N] [--score-games N]
                              [--games N] [--floor-games N] [--check-games N] [--random-games N]

Flags:
  --approach        the last step: from the previous step's best with approach
                    0.001 (hardGerman is the best of --approach --seed 67
                    --candidates 80)
  --scan            stop after the weight sets' scores and the start's check
  --candidates N    candidates of the search from the start (default 200)
  --seed N          the search's random stream (default 61)
  --score-games N   games a set-up of the weight sets' scores (default 400, seed 21)
  --games N         games a set-up that score the start and each candidate
                    (default 300, seed 21)
  --floor-games N   games against a random US the start is checked on and a kept
                    candidate must still win 96% of (default 1500, seed 23)
  --check-games N   games a set-up of the tuned weights' check (default 2000, seed 33)
  --random-games N  games of the check against a random US (default 4000, seed 35)

The set-ups are the suite's 32 and 16 more random ones. It prints the
objective (the mean German win rate plus that of the worst quarter of the
set-ups), the worst rate and the rates of easyGerman, robustGerman,
hardGerman without its hunt (moving west, as it was tuned) and hardGerman;
the start (the first runs' best, menace 256; with --approach,
the best of the defaults' search, approach 0.001) and its check; the
search's start and kept candidates; then the checks of the tuned weights
and robustGerman.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultTuneSuite()
			fs.BoolVar(&o.Approach, "approach", o.Approach, "")
			fs.BoolVar(&o.ScanOnly, "scan", o.ScanOnly, "")
			fs.IntVar(&o.Candidates, "candidates", o.Candidates, "")
			fs.Uint64Var(&o.Seed, "seed", o.Seed, "")
			fs.IntVar(&o.ScoreGames, "score-games", o.ScoreGames, "")
			fs.IntVar(&o.Games, "games", o.Games, "")
			fs.IntVar(&o.FloorGames, "floor-games", o.FloorGames, "")
			fs.IntVar(&o.CheckGames, "check-games", o.CheckGames, "")
			fs.IntVar(&o.RandomGames, "random-games", o.RandomGames, "")
			return func(ctx context.Context, w io.Writer) error { return lab.TuneGermanSuite(ctx, w, o) }
		},
		positive: []string{"score-games", "games", "floor-games", "check-games", "random-games"}},

	{name: "setups", usage: `mortain-lab setups — search US set-ups against the German

Usage:
  mortain-lab setups [--candidates N] [--games N] [--check-games N] [--hard-games N]

Flags:
  --candidates N    candidates of each search, each moving one US unit to a
                    random hex (default 40)
  --games N         games against the easy German that score a candidate
                    (default 3000, seed 71, search seed 5)
  --check-games N   games of the check of the first search (default 10000, seed 99)
  --hard-games N    games against an easy player with the hard German's weights
                    that score a candidate of the next three searches (default
                    2000, seeds 82-84, search seeds 11-13)

Each search starts from the historical set-up. It prints each kept
candidate (it N: US win rate of the easy US, the set-up), the first
search's result against the historical set-up, and each later search's
result: these found the suite's searched-1 to searched-4.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultSearchSetups()
			fs.IntVar(&o.Candidates, "candidates", o.Candidates, "")
			fs.IntVar(&o.Games, "games", o.Games, "")
			fs.IntVar(&o.CheckGames, "check-games", o.CheckGames, "")
			fs.IntVar(&o.HardGames, "hard-games", o.HardGames, "")
			return func(ctx context.Context, w io.Writer) error { return lab.SearchUSSetups(ctx, w, o) }
		},
		positive: []string{"games", "check-games", "hard-games"}},

	{name: "setup-play", usage: `mortain-lab setup-play — the first searched set-up against both German levels

Usage:
  mortain-lab setup-play [--games N] [--hard-games N]

Flags:
  --games N        games against the easy German (default 2000, seed 99)
  --hard-games N   games against the hard German at 100 iterations (default 100, seed 7)

For the historical set-up and the first searched one (searched-1) it
prints the easy US's win rate against the easy German with the German's
exits, units lost and wins by exits a game, then the hard German's win
rate against the easy US set up so.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultPlaySetup()
			fs.IntVar(&o.Games, "games", o.Games, "")
			fs.IntVar(&o.HardGames, "hard-games", o.HardGames, "")
			return func(ctx context.Context, w io.Writer) error { return lab.PlayFoundSetup(ctx, w, o) }
		},
		positive: []string{"games", "hard-games"}},

	{name: "setup-suite", usage: `mortain-lab setup-suite — climb from random US set-ups against the German

Usage:
  mortain-lab setup-suite [--searches N] [--candidates N] [--games N]

Flags:
  --searches N     climbs, climb k from the random set-up of seed 1000+k (default 12)
  --candidates N   candidates of each climb, each moving one US unit to a random
                   legal hex or swapping two units' hexes (default 60)
  --games N        games of the easy US against an easy player with the hard
                   German's weights that score a candidate (default 1500, seed 81)

It prints each kept candidate (indented), then each climb's result as a
line of rules/ai/setups.txt (search-K placements  # origin and score); the
suite's measure confirms them against the hard German itself (mortain
arena --us-setup suite).
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultSetupSuiteSearch()
			fs.IntVar(&o.Searches, "searches", o.Searches, "")
			fs.IntVar(&o.Candidates, "candidates", o.Candidates, "")
			fs.IntVar(&o.Games, "games", o.Games, "")
			return func(ctx context.Context, w io.Writer) error { return lab.SearchSetupSuite(ctx, w, o) }
		},
		positive: []string{"searches", "games"}},

	{name: "budget", usage: `mortain-lab budget — do smaller budgets agree with a 2 s decision?

Usage:
  mortain-lab budget [--side SIDE] [--positions N] [--rate R]

Flags:
  --side SIDE      us, german or both (default both)
  --positions N    positions a side where the hard level searches, from games of
                   the easy players from seed 500 on (default 40)
  --rate R         convert the budgets to iterations at R iterations a second
                   instead of the rate measured on the positions at 500 ms (the
                   measure takes 500 ms a position; with --rate no search is
                   bound by the clock)

For each side it prints the hard level's iterations a second on one worker,
then how often its decisions at 100 and 400 iterations and at 250 ms, 500 ms
and 1 s agree with its decision at 2 s, beside how often two 2 s decisions
with other seeds agree (the noise floor). Every budget is converted to
iterations, so a run repeats for a rate.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultBudget()
			side := fs.String("side", "both", "")
			fs.IntVar(&o.Positions, "positions", o.Positions, "")
			fs.Float64Var(&o.Rate, "rate", o.Rate, "")
			return func(ctx context.Context, w io.Writer) error {
				switch strings.ToLower(*side) {
				case "both":
				case "us":
					o.Sides = []rules.Side{rules.US}
				case "german":
					o.Sides = []rules.Side{rules.German}
				default:
					return usageError{fmt.Sprintf("--side %q: want us, german or both", *side)}
				}
				if o.Rate < 0 {
					return usageError{"--rate must not be negative"}
				}
				return lab.BudgetAgreement(ctx, w, o)
			}
		},
		positive: []string{"positions"}},

	{name: "wait", usage: `mortain-lab wait — the person's wait over whole games against the hard level

Usage:
  mortain-lab wait [--games N] [--budget B]

Flags:
  --games N    games a side, seeds 1 on (default 4)
  --budget B   the hard level's budget per decision: a time (500ms) or a number
               of iterations (2000it) (default 500ms, the default of play)

The easy level stands in for the person, on each side in turn. It prints
the AI's decision times (p50, p90, max), then the person's waits (the AI's
decisions between two of the person's, plus the bot's pause between two AI
steps in a row: the delay less the step's time, none after a step that
completed nothing yet) for AIDelays of 0, 250 ms, 400 ms (the bot's
default), 500 ms and 1 s.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultWait()
			fs.IntVar(&o.Games, "games", o.Games, "")
			budget := fs.String("budget", ai.DefaultTime.String(), "")
			return func(ctx context.Context, w io.Writer) error {
				b, err := ai.ParseBudget(*budget)
				if err != nil {
					return usageError{err.Error()}
				}
				o.Budget = b
				return lab.PersonWait(ctx, w, o)
			}
		},
		positive: []string{"games"}},

	{name: "losses", usage: `mortain-lab losses — how the German's games end

Usage:
  mortain-lab losses [--games N] [--seed N]

Flags:
  --games N   games a set-up (default 200)
  --seed N    the match seed of every set-up (default 11)

An easy player with the hard German's weights, without its hunt and then
with it, plays the easy US on the 48 set-ups of the suite-wide tuning.
For each it prints the German win rate, its wins by rule (R8.1-R8.3),
the worst set-up's rate, its losses, how many of them came after too few
German units were left for five exits (R8.1), and how many US units were
left at that moment.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultLosses()
			fs.IntVar(&o.Games, "games", o.Games, "")
			fs.Uint64Var(&o.Seed, "seed", o.Seed, "")
			return func(ctx context.Context, w io.Writer) error { return lab.CountLosses(ctx, w, o) }
		},
		positive: []string{"games"},
	},
	{name: "tactics-show", usage: `mortain-lab tactics-show — the tactics positions as the AI sees them

Usage:
  mortain-lab tactics-show [--only NAME]

Flags:
  --only NAME   only the position NAME of rules/ai/tactics.txt

For each position of the tactics suite it prints its name, note, turn,
phase, side to act and round, the units on the map, the heuristic's eight
best-scored actions (for the German with the easy and then the hard
weights), and what easy and hard (100 iterations, one thread) play, with
whether that solves the position. A tool for writing positions.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			only := fs.String("only", "", "")
			return func(ctx context.Context, w io.Writer) error {
				if *only != "" {
					ps, err := arena.Tactics()
					if err != nil {
						return err
					}
					if !slices.ContainsFunc(ps, func(p arena.TacticsPosition) bool { return p.Name == *only }) {
						return usageError{fmt.Sprintf("--only %q: no such position in rules/ai/tactics.txt", *only)}
					}
				}
				return lab.ShowTactics(ctx, w, *only)
			}
		},
	},

	{name: "level-ratings", usage: `mortain-lab level-ratings — the AI levels' ratings on the players' scale

Usage:
  mortain-lab level-ratings [--games N] [--seed N] [--budget B] [--parallel N]

Flags:
  --games N      games of each of the nine pairings of a US level with a German
                 level, each with its own set-up (default 20)
  --seed N       the first match's seed (default 1)
  --budget B     the hard level's thinking per decision (default 500ms, the bot's)
  --parallel N   games at once (default: the processors)

It prints each match, then the rating of each level on each side: the
ratings that best explain the results in the Elo model the players' ratings
use (the side advantage of a server without rated games), the random level
anchored at 800. bot/command/levelratings.go holds the figures help shows.
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultLevelRatings()
			budget := fs.String("budget", o.Budget.String(), "")
			fs.IntVar(&o.Games, "games", o.Games, "")
			fs.Uint64Var(&o.Seed, "seed", o.Seed, "")
			fs.IntVar(&o.Parallel, "parallel", 0, "")
			return func(ctx context.Context, w io.Writer) error {
				b, err := ai.ParseBudget(*budget)
				if err != nil {
					return usageError{err.Error()}
				}
				o.Budget = b
				_, err = lab.RateLevels(ctx, w, o)
				return err
			}
		},
		positive: []string{"games"}},

	{name: "sparring", usage: `mortain-lab sparring — the AI against the scripted experts, with blunder counts

Usage:
  mortain-lab sparring [--us LEVEL] [--german LEVEL] [--games N] [--seed N]
                       [--budget B] [--us-setup SPEC] [--parallel N]

Flags:
  --us LEVEL       the US player: random, easy, hard or expert (default expert)
  --german LEVEL   the German player: random, easy, hard or expert (default hard)
  --games N        games to play (default 400)
  --seed N         the match seed; game i is the arena's game i (default 1)
  --budget B       the hard level's budget per decision: iterations (100it, the
                   default, repeats on any machine) or a time (500ms)
  --us-setup SPEC  the US set-up of every game, as mortain arena reads it: ai (the
                   US player's own; default), historical, random, the name of a
                   set-up of the suite (e.g. searched-1) or placements
  --parallel N     games played at once (default: the processors)

expert is the scripted expert of the side (rules/ai/lab/expert*.go): a
rule-based player with no search, playing by a wargamer's principles, kept
in the lab as a sparring partner. It prints each side's wins with the 95%
interval and units lost, then what each side did a game: passes with
points left while a shot of 40% or better was legal, units lost in turn 1,
moves ending in the open within range of two or more enemy units, the
German exits, and the US set-ups' units in column 18 and share holding
neither Mortain nor Hill 314 (docs/ai.md, "Against the scripted experts").
`,
		flags: func(fs *flag.FlagSet) func(context.Context, io.Writer) error {
			o := lab.DefaultSparring()
			fs.StringVar(&o.US, "us", o.US, "")
			fs.StringVar(&o.German, "german", o.German, "")
			fs.IntVar(&o.Games, "games", o.Games, "")
			fs.Uint64Var(&o.Seed, "seed", o.Seed, "")
			fs.IntVar(&o.Parallel, "parallel", 0, "")
			budget := fs.String("budget", o.Budget.String(), "")
			setup := fs.String("us-setup", "ai", "")
			return func(ctx context.Context, w io.Writer) error {
				b, err := ai.ParseBudget(*budget)
				if err != nil {
					return usageError{err.Error()}
				}
				o.Budget = b
				if o.USSetup, err = arena.ParseSetupSpec(*setup, nil); err != nil {
					return usageError{"--us-setup: " + err.Error()}
				}
				for _, l := range []string{o.US, o.German} {
					if _, err := lab.SparringPlayers(rules.US, l, 0, b); err != nil {
						return usageError{err.Error()}
					}
				}
				return lab.RunSparring(ctx, w, o)
			}
		},
		positive: []string{"games"}},
}

// usageError is an error in a tool's flags found after parsing (exit
// status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// Run runs the program with its arguments (without the program name): one
// of the AI's tuning and measuring tools, its output on stdout. It returns
// the exit status: 0 success, 1 a failure or a tool stopped early, 2 a
// usage error.
func (m *Main) Run(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(m.Stderr, "mortain-lab: name a tool\n\n"+usage)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(m.Stdout, usage)
		return 0
	}
	var tool *aiTool
	for i := range aiTools {
		if aiTools[i].name == args[0] {
			tool = &aiTools[i]
		}
	}
	if tool == nil {
		fmt.Fprintf(m.Stderr, "mortain-lab: unknown tool %q\n\n%s", args[0], usage)
		return 2
	}
	name := "mortain-lab " + tool.name
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	run := tool.flags(fs)
	switch err := fs.Parse(args[1:]); {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(m.Stdout, tool.usage)
		return 0
	case err != nil:
		fmt.Fprintf(m.Stderr, "%s: %v\n\n%s", name, err, tool.usage)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(m.Stderr, "%s: unexpected argument %q\n\n%s", name, fs.Arg(0), tool.usage)
		return 2
	}
	for _, f := range tool.positive {
		if n, err := strconv.Atoi(fs.Lookup(f).Value.String()); err != nil || n < 1 {
			fmt.Fprintf(m.Stderr, "%s: --%s must be at least 1\n\n%s", name, f, tool.usage)
			return 2
		}
	}
	err := run(ctx, m.Stdout)
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(m.Stderr, "%s: %v\n\n%s", name, err, tool.usage)
		return 2
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		fmt.Fprintf(m.Stderr, "%s: stopped before the end; the lines above are what it found so far\n", name)
		return 1
	}
	fmt.Fprintf(m.Stderr, "%s: %v\n", name, err)
	return 1
}
