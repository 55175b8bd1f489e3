package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

func TestReshardSplitsTheDatabaseByGuild(t *testing.T) {
	base := filepath.Join(t.TempDir(), "mortain.db")
	db, err := store.Open(base, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	guilds := []string{strconv.FormatUint(500000000000<<22, 10), strconv.FormatUint(500000000001<<22, 10)}
	for _, g := range guilds {
		rec := &record.Record{Key: record.Key{Guild: g, Channel: "1"}, Game: rules.NewGame(rules.DefaultScenario(), rules.Options{}, 1),
			Seats: map[rules.Side]record.Seat{rules.US: {UserID: "u1"}, rules.German: {AI: "random"}}}
		if err := db.Create(rec); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	if _, stderr, code := run(t, "", "reshard", "--db", base); code != 2 || !strings.Contains(stderr, "--to M") {
		t.Errorf("without --to: status %d, %q", code, stderr)
	}
	stdout, stderr, code := run(t, "", "reshard", "--db", base, "--to", "2")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "shard 1: "+store.ShardPath(base, 1, 2)+": 1 game running") {
		t.Errorf("the report does not show shard 1's game:\n%s", stdout)
	}
	for shard, g := range guilds {
		db, err := store.Open(store.ShardPath(base, shard, 2), store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		keys, _ := db.Running()
		db.Close()
		if len(keys) != 1 || keys[0].Guild != g {
			t.Errorf("shard %d holds %v, want guild %s", shard, keys, g)
		}
	}
	if _, stderr, code := run(t, "", "reshard", "--db", base, "--to", "2"); code != 1 || !strings.Contains(stderr, "already exists") {
		t.Errorf("a second run: status %d, %q", code, stderr)
	}
	// And back to one file: the old one must be moved away first.
	if _, stderr, code := run(t, "", "reshard", "--db", base, "--from", "2", "--to", "1"); code != 1 || !strings.Contains(stderr, base+" already exists") {
		t.Errorf("back to one over the old file: status %d, %q", code, stderr)
	}
}

func TestReshardWithListsOfFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a", "mortain.db"), filepath.Join(dir, "b", "mortain.db")
	_, stderr, code := run(t, "", "reshard", "--old", a, "--new", b)
	if code != 1 || !strings.Contains(stderr, "check the path") {
		t.Errorf("a missing old file: status %d, %q", code, stderr)
	}
}

// reshard --to 100000 failed with "too many open files" half-way: the
// count is bounded, and a count the open-file limit cannot hold is
// refused before anything is written.
func TestReshardBoundsTheShardCount(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "mortain.db")
	_, stderr, code := run(t, "", "reshard", "--db", db, "--to", "100000")
	if code != 2 || !strings.Contains(stderr, "at most 4096") {
		t.Errorf("--to 100000: exit %d\n%s", code, stderr)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skip(err)
	}
	low := old
	low.Cur = 256
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip(err)
	}
	_, stderr, code = run(t, "", "reshard", "--db", db, "--to", "300")
	syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old)
	if code != 1 || !strings.Contains(stderr, "ulimit -n") {
		t.Errorf("--to 300 with 256 open files: exit %d\n%s", code, stderr)
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*shard*")); len(names) > 0 {
		t.Errorf("files were written: %v", names)
	}
}
