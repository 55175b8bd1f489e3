package main

import (
	"fmt"
	"io"
)

// runArena plays AI against AI (mortain arena); it lands with the AI.
func runArena(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "arena: not available yet")
	return 2
}
