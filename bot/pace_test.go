package bot

import (
	"testing"
	"time"
)

// The bot's pause between two AI steps in a row: the AI's thinking and
// the step's work count towards AIDelay, and a step that completed
// nothing yet (a firer joining an attack still pending) is followed at
// once.
func TestAIDelayBetweenSteps(t *testing.T) {
	b := &Bot{cfg: Config{AIDelay: 500 * time.Millisecond}}
	cases := []struct {
		name string
		step aiStepped
		want time.Duration
	}{
		{"a quick step waits the whole delay", aiStepped{more: true, took: 10 * time.Millisecond}, 490 * time.Millisecond},
		{"a search counts towards the delay", aiStepped{more: true, took: 480 * time.Millisecond}, 20 * time.Millisecond},
		{"a search longer than the delay", aiStepped{more: true, took: 700 * time.Millisecond}, 0},
		{"a join to a pending attack", aiStepped{more: true, pending: true, took: time.Millisecond}, 0},
	}
	for _, c := range cases {
		if got := b.aiDelay(c.step); got != c.want {
			t.Errorf("%s: pause %v, want %v", c.name, got, c.want)
		}
	}
}
