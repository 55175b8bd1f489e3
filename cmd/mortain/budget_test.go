package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/duration"
	"github.com/mortain/mortain/internal/duration/durationcases"
)

// The terminal reads a budget's time as the configuration and the
// commands read a duration, and refuses a bad one with the same message.
func TestBudgetTimesReadAsEveryDuration(t *testing.T) {
	for text, want := range durationcases.Good {
		b, err := parseBudget(text)
		if err != nil || b.Time != want || b.Iterations != 0 {
			t.Errorf("--budget %s: %+v, %v; want %v", text, b, err, want)
		}
	}
	if b, err := parseBudget("2000it"); err != nil || b.Iterations != 2000 {
		t.Errorf("--budget 2000it: %+v, %v", b, err)
	}
	for _, text := range durationcases.Bad {
		_, err := parseBudget(text)
		if want := (&duration.Error{Value: text}).Error(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--budget %s: %v; want it to say %q", text, err, want)
		}
	}
	_, stderr, code := run(t, "", "local", "--budget", "1.5x", "--db", filepath.Join(t.TempDir(), "b.db"))
	if want := (&duration.Error{Value: "1.5x"}).Error(); code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("local --budget 1.5x: exit %d, %q; want %q", code, stderr, want)
	}
}
