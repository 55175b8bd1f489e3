package bot_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// playByTaps plays alice's side of the game in thread th with the picker
// alone until the game ends: it presses the Play button of her live post
// and chooses at random among what the picker offers. It returns the
// taps and the commands played.
func (e *env) playByTaps(th string, rng *rand.Rand) (taps, played int) {
	e.t.Helper()
	return e.playByTapsTold(th, rng, nil)
}

// playByTapsTold is playByTaps that keeps the thread's posts and alice's
// taps in tr, as she sees them (nil: none kept).
func (e *env) playByTapsTold(th string, rng *rand.Rand, tr *transcript) (taps, played int) {
	e.t.Helper()
	key := record.Key{Guild: guild, Channel: th}
	for round := 0; ; round++ {
		if round > 2000 {
			e.t.Fatal("the game does not end")
		}
		e.settle(key)
		tr.posts(e, th)
		rec, err := e.db.Get(key)
		if err != nil || rec.Game.State.Over() {
			return taps, played
		}
		if rec.Seats[rec.Game.State.ToAct()].UserID != alice.ID {
			// The AI's turn: wait for it.
			if !e.fake.WaitFor(20*time.Second, func() bool {
				r, err := e.db.Get(key)
				return err != nil || r.Game.State.Over() || r.Seats[r.Game.State.ToAct()].UserID == alice.ID
			}) {
				e.t.Fatalf("the AI did not play:\n%s", e.logs.String())
			}
			continue
		}
		live, ok := e.lastButton(th, "play")
		if !ok {
			e.t.Fatalf("no Play button for %s: %v", fmtState(rec), e.fake.Messages(th)[len(e.fake.Messages(th))-1])
		}
		r := e.reply(e.fake.Press(guild, alice, live, button(e.t, live, "play")))
		tr.tap("Play")
		taps++
		picker := r.Original
		if picker == nil || !picker.Ephemeral() || len(picker.Components) == 0 {
			e.t.Fatalf("Play opened no picker: %+v", r)
		}
		for picker != nil && len(picker.Components) > 0 {
			c := picker.Components[rng.IntN(len(picker.Components))]
			var id string
			switch c.Type {
			case 3:
				o := c.Options[rng.IntN(len(c.Options))]
				id = e.fake.Choose(guild, alice, *picker, c.CustomID, o.Value)
				tr.tap(c.Placeholder + " ▸ " + o.Label)
				if strings.Contains(c.CustomID, "/cmd:") {
					played++
				}
			default:
				if strings.HasSuffix(c.CustomID, "/do:undo") && rng.IntN(4) > 0 {
					continue // undo now and then only, so that the game ends
				}
				id = e.fake.Press(guild, alice, *picker, c.CustomID)
				tr.tap(c.Label)
				if strings.Contains(c.CustomID, "/do:") {
					played++
				}
			}
			taps++
			got := e.reply(id)
			if got.AckType != 7 && got.AckType != 6 {
				e.t.Fatalf("a pick answered with type %d: %+v", got.AckType, got)
			}
			e.settle(key)
			tr.posts(e, th)
			if got.AckType == 6 {
				// Deferred: the picker is edited once the step is done.
				e.fake.WaitFor(10*time.Second, func() bool { return e.fake.Reply(id).Original != nil })
				got = e.fake.Reply(id)
			}
			picker = got.Original
			if picker != nil && strings.HasPrefix(picker.Content, "⛔") {
				e.t.Fatalf("a pick the picker offered was refused: %s", picker.Content)
			}
		}
	}
}

// lastButton is the newest message of ch with a verb button.
func (e *env) lastButton(ch, verb string) (fakediscord.Message, bool) {
	msgs := e.fake.Messages(ch)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, c := range msgs[i].Components {
			if strings.HasPrefix(c.CustomID, "mortain/"+verb+"/") {
				return msgs[i], true
			}
		}
	}
	return fakediscord.Message{}, false
}

func fmtState(rec *record.Record) string {
	return rec.Game.State.Phase().String() + " " + rec.Game.State.ToAct().String()
}

func TestWholeGamesArePlayedByTapsAlone(t *testing.T) {
	for _, side := range []string{"us", "german"} {
		t.Run(side, func(t *testing.T) {
			e := newEnv(t)
			e.threads = true
			e.cfg.RequestRate = 1000 // a whole game's posts, without Discord's pace
			e.start()
			e.in(channel, alice, "new", opt("mode", "ai"), opt("side", side))
			th := e.fake.Threads(channel)[0]
			taps, played := e.playByTaps(th, rand.New(rand.NewPCG(7, uint64(len(side)))))
			if played == 0 {
				t.Fatal("nothing was played")
			}
			arch, err := e.db.Archive(guild, 1)
			if err != nil || len(arch) != 1 || arch[0].Winner == rules.NoSide {
				t.Fatalf("the game did not end normally: %+v, %v", arch, err)
			}
			t.Logf("%s: %d commands played in %d taps (%.1f a command), %s won", side, played, taps, float64(taps)/float64(played), arch[0].Winner)
		})
	}
}

func TestAPickOfAnotherMemberOrAStalePickChangesNothing(t *testing.T) {
	e := newThreadsEnv(t)
	e.fake.AddUser(bob)
	e.in(channel, alice, "new", userOpt("opponent", bob), opt("side", "us"))
	th := e.fake.Threads(channel)[0]
	live, _ := e.lastButton(th, "play")
	// A spectator's Play is told how to follow.
	r := e.reply(e.fake.Press(guild, spectator, live, button(t, live, "play")))
	if r.Original == nil || len(r.Original.Components) != 0 || !strings.Contains(r.Original.Content, "you can follow the game") {
		t.Errorf("a spectator's Play: %+v", r.Original)
	}
	picker := e.reply(e.fake.Press(guild, alice, live, button(t, live, "play"))).Original
	var hist string
	for _, c := range picker.Components {
		if strings.HasSuffix(c.CustomID, "do:setup preset:historical") {
			hist = c.CustomID
		}
	}
	if hist == "" {
		t.Fatalf("no historical set-up in the picker: %+v", picker.Components)
	}
	steps := len(e.game(th).Game.History)
	// Another member's pick (a forged interaction on alice's picker).
	e.reply(e.fake.Press(guild, spectator, *picker, hist))
	e.quietAll()
	if n := len(e.game(th).Game.History); n != steps {
		t.Fatalf("another member's pick played: %d steps, want %d", n, steps)
	}
	got := e.reply(e.fake.Press(guild, alice, *picker, hist))
	e.quietAll()
	if n := len(e.game(th).Game.History); n != steps+1 {
		t.Fatalf("alice's pick: %d steps, want %d (%+v)", n, steps+1, got)
	}
	// The same pick again is stale: refused, the picker refreshed.
	id := e.fake.Press(guild, alice, *picker, hist)
	e.reply(id)
	e.quietAll()
	if n := len(e.game(th).Game.History); n != steps+1 {
		t.Errorf("a stale pick played: %d steps", n)
	}
	if p := e.fake.Reply(id).Original; p == nil || !strings.Contains(p.Content, "earlier position") || len(p.Components) == 0 {
		t.Errorf("the stale pick's answer: %+v", p)
	}
}

// settle waits until the bot has nothing in flight and the game's posts
// are all in its thread (polling often: a game by taps waits on this some
// 700 times). The bot stays busy while an AI round goes on, so the wait
// ends with the AI's steps posted; patience is only a hang guard.
func (e *env) settle(key record.Key) {
	e.t.Helper()
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		b := e.bot.Load()
		if b == nil || !b.Idle() {
			continue
		}
		if p, err := e.db.Pending(key); err == nil && len(p) == 0 {
			return
		}
	}
	e.t.Fatalf("the bot did not settle:\n%s", e.logs.String())
}
