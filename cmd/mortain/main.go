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

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	m := NewMain()
	code := m.Run(ctx, os.Args[1:])
	stop()
	if err := m.Close(); err != nil && code == 0 {
		code = 1
	}
	os.Exit(code)
}
