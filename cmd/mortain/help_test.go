package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules/ai"
)

// mortain --help lists, under its local play flags, every flag that
// mortain local --help lists (mortain alone plays locally with them).
func TestMainHelpListsEveryLocalFlag(t *testing.T) {
	out, _, code := run(t, "", "--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	local, _, _ := run(t, "", "local", "--help")
	flags := regexp.MustCompile(`(?m)^  (--[a-z-]+)`).FindAllStringSubmatch(local, -1)
	if len(flags) < 5 {
		t.Fatalf("local --help lists %d flags:\n%s", len(flags), local)
	}
	_, localPart, _ := strings.Cut(out, "Local play flags:")
	for _, f := range flags {
		if !strings.Contains(localPart, "  "+f[1]+" ") {
			t.Errorf("mortain --help leaves out %s", f[1])
		}
	}
}

// mortain arena --help gives the hard level's real default budget.
func TestArenaHelpGivesTheDefaultBudget(t *testing.T) {
	out, _, code := run(t, "", "arena", "--help")
	line := regexp.MustCompile(`(?m)^  --budget B .*$`).FindString(out)
	if code != 0 || !strings.HasSuffix(line, "(default "+ai.DefaultTime.String()+")") {
		t.Errorf("arena --help: exit %d, budget line %q, want the default %s", code, line, ai.DefaultTime)
	}
}
