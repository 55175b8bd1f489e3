package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"slices"

	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/arena"
)

const tacticsUsage = `mortain arena --tactics — the tactics suite: positions with the right moves

Usage:
  mortain arena --tactics [--level LEVEL] [--budget B] [--seed N] [--json]

Flags:
  --level LEVEL  the AI level to test: %[1]s (default easy)
  --budget B     the hard level's budget per decision (default 100it: one
                 search thread, so the result is the same on every run)
  --seed N       the players' seed (default 1)
  --json         print {"total", "solved", ...} on stdout

Without --json it prints the solved count and a line per failed position
with its name, the action played and the reason it is wrong.
`

// wantsTactics reports whether the arena's arguments ask for the tactics
// suite.
func wantsTactics(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return a == "--tactics" || a == "-tactics" || a == "--tactics=true" })
}

// runTactics runs the tactics suite (mortain arena --tactics).
func (m *Main) runTactics(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("arena --tactics", flag.ContinueOnError)
	_ = fs.Bool("tactics", true, "")
	level := fs.String("level", "easy", "")
	budget := fs.String("budget", "100it", "")
	seed := fs.Uint64("seed", 1, "")
	asJSON := fs.Bool("json", false, "")
	usage := fmt.Sprintf(tacticsUsage, levelList())
	if err := m.parseFlags(fs, args, "arena", usage); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(m.Stderr, "mortain arena: unexpected argument %q\n\n%s", fs.Arg(0), usage)
		return exitStatus(2)
	}
	b, err := parseBudget(*budget)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain arena:", err)
		return exitStatus(2)
	}
	if b.Iterations > 0 {
		b.Workers = 1 // one search thread: the same result on every run
	}
	res, err := arena.RunTactics(ctx, *level, b, *seed)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain arena:", err)
		return exitStatus(2)
	}
	if *asJSON {
		if err := json.NewEncoder(m.Stdout).Encode(res); err != nil {
			fmt.Fprintln(m.Stderr, "mortain arena:", err)
			return exitStatus(1)
		}
		return nil
	}
	fmt.Fprintf(m.Stdout, "tactics, level %s (hard budget %s, seed %d): solved %d of %d\n", res.Level, res.Budget, res.Seed, res.Solved, res.Total)
	for _, f := range res.Failed {
		fmt.Fprintf(m.Stdout, "  failed %s: played %s; %s\n", f.Name, f.Played, f.Why)
	}
	return nil
}

func levelList() string {
	s := ""
	for i, l := range ai.Levels {
		if i > 0 {
			s += ", "
		}
		s += l
	}
	return s
}
