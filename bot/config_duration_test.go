package bot

import (
	"errors"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/duration"
	"github.com/mortain/mortain/internal/duration/durationcases"
)

// The configuration reads durations as the commands do (one syntax, one
// parser), and words a bad one with the same message.
func TestConfigDurationsReadAsTheOptions(t *testing.T) {
	for text, want := range durationcases.Good {
		cfg, err := ParseConfig([]byte("token: x\nreminders:\n  remind: "+text+"\n"), env(nil))
		if err != nil || cfg.Remind != want {
			t.Errorf("remind: %s: %v, %v; want %v", text, cfg.Remind, err, want)
		}
	}
	for _, text := range durationcases.Bad {
		_, err := ParseConfig([]byte("token: x\nreminders:\n  remind: \""+text+"\"\n"), env(nil))
		var se *SettingError
		if !errors.As(err, &se) || se.Setting != "reminders.remind" {
			t.Errorf("remind: %s: %v, not the setting's error", text, err)
			continue
		}
		if want := (&duration.Error{Value: text}).Error(); !strings.Contains(err.Error(), want) {
			t.Errorf("remind: %s: %q does not say %q", text, err, want)
		}
	}
}
