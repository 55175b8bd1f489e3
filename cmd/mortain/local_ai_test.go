package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Local play says when the hard AI thinks (in the narration: stderr with
// --json, so stdout keeps only the JSON), and not for a quicker level.
func TestLocalSaysTheAIThinks(t *testing.T) {
	for _, level := range []string{"hard", "easy"} {
		lines := []string{"new opponent:ai level:" + level + " side:us", "setup preset:historical", "setup done"}
		for range 12 {
			lines = append(lines, "pass")
		}
		stdout, stderr, code := run(t, "", "local", "--script", writeScript(t, lines...), "--seed", "7", "--budget", "20it", "--json", "--db", filepath.Join(t.TempDir(), level+".db"))
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", level, code, stderr)
		}
		state(t, stdout) // stdout holds only the JSON
		n := strings.Count(stderr, "German AI ("+level+") thinking…")
		if level == "hard" && n == 0 {
			t.Errorf("the hard AI never said it was thinking:\n%s", tail(stderr))
		}
		if level == "easy" && n != 0 {
			t.Errorf("the easy AI said %d times it was thinking", n)
		}
	}
}

// A bad --budget is refused before anything starts.
func TestLocalBadBudget(t *testing.T) {
	_, stderr, code := run(t, "", "local", "--budget", "fast", "--db", filepath.Join(t.TempDir(), "b.db"))
	if code != 2 || !strings.Contains(stderr, "budget") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
