package main

import (
	"errors"
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

The copy is consistent (one read transaction) and written to OUT.tmp,
synced, then renamed to OUT.
`

// runBackup writes a consistent copy of the database to a file:
// mortain backup [--db FILE] OUT.
func (m *Main) runBackup(args []string) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(m.Stdout, backupUsage)
			return 0
		}
		fmt.Fprintf(m.Stderr, "mortain backup: %v\n\n%s", err, backupUsage)
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprint(m.Stderr, "mortain backup: give the file to write\n\n"+backupUsage)
		return 2
	}
	out := fs.Arg(0)
	// Opening a path that does not exist would create an empty database
	// and back that up: a mistyped --db must fail instead.
	if _, err := os.Stat(*dbPath); err != nil {
		fmt.Fprintf(m.Stderr, "mortain backup: %v: check the --db path\n", err)
		return 1
	}
	db, err := store.Open(*dbPath, store.Options{})
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain backup:", err)
		return 1
	}
	defer db.Close()
	tmp := out + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain backup:", err)
		return 1
	}
	err = db.Backup(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, out)
	}
	if err != nil {
		os.Remove(tmp)
		fmt.Fprintln(m.Stderr, "mortain backup:", err)
		return 1
	}
	fmt.Fprintf(m.Stdout, "backed up %s to %s\n", *dbPath, out)
	return 0
}
