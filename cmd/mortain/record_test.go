package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/internal/testenv"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// A game played in the terminal is exported from the shell and verified;
// a record with one card changed fails verification, naming the draw.
func TestExportThenVerify(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "g.db")
	script := writeScript(t, "new mode:ai-vs-ai pace:end level:random")
	if _, stderr, code := run(t, "", "local", "--script", script, "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	out := filepath.Join(dir, "game.json")
	stdout, stderr, code := run(t, "", "export", "--db", db, "--out", out)
	if code != 0 || !strings.Contains(stdout, "with the seed and the salt") {
		t.Fatalf("export: exit %d\n%s%s", code, stdout, stderr)
	}
	stdout, stderr, code = run(t, "", "verify", out)
	if code != 0 || !strings.Contains(stdout, "honest") {
		t.Fatalf("verify of an honest record: exit %d\n%s%s", code, stdout, stderr)
	}

	var r map[string]any
	data, _ := os.ReadFile(out)
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber() // the seed is a 64-bit number
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	draws := r["draws"].([]any)
	if draws[3] == "AS" {
		draws[3] = "2S"
	} else {
		draws[3] = "AS"
	}
	data, _ = json.Marshal(r)
	bad := filepath.Join(dir, "tampered.json")
	os.WriteFile(bad, data, 0o644)
	_, stderr, code = run(t, "", "verify", bad)
	if code != 1 || !strings.Contains(stderr, "draw 4") {
		t.Errorf("verify of a tampered record: exit %d\n%s", code, stderr)
	}
	if _, _, code := run(t, "", "verify", script); code != 2 {
		t.Errorf("verify of a file that is no record: exit %d, want 2", code)
	}
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, []byte("{}"), 0o644)
	if _, stderr, code := run(t, "", "verify", empty); code != 2 || !strings.Contains(stderr, "not a game record") {
		t.Errorf("verify of {}: exit %d, want 2\n%s", code, stderr)
	}

	// A record whose result was changed is not honest (R8).
	dec = json.NewDecoder(strings.NewReader(string(mustRead(t, out))))
	dec.UseNumber()
	r = nil
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(r["result"].(string), "US") {
		r["result"] = "German wins: R8.2: no US unit is left"
	} else {
		r["result"] = "US wins: R8.4: the US holds at the end of turn 6"
	}
	data, _ = json.Marshal(r)
	os.WriteFile(bad, data, 0o644)
	stdout, stderr, code = run(t, "", "verify", bad)
	if code != 1 || !strings.Contains(stderr, "result") || strings.Contains(stdout, "honest") {
		t.Errorf("verify of a record with another result: exit %d\n%s%s", code, stdout, stderr)
	}
}

// A finished game whose cards were stacked with debug deck replays to the
// cards it records, but verify says it has a debug edit and never calls it
// honest (R9.1).
func TestVerifyRefusesARecordWithDebugEdits(t *testing.T) {
	g := rules.NewGame(nil, rules.Options{}, 11)
	p := rules.NewRandomPlayer(11)
	for g.State.Phase() != rules.PhaseRound {
		a, _ := p.Choose(&g.State)
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Debug("debug deck KS QS JS"); err != nil {
		t.Fatal(err)
	}
	for !g.State.Over() {
		a, _ := p.Choose(&g.State)
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	data, err := json.Marshal(rules.NewRecord(g, "salt", true))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "stacked.json")
	os.WriteFile(path, data, 0o644)
	stdout, stderr, code := run(t, "", "verify", path)
	if code != 1 || !strings.Contains(stderr, "debug deck KS QS JS") || strings.Contains(stdout, "honest") {
		t.Errorf("verify of a stacked deck: exit %d\n%s%s", code, stdout, stderr)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// backup refuses a database path that does not exist instead of backing
// up the empty database opening it would create; --help prints its flags.
func TestBackupOfAMistypedPathFails(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no-such.db")
	_, stderr, code := run(t, "", "backup", "--db", missing, filepath.Join(dir, "copy.db"))
	if code != 1 || !strings.Contains(stderr, "check the --db path") {
		t.Errorf("backup of a missing database: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("backup created the database it was asked to copy")
	}
	for _, sub := range []string{"backup", "export"} {
		stdout, _, code := run(t, "", sub, "--help")
		if code != 0 || !strings.Contains(stdout, "Usage:\n  mortain "+sub) || !strings.Contains(stdout, "Flags:\n  --db FILE") {
			t.Errorf("%s --help: exit %d\n%s", sub, code, stdout)
		}
	}
}

// A game whose record is damaged is set aside: the player is told, and a
// new game starts in its place.
func TestLocalPlaySetsADamagedGameAside(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "d.db")
	script := writeScript(t, "new mode:hotseat")
	if _, stderr, code := run(t, "", "local", "--script", script, "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	damageRunningGame(t, db)
	script = writeScript(t, "new mode:hotseat", "setup preset:historical")
	stdout, stderr, code := run(t, "", "local", "--script", script, "--db", db)
	if code != 0 || !strings.Contains(stdout+stderr, "set aside") || strings.Contains(stdout+stderr, "Something went wrong") || strings.Contains(stdout+stderr, "refused") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout+stderr, "117 set up") {
		t.Errorf("no new game after the damaged one:\n%s%s", stdout, stderr)
	}
}

// damageRunningGame overwrites local play's running record with bytes
// that do not decode, as a disk fault or a bad edit would.
func damageRunningGame(t *testing.T, path string) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("running")).Bucket([]byte("local/local")).Put([]byte("record"), []byte(`{"game":{"schema":1,`))
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		stdout, stderr, code := run(t, "", arg)
		if code != 0 || !strings.HasPrefix(stdout, "mortain ") || !strings.Contains(stdout, "go1.") {
			t.Errorf("%s: exit %d %q %q", arg, code, stdout, stderr)
		}
	}
}

// mortain backup copies a database that another process holds open.
func TestBackupWhileLocalPlayHoldsTheDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "held.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := filepath.Join(dir, "copy.db")
	stdout, stderr, code := run(t, "", "backup", "--db", path, out)
	if code != 0 || !strings.Contains(stdout, "from the process that has it open") {
		t.Fatalf("backup of a database in use: exit %d\n%s%s", code, stdout, stderr)
	}
	cp, err := store.Open(out, store.Options{})
	if err != nil {
		t.Fatalf("the copy does not open: %v", err)
	}
	cp.Close()
}

// restore checks a backup before it replaces anything and keeps the
// replaced file; doctor lists (and exports) the games set aside.
func TestRestoreAndDoctor(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	script := writeScript(t, "new mode:hotseat")
	if _, stderr, code := run(t, "", "local", "--script", script, "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	backup := filepath.Join(dir, "backup.db")
	if _, stderr, code := run(t, "", "backup", "--db", db, backup); code != 0 {
		t.Fatalf("backup: %s", stderr)
	}
	junk := filepath.Join(dir, "junk.db")
	os.WriteFile(junk, []byte(strings.Repeat("not a database ", 400)), 0o600)
	before, _ := os.ReadFile(db)
	if _, stderr, code := run(t, "", "restore", junk, "--db", db); code != 1 || !strings.Contains(stderr, "the backup") {
		t.Errorf("restore of a junk file: exit %d\n%s", code, stderr)
	}
	if after, _ := os.ReadFile(db); string(after) != string(before) {
		t.Error("a refused restore changed the database")
	}

	damageRunningGame(t, db)
	stdout, stderr, code := run(t, "", "local", "--script", writeScript(t, "status"), "--db", db)
	if code != 0 {
		t.Fatalf("local after the damage: exit %d\n%s%s", code, stdout, stderr)
	}
	out := filepath.Join(dir, "aside")
	stdout, stderr, code = run(t, "", "doctor", "--db", db, "--export", out)
	if code != 0 || !strings.Contains(stdout, "local/local@") || !strings.Contains(stdout, "written to") {
		t.Fatalf("doctor: exit %d\n%s%s", code, stdout, stderr)
	}
	files, _ := os.ReadDir(out)
	if len(files) != 1 {
		t.Fatalf("doctor exported %d files", len(files))
	}

	stdout, stderr, code = run(t, "", "restore", backup, "--db", db)
	if code != 0 || !strings.Contains(stdout, "the replaced file is") {
		t.Fatalf("restore: exit %d\n%s%s", code, stdout, stderr)
	}
	stdout, _, _ = run(t, "", "doctor", "--db", db)
	if !strings.Contains(stdout, "No game was set aside") || !strings.Contains(stdout, "No post was set aside") {
		t.Errorf("after the restore: %s", stdout)
	}
}

// doctor lists the posts the bot set aside because Discord refused them
// for good.
func TestDoctorListsPostsSetAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	key := record.Key{Guild: "300000000000000001", Channel: "300000000000000002"}
	if err := db.Enqueue(key, record.Notice{Text: "Turn 2 · US round"}); err != nil {
		t.Fatal(err)
	}
	pending, _ := db.Pending(key)
	if err := db.Undeliverable(key, pending[0].Seq, "the post was larger than this server's upload limit"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	stdout, stderr, code := run(t, "", "doctor", "--db", path)
	if code != 0 || !strings.Contains(stdout, "upload limit") || !strings.Contains(stdout, "Turn 2 · US round") || !strings.Contains(stdout, key.String()) {
		t.Errorf("doctor: exit %d\n%s%s", code, stdout, stderr)
	}
}

// local --replay replays an exported record step by step, with maps;
// local --help lists its own flags, --scenario included.
func TestLocalReplayAndHelp(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "g.db")
	if _, stderr, code := run(t, "", "local", "--script", writeScript(t, "new mode:ai-vs-ai pace:end level:random"), "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	rec := filepath.Join(dir, "game.json")
	if _, stderr, code := run(t, "", "export", "--db", db, "--out", rec); code != 0 {
		t.Fatal(stderr)
	}
	maps := filepath.Join(dir, "maps")
	drawn := rec
	if !testenv.Long() {
		// A map for each of the AI game's some 400 steps takes a minute
		// under the race detector: the maps of a short game show the same
		// (MORTAIN_LONG draws the whole AI game's).
		drawn = shortRecord(t, dir)
	}
	stdout, stderr, code := run(t, "", "local", "--replay", drawn, "--out", maps)
	if code != 0 || !strings.Contains(stdout, "step 1 of") || !strings.Contains(stdout, "Result:") {
		t.Fatalf("replay: exit %d\n%s%s", code, stdout[:min(2000, len(stdout))], stderr)
	}
	if strings.Contains(stdout, "**") {
		t.Errorf("the terminal's replay prints chat markup:\n%s", stdout[:min(2000, len(stdout))])
	}
	steps := regexp.MustCompile(`step 1 of (\d+)`).FindStringSubmatch(stdout)
	files, _ := os.ReadDir(maps)
	if steps == nil || strconv.Itoa(len(files)) != steps[1] {
		t.Errorf("%d maps written, want one a step (%v)", len(files), steps)
	}
	// Under the pseudo-locale every line of the replay is the catalog's;
	// in Japanese it reads Japanese.
	stdout, stderr, code = runIn(t, "pseudo", false, "", "local", "--replay", rec)
	if bare := i18n.Bare(stdout + stderr); code != 0 || len(bare) > 0 {
		t.Errorf("pseudo replay: exit %d, bare lines %q", code, bare)
	}
	stdout, _, _ = runIn(t, "ja_JP.UTF-8", false, "", "local", "--replay", rec)
	if !strings.Contains(stdout, "— 1 / ") || !strings.Contains(stdout, " 手目: ") || !strings.Contains(stdout, "結果:") {
		t.Errorf("the Japanese replay:\n%s", stdout[:min(2000, len(stdout))])
	}
	stdout, _, code = run(t, "", "local", "--help")
	if code != 0 || !strings.Contains(stdout, "Usage:\n  mortain local") || !strings.Contains(stdout, "--scenario FILE") || !strings.Contains(stdout, "--replay FILE") {
		t.Errorf("local --help: exit %d\n%s", code, stdout)
	}
}

// shortRecord exports a hotseat game of a few steps, resigned, into dir
// and returns its path.
func shortRecord(t *testing.T, dir string) string {
	t.Helper()
	db := filepath.Join(dir, "short.db")
	script := writeScript(t, "new mode:hotseat", "setup preset:historical", "setup done", "resign confirm:yes")
	if _, stderr, code := run(t, "", "local", "--script", script, "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	path := filepath.Join(dir, "short.json")
	if _, stderr, code := run(t, "", "export", "--db", db, "--out", path); code != 0 {
		t.Fatal(stderr)
	}
	return path
}

// backup never writes over the database it copies, nor over another
// database in use (--force or not), and refuses an OUT that exists
// unless --force; the process that holds the database loses nothing.
func TestBackupNeverOverwritesADatabaseInUse(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	other := filepath.Join(dir, "other.db")
	odb, err := store.Open(other, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer odb.Close()
	for _, args := range [][]string{
		{"backup", "--db", path, path},
		{"backup", "--db", path, "--force", path},
		{"backup", "--db", path, other},
		{"backup", "--db", path, other, "--force"},
	} {
		stdout, stderr, code := run(t, "", args...)
		if code != 1 || strings.Contains(stdout, "backed up") {
			t.Errorf("%q: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
	key := record.Key{Guild: "g", Channel: "c"}
	for _, d := range []*store.DB{db, odb} {
		if err := d.Create(&record.Record{Key: key, Game: rules.NewGame(rules.DefaultScenario(), rules.Options{}, 1)}); err != nil {
			t.Fatal(err)
		}
		p := d.Path()
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		re, err := store.Open(p, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := re.Get(key); err != nil {
			t.Errorf("%s lost the game written after the refused backups: %v", p, err)
		}
		re.Close()
	}
	out := filepath.Join(dir, "copy.db")
	os.WriteFile(out, []byte("mine"), 0o600)
	if _, stderr, code := run(t, "", "backup", "--db", path, out); code != 1 || !strings.Contains(stderr, "--force") {
		t.Errorf("backup over an existing file: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := run(t, "", "backup", "--db", path, "--force", out); code != 0 {
		t.Errorf("backup --force over a file: exit %d\n%s", code, stderr)
	}
}

// A bit flipped in a page header (bytes 16-63 of a page) made every tool
// die with a memory fault in bbolt's page walk. Each tool now says the
// file is damaged, names it and what to do, and exits 1.
func TestEveryToolReportsAFlippedPage(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "base.db")
	for i := 0; i < 3; i++ {
		if _, stderr, code := run(t, "", "local", "--script", writeScript(t, "new mode:hotseat", "setup preset:historical"), "--db", db); code != 0 {
			t.Fatalf("local: exit %d\n%s", code, stderr)
		}
	}
	base, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	page := os.Getpagesize()
	r := rand.New(rand.NewPCG(5, 31))
	found := 0
	for try := 0; try < 400 && found < 4; try++ {
		b := append([]byte(nil), base...)
		at := (2+r.IntN(len(b)/page-2))*page + 16 + r.IntN(48)
		b[at] ^= 1 << r.IntN(8)
		path := filepath.Join(dir, "flip.db")
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, stderr, code := run(t, "", "doctor", "--db", path); code == 0 || !strings.Contains(stderr, "damaged") {
			continue // the flip did no harm the walk sees (or hit a record, which is set aside)
		}
		found++
		live := filepath.Join(dir, "live.db")
		os.WriteFile(live, base, 0o600)
		for _, args := range [][]string{
			{"doctor", "--db", path},
			{"local", "--script", writeScript(t, "status"), "--db", path},
			{"export", "--db", path, "--out", filepath.Join(dir, "g.json")},
			{"backup", "--db", path, filepath.Join(dir, fmt.Sprintf("copy-%d.db", try))},
			{"restore", path, "--db", live},
		} {
			stdout, stderr, code := run(t, "", args...)
			if code != 1 || !strings.Contains(stderr, path) || !strings.Contains(stderr, "doctor") && !strings.Contains(stderr, "nothing was changed") ||
				strings.Contains(stdout+stderr, "panic:") {
				t.Errorf("flip at byte %d, %s: exit %d\n%s%s", at, args[0], code, stdout, stderr)
			}
		}
	}
	if found == 0 {
		t.Fatal("no flip damaged the file")
	}
}

// doctor, export and backup open the database read-only: they work on a
// file the user may read but not write, and change nothing in it. A file
// the user may not read is a permission problem, said as such.
func TestReadOnlyToolsAndPermissions(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "ro.db")
	if _, stderr, code := run(t, "", "local", "--script", writeScript(t, "new mode:ai-vs-ai pace:end level:random"), "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	if err := os.Chmod(db, 0o400); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(db)
	info, _ := os.Stat(db)
	for _, args := range [][]string{
		{"doctor", "--db", db},
		{"export", "--db", db, "--out", filepath.Join(dir, "g.json")},
		{"backup", "--db", db, filepath.Join(dir, "copy.db")},
	} {
		if stdout, stderr, code := run(t, "", args...); code != 0 {
			t.Errorf("%s of a read-only database: exit %d\n%s%s", args[0], code, stdout, stderr)
		}
	}
	after, _ := os.ReadFile(db)
	info2, _ := os.Stat(db)
	if string(before) != string(after) || !info.ModTime().Equal(info2.ModTime()) {
		t.Error("a read-only tool changed the database")
	}
	if os.Geteuid() == 0 {
		t.Skip("running as root: every file is readable")
	}
	if err := os.Chmod(db, 0); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"doctor", "local"} {
		_, stderr, code := run(t, "", sub, "--db", db)
		if code != 1 || !strings.Contains(stderr, "permission denied") || strings.Contains(stderr, "not a Mortain database") {
			t.Errorf("%s of an unreadable database: exit %d\n%s", sub, code, stderr)
		}
	}
}

// A killed backup leaves a hidden temporary file beside OUT: the next
// backup to OUT removes it and says so; one beside the database goes at
// the next start of local play, said too.
func TestLeftoverTemporaryFilesAreRemovedAndSaid(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	if _, stderr, code := run(t, "", "local", "--script", writeScript(t, "new mode:hotseat"), "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	stale := filepath.Join(dir, ".copy.db.tmp-123")
	os.WriteFile(stale, make([]byte, 1<<20), 0o600)
	stdout, stderr, code := run(t, "", "backup", "--db", db, filepath.Join(dir, "copy.db"))
	if code != 0 || !strings.Contains(stdout, "removed "+stale) {
		t.Errorf("backup: exit %d\n%s%s", code, stdout, stderr)
	}
	stale = filepath.Join(dir, ".live.db.tmp-456")
	os.WriteFile(stale, make([]byte, 1<<20), 0o600)
	stdout, stderr, code = run(t, "", "local", "--script", writeScript(t, "status"), "--db", db)
	if code != 0 || !strings.Contains(stdout, "Removed "+stale) {
		t.Errorf("local: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, name := range []string{".copy.db.tmp-123", ".live.db.tmp-456"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s is still there", name)
		}
	}
	// restore of an empty file or a folder: a plain message.
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o600)
	for _, bad := range []string{empty, dir} {
		_, stderr, code := run(t, "", "restore", bad, "--db", db)
		if code != 1 || !strings.Contains(stderr, "not a Mortain database") || strings.Contains(stderr, "bad file descriptor") {
			t.Errorf("restore %s: exit %d\n%s", bad, code, stderr)
		}
	}
}
