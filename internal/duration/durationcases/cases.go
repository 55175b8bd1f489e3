// Package durationcases holds the inputs that every path reading a
// duration is tested with (the configuration, the options of commands, the
// parser itself), so that they are tested alike.
package durationcases

import "time"

// Good are texts that are durations, with their value (each at least a
// minute, so that every path takes them).
var Good = map[string]time.Duration{
	"30m":   30 * time.Minute,
	"90s":   90 * time.Second,
	"12h":   12 * time.Hour,
	"12H":   12 * time.Hour,
	"1h30m": 90 * time.Minute,
	"1d":    24 * time.Hour,
	"7d":    7 * 24 * time.Hour,
	"1.5d":  36 * time.Hour,
	"2d12h": 60 * time.Hour,
	"0.5h":  30 * time.Minute,
}

// Bad are texts that are not durations.
var Bad = []string{"12", "d", "1.5x", "-1h", "1..5d", "h12", "1d-2h", "twelve", "1e3h", "2 days"}
