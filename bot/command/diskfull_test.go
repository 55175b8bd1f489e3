package command

import (
	"bytes"
	"log/slog"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/mortain/mortain/store/record"
)

// fullDisk is a store whose disk is full: every Update fails as the
// store's does, and nothing is written.
type fullDisk struct{ *memStore }

func (fullDisk) Update(record.Key, func(*record.Record) error) error {
	return &record.DiskFullError{Path: "/data/mortain.db", Err: &os.PathError{Op: "write", Path: "/data/mortain.db", Err: syscall.ENOSPC}}
}

// A full disk was answered "Something went wrong on our side ... please
// try again". The player reads that the bot's disk is full, the game
// could not be saved and nothing changed; the operator's log says the
// disk is full and which file.
func TestAFullDiskIsToldToThePlayerAndTheOperator(t *testing.T) {
	for _, local := range []bool{false, true} {
		mem := newMemStore()
		var log bytes.Buffer
		s := New(Config{Store: fullDisk{mem}, FrontEnd: frontEndFor(local), Seed: func() uint64 { return 1 }, Logger: slog.New(slog.NewTextHandler(&log, nil))})
		if err := mem.Create(rankedRecord(t, testKey, 3)); err != nil {
			t.Fatal(err)
		}
		r := do(t, s, bob, "pass")
		want := "The disk of the computer that runs the bot is full: the game could not be saved; nothing changed."
		if local {
			want = "The disk is full: the game could not be saved; nothing changed."
		}
		if !r.Refused || !strings.HasPrefix(r.Private, want) || len(r.Posts) != 0 {
			t.Errorf("local %v: a step on a full disk answered %+v, want %q", local, r, want)
		}
		if !strings.Contains(log.String(), "the disk that holds the database is full") || !strings.Contains(log.String(), "/data/mortain.db") {
			t.Errorf("local %v: the log says:\n%s", local, log.String())
		}
	}
}
