package bot

import (
	"strings"
	"testing"
)

// NaN and infinities passed the range checks (a comparison with NaN is
// false): every number setting refuses them, naming the setting.
func TestConfigRefusesNaNAndInfinities(t *testing.T) {
	cases := map[string]string{
		"token: x\ndiscord:\n  upload_limit_mib: .nan":  "discord.upload_limit_mib",
		"token: x\ndiscord:\n  upload_limit_mib: .inf":  "discord.upload_limit_mib",
		"token: x\ndiscord:\n  upload_limit_mib: -.inf": "discord.upload_limit_mib",
		"token: x\nreminders:\n  remind: NaNd":          "reminders.remind",
		"token: x\nreminders:\n  remind: Infd":          "reminders.remind",
		"token: x\nreminders:\n  round_limit: 1e300d":   "reminders.round_limit",
	}
	for text, setting := range cases {
		_, err := ParseConfig([]byte(text), env(nil))
		if err == nil || !strings.Contains(err.Error(), setting) {
			t.Errorf("%q: %v", text, err)
		}
	}
}
