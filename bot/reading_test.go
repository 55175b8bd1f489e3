package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/store/record"
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

// transcript is a game in a thread as its player reads it: the posts in
// order, each with its buttons as they were when it came and its
// pictures, and the player's taps between them.
type transcript struct {
	b        strings.Builder
	seen     int // the thread's messages already kept
	pictures int
	pings    []fakediscord.Message
	all      []fakediscord.Message
}

// posts keeps the messages of th that came since the last look.
func (tr *transcript) posts(e *env, th string) {
	if tr == nil {
		return
	}
	msgs := e.fake.Messages(th)
	for _, m := range msgs[min(tr.seen, len(msgs)):] {
		tr.pictures += len(m.Files)
		tr.all = append(tr.all, m)
		if len(m.Mentions) > 0 {
			tr.pings = append(tr.pings, m)
		}
		var buttons []string
		for _, c := range m.Components {
			buttons = append(buttons, "["+c.Label+"]")
		}
		fmt.Fprintf(&tr.b, "#%d (%d picture%s)\n    %s\n", len(tr.all), len(m.Files), map[bool]string{true: "", false: "s"}[len(m.Files) == 1],
			strings.ReplaceAll(m.Content, "\n", "\n    "))
		if len(buttons) > 0 {
			fmt.Fprintf(&tr.b, "    %s\n", strings.Join(buttons, " "))
		}
	}
	tr.seen = len(msgs)
}

// tap keeps a tap of the player.
func (tr *transcript) tap(what string) {
	if tr != nil {
		fmt.Fprintf(&tr.b, "  alice taps: %s\n", what)
	}
}

// playAITranscript plays a whole game against the easy AI in a thread,
// alice the German, by taps alone, with new posts:posts, and returns it
// as she read it.
func playAITranscript(t *testing.T, posts string) *transcript {
	e := newSerialEnv(t) // the test runs in parallel with others, its two games one after the other
	defer e.shutdown()
	e.threads = true
	e.cfg.RequestRate = 1000 // a whole game's posts, without Discord's pace
	e.start()
	e.in(channel, alice, "new", opt("mode", "ai"), opt("side", "german"), opt("level", "easy"), opt("posts", posts))
	th := e.fake.Threads(channel)[0]
	tr := &transcript{}
	e.playByTapsTold(th, rand.New(rand.NewPCG(43, 7)), tr)
	e.settle(record.Key{Guild: guild, Channel: th})
	tr.posts(e, th)
	return tr
}

// A game against the AI in a thread, played by taps, reads right from
// the first ping, with posts:activation and posts:round alike: every ping
// says first that the move is the player's, in which round with how many
// points; the AI's set-up is one post with one picture; posts:round makes
// fewer posts and pictures of the same game, one picture a round. The
// transcripts are in the test log (go test -v).
func TestAGameAgainstTheAIReadsRightFromTheFirstPing(t *testing.T) {
	t.Parallel()
	got := map[string]*transcript{}
	for _, posts := range []string{"activation", "round"} {
		tr := playAITranscript(t, posts)
		got[posts] = tr
		t.Logf("posts:%s — %d posts, %d pictures in the game:\n%s", posts, len(tr.all), tr.pictures, tr.b.String())
		if len(tr.pings) == 0 {
			t.Fatalf("posts:%s: nobody was pinged", posts)
		}
		for _, m := range tr.pings {
			if m.ID == tr.all[len(tr.all)-1].ID || m.ID == tr.all[len(tr.all)-2].ID {
				continue // the game's last step and its result: no move is left
			}
			if !strings.HasPrefix(m.Content, "<@"+alice.ID+"> **Your move** — Turn ") {
				t.Errorf("posts:%s: a ping does not start with her move: %q", posts, m.Content)
			}
		}
		setups := 0
		for _, m := range tr.all {
			if len(m.Files) > 1 {
				t.Errorf("posts:%s: a post with %d pictures", posts, len(m.Files))
			}
			if strings.Contains(m.Content, " set up at ") {
				setups++
				if len(m.Files) != 1 || strings.Count(m.Content, " set up at ") < 5 {
					t.Errorf("posts:%s: the AI's set-up post: %d pictures, %q", posts, len(m.Files), m.Content)
				}
			}
			if posts == "round" && len(m.Files) == 1 && !strings.Contains(m.Content, "New game") &&
				!strings.Contains(m.Content, "round over") && !strings.Contains(m.Content, "set-up is complete") && !strings.Contains(m.Content, "Game over") {
				t.Errorf("posts:round: a picture with a post that ends no round: %q", m.Content)
			}
		}
		if setups != 1 {
			t.Errorf("posts:%s: the AI's set-up took %d posts, want 1", posts, setups)
		}
	}
	a, r := got["activation"], got["round"]
	t.Logf("the same game: posts:activation %d posts, %d pictures; posts:round %d posts, %d pictures", len(a.all), a.pictures, len(r.all), r.pictures)
	if len(r.all) >= len(a.all) || r.pictures >= a.pictures {
		t.Errorf("posts:round made %d posts and %d pictures, posts:activation %d and %d", len(r.all), r.pictures, len(a.all), a.pictures)
	}
}
