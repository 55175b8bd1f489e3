// Command mortain-lab runs the tools that tuned and measured the AI of
// Stand at Mortain (rules/ai/lab): weight searches, set-up searches, the
// value model's fit and the speed measures. The game itself is
// cmd/mortain.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Main is the program with its output streams, so that tests run the real
// thing.
type Main struct {
	Stdout, Stderr io.Writer
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := (&Main{Stdout: os.Stdout, Stderr: os.Stderr}).Run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}
