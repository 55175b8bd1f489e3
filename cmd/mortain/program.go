package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mortain/mortain/store"
)

// Main is the program, with its streams and environment, so that tests run
// the real thing.
type Main struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Getenv reads the environment (DISCORD_TOKEN, XDG_DATA_HOME, HOME).
	Getenv func(string) string
	// Interactive tells whether Stdin is a person at a terminal (prompts
	// and pauses); set by NewMain.
	Interactive bool

	db *store.DB
}

// NewMain returns the program on the process's streams.
func NewMain() *Main {
	interactive := false
	if fi, err := os.Stdin.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		interactive = true
	}
	return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Interactive: interactive}
}

// Close releases what Run opened (the database).
func (m *Main) Close() error {
	if m.db == nil {
		return nil
	}
	err := m.db.Close()
	m.db = nil
	return err
}

// Run runs the program with its arguments (without the program name) and
// returns the exit status: 0 success, 1 a refused command under --strict
// or a failure, 2 a usage error.
func (m *Main) Run(ctx context.Context, args []string) int {
	if len(args) > 0 && (args[0] == "version" || args[0] == "--version" || args[0] == "-version") {
		fmt.Fprintln(m.Stdout, versionText())
		return 0
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "local":
			return m.runLocal(ctx, args[1:])
		case "arena":
			return runArena(args[1:], m.Stdout, m.Stderr)
		case "bot":
			return runBot(args[1:], m.Stdout, m.Stderr)
		case "backup":
			return m.runBackup(args[1:])
		case "export":
			return m.runExport(args[1:])
		case "verify":
			return m.runVerify(args[1:])
		case "restore":
			return m.runRestore(args[1:])
		case "doctor":
			return m.runDoctor(args[1:])
		case "reshard":
			return m.runReshard(args[1:])
		case "commands":
			return m.runCommands(args[1:])
		case "help":
			fmt.Fprint(m.Stdout, usage)
			return 0
		}
		fmt.Fprintf(m.Stderr, "mortain: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fmt.Fprint(m.Stdout, usage)
			return 0
		}
	}
	tok, err := m.configuredToken(args)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain:", err)
		return 2
	}
	if tok {
		return runBot(args, m.Stdout, m.Stderr)
	}
	return m.runLocal(ctx, args)
}

// parseFlags parses the flags of subcommand name: --help prints its usage
// on stdout (done, status 0), a bad flag the error and the usage on
// stderr (done, status 2).
func (m *Main) parseFlags(fs *flag.FlagSet, args []string, name, usage string) (code int, done bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(m.Stdout, usage)
		return 0, true
	}
	fmt.Fprintf(m.Stderr, "mortain %s: %v\n\n%s", name, err, usage)
	return 2, true
}

const usage = `mortain — Stand at Mortain, the WW2 card-driven hex wargame

Usage:
  mortain [flags]          the Discord bot when a token is configured
                           (DISCORD_TOKEN, or token: in --config), else local play
  mortain local [flags]    local play in the terminal
  mortain bot [flags]      the Discord bot
  mortain arena [flags]    AI against AI, many games (mortain arena -h)
  mortain backup FILE      copy the local-play database (--db) to FILE while in use
  mortain export --out F   write a game as a JSON record (mortain export -h)
  mortain verify FILE      check a record's dealing and result against its seed
  mortain restore B --db F put backup B in place of database F (checked first)
  mortain doctor --db F    check a database; list the games set aside as damaged
  mortain reshard --from N --to M
                           move the bot's data to a new number of shards
  mortain commands         print the application commands exactly as the bot
                           registers them (JSON)
  mortain version          the program's version (also --version)
  mortain help             this text

Local play flags:
  --script FILE   read commands from FILE, one per line, # comments (- for stdin)
  --seed N        the seed of new games (the same seed and commands replay the same game)
  --json          print the final state as JSON on stdout, and nothing else there
  --strict        exit with status 1 at the first refused command (reason on stderr)
  --debug         enable the debug commands (debug place/flip/turn/round/deck)
  --db FILE       the database of local games (default: ~/.local/share/mortain/local.db)
  --out DIR       write the map PNG after every activation to DIR (default when
                  playing at a terminal: ~/.local/share/mortain/maps; with --script
                  or piped input, maps are written only when --out is given)
  --scenario FILE play new games on a scenario file (the format of the built-in
                  rules/scenarios/mortain.json)
  --budget B      the hard AI's thinking per decision: a time (500ms) or a
                  number of iterations (2000it) (default 500ms)
  --replay FILE   replay a game record made by export, step by step, with maps
  --config FILE   the configuration file to look for a Discord token in
                  (default ./config.yaml if present)

In local play type help for the game's commands; quit leaves (the game is kept
and resumes when mortain starts again).
`
