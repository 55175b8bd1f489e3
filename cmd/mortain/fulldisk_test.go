package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/testenv"
)

// Local play could not start on a full disk, even to read (its check
// copied the whole database first), and a move refused there read
// "Something went wrong on our side". It starts, shows the game, and a
// move that cannot be saved says the disk is full and that nothing
// changed; once space is freed the game goes on.
func TestLocalPlayOnAFullDisk(t *testing.T) {
	dir, ok := testenv.SmallDisk(t)
	if !ok {
		testenv.OnSmallDisk(t, "TestLocalPlayOnAFullDisk", 2<<20)
		return
	}
	db := filepath.Join(dir, "local.db")
	script := func(lines ...string) string { return writeScript(t, lines...) } // the script lives off the small disk
	if _, stderr, code := run(t, "", "local", "--script", script("new mode:hotseat", "setup preset:historical", "setup done"), "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	filler := testenv.FillDisk(t, dir)

	passes := []string{"status"}
	for range 300 {
		passes = append(passes, "pass")
	}
	stdout, stderr, code := run(t, "", "local", "--script", script(passes...), "--db", db)
	if code != 0 || !strings.Contains(stdout, "Resuming your game") {
		t.Fatalf("local play on a full disk: exit %d\n%s\n%s", code, tail(stdout), stderr)
	}
	want := "refused: The disk is full: the game could not be saved; nothing changed."
	if !strings.Contains(stderr, want) || strings.Contains(stderr, "went wrong") {
		t.Errorf("a move on a full disk did not say so (want %q):\n%s", want, tail(stderr))
	}

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code = run(t, "", "local", "--script", script("pass"), "--db", db)
	if code != 0 || strings.Contains(stdout, "refused") {
		t.Errorf("after freeing space: exit %d\n%s\n%s", code, tail(stdout), stderr)
	}
	if stdout, _, code := run(t, "", "doctor", "--db", db); code != 0 {
		t.Errorf("doctor: exit %d\n%s", code, stdout)
	}
}
