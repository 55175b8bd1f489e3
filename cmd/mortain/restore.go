package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/mortain/mortain/store"
)

const restoreUsage = `mortain restore — put a backup in place of a database

Usage:
  mortain restore BACKUP --db FILE

Flags:
  --db FILE   the database to replace (default: the local-play database)

The backup is checked first (every page; a Mortain database of a schema
this program reads; every record decoding, as doctor checks them); the
replaced file is kept beside it as FILE.replaced-TIME. It refuses while the bot or local play has FILE open.
`

// runRestore replaces a database with a checked backup.
func (m *Main) runRestore(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "")
	// The backup may come before or after the flags.
	var pos []string
	for len(args) > 0 {
		if err := m.parseFlags(fs, args, "restore", restoreUsage); err != nil {
			return err
		}
		args = fs.Args()
		if len(args) > 0 {
			pos, args = append(pos, args[0]), args[1:]
		}
	}
	if len(pos) != 1 {
		fmt.Fprint(m.Stderr, "mortain restore: give the backup to restore\n\n"+restoreUsage)
		return exitStatus(2)
	}
	kept, err := store.Restore(pos[0], *dbPath)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain restore:", err)
		return exitStatus(1)
	}
	fmt.Fprintf(m.Stdout, "restored %s from %s", *dbPath, pos[0])
	if kept != "" {
		fmt.Fprintf(m.Stdout, "; the replaced file is %s", kept)
	}
	fmt.Fprintln(m.Stdout)
	return nil
}
