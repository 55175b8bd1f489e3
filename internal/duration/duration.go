// Package duration reads the one syntax of durations the whole program
// takes, in its configuration, in command options and in the terminal:
// numbers, each with its unit, d (days), h (hours), m (minutes), s
// (seconds) or ms (milliseconds), written one after the other: 30m, 12h,
// 1d, 1.5d, 2d12h, 1h30m. Case and surrounding spaces do not matter.
package duration

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Error is a text that is not a duration.
type Error struct {
	Value string // the text as given
}

// Error words the error in English, as the message catalog's
// "duration.bad" does with the value quoted (a test keeps them equal).
func (e *Error) Error() string {
	return strconv.Quote(e.Value) + " is not a duration: write a number and a unit (d, h, m or s), such as 30m, 12h, 1.5d or 2d12h"
}

var units = []struct {
	name string
	size time.Duration
}{{"ms", time.Millisecond}, {"d", 24 * time.Hour}, {"h", time.Hour}, {"m", time.Minute}, {"s", time.Second}}

// Parse reads a duration longer than zero in the program's syntax.
func Parse(text string) (time.Duration, error) {
	s := strings.ToLower(strings.TrimSpace(text))
	bad := &Error{Value: text}
	var total float64
	for s != "" {
		i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
		if i <= 0 {
			return 0, bad
		}
		n, err := strconv.ParseFloat(s[:i], 64)
		if err != nil {
			return 0, bad
		}
		s = s[i:]
		found := false
		for _, u := range units {
			if rest, ok := strings.CutPrefix(s, u.name); ok {
				total += n * float64(u.size)
				s, found = rest, true
				break
			}
		}
		if !found {
			return 0, bad
		}
	}
	if !(total >= 1 && total <= math.MaxInt64/2) {
		return 0, bad
	}
	return time.Duration(total), nil
}

// Format writes d in the same syntax, in whole days, hours and minutes
// (seconds below a minute, milliseconds below a second): 7d, 36h, 1h30m,
// 45s, 10ms.
func Format(d time.Duration) string {
	switch {
	case d >= 24*time.Hour && d%(24*time.Hour) == 0:
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	case d >= time.Hour && d%time.Hour == 0:
		return strconv.Itoa(int(d/time.Hour)) + "h"
	case d >= time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + "h" + strconv.Itoa(int(d%time.Hour/time.Minute)) + "m"
	case d < time.Second:
		return strconv.Itoa(int(d/time.Millisecond)) + "ms"
	case d < time.Minute:
		return strconv.Itoa(int(d/time.Second)) + "s"
	}
	return strconv.Itoa(int(d/time.Minute)) + "m"
}
