// Command mortain runs Stand at Mortain: local play in the terminal, or the
// Discord bot when a token is configured, plus tools (arena, backup). The tools that tuned the AI are
// cmd/mortain-lab.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() { os.Exit(runMain(os.Args[1:])) }

// runMain runs the program on the process's streams, stopped by Ctrl-C
// or SIGTERM, and returns its exit status.
func runMain(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	m := NewMain()
	code := m.Run(ctx, args)
	stop()
	if err := m.Close(); err != nil && code == 0 {
		code = 1
	}
	return code
}
