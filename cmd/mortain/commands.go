package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/mortain/mortain/bot"
	"github.com/mortain/mortain/bot/command"
)

const commandsUsage = `mortain commands — print the application commands as the bot registers them

Usage:
  mortain commands

Prints the body of the bulk overwrite the bot sends Discord at start
(PUT /applications/{id}/commands): /mortain and /mortain-admin with every
subcommand, group, option and choice, as JSON.
`

// runCommands prints the application commands the bot registers.
func (m *Main) runCommands(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("commands", flag.ContinueOnError)
	if err := m.parseFlags(fs, args, "commands", commandsUsage); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(m.Stderr, "mortain commands: unexpected %q\n\n%s", fs.Arg(0), commandsUsage)
		return exitStatus(2)
	}
	data, err := bot.RegistrationJSON(command.Definitions())
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain commands:", err)
		return exitStatus(1)
	}
	fmt.Fprintf(m.Stdout, "%s\n", data)
	return nil
}
