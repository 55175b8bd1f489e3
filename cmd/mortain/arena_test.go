package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/arena"
)

// arena --us-setup refuses a malformed or illegal set-up, naming the unit,
// hex and rule, with exit code 2.
func TestArenaUSSetupErrors(t *testing.T) {
	for spec, want := range map[string]string{
		"117@1901 119@1804 120@1202 823@1405 TD@1503": "117@1901 refused: R2.1",
		"117@1501 119@1501 120@1501 823@1405 TD@1503": "120@1501 refused: R3.1",
		"117@1501 119@1502":                           "823, TD not placed",
		"117@15":                                      `hex "15"`,
		"everywhere":                                  "want ai, historical, random, suite",
	} {
		_, stderr, code := run(t, "", "arena", "--us", "random", "--german", "random", "--games", "1", "--us-setup", spec)
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("--us-setup %q: exit %d, stderr %q; want 2 and %q", spec, code, stderr, want)
		}
	}
}

// arena --us-setup plays the given set-up and names it in the figures.
func TestArenaUSSetup(t *testing.T) {
	stdout, stderr, code := run(t, "", "arena", "--us", "easy", "--german", "random", "--games", "2", "--parallel", "1",
		"--us-setup", "117@1401 119@1804 120@1202 823@1405 TD@1503", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r arena.ArenaResult
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	if r.Games != 2 || r.USSetup != "117@1401 119@1804 120@1202 823@1405 TD@1503" {
		t.Fatalf("games %d, set-up %q", r.Games, r.USSetup)
	}
}

// arena --us-setup suite plays every set-up of the suite: a table, or JSON
// with one row a set-up.
func TestArenaSetupSuite(t *testing.T) {
	suite, err := ai.SetupSuite()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"arena", "--us", "random", "--german", "random", "--games", "1", "--parallel", "1", "--us-setup", "suite"}
	stdout, stderr, code := run(t, "", append(args, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r arena.SuiteResult
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Rows) != len(suite) || r.Rows[0].Name != "historical" || r.Games != 1 {
		t.Fatalf("%d rows (want %d), first %q, %d games", len(r.Rows), len(suite), r.Rows[0].Name, r.Games)
	}
	stdout, _, code = run(t, "", args...)
	if code != 0 || !strings.Contains(stdout, "historical ") || !strings.Contains(stdout, suite[len(suite)-1].Name+" ") {
		t.Fatalf("exit %d, table:\n%s", code, stdout)
	}
}
