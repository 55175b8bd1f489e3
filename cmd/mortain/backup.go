package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mortain/mortain/store"
)

// runBackup writes a consistent copy of the database to a file while it
// may stay in use: mortain backup [--db FILE] OUT.
func (m *Main) runBackup(args []string) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "the database to copy")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(m.Stderr, "usage: mortain backup [--db FILE] OUT")
		return 2
	}
	out := fs.Arg(0)
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
