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
		if args[0] == "help" {
			fmt.Fprint(m.Stdout, usage)
			return 0
		}
		run, ok := m.subcommands()[args[0]]
		if !ok {
			fmt.Fprintf(m.Stderr, "mortain: unknown command %q\n\n%s", args[0], usage)
			return 2
		}
		return m.exit(args[0], run(ctx, args[1:]))
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
		return m.exit("bot", m.runBot(ctx, args))
	}
	return m.exit("local", m.runLocal(ctx, args))
}

// subcommands are the program's subcommands by name. Each runs with its
// context and the arguments after its name, and returns nil, an
// exitStatus (its messages already written), or an error for Run to
// write.
func (m *Main) subcommands() map[string]func(ctx context.Context, args []string) error {
	return map[string]func(context.Context, []string) error{
		"local":    m.runLocal,    // local.go
		"arena":    m.runArena,    // arena.go (and --tactics, tactics.go)
		"bot":      m.runBot,      // bot.go
		"backup":   m.runBackup,   // backup.go
		"export":   m.runExport,   // export.go
		"verify":   m.runVerify,   // verify.go
		"restore":  m.runRestore,  // restore.go
		"doctor":   m.runDoctor,   // doctor.go
		"reshard":  m.runReshard,  // reshard.go
		"ratings":  m.runRatings,  // ratings.go
		"commands": m.runCommands, // commands.go
	}
}

// exitStatus is a subcommand's exit status once it has written why: 0
// success (e.g. after --help), 1 a failure, 2 a usage error.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// status is the error for exit status code: nil for 0.
func status(code int) error {
	if code == 0 {
		return nil
	}
	return exitStatus(code)
}

// exit turns what subcommand name returned into the program's exit
// status, writing an error that is not an exitStatus.
func (m *Main) exit(name string, err error) int {
	var st exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &st):
		return int(st)
	}
	fmt.Fprintf(m.Stderr, "mortain %s: %v\n", name, err)
	return 1
}

// parseFlags parses the flags of subcommand name, the one way every
// subcommand does: --help prints its usage on stdout (exitStatus(0)), a
// bad flag the error and the usage on stderr (exitStatus(2)).
func (m *Main) parseFlags(fs *flag.FlagSet, args []string, name, usage string) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(m.Stdout, usage)
		return exitStatus(0)
	}
	fmt.Fprintf(m.Stderr, "mortain %s: %v\n\n%s", name, err, usage)
	return exitStatus(2)
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
  mortain ratings --db F [--recompute]
                           list the players' ratings, or rebuild them from
                           the archive
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
  --lang L        the language of local play: en or ja (default: LC_ALL or LANG,
                  so ja_JP.UTF-8 plays in Japanese); --lang ja plays in Japanese:
                  the prompts, messages, help, posts and maps of its new games
  --replay FILE   replay a game record made by export, step by step, with maps
  --config FILE   the configuration file to look for a Discord token in
                  (default ./config.yaml if present)

In local play type help for the game's commands; quit leaves (the game is kept
and resumes when mortain starts again). The tools that tuned and measured the
AI are a command of their own, mortain-lab (mortain-lab -h).
`
