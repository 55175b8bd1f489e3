package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
)

// tap presses the verb button of m for u and, when a Pass asks first
// (points are left that a unit could use), the Confirm button of its
// answer: a pass by taps.
func (e *env) tap(u fakediscord.User, m fakediscord.Message, verb string) fakediscord.Reply {
	e.t.Helper()
	r := e.press(u, m, button(e.t, m, verb))
	if r.Original != nil {
		for _, c := range r.Original.Components {
			if strings.HasPrefix(c.CustomID, "mortain/pass-confirm/") {
				return e.press(u, *r.Original, c.CustomID)
			}
		}
	}
	return r
}

// passAsked presses the Pass button of the live post for alice, in a
// hotseat game's first round (points left, units that can act), and
// returns the Confirm button the answer offers, on the message that
// carries it.
func (e *env) passAsked() (fakediscord.Message, string) {
	e.t.Helper()
	e.slash(alice, "new", opt("mode", "hotseat"))
	e.press(alice, e.last(channel), button(e.t, e.last(channel), "setup-historical"))
	e.press(alice, e.last(channel), button(e.t, e.last(channel), "setup-done"))
	steps, posts := len(e.game(channel).Game.History), len(e.fake.Messages(channel))
	id := e.fake.Press(guild, alice, e.last(channel), button(e.t, e.last(channel), "pass"))
	r := e.reply(id)
	if r.AckType == 6 { // deferred: the answer follows up
		e.fake.WaitFor(10*time.Second, func() bool { return len(e.fake.Reply(id).FollowUps) > 0 })
		r = e.fake.Reply(id)
	}
	e.quiet(channel)
	if n := len(e.game(channel).Game.History); n != steps || len(e.fake.Messages(channel)) != posts {
		e.t.Fatalf("the Pass button passed at once with points left (%d steps, was %d)", n, steps)
	}
	for _, m := range append([]fakediscord.Message{derefOr(r.Original)}, r.FollowUps...) {
		for _, c := range m.Components {
			if strings.HasPrefix(c.CustomID, "mortain/pass-confirm/") {
				if !m.Ephemeral() || !strings.Contains(m.Content, "Pass now?") {
					e.t.Errorf("the question: %q (ephemeral %v)", m.Content, m.Ephemeral())
				}
				return m, c.CustomID
			}
		}
	}
	e.t.Fatalf("the Pass button's answer offers no Confirm: %+v", r)
	return fakediscord.Message{}, ""
}

func derefOr(m *fakediscord.Message) fakediscord.Message {
	if m == nil {
		return fakediscord.Message{}
	}
	return *m
}

// In Discord the Pass button asks, privately, before it gives up points;
// its Confirm passes. A slow answer (deferred) keeps the Confirm button.
func TestThePassButtonAsksInDiscord(t *testing.T) {
	for _, slow := range []bool{false, true} {
		t.Run(map[bool]string{false: "at once", true: "deferred"}[slow], func(t *testing.T) {
			e := newEnv(t)
			if slow {
				e.cfg.DeferAfter = time.Nanosecond
			}
			e.start()
			m, confirm := e.passAsked()
			steps := len(e.game(channel).Game.History)
			e.press(alice, m, confirm)
			if n := len(e.game(channel).Game.History); n != steps+1 || !strings.Contains(e.last(channel).Content, "passes") {
				t.Errorf("Confirm did not pass: %d steps (was %d), last post %q", n, steps, e.last(channel).Content)
			}
		})
	}
}
