package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// challenge starts alice (US) against bob in a thread of the channel,
// with options, and returns the thread.
func (e *env) challenge(opts ...fakediscord.Option) string {
	e.t.Helper()
	e.fake.AddUser(bob)
	before := len(e.fake.Threads(channel))
	e.in(channel, alice, "new", append([]fakediscord.Option{userOpt("opponent", bob), opt("side", "us")}, opts...)...)
	threads := e.fake.Threads(channel)
	if len(threads) != before+1 {
		e.t.Fatalf("no thread opened: %v", threads)
	}
	return threads[len(threads)-1]
}

// tick advances the clock by d and runs the bot's timers once.
func (e *env) tick(d time.Duration) {
	e.clock.Advance(d)
	e.bot.Load().Tick()
	e.quietAll()
}

// lastWith returns the newest message of ch containing text.
func (e *env) lastWith(ch, text string) (fakediscord.Message, bool) {
	msgs := e.fake.Messages(ch)
	for i := len(msgs) - 1; i >= 0; i-- {
		if strings.Contains(msgs[i].Content, text) {
			return msgs[i], true
		}
	}
	return fakediscord.Message{}, false
}

func TestADeadlinePassesAndTheOpponentClaimsTheWin(t *testing.T) {
	e := newThreadsEnv(t)
	th := e.challenge(opt("deadline", "24h"))
	if _, ok := e.lastWith(th, "Deadline for alice (the US set-up): <t:"); !ok {
		t.Fatalf("the new game shows no deadline: %v", e.fake.Messages(th))
	}
	e.tick(25 * time.Hour)
	m, ok := e.lastWith(th, "passed")
	if !ok || len(m.Mentions) == 0 || m.Mentions[0] != bob.ID {
		t.Fatalf("the deadline's post: %+v", m)
	}
	// A spectator's press changes nothing.
	id := e.fake.Press(guild, spectator, m, button(t, m, "claim"))
	e.reply(id)
	e.quietAll()
	if _, err := e.db.Get(record.Key{Guild: guild, Channel: th}); err != nil {
		t.Fatal("a spectator's Claim ended the game")
	}
	if r := e.fake.Reply(id); r.Original == nil || !r.Original.Ephemeral() || !strings.Contains(r.Original.Content, "Only") {
		t.Errorf("the spectator's answer: %+v", r.Original)
	}
	e.press(bob, m, button(t, m, "claim"))
	e.quietAll()
	if _, err := e.db.Get(record.Key{Guild: guild, Channel: th}); err == nil {
		t.Fatal("the game still runs after the claim")
	}
	if last := e.last(channel); !strings.Contains(last.Content, "missed its deadline") || !strings.Contains(last.Content, "German won on time") {
		t.Errorf("the channel's line: %q", last.Content)
	}
	stats, err := e.db.Stats(guild)
	if err != nil || len(stats) != 2 {
		t.Fatalf("records %+v, %v", stats, err)
	}
}

func TestAnAbsentSideIsHandedToTheAIAndTakenBack(t *testing.T) {
	e := newThreadsEnv(t)
	th := e.challenge(opt("deadline", "24h"))
	e.tick(25 * time.Hour)
	m, _ := e.lastWith(th, "passed")
	e.press(bob, m, button(t, m, "hand-easy"))
	e.quietAll()
	// The AI sets the US up and plays on until it is the German's turn.
	if !e.fake.WaitFor(10*time.Second, func() bool {
		rec, err := e.db.Get(record.Key{Guild: guild, Channel: th})
		return err == nil && rec.Game.State.ToAct() == rules.German
	}) {
		t.Fatalf("the AI did not play the US side:\n%s", e.logs.String())
	}
	e.quietAll()
	if rec := e.game(th); rec.Seats[rules.US].AI != "easy" {
		t.Fatalf("the US seat: %+v", rec.Seats[rules.US])
	}
	r := e.in(th, alice, "join")
	if !strings.Contains(r.Text(), "Done") {
		t.Errorf("alice's join: %q", r.Text())
	}
	if rec := e.game(th); rec.Seats[rules.US].UserID != alice.ID {
		t.Errorf("the US seat after the join: %+v", rec.Seats[rules.US])
	}
	if _, ok := e.lastWith(th, "takes the US side back"); !ok {
		t.Error("the thread was not told")
	}
}

func TestAwayPausesTwoGames(t *testing.T) {
	e := newThreadsEnv(t)
	one := e.challenge(opt("deadline", "24h"))
	two := e.challenge(opt("deadline", "48h"))
	r := e.in(channel, alice, "away", opt("days", 3))
	for _, th := range []string{one, two} {
		if !strings.Contains(r.Text(), "<#"+th+">") {
			t.Errorf("the reply does not name %s: %q", th, r.Text())
		}
		m, ok := e.lastWith(th, "is away until")
		if !ok || len(m.Mentions) == 0 || m.Mentions[0] != bob.ID {
			t.Errorf("bob was not told in %s: %+v", th, m)
		}
	}
	e.tick(3*24*time.Hour + 23*time.Hour)
	for _, th := range []string{one, two} {
		if _, ok := e.lastWith(th, "passed"); ok {
			t.Errorf("a deadline passed in %s while alice was away", th)
		}
	}
	e.tick(2 * time.Hour)
	if _, ok := e.lastWith(one, "passed"); !ok {
		t.Error("the 24h deadline did not pass a day after the vacation")
	}
}

func TestQuietHoursHoldAPingUntilTheyEnd(t *testing.T) {
	e := newThreadsEnv(t)
	// The clock is 12:00 UTC, 21:00 in Tokyo.
	e.in(channel, bob, "notify", opt("quiet", "20:00-08:00"), opt("tz", "Asia/Tokyo"))
	th := e.challenge(opt("side", "german"))
	m, ok := e.lastWith(th, "New game")
	if !ok || len(m.Mentions) != 0 || !strings.Contains(m.Content, "<@"+bob.ID+">") {
		t.Fatalf("during quiet hours bob is named without a ping: %+v", m)
	}
	n := len(e.fake.Messages(th))
	e.tick(10 * time.Hour) // 07:00 in Tokyo
	if len(e.fake.Messages(th)) != n {
		t.Fatalf("a ping before the quiet hours ended: %v", e.fake.Messages(th)[n:])
	}
	e.tick(time.Hour) // 08:00
	msgs := e.fake.Messages(th)
	if len(msgs) != n+1 || len(msgs[n].Mentions) != 1 || msgs[n].Mentions[0] != bob.ID {
		t.Fatalf("the held ping: %v", msgs[n:])
	}
}

func TestADirectMessageIsSentAndARefusedOneTurnsThemOff(t *testing.T) {
	e := newThreadsEnv(t)
	e.in(channel, bob, "notify", opt("dm", "on"))
	th := e.challenge(opt("side", "german"))
	if !e.fake.WaitFor(10*time.Second, func() bool { return len(e.fake.DMs(bob.ID)) == 1 }) {
		t.Fatalf("no direct message: %v", e.fake.DMs(bob.ID))
	}
	if dm := e.fake.DMs(bob.ID)[0]; !strings.Contains(dm.Content, "<#"+th+">") {
		t.Errorf("the DM: %q", dm.Content)
	}
	// Bob's privacy settings now refuse the bot's DMs.
	e.fake.RefuseDMs(bob.ID)
	e.challenge(opt("side", "german"))
	if !e.fake.WaitFor(10*time.Second, func() bool {
		m, err := e.db.Member(guild, bob.ID)
		return err == nil && !m.DM
	}) {
		t.Fatal("the refused DM did not switch DMs off")
	}
	threads := e.fake.Threads(channel)
	last := threads[len(threads)-1]
	if !e.fake.WaitFor(10*time.Second, func() bool { _, ok := e.lastWith(last, "direct messages are switched off"); return ok }) {
		t.Fatalf("bob was not told in the thread: %v", e.fake.Messages(last))
	}
	if len(e.fake.DMs(bob.ID)) != 1 {
		t.Errorf("DMs: %v", e.fake.DMs(bob.ID))
	}
}
