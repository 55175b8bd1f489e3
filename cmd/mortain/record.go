package main

import (
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
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
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
func (m *Main) runExport(args []string) int {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "")
	game := fs.String("game", "", "")
	out := fs.String("out", "", "")
	if code, done := m.parseFlags(fs, args, "export", exportUsage); done {
		return code
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
		return 2
	}
	if _, err := os.Stat(*dbPath); err != nil {
		fmt.Fprintf(m.Stderr, "mortain export: %v\n", err)
		return 1
	}
	db, err := store.Open(*dbPath, store.Options{ReadOnly: true})
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain export:", err)
		return 1
	}
	defer db.Close()
	svc := command.New(command.Config{Store: db})
	key := store.Key{Guild: guild, Channel: channel}
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
	if errors.Is(err, store.ErrNotFound) {
		fmt.Fprintf(m.Stderr, "mortain export: %s has no game in %s\n", *game, *dbPath)
		return 1
	}
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain export:", err)
		return 1
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain export:", err)
		return 1
	}
	data = append(data, '\n')
	if *out == "-" {
		m.Stdout.Write(data)
		return 0
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		fmt.Fprintln(m.Stderr, "mortain export:", err)
		return 1
	}
	fmt.Fprintf(m.Stdout, "wrote %s: %d actions, %d cards drawn%s\n", *out, len(r.Actions), len(r.Draws), revealed(r))
	return 0
}

func revealed(r *rules.Record) string {
	if r.Seed == nil {
		return " (the game runs: no seed yet)"
	}
	return ", with the seed and the salt"
}

const verifyUsage = `mortain verify — check a game record's dealing

Usage:
  mortain verify GAME.json

It recomputes the commitment from the record's seed and salt, replays
every action from the seed and compares the replay's result with the
record's: exit status 0 when every shuffle, draw and the result are the
record's ("honest"), 1 naming the first difference, or the first debug
edit (a game whose position or cards were set by hand is never honest),
2 for a file that is not a record.
`

// runVerify checks a record made by export.
func (m *Main) runVerify(args []string) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fmt.Fprint(m.Stdout, verifyUsage)
			return 0
		}
		fmt.Fprint(m.Stderr, "mortain verify: give one record file\n\n"+verifyUsage)
		return 2
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain verify:", err)
		return 2
	}
	var r rules.Record
	if err := json.Unmarshal(data, &r); err != nil {
		fmt.Fprintf(m.Stderr, "mortain verify: %s is not a game record: %v\n", args[0], err)
		return 2
	}
	if r.Format != rules.RecordFormat {
		fmt.Fprintf(m.Stderr, "mortain verify: %s is not a game record (format %q, want %q)\n", args[0], r.Format, rules.RecordFormat)
		return 2
	}
	if err := r.Verify(); err != nil {
		fmt.Fprintf(m.Stderr, "mortain verify: %s: %v\n", args[0], err)
		return 1
	}
	result := "ends as the record says"
	if !r.RulesResult() {
		result = "does not end by the rules, so the record's result (" + orNone(r.Result) + ") is the players' word, not checked"
	}
	fmt.Fprintf(m.Stdout, "%s: honest. The seed and salt give the commitment %s, replaying the %d actions deals the %d cards recorded, and the game %s.\n",
		args[0], r.Commitment, len(r.Actions), len(r.Draws), result)
	return 0
}

// orNone is s, or "none" when s is empty.
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
