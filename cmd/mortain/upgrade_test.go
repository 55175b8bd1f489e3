package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyRelease3 copies the database written by the release of schema 3
// (store/testdata/schema3.db: running games with deadlines and vacations
// in force; games played out, abandoned, resigned and won on time).
func copyRelease3(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../store/testdata/schema3.db")
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(db, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return db
}

// A database written by the previous release: doctor and export read it
// as it is; local play opens it, upgrades it and resumes its game; its
// running, resigned and won-on-time games export and verify (a game
// played out as honest; one resigned or won on time, which that release
// did not record as a step, with its cards checked and its result
// reported as not checked); backup, restore and reshard take it.
func TestADatabaseOfThePreviousReleaseUpgradesResumesExportsAndVerifies(t *testing.T) {
	db := copyRelease3(t)
	before, _ := os.ReadFile(db)
	if stdout, stderr, code := run(t, "", "doctor", "--db", db); code != 0 || !strings.Contains(stdout, "Every record decodes.") {
		t.Fatalf("doctor of schema 3: exit %d\n%s%s", code, stdout, stderr)
	}
	dir := t.TempDir()
	for _, game := range []string{"500/601", "500/604", "500/606", "500/607"} {
		out := filepath.Join(dir, strings.ReplaceAll(game, "/", "-")+".json")
		if stdout, stderr, code := run(t, "", "export", "--db", db, "--game", game, "--out", out); code != 0 {
			t.Fatalf("export %s of schema 3: exit %d\n%s%s", game, code, stdout, stderr)
		}
		if game == "500/601" {
			continue // running: its seed is revealed at its end
		}
		requireVerified(t, out, game != "500/604")
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Error("doctor and export changed the file")
	}
	backup := filepath.Join(dir, "backup.db")
	if stdout, stderr, code := run(t, "", "backup", "--db", db, backup); code != 0 {
		t.Fatalf("backup of schema 3: exit %d\n%s%s", code, stdout, stderr)
	}
	restored := filepath.Join(dir, "restored.db")
	if stdout, stderr, code := run(t, "", "restore", backup, "--db", restored); code != 0 {
		t.Fatalf("restore of schema 3: exit %d\n%s%s", code, stdout, stderr)
	}

	// Local play upgrades the file and resumes its game, with its settings,
	// and the AI plays on.
	stdout, stderr, code := run(t, "", "local", "--script", writeScript(t, "status"), "--db", db)
	if code != 0 || !strings.Contains(stdout, "Resuming your game (12 steps so far)") || !strings.Contains(stdout, "Settings: level: hard · remind: 30m") ||
		!strings.Contains(stdout, "German AI (hard) thinking") {
		t.Fatalf("local on schema 3: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(db + ".schema3.bak"); err != nil {
		t.Errorf("the upgrade kept no copy of the old file: %v", err)
	}
	if stdout, stderr, code := run(t, "", "doctor", "--db", db); code != 0 {
		t.Fatalf("doctor after the upgrade: exit %d\n%s%s", code, stdout, stderr)
	}
	out := filepath.Join(dir, "after.json")
	if stdout, stderr, code := run(t, "", "export", "--db", db, "--game", "500/607", "--out", out); code != 0 {
		t.Fatalf("export after the upgrade: exit %d\n%s%s", code, stdout, stderr)
	}
	requireVerified(t, out, true)
	if stdout, stderr, code := run(t, "", "doctor", "--db", restored); code != 0 {
		t.Errorf("doctor of the restored file: exit %d\n%s%s", code, stdout, stderr)
	}
}

// requireVerified checks that verify passes the record at path as honest
// (exit 0), or, unchecked, as an older record whose cards are the seed's
// but whose result it cannot check (exit 3).
func requireVerified(t *testing.T, path string, unchecked bool) {
	t.Helper()
	stdout, stderr, code := run(t, "", "verify", path)
	switch {
	case !unchecked && code != 0, unchecked && (code != 3 || !strings.Contains(stderr, "older format")):
		t.Errorf("verify %s: exit %d\n%s%s", path, code, stdout, stderr)
	}
}
