package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// resignedGames plays n local games that the US resigns, then starts one
// more that stays running.
func resignedGames(t *testing.T, db string, n int) {
	t.Helper()
	var lines []string
	for i := 0; i < n; i++ {
		lines = append(lines, "new mode:hotseat", "resign confirm:yes")
	}
	lines = append(lines, "new mode:hotseat", "setup preset:historical")
	if _, stderr, code := run(t, "", "local", "--script", writeScript(t, lines...), "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
}

// damageArchivedGame changes one byte inside the stored result of the
// archived game number seq (1 the oldest) of local play.
func damageArchivedGame(t *testing.T, path string, seq uint64) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		k := []byte{0, 0, 0, 0, 0, 0, 0, byte(seq)}
		a := tx.Bucket([]byte("archive")).Bucket([]byte("local")).Bucket(k)
		v := bytes.Clone(a.Get([]byte("finished")))
		v[len(v)/2] = 0x02
		return a.Put([]byte("finished"), v)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A byte changed inside a finished game's record stopped local play at
// launch while doctor said all was well. doctor now decodes every record
// and names the damaged one; local play sets it aside and starts with the
// others, which stay reachable.
func TestADamagedArchivedGameIsSetAside(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	resignedGames(t, db, 3)
	damageArchivedGame(t, db, 2)

	stdout, stderr, code := run(t, "", "doctor", "--db", db)
	if code != 1 || !strings.Contains(stdout, "archived game local/2") || !strings.Contains(stdout, "do not decode") {
		t.Fatalf("doctor before: exit %d\n%s%s", code, stdout, stderr)
	}

	stdout, stderr, code = run(t, "", "local", "--script", writeScript(t, "games", "resume id:1", "resume id:4"), "--db", db)
	if code != 0 || !strings.Contains(stdout, "set aside") {
		t.Fatalf("local: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"id:1 ", "id:3 ", "id:4 ", "Game 1 is over", "Resumed game 4"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("local play lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "id:2 ") {
		t.Errorf("the damaged game is listed:\n%s", stdout)
	}

	out := filepath.Join(dir, "aside")
	stdout, stderr, code = run(t, "", "doctor", "--db", db, "--export", out)
	if code != 0 || !strings.Contains(stdout, "Every record decodes") || !strings.Contains(stdout, "local/2@") {
		t.Fatalf("doctor after: exit %d\n%s%s", code, stdout, stderr)
	}
	files, _ := os.ReadDir(out)
	if len(files) != 1 {
		t.Fatalf("doctor exported %d files", len(files))
	}
	if data, _ := os.ReadFile(filepath.Join(out, files[0].Name())); !bytes.Contains(data, []byte(`"reason"`)) {
		t.Errorf("the exported record is not the game's result: %s", fmt.Sprintf("%.80s", data))
	}
}

// Finished games beyond the newest 50 could not be opened: games listed
// them, but export and resume found nothing. Every listed game can be
// exported and resumed.
func TestEveryListedGameCanBeOpened(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "old.db")
	resignedGames(t, db, 52)
	stdout, stderr, code := run(t, "", "local", "--script", writeScript(t, "games", "resume id:1", "status", "resume id:2"), "--db", db)
	if code != 0 || !strings.Contains(stdout, "id:1 ") || !strings.Contains(stdout, "Game 1 is over") || !strings.Contains(stdout, "Game 2 is over") {
		t.Fatalf("local: exit %d\n%s%s", code, stdout, stderr)
	}
	out := filepath.Join(dir, "g1.json")
	if stdout, stderr, code := run(t, "", "export", "--db", db, "--game", "1", "--out", out); code != 0 {
		t.Fatalf("export --game 1: exit %d\n%s%s", code, stdout, stderr)
	}
	if stdout, stderr, code := run(t, "", "verify", out); code != 0 {
		t.Errorf("verify of game 1: exit %d\n%s%s", code, stdout, stderr)
	}
}

// A game resigned during set-up: status, read back from the archive, says
// who resigned and who won, as games does (it said "aborted").
func TestAResignedSetupHasOneResult(t *testing.T) {
	db := filepath.Join(t.TempDir(), "r.db")
	if _, stderr, code := run(t, "", "local", "--script", writeScript(t, "new mode:hotseat", "resign confirm:yes"), "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	stdout, stderr, code := run(t, "", "local", "--script", writeScript(t, "status", "games"), "--db", db)
	if code != 0 || strings.Contains(stdout, "aborted") || !strings.Contains(stdout, "the US side resigned; German won.") ||
		!strings.Contains(stdout, "German won: the US side resigned") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}
