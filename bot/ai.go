package bot

import (
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/store/record"
)

// aiRun is the background run of a channel's AI; again asks it to check
// once more before it ends (a trigger that came while it was finishing).
type aiRun struct{ again bool }

// startAI runs the AI of a channel in the background, activation by
// activation, until it is no longer to act; at most one run per channel.
func (b *Bot) startAI(key record.Key) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	if r := b.ai[key]; r != nil {
		r.again = true
		return
	}
	r := &aiRun{}
	b.ai[key] = r
	b.wg.Add(1)
	b.busy.Add(1)
	go b.runAI(key, r)
}

func (b *Bot) runAI(key record.Key, r *aiRun) {
	defer b.wg.Done()
	defer b.busy.Add(-1)
	failures := 0
	for {
		if b.out.refused(key) {
			// Discord refuses the channel's posts: the AI waits until they
			// go through again (the deliverer resumes it).
			b.log.Info("the AI waits: the channel's posts are refused", "channel", key.Channel)
			b.endAI(key)
			return
		}
		step, err := b.aiStep(key)
		more, pause := step.more, step.pause
		switch {
		case b.ctx.Err() != nil:
			b.endAI(key)
			return
		case err != nil:
			failures++
			if failures == 3 {
				b.log.Error("the AI failed three times in a row; it will try again at the next restart or command", "channel", key.Channel, "err", err)
				b.endAI(key)
				return
			}
			b.sleep(time.Duration(failures) * 2 * time.Second)
			continue
		}
		failures = 0
		if pause {
			b.markPaused(key)
		}
		if !more || pause {
			b.mu.Lock()
			if !r.again || pause {
				delete(b.ai, key)
				b.mu.Unlock()
				return
			}
			r.again = false
			b.mu.Unlock()
			continue
		}
		if !b.awaitPosts(key) {
			b.log.Info("the AI waits: the channel's posts are refused", "channel", key.Channel)
			b.endAI(key)
			return
		}
		b.pauseAI(b.aiDelay(step))
	}
}

// awaitPosts waits until the posts of the AI's last step are in the
// channel, so that the AI never plays more than a step ahead of what the
// channel shows; false when Discord refused them (the AI then waits for
// the deliverer to resume it) or the bot is closing.
func (b *Bot) awaitPosts(key record.Key) bool {
	last, err := b.games.LastPending(key)
	if err != nil || last == 0 {
		return err == nil
	}
	done := b.out.wait(key, last)
	b.out.kick(key)
	select {
	case err := <-done:
		return err == nil
	case <-b.ctx.Done():
		return false
	}
}

// aiStepped is what one AI step did: whether the AI is to act again,
// whether the game's pace pauses here, whether the step completed nothing
// yet (command.Response.Pending), and how long it took.
type aiStepped struct {
	more, pause, pending bool
	took                 time.Duration
}

// aiDelay is the pause before the AI's next step in a row, so that its
// posts come about AIDelay apart: the time the step took (its thinking
// included) counts towards it, and a step that completed nothing yet (a
// firer joining an attack still pending) is followed at once by the one
// that completes it.
func (b *Bot) aiDelay(step aiStepped) time.Duration {
	if step.pending {
		return 0
	}
	return max(0, b.cfg.AIDelay-step.took)
}

// pauseAI waits between two AI activations; the bot counts as idle
// meanwhile (nothing is being worked on). Without a pause the AI goes on
// at once and the bot stays busy: Idle is never true between two steps.
func (b *Bot) pauseAI(d time.Duration) {
	if d <= 0 {
		return
	}
	b.busy.Add(-1)
	defer b.busy.Add(1)
	b.sleep(d)
}

func (b *Bot) endAI(key record.Key) {
	b.mu.Lock()
	delete(b.ai, key)
	b.mu.Unlock()
}

// aiStep plays one AI step (one action) under the channel's lock and
// queues its post.
func (b *Bot) aiStep(key record.Key) (aiStepped, error) {
	defer b.lockChannel(key)()
	if b.thinks(key) {
		defer b.typing(key)()
	}
	start := time.Now()
	resp, more, err := b.cmds.AIStep(b.ctx, key)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return aiStepped{}, nil
		}
		return aiStepped{}, err
	}
	b.out.kick(key)
	for _, k := range resp.Also {
		b.out.kick(k)
	}
	if len(resp.Posts) > 0 {
		b.metrics.decided(time.Since(start))
		for range resp.Posts {
			b.metrics.post("queued")
		}
		b.log.Info("AI activation", "channel", key.Channel, "took", time.Since(start), "over", resp.Over)
	}
	return aiStepped{more: more, pause: resp.Pause, pending: resp.Pending, took: time.Since(start)}, nil
}

// typingEvery is how often the typing indicator is renewed while the AI
// thinks: Discord shows it for about 10 s, or until the channel's next
// message.
const typingEvery = 8 * time.Second

// thinks reports whether the AI to act in the game of key will search
// (ai.Thinks), and so take up to its time budget, before its action.
func (b *Bot) thinks(key record.Key) bool {
	rec, err := b.games.Get(key)
	if err != nil || rec.Game == nil {
		return false
	}
	st := &rec.Game.State
	if st.Over() {
		return false
	}
	level := rec.Seats[st.ToAct()].AI
	return level != "" && ai.Thinks(level, st)
}

// typing shows Discord's typing indicator in the channel of key, at once
// and then every typingEvery, until the returned stop is called (it waits
// for the last request to end). A failure only costs the indicator.
func (b *Bot) typing(key record.Key) (stop func()) {
	ctx, cancel := context.WithCancel(b.ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(typingEvery)
		defer t.Stop()
		for {
			if err := b.api.ChannelTyping(key.Channel, discordgo.WithContext(ctx)); err != nil && ctx.Err() == nil {
				b.log.Debug("typing indicator", "channel", key.Channel, "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

// sleep waits d, or until the bot closes.
func (b *Bot) sleep(d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-b.ctx.Done():
	}
}

func (b *Bot) markPaused(key record.Key) {
	err := b.games.Update(key, func(rec *record.Record) error {
		// Meta.AIPaused: the game waits for its Continue button, so a
		// restart does not run it on.
		rec.Meta.AIPaused = time.Now().UTC().Truncate(time.Second)
		return nil
	})
	if err != nil && !errors.Is(err, record.ErrNotFound) {
		b.log.Error("marking a paused game", "channel", key.Channel, "err", err)
	}
}

// clearPaused removes the pause mark when the game goes on.
func (b *Bot) clearPaused(key record.Key) {
	rec, err := b.games.Get(key)
	if err != nil || rec.Meta.AIPaused.IsZero() {
		return
	}
	err = b.games.Update(key, func(rec *record.Record) error {
		rec.Meta.AIPaused = time.Time{}
		return nil
	})
	if err != nil && !errors.Is(err, record.ErrNotFound) {
		b.log.Error("clearing a pause mark", "channel", key.Channel, "err", err)
	}
}
