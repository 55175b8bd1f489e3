package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// arena --tactics --json prints the suite's figures under the keys total
// and solved; easy clears its bar (70%).
func TestArenaTacticsJSON(t *testing.T) {
	stdout, stderr, code := run(t, "", "arena", "--tactics", "--level", "easy", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	total, ok1 := v["total"].(float64)
	solved, ok2 := v["solved"].(float64)
	if !ok1 || !ok2 || total < 40 || solved < 0.7*total {
		t.Fatalf("total %v solved %v, want at least 40 positions and 70%% solved:\n%s", v["total"], v["solved"], stdout)
	}
}

// Without --json it prints the count, and a line per failed position with
// its name and reason (random fails many).
func TestArenaTacticsText(t *testing.T) {
	stdout, stderr, code := run(t, "", "arena", "--tactics", "--level", "random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "tactics, level random") || !strings.Contains(stdout, "solved ") {
		t.Fatalf("no count:\n%s", stdout)
	}
	if !strings.Contains(stdout, "  failed ") || !strings.Contains(stdout, "; ") {
		t.Fatalf("no failed position with its reason:\n%s", stdout)
	}
	if _, _, code := run(t, "", "arena", "--tactics", "--level", "grandmaster"); code != 2 {
		t.Errorf("an unknown level: exit %d, want 2", code)
	}
}
