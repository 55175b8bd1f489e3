package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mortain/mortain/store"
)

const backupUsage = `mortain backup — copy a database to a file

Usage:
  mortain backup [--db FILE] OUT

Flags:
  --db FILE   the database to copy (default: the local-play database)

It works while the bot or local play has FILE open: that process answers
on the socket FILE.sock and sends a consistent snapshot; otherwise the file
is read directly. The copy is written beside OUT, checked page by page,
synced, then renamed to OUT.
`

// runBackup writes a consistent copy of the database to a file:
// mortain backup [--db FILE] OUT.
func (m *Main) runBackup(args []string) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "")
	if code, done := m.parseFlags(fs, args, "backup", backupUsage); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprint(m.Stderr, "mortain backup: give the file to write\n\n"+backupUsage)
		return 2
	}
	out := fs.Arg(0)
	// A path that does not exist would be created as an empty database and
	// backed up: a mistyped --db must fail instead.
	if _, err := os.Stat(*dbPath); err != nil {
		fmt.Fprintf(m.Stderr, "mortain backup: %v: check the --db path\n", err)
		return 1
	}
	live, err := store.BackupTo(*dbPath, out, store.Options{})
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain backup:", err)
		return 1
	}
	how := "read from the file"
	if live {
		how = "from the process that has it open"
	}
	fmt.Fprintf(m.Stdout, "backed up %s to %s (%s)\n", *dbPath, out, how)
	return 0
}
