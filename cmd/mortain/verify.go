package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mortain/mortain/rules"
)

const verifyUsage = `mortain verify — check a game record

Usage:
  mortain verify GAME.json

It recomputes the commitment from the record's seed and salt, replays
every action from the seed, and compares every card dealt and the result
with the record's. The result is checked for every way a game ends: played
out (R8.1-R8.4), resigned or lost on time (a step of the record's
actions, "resign us", "lose-on-time german", naming the side), aborted or
abandoned (no winner). Exit status:
  0  honest: every shuffle, draw and the result are the record's
  1  not honest: the first difference, or the first debug step (a game
     whose position or cards were set by hand, or whose undrawn cards were
     read with debug position, is never honest)
  2  not a record
  3  a record of the older format (mortain-record/1, before a resignation
     or a loss on time was a step) of a game the rules did not end: its
     cards are the seed's, but its result cannot be checked
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
	if !rules.KnownRecordFormat(r.Format) {
		fmt.Fprintf(m.Stderr, "mortain verify: %s is not a game record (format %q, want %q)\n", args[0], r.Format, rules.RecordFormat)
		return exitStatus(2)
	}
	err = r.Verify()
	var unchecked *rules.UncheckedResultError
	switch {
	case errors.As(err, &unchecked):
		fmt.Fprintf(m.Stderr, "mortain verify: %s: not checked. The seed and salt give the commitment %s and replaying the %d actions deals the %d cards recorded, but %v.\n",
			args[0], r.Commitment, len(r.Actions), len(r.Draws), err)
		return exitStatus(3)
	case err != nil:
		fmt.Fprintf(m.Stderr, "mortain verify: %s: %v\n", args[0], err)
		return exitStatus(1)
	}
	fmt.Fprintf(m.Stdout, "%s: honest. The seed and salt give the commitment %s, replaying the %d actions deals the %d cards recorded, and the game %s.\n",
		args[0], r.Commitment, len(r.Actions), len(r.Draws), resultText(&r))
	return nil
}

// resultText says how a verified record's game ends.
func resultText(r *rules.Record) string {
	switch {
	case r.Outcome != nil && r.Outcome.Winner != rules.NoSide, r.RulesResult():
		return "ends as the record says: " + r.Result
	case r.Result != "":
		return "has no winner, as the record says: " + r.Result
	}
	return "has not ended, and the record names no result"
}
