package main

import (
	"path/filepath"
	"testing"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// A game whose end was committed but not its archiving (an older
// version, stopped between the two) no longer stays among the running
// games until someone opens it: local play archives it at start.
func TestLocalPlayArchivesAtStartAGameLeftEndedButRunning(t *testing.T) {
	path := filepath.Join(t.TempDir(), "local.db")
	if _, stderr, code := run(t, "", "local", "--script", writeScript(t, "new mode:hotseat", "new mode:hotseat"), "--db", path); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ended, playing := command.LocalKey(1), command.LocalKey(2)
	if err := db.Update(ended, func(r *record.Record) error { r.Meta.Resigned = rules.US; return nil }); err != nil {
		t.Fatal(err)
	}
	db.Close()

	if _, stderr, code := run(t, "", "local", "--script", writeScript(t, "# nothing"), "--db", path); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	db, err = store.Open(path, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	running, err := db.Running()
	if err != nil {
		t.Fatal(err)
	}
	if len(running) != 1 || running[0] != playing {
		t.Errorf("running games %v, want %v alone", running, playing)
	}
	f, err := db.LastFinished(ended)
	if err != nil || f.Winner.String() != "german" {
		t.Errorf("the ended game's archive entry: %+v, %v", f, err)
	}
}
