package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

const doctorUsage = `mortain doctor — check a database and list what was set aside

Usage:
  mortain doctor [--db FILE] [--export DIR]

Flags:
  --db FILE      the database (default: the local-play database)
  --export DIR   also write each game set aside as damaged to DIR, as it
                 was stored (GUILD_CHANNEL@TIME.json)

It opens the file read-only, walks every page and decodes every record
(the running and finished games with their logs, the players' records,
the notices waiting to be sent); exit status 1 when a page or a record is
damaged. It lists the games that no longer decoded and were set aside.
`

// runDoctor checks a database and lists (and exports) its damaged games.
func (m *Main) runDoctor(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "")
	export := fs.String("export", "", "")
	if err := m.parseFlags(fs, args, "doctor", doctorUsage); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(m.Stderr, "mortain doctor: unexpected argument %q\n\n%s", fs.Arg(0), doctorUsage)
		return exitStatus(2)
	}
	if _, err := os.Stat(*dbPath); err != nil {
		fmt.Fprintf(m.Stderr, "mortain doctor: %v: check the --db path\n", err)
		return exitStatus(1)
	}
	db, err := store.Open(*dbPath, store.Options{ReadOnly: true})
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain doctor:", err)
		return exitStatus(1)
	}
	defer db.Close()
	code := 0
	err = db.Check()
	if ctx.Err() != nil {
		fmt.Fprintln(m.Stderr, "mortain doctor: stopped before the check ended; nothing was found, nothing was changed")
		return exitStatus(1)
	}
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain doctor:", err)
		code = 1
	} else {
		fmt.Fprintf(m.Stdout, "%s: every page is sound.\n", *dbPath)
	}
	problems, err := db.Verify()
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain doctor:", err)
		return exitStatus(1)
	}
	if len(problems) == 0 {
		fmt.Fprintln(m.Stdout, "Every record decodes.")
	} else {
		code = 1
		fmt.Fprintf(m.Stdout, "%d records do not decode (local play and the bot set a damaged game aside when they read it, and go on with the others):\n", len(problems))
		for _, p := range problems {
			fmt.Fprintf(m.Stdout, "  %s: %v\n", p.Where, p.Cause)
		}
	}
	m.reportUndeliverable(db)
	aside, err := db.SetAside()
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain doctor:", err)
		return exitStatus(1)
	}
	if len(aside) == 0 {
		fmt.Fprintln(m.Stdout, "No game was set aside as damaged.")
		return status(code)
	}
	keys := make([]record.Key, 0, len(aside))
	for k := range aside {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	fmt.Fprintln(m.Stdout, "Games set aside as damaged (the channel started afresh):")
	for _, k := range keys {
		for _, at := range aside[k] {
			fmt.Fprintf(m.Stdout, "  %s@%s\n", k, at)
			if *export == "" {
				continue
			}
			raw, err := db.DamagedRecord(k, at)
			if err == nil {
				err = os.MkdirAll(*export, 0o755)
			}
			if err == nil {
				name := strings.NewReplacer("/", "_", ":", "-").Replace(k.String()+"@"+at) + ".json"
				err = os.WriteFile(filepath.Join(*export, name), raw, 0o600)
				if err == nil {
					fmt.Fprintf(m.Stdout, "    written to %s\n", filepath.Join(*export, name))
				}
			}
			if err != nil {
				fmt.Fprintln(m.Stderr, "mortain doctor:", err)
				code = 1
			}
		}
	}
	return status(code)
}

// reportUndeliverable lists the posts Discord refused for good, which the
// bot set aside so that their channel went on; they are kept, not retried.
func (m *Main) reportUndeliverable(db *store.DB) {
	posts, err := db.AllUndeliverable()
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain doctor:", err)
		return
	}
	if len(posts) == 0 {
		fmt.Fprintln(m.Stdout, "No post was set aside as undeliverable.")
		return
	}
	keys := make([]record.Key, 0, len(posts))
	for k := range posts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	fmt.Fprintln(m.Stdout, "Posts Discord refused for good, set aside so that their channel went on:")
	for _, k := range keys {
		for _, n := range posts[k] {
			text, _, _ := strings.Cut(n.Text, "\n")
			if r := []rune(text); len(r) > 60 {
				text = string(r[:59]) + "…"
			}
			fmt.Fprintf(m.Stdout, "  %s, %s: %s — %q\n", k, n.FailedAt.UTC().Format(time.RFC3339), n.Failure, text)
		}
	}
}
