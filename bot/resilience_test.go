package bot_test

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// expectedAIGame plays the same AI-vs-AI game (same seed, same random AI)
// through the command layer alone and returns its posts' texts in order.
func expectedAIGame(t *testing.T, seed uint64, caller fakediscord.User, opts map[string]string) []string {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "expected.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc := command.New(command.Config{FrontEnd: frontend.Discord{}, Store: db, Level: "random", Seed: func() uint64 { return seed }, Salt: testSalt})
	key := record.Key{Guild: guild, Channel: channel}
	resp := svc.Handle(context.Background(), command.Request{Key: key, Caller: command.Caller{UserID: caller.ID, Name: caller.Name}, Command: "new", Options: opts})
	var out []string
	add := func(r command.Response) {
		for _, p := range r.Posts {
			text := p.Text
			if p.Mention != "" {
				text = "<@" + p.Mention + "> " + text
			}
			out = append(out, text)
		}
	}
	add(resp)
	for more := resp.AINext; more; {
		var err error
		resp, more, err = svc.AIStep(context.Background(), key)
		if err != nil {
			t.Fatal(err)
		}
		add(resp)
	}
	return out
}

func TestAIGameRunsToItsEndInOrderDespiteRateLimits(t *testing.T) {
	e := newEnv(t)
	e.start()
	// Discord slows the bot down: 429s on posts and on an acknowledgement.
	e.fake.RateLimit(8, 40*time.Millisecond, fakediscord.IsChannelPost)
	e.fake.RateLimit(1, 40*time.Millisecond, func(r fakediscord.Request) bool { return strings.HasPrefix(r.Route, "/interactions/") })

	opts := map[string]string{"mode": "ai-vs-ai", "pace": "end"}
	r := e.slash(alice, "new", opt("mode", "ai-vs-ai"), opt("pace", "end"))
	if !r.Acknowledged {
		t.Fatal("new was not acknowledged")
	}
	if !e.fake.WaitFor(patience, func() bool {
		msgs := e.fake.Messages(channel)
		return len(msgs) > 0 && strings.Contains(msgs[len(msgs)-1].Content, "Game over")
	}) {
		t.Fatalf("the AI game did not end; %d posts", len(e.fake.Messages(channel)))
	}
	e.quiet(channel)

	want := expectedAIGame(t, e.seed, alice, opts)
	got := e.fake.Messages(channel)
	if len(got) != len(want) {
		t.Fatalf("%d posts, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Content != want[i] {
			t.Fatalf("post %d out of order or wrong:\n got %q\nwant %q", i, got[i].Content, want[i])
		}
	}
	limited := 0
	for _, req := range e.fake.Requests() {
		if req.Status == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited != 9 {
		t.Errorf("%d requests were rate limited, want 9", limited)
	}
	t.Logf("AI game: %d posts in order after %d rate-limited requests", len(got), limited)
}

// passUntil has the player to act press Pass (or Miss, Resolve) until
// stop holds, at most n times.
func (e *env) passUntil(n int, stop func(st *rules.State) bool) bool {
	e.t.Helper()
	for i := 0; i < n; i++ {
		st := &e.game(channel).Game.State
		if stop(st) {
			return true
		}
		if st.Over() {
			return false
		}
		verb := "pass"
		if st.Phase() == rules.PhaseFaceChoice {
			verb = "miss"
		} else if _, _, ok := st.PendingAttack(); ok {
			verb = "resolve"
		}
		e.tap(alice, e.last(channel), verb)
	}
	return stop(&e.game(channel).Game.State)
}

func TestRestartMidGameContinues(t *testing.T) {
	e := newEnv(t)
	e.cfg.AIDelay = time.Hour // the AI stops after one activation of a round
	e.start()
	e.slash(alice, "new", opt("mode", "ai"), opt("side", "us"))
	e.press(alice, e.last(channel), button(t, e.last(channel), "setup-historical"))
	e.press(alice, e.last(channel), button(t, e.last(channel), "setup-done"))

	aiToAct := func(st *rules.State) bool { return !st.Over() && st.ToAct() == rules.German }
	// Each press waits until the bot is idle: the AI has taken its first
	// activation and waits out its delay.
	if !e.passUntil(40, aiToAct) {
		t.Skip("the AI never stayed to act within 40 steps for this seed")
	}
	e.quiet(channel)
	before := len(e.fake.Messages(channel))
	steps := len(e.game(channel).Game.History)

	// The bot restarts in the middle of the AI's round.
	e.cfg.AIDelay = 0
	e.restart()
	if !e.fake.WaitFor(patience, func() bool {
		rec, err := e.db.Get(record.Key{Guild: guild, Channel: channel})
		return err != nil || !aiToAct(&rec.Game.State)
	}) {
		t.Fatal("the AI's round did not continue after the restart")
	}
	e.quiet(channel)
	if n := len(e.fake.Messages(channel)); n <= before {
		t.Fatal("nothing was posted after the restart")
	}
	if len(e.game(channel).Game.History) <= steps {
		t.Fatal("the game did not move on after the restart")
	}

	// A button posted before a restart still works after it.
	if !e.passUntil(40, func(st *rules.State) bool {
		return !st.Over() && st.ToAct() == rules.US && st.Phase() == rules.PhaseRound
	}) {
		t.Skip("alice never got a round")
	}
	e.quiet(channel)
	old := e.last(channel)
	e.restart()
	steps = len(e.game(channel).Game.History)
	r := e.tap(alice, old, "pass")
	if r.Text() != "" {
		t.Fatalf("the button from before the restart: %q", r.Text())
	}
	if len(e.game(channel).Game.History) != steps+1 {
		t.Error("the button from before the restart did nothing")
	}
	if e.runs != 3 {
		t.Errorf("%d runs", e.runs)
	}
}

func TestRemindersAndRoundLimitsSurviveRestarts(t *testing.T) {
	e := newEnv(t)
	e.cfg.CheckEvery = 20 * time.Millisecond
	e.start()
	e.slash(alice, "new", fakediscord.Option{Name: "opponent", Value: bob.ID, Type: 6}, opt("side", "us"), opt("remind", "1h"), opt("round-limit", "3h"))
	e.press(alice, e.last(channel), button(t, e.last(channel), "setup-historical"))
	e.press(alice, e.last(channel), button(t, e.last(channel), "setup-done"))
	st := e.game(channel).Game.State
	waiting := seated(st.ToAct())
	steps := len(e.game(channel).Game.History)

	e.clock.Advance(61 * time.Minute)
	if !e.fake.WaitFor(patience, func() bool { return strings.HasPrefix(e.last(channel).Content, "<@"+waiting.ID+"> Reminder") }) {
		t.Fatalf("no reminder; last post %q", e.last(channel).Content)
	}
	if m := e.last(channel); len(m.Mentions) != 1 || m.Mentions[0] != waiting.ID {
		t.Errorf("the reminder pings %v, want %s", m.Mentions, waiting.ID)
	}
	e.quiet(channel)
	n := len(e.fake.Messages(channel))
	for range 3 { // three more checks, as the clock would run them
		e.bot.Load().Tick()
	}
	e.quiet(channel)
	if len(e.fake.Messages(channel)) != n {
		t.Error("the reminder was repeated")
	}

	e.restart()
	e.clock.Advance(2 * time.Hour)
	if !e.fake.WaitFor(patience, func() bool { return len(e.game(channel).Game.History) > steps }) {
		t.Fatal("the round time limit did not pass the round after the restart")
	}
	e.quiet(channel)
	found := false
	for _, m := range e.fake.Messages(channel)[n:] {
		if strings.Contains(m.Content, "time limit") {
			found = true
		}
	}
	if !found {
		t.Errorf("no post says the time limit ran out: %q", e.last(channel).Content)
	}
}

func TestSlowWorkIsDeferredThenAnswered(t *testing.T) {
	e := newEnv(t)
	// The map takes until the bot has acknowledged the interaction it is
	// drawn for: longer than DeferAfter, whatever the machine's load.
	e.render = func(s *rules.State, evs []rules.Event, _ i18n.Lang) ([]byte, error) {
		e.fake.WaitFor(patience, func() bool { return len(e.fake.Unanswered()) == 0 })
		return tinyPNG(s, evs, i18n.English)
	}
	e.start()
	r := e.slash(alice, "new", opt("mode", "hotseat"))
	if r.AckType != 5 || !r.Ephemeral() {
		t.Errorf("a slow command was acknowledged with type %d (ephemeral %v), want a deferred ephemeral reply", r.AckType, r.Ephemeral())
	}
	if r.Text() != "Done — posted in the channel." {
		t.Errorf("deferred reply edited to %q", r.Text())
	}
	n := len(e.fake.Messages(channel))
	b := e.press(alice, e.last(channel), button(t, e.last(channel), "setup-historical"))
	if b.AckType != 6 {
		t.Errorf("a slow button was acknowledged with type %d, want 6", b.AckType)
	}
	e.fake.WaitFor(patience, func() bool { return len(e.fake.Messages(channel)) > n })
	if m := e.last(channel); !strings.Contains(m.Content, "set up at") {
		t.Errorf("after the slow button the channel shows %q", m.Content)
	}
}

// pausedAIGame starts an AI-vs-AI game (alice) that pauses at the end of
// each round, and returns its post with the Continue button once it
// paused.
func (e *env) pausedAIGame() fakediscord.Message {
	e.t.Helper()
	e.slash(alice, "new", opt("mode", "ai-vs-ai"), opt("pace", "round"))
	var paused fakediscord.Message
	if !e.fake.WaitFor(patience, func() bool {
		m := e.fake.Messages(channel)
		if len(m) == 0 {
			return false
		}
		paused = m[len(m)-1]
		for _, c := range paused.Components {
			if strings.HasPrefix(c.CustomID, "mortain/continue/") {
				return true
			}
		}
		return false
	}) {
		e.t.Fatal("the AI-vs-AI game never paused at the end of a round")
	}
	e.quiet(channel)
	return paused
}

func TestAIVersusAIPausesAtItsPaceAcrossRestarts(t *testing.T) {
	e := newEnv(t)
	e.start()
	paused := e.pausedAIGame()
	n := len(e.fake.Messages(channel))

	// A restart does not run a paused game on.
	e.restart()
	e.quiet(channel)
	if got := len(e.fake.Messages(channel)); got != n {
		t.Fatalf("the paused game went on by itself after a restart: %d new posts", got-n)
	}
	// Its Continue button, posted before the restart, resumes it when the
	// member who started the game presses it.
	r := e.press(alice, paused, button(t, paused, "continue"))
	if r.Text() != "" {
		t.Fatalf("continue: %q", r.Text())
	}
	if !e.fake.WaitFor(patience, func() bool { return len(e.fake.Messages(channel)) > n }) {
		t.Fatal("Continue did not resume the game")
	}
}
