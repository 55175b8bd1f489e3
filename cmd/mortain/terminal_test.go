package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A command that asks first (resign, abort) is confirmed by typing yes, as
// its question says, and left by no; yes with no question waiting, or
// after another command, is refused in plain words and changes nothing.
func TestLocalYesAnswersTheQuestionAsked(t *testing.T) {
	db := filepath.Join(t.TempDir(), "y.db")
	_, stderr, code := run(t, "", "local", "--script", writeScript(t,
		"new mode:hotseat",
		"yes", // nothing asked yet
		"resign",
		"status", // the question is left unanswered
		"yes",
		"abort",
		"no", // the question is answered no: nothing is done
		"resign",
		"yes",
	), "--seed", "3", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if n := strings.Count(stderr, "type yes to go ahead"); n != 3 {
		t.Errorf("the question does not say to type yes (%d times):\n%s", n, tail(stderr))
	}
	if n := strings.Count(stderr, "refused: There is no question waiting for yes"); n != 2 {
		t.Errorf("a yes with no question waiting is not refused plainly (%d times):\n%s", n, tail(stderr))
	}
	if strings.Contains(stderr, `unknown command "yes"`) {
		t.Errorf("yes is an unknown command:\n%s", tail(stderr))
	}
	if !strings.Contains(stderr, "> no\nNothing was done.") || strings.Contains(stderr, "aborted") {
		t.Errorf("no did not leave the question:\n%s", tail(stderr))
	}
	before, after, _ := strings.Cut(stderr, "> status")
	if strings.Contains(before, "You resign") || !strings.Contains(after, "You resign for the US side.") || !strings.Contains(after, "Game over") {
		t.Errorf("yes after the question did not resign, or the unanswered question did:\n%s", tail(stderr))
	}
}

// After a game ends and the program starts again with an older game still
// running, it says plainly that the game played last is over, with its
// result, and which game it resumes.
func TestLocalRestartSaysWhichGameItResumesAndWhy(t *testing.T) {
	db := filepath.Join(t.TempDir(), "r.db")
	_, stderr, code := run(t, "", "local", "--script", writeScript(t,
		"new mode:hotseat",
		"setup preset:historical",
		"new mode:hotseat", // game 1 is kept
		"resign confirm:yes",
	), "--seed", "3", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("first run: exit %d\n%s", code, stderr)
	}
	_, stderr, code = run(t, "", "local", "--script", writeScript(t, "status"), "--json", "--db", db)
	if code != 0 {
		t.Fatalf("second run: exit %d\n%s", code, stderr)
	}
	want := "Game 2, the game you played last, is over (German won: the US side resigned). Resuming game 1, still running (1 step so far); games lists your games, new starts another."
	if !strings.Contains(stderr, want) {
		t.Errorf("the restart does not say which game it resumes and why; want %q in:\n%s", want, tail(stderr))
	}
}
