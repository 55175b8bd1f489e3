package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

const exportUsage = `mortain export — write a game as a JSON record anyone can replay and check

Usage:
  mortain export [--db FILE] [--game GUILD/CHANNEL|ID] --out GAME.json

Flags:
  --db FILE             the database (default: the local-play database)
  --game GUILD/CHANNEL  the channel whose game to export, or N for local game N
                        as games lists it (default: the local game played
                        last)
  --out FILE            the record to write (- for standard output)

The record holds the scenario, the options, the players, every action and
every card drawn; once the game is over, also the seed and the salt that
mortain verify checks against the commitment posted at the start.
`

// runExport writes a channel's running or last game as a record.
func (m *Main) runExport(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "")
	game := fs.String("game", "", "")
	out := fs.String("out", "", "")
	if err := m.parseFlags(fs, args, "export", exportUsage); err != nil {
		return err
	}
	guild, channel, ok := strings.Cut(*game, "/")
	if id, err := strconv.Atoi(*game); err == nil && id > 0 {
		k := command.LocalKey(id)
		guild, channel, ok = k.Guild, k.Channel, true
	}
	if *game == "" {
		guild, channel, ok = "", "", true // the local game played last, below
	}
	if fs.NArg() > 0 || *out == "" || !ok || (*game != "" && (guild == "" || channel == "")) {
		fmt.Fprint(m.Stderr, "mortain export: give --out FILE, and --game as GUILD/CHANNEL or a local game's id\n\n"+exportUsage)
		return exitStatus(2)
	}
	if _, err := os.Stat(*dbPath); err != nil {
		fmt.Fprintf(m.Stderr, "mortain export: %v\n", err)
		return exitStatus(1)
	}
	db, err := store.Open(*dbPath, store.Options{ReadOnly: true})
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain export:", err)
		return exitStatus(1)
	}
	defer db.Close()
	svc := command.New(command.Config{Store: db, FrontEnd: frontend.Discord{}})
	key := record.Key{Guild: guild, Channel: channel}
	if *game == "" {
		key = localKey
		if games, err := svc.LocalGames(); err == nil {
			for _, g := range games {
				if !g.SetAside {
					key = g.Key
					break
				}
			}
		}
		*game = key.String()
	}
	r, err := svc.Record(key)
	if errors.Is(err, record.ErrNotFound) {
		fmt.Fprintf(m.Stderr, "mortain export: %s has no game in %s\n", *game, *dbPath)
		return exitStatus(1)
	}
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain export:", err)
		return exitStatus(1)
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain export:", err)
		return exitStatus(1)
	}
	data = append(data, '\n')
	if *out == "-" {
		m.Stdout.Write(data)
		return nil
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		fmt.Fprintln(m.Stderr, "mortain export:", err)
		return exitStatus(1)
	}
	fmt.Fprintf(m.Stdout, "wrote %s: %d actions, %d cards drawn%s\n", *out, len(r.Actions), len(r.Draws), revealed(r))
	return nil
}

func revealed(r *rules.Record) string {
	if r.Seed == nil {
		return " (the game runs: no seed yet)"
	}
	return ", with the seed and the salt"
}
