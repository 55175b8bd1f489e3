package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/internal/testenv"
)

// pseudoScript is a local session that reaches every kind of text the
// terminal prints: help, the rules, refusals of every layer (the parser,
// the options, the rules, the game's state), a hotseat game's set-up,
// undo, status, units, log, moves, stats, games, resign with its
// confirmation, and a whole game against the AI to its result, with
// commands after the end.
var pseudoScript = []string{
	"help", "help move", "help new", "help R6.8", "rules R6.8", "rules R4",
	"status", "pass", "frobnicate", `move unit:"DR-1`, "move unit:DR-1", "new mode:sideways", "new deadline:often",
	"new mode:hotseat",
	"setup unit:DR-1 hex:1903", "setup unit:NOPE hex:1503", "setup unit:2-120 hex:1503", "undo",
	"move unit:DR-1 to:1501", "setup preset:historical", "undo", "setup preset:historical", "setup done",
	"status", "units", "moves", "move unit:2-120 to:1901", "fire unit:2-120 target:DR-1", "air hex:1503", "oba hex:1503",
	"resolve", "redraw", "exit unit:DR-1", "enter unit:DR-1", "pass", "undo", "pass", "log", "log n:5", "map", "stats", "games",
	"resign", "resign confirm:yes", "pass",
	"new mode:ai level:random side:us", "setup preset:historical", "setup done",
}

// A whole local session under the pseudo-locale, which marks every
// catalog message: every line the terminal prints carries the marks, so
// none bypasses the catalog.
//
// The map of every activation (--out) is drawn in a short session of its
// own: drawing the 400 steps of the game against the AI takes a minute
// under the race detector, and adds no line (MORTAIN_LONG draws them).
func TestLocalSessionSpeaksOnlyFromTheCatalog(t *testing.T) {
	lines := append([]string{}, pseudoScript...)
	for range 400 {
		lines = append(lines, "pass")
	}
	lines = append(lines, "status", "games")
	args := []string{"local", "--script", writeScript(t, lines...), "--seed", "7", "--db", filepath.Join(t.TempDir(), "p.db")}
	if testenv.Long() {
		args = append(args, "--out", t.TempDir())
	}
	stdout, stderr, code := runIn(t, "pseudo", false, "", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, tail(stderr))
	}
	if !strings.Contains(stderr, "R6.8") {
		t.Errorf("no rule named in:\n%s", tail(stderr))
	}
	checkMarked(t, lines, stdout+"\n"+stderr)

	maps := []string{"new mode:hotseat", "setup preset:historical", "setup done", "map", "status"}
	stdout, stderr, code = runIn(t, "pseudo", false, "", "local", "--script", writeScript(t, maps...), "--seed", "7",
		"--db", filepath.Join(t.TempDir(), "m.db"), "--out", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, tail(stderr))
	}
	checkMarked(t, maps, stdout+"\n"+stderr)
}

// checkMarked fails the test for each line of out that bypasses the
// catalog, but for the echo of a typed command (the player's own).
func checkMarked(t *testing.T, typedLines []string, out string) {
	t.Helper()
	typed := map[string]bool{}
	for _, l := range typedLines {
		typed["> "+l] = true
	}
	seen := map[string]bool{}
	for _, line := range i18n.Bare(out) {
		if !seen[line] && !typed[line] {
			seen[line] = true
			t.Errorf("bypasses the catalog: %q", line)
		}
	}
}
