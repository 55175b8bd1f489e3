package bot_test

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/internal/i18n"
)

// Discord refusing to open a game's thread for a missing permission (its
// answer, not the interaction's app_permissions) is said plainly, with
// what an admin can do, and starts nothing.
func TestAThreadDiscordRefusesToOpenIsSaidPlainly(t *testing.T) {
	e := newThreadsEnv(t)
	e.fake.Fail(1, fakediscord.Forbidden, func(r fakediscord.Request) bool {
		return r.Method == "POST" && strings.HasSuffix(r.Route, "/threads")
	})
	r := e.in(channel, alice, "new", opt("mode", "hotseat"))
	head, _, _ := strings.Cut(i18n.T(i18n.English, "bot.thread-refused", map[string]any{"Reason": "", "Advice": ""}), "(")
	if !strings.Contains(r.Text(), head) || !strings.Contains(r.Text(), i18n.T(i18n.English, "bot.advice", nil)) {
		t.Errorf("the reply: %q", r.Text())
	}
	if keys, _ := e.db.Running(); len(keys) != 0 || len(e.fake.Threads(channel)) != 0 {
		t.Errorf("a refused start left games %v, threads %v", keys, e.fake.Threads(channel))
	}
}
