package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// In a game started with --debug, debug position shows the undrawn cards:
// the read is kept in the game's history, so that mortain verify names it
// and never calls the record honest, as with a debug edit (R9.1).
func TestLocalDebugPositionMakesADebugGame(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "d.db")
	stdout, stderr, code := run(t, "", "local", "--debug", "--script", writeScript(t,
		"new mode:hotseat", "setup preset:historical", "setup done",
		"debug position",
		"resign confirm:yes",
	), "--db", db)
	if code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, " deck:") {
		t.Errorf("debug position did not print the position and its next cards:\n%s", tail(stdout))
	}
	out := filepath.Join(dir, "game.json")
	if _, stderr, code := run(t, "", "export", "--db", db, "--out", out); code != 0 {
		t.Fatalf("export: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(string(mustRead(t, out)), `"debug position"`) {
		t.Errorf("the record does not keep the read:\n%s", mustRead(t, out))
	}
	stdout, stderr, code = run(t, "", "verify", out)
	if code != 1 || strings.Contains(stdout, "honest") || !strings.Contains(stderr, `"debug position", is a debug read`) {
		t.Errorf("verify of a game whose cards were read: exit %d\n%s%s", code, stdout, stderr)
	}
}
