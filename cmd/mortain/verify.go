package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/mortain/mortain/rules"
)

const verifyUsage = `mortain verify — check a game record's dealing

Usage:
  mortain verify GAME.json

It recomputes the commitment from the record's seed and salt, replays
every action from the seed and compares the replay's result with the
record's: exit status 0 when every shuffle, draw and the result are the
record's ("honest"), 1 naming the first difference, or the first debug
step (a game whose position or cards were set by hand, or whose undrawn
cards were read with debug position, is never honest), 2 for a file that
is not a record.
`

// runVerify checks a record made by export.
func (m *Main) runVerify(_ context.Context, args []string) error {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fmt.Fprint(m.Stdout, verifyUsage)
			return nil
		}
		fmt.Fprint(m.Stderr, "mortain verify: give one record file\n\n"+verifyUsage)
		return exitStatus(2)
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain verify:", err)
		return exitStatus(2)
	}
	var r rules.Record
	if err := json.Unmarshal(data, &r); err != nil {
		fmt.Fprintf(m.Stderr, "mortain verify: %s is not a game record: %v\n", args[0], err)
		return exitStatus(2)
	}
	if r.Format != rules.RecordFormat {
		fmt.Fprintf(m.Stderr, "mortain verify: %s is not a game record (format %q, want %q)\n", args[0], r.Format, rules.RecordFormat)
		return exitStatus(2)
	}
	if err := r.Verify(); err != nil {
		fmt.Fprintf(m.Stderr, "mortain verify: %s: %v\n", args[0], err)
		return exitStatus(1)
	}
	result := "ends as the record says"
	if !r.RulesResult() {
		result = "does not end by the rules, so the record's result (" + orNone(r.Result) + ") is the players' word, not checked"
	}
	fmt.Fprintf(m.Stdout, "%s: honest. The seed and salt give the commitment %s, replaying the %d actions deals the %d cards recorded, and the game %s.\n",
		args[0], r.Commitment, len(r.Actions), len(r.Draws), result)
	return nil
}

// orNone is s, or "none" when s is empty.
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
