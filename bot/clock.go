package bot

import (
	"time"

	"github.com/mortain/mortain/bot/command"
)

// every runs fn every d until the bot closes (started with b.wg.Add(1)):
// the clock of reminders and time limits, the scheduled backups.
func (b *Bot) every(d time.Duration, fn func()) {
	defer b.wg.Done()
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-b.ctx.Done():
			return
		case <-t.C:
			fn()
		}
	}
}

// Tick applies the due reminders, deadlines and round time limits of the
// running games due now (the store's due index: a game is due when it
// changed, or when the timer check before found its next timer), posting
// them like any other progress.
func (b *Bot) Tick() {
	keys, err := b.games.Due(b.cmds.Now())
	if err != nil {
		b.log.Error("listing the games due for their timers", "err", err)
		return
	}
	for _, k := range keys {
		if b.ctx.Err() != nil {
			return
		}
		if b.out.refused(k) {
			continue // reminders and time limits wait while posts are refused
		}
		d := b.locked(k, func() command.Response { return b.cmds.Tick(b.ctx, k) })
		if len(d.resp.Posts) > 0 {
			b.log.Info("timer", "channel", k.Channel, "posts", len(d.resp.Posts))
		}
	}
}
