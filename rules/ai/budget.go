package ai

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// DefaultTime is the hard level's default thinking time per decision.
const DefaultTime = 500 * time.Millisecond

// Budget bounds the hard level's search for one decision: a number of
// iterations (reproducible: the same seed and budget give the same play on
// every machine) or a wall-clock time. When both are zero the default time
// applies. Workers is the number of search trees grown in parallel (root
// parallelism); zero means GOMAXPROCS.
type Budget struct {
	Time       time.Duration
	Iterations int
	Workers    int
}

// ParseBudget reads a budget written as a duration ("2s", "500ms") or as a
// number of iterations ("2000it").
func ParseBudget(text string) (Budget, error) {
	t := strings.TrimSpace(strings.ToLower(text))
	if n, ok := strings.CutSuffix(t, "it"); ok {
		v, err := strconv.Atoi(n)
		if err != nil || v < 1 {
			return Budget{}, fmt.Errorf("budget %q: want a positive number of iterations, e.g. 2000it", text)
		}
		return Budget{Iterations: v}, nil
	}
	d, err := time.ParseDuration(t)
	if err != nil || d <= 0 {
		return Budget{}, fmt.Errorf("budget %q: want a time such as 2s or 500ms, or iterations such as 2000it", text)
	}
	return Budget{Time: d}, nil
}

// String writes the budget as ParseBudget reads it.
func (b Budget) String() string {
	if b.Iterations > 0 {
		return fmt.Sprintf("%dit", b.Iterations)
	}
	if b.Time > 0 {
		return b.Time.String()
	}
	return DefaultTime.String()
}

func defaultWorkers() int { return max(1, runtime.GOMAXPROCS(0)) }
