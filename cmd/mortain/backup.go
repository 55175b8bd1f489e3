package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mortain/mortain/store"
)

const backupUsage = `mortain backup — copy a database to a file

Usage:
  mortain backup [--db FILE] [--force] OUT

Flags:
  --db FILE   the database to copy (default: the local-play database)
  --force     replace OUT if it exists (never FILE itself, nor a database
              that a process has open)

It works while the bot or local play has FILE open: that process answers
on the socket FILE.sock and sends a consistent snapshot; otherwise the file
is read directly (read-only). The copy is written beside OUT (.OUT.tmp-*),
synced, checked page by page, then renamed to OUT: OUT is either as it was
or the whole copy. A temporary file that a killed backup left is removed.
A process that holds FILE but sends nothing on its socket for 2 s (it is
stopped, or hung) is given up; Ctrl-C stops the copy. Either way OUT is
left as it was and the temporary file removed.
`

// runBackup writes a consistent copy of the database to a file:
// mortain backup [--db FILE] OUT.
func (m *Main) runBackup(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "")
	force := fs.Bool("force", false, "")
	// OUT may come before or after the flags.
	var pos []string
	for first := true; first || len(args) > 0; first = false {
		if err := m.parseFlags(fs, args, "backup", backupUsage); err != nil {
			return err
		}
		args = fs.Args()
		if len(args) > 0 {
			pos, args = append(pos, args[0]), args[1:]
		}
	}
	if len(pos) != 1 {
		fmt.Fprint(m.Stderr, "mortain backup: give the file to write\n\n"+backupUsage)
		return exitStatus(2)
	}
	out := pos[0]
	// A path that does not exist would be created as an empty database and
	// backed up: a mistyped --db must fail instead.
	if _, err := os.Stat(*dbPath); err != nil {
		fmt.Fprintf(m.Stderr, "mortain backup: %v: check the --db path\n", err)
		return exitStatus(1)
	}
	res, err := store.BackupTo(ctx, *dbPath, out, *force, store.Options{})
	for _, name := range res.Removed {
		fmt.Fprintf(m.Stdout, "removed %s, left by a backup that was stopped\n", name)
	}
	if ctx.Err() != nil {
		fmt.Fprintf(m.Stderr, "mortain backup: stopped; %s was left as it was and the unfinished copy removed\n", out)
		return exitStatus(1)
	}
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain backup:", err)
		return exitStatus(1)
	}
	how := "read from the file"
	if res.Live {
		how = "from the process that has it open"
	}
	fmt.Fprintf(m.Stdout, "backed up %s to %s (%s)\n", *dbPath, out, how)
	return nil
}
