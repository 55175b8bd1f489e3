package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/mortain/mortain/store"
)

const ratingsUsage = `mortain ratings — the players' Glicko-2 ratings, or rebuild them

Usage:
  mortain ratings --db FILE [--guild ID]    list the ratings of each server
  mortain ratings --db FILE --recompute     rebuild every rating from the archive

Flags:
  --db FILE     the database (the bot's, or local play's); not one in use: stop
                the bot first, or give a backup (mortain backup)
  --guild ID    only this server
  --recompute   rebuild every rating from the archive of finished games: each
                server's rated games again, in the order they were archived,
                at the times they counted (after a fix to the rating rules);
                the bot must be stopped. The records of wins and losses stay.
`

// runRatings lists the ratings of a database, or rebuilds them.
func (m *Main) runRatings(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("ratings", flag.ContinueOnError)
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "")
	guild := fs.String("guild", "", "")
	recompute := fs.Bool("recompute", false, "")
	if err := m.parseFlags(fs, args, "ratings", ratingsUsage); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(m.Stderr, "mortain ratings: unexpected argument %q\n\n%s", fs.Arg(0), ratingsUsage)
		return exitStatus(2)
	}
	if _, err := os.Stat(*dbPath); err != nil {
		fmt.Fprintf(m.Stderr, "mortain ratings: %v: check the --db path\n", err)
		return exitStatus(1)
	}
	db, err := store.Open(*dbPath, store.Options{ReadOnly: !*recompute})
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain ratings:", err)
		return exitStatus(1)
	}
	defer db.Close()
	if *recompute {
		n, err := db.RecomputeRatings()
		if err != nil {
			fmt.Fprintln(m.Stderr, "mortain ratings: nothing was changed:", err)
			return exitStatus(1)
		}
		fmt.Fprintf(m.Stdout, "Rebuilt the ratings from %d rated game(s).\n", n)
	}
	guilds, err := db.Guilds()
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain ratings:", err)
		return exitStatus(1)
	}
	if len(guilds) == 0 {
		fmt.Fprintln(m.Stdout, "No player has a record in this database yet.")
	}
	found := false
	for _, g := range guilds {
		if *guild != "" && g != *guild {
			continue
		}
		found = true
		ps, err := db.Stats(g)
		if err != nil {
			fmt.Fprintln(m.Stderr, "mortain ratings:", err)
			return exitStatus(1)
		}
		fmt.Fprintf(m.Stdout, "server %s:\n", g)
		rated := 0
		for _, p := range ps {
			if p.RatedGames == 0 {
				continue
			}
			rated++
			r := p.Rating()
			mark := ""
			if p.Provisional() {
				mark = " provisional"
			}
			name := p.UserID
			if p.Name != "" {
				name = p.Name + " (" + p.UserID + ")"
			}
			fmt.Fprintf(m.Stdout, "  %-40s %5d ±%-4d%s  %d rated game(s)\n", name, int(math.Round(r.R)), int(math.Round(2*r.RD)), mark, p.RatedGames)
		}
		if rated == 0 {
			fmt.Fprintln(m.Stdout, "  no rated game yet")
		}
	}
	if *guild != "" && !found {
		fmt.Fprintf(m.Stderr, "mortain ratings: no server %s in %s\n", *guild, *dbPath)
		return exitStatus(1)
	}
	return nil
}
