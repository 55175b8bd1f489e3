package main

import (
	"fmt"
	"io"
)

// runBot runs the Discord bot (mortain bot); it lands with the bot.
func runBot(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "the Discord bot is not available in this build yet")
	return 2
}
