package bot_test

import (
	"testing"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
)

// TestTypingWhileTheAIThinks checks that the bot shows Discord's typing
// indicator in the game's channel before an activation the hard AI
// searches for, and nowhere else.
func TestTypingWhileTheAIThinks(t *testing.T) {
	e := newEnv(t)
	e.ai = func(level string, seed uint64) (ai.Player, error) {
		return ai.NewWithBudget(level, seed, ai.Budget{Iterations: 30, Workers: 1})
	}
	e.start()
	typed := func(ch string) int {
		n := 0
		for _, r := range e.fake.Requests() {
			if fakediscord.IsTyping(r) && r.Params["channel_id"] == ch {
				n++
			}
		}
		return n
	}
	e.slash(alice, "new", opt("mode", "ai"), opt("side", "us"), opt("level", "hard"))
	if n := typed(channel); n != 0 {
		t.Fatalf("%d typing requests before the AI had anything to do", n)
	}
	e.press(alice, e.last(channel), button(t, e.last(channel), "setup-historical"))
	e.press(alice, e.last(channel), button(t, e.last(channel), "setup-done"))
	if !e.passUntil(40, func(*rules.State) bool { return typed(channel) > 0 }) {
		t.Fatal("no typing indicator while the hard AI played its rounds")
	}
	for _, r := range e.fake.Requests() {
		if fakediscord.IsTyping(r) && r.Params["channel_id"] != channel {
			t.Errorf("typing in channel %s", r.Params["channel_id"])
		}
		if fakediscord.IsTyping(r) && r.Status >= 300 {
			t.Errorf("typing answered %d", r.Status)
		}
	}
}
