package main

import (
	"fmt"
	"strings"

	"github.com/mortain/mortain/internal/duration"
	"github.com/mortain/mortain/rules/ai"
)

// parseBudget reads an AI budget given on the command line: a number of
// iterations ("2000it", ai.ParseBudget) or a time in the program's one
// duration syntax (internal/duration: "500ms", "2s", "1.5m").
func parseBudget(text string) (ai.Budget, error) {
	if strings.HasSuffix(strings.ToLower(strings.TrimSpace(text)), "it") {
		return ai.ParseBudget(text)
	}
	d, err := duration.Parse(text)
	if err != nil {
		return ai.Budget{}, fmt.Errorf("budget: %w, or iterations such as 2000it", err)
	}
	return ai.Budget{Time: d}, nil
}
