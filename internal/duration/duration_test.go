package duration

import (
	"errors"
	"testing"
	"time"

	"github.com/mortain/mortain/internal/duration/durationcases"
)

func TestParse(t *testing.T) {
	for text, want := range durationcases.Good {
		got, err := Parse(text)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, text := range append([]string{"", "0", "0h", "off", "10000000000d"}, durationcases.Bad...) {
		_, err := Parse(text)
		var e *Error
		if !errors.As(err, &e) || e.Value != text {
			t.Errorf("Parse(%q): %v, not an Error of the text", text, err)
		}
	}
	if _, err := Parse("10ms"); err != nil {
		t.Errorf("10ms: %v", err)
	}
}

// Format writes what Parse reads back, in the shortest whole units.
func TestFormat(t *testing.T) {
	for d, want := range map[time.Duration]string{
		7 * 24 * time.Hour: "7d", 36 * time.Hour: "36h", 90 * time.Minute: "1h30m",
		45 * time.Second: "45s", 10 * time.Millisecond: "10ms", 30 * time.Minute: "30m",
	} {
		got := Format(d)
		if got != want {
			t.Errorf("Format(%v) = %q, want %q", d, got, want)
		}
		if back, err := Parse(got); err != nil || back != d {
			t.Errorf("Parse(Format(%v)) = %v, %v", d, back, err)
		}
	}
}
