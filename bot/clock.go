package bot

import (
	"time"

	"github.com/mortain/mortain/bot/command"
)

// runClock checks every running game's reminder and round time limit
// every CheckEvery. Both are kept with the game in the database, so they
// survive restarts.
func (b *Bot) runClock() {
	defer b.wg.Done()
	t := time.NewTicker(b.cfg.CheckEvery)
	defer t.Stop()
	for {
		select {
		case <-b.ctx.Done():
			return
		case <-t.C:
			b.Tick()
		}
	}
}

// Tick applies the due reminders and round time limits of every running
// game now, posting them like any other progress.
func (b *Bot) Tick() {
	keys, err := b.games.Running()
	if err != nil {
		b.log.Error("listing the running games", "err", err)
		return
	}
	for _, k := range keys {
		if b.ctx.Err() != nil {
			return
		}
		d := b.locked(k, func() command.Response { return b.cmds.Tick(b.ctx, k) })
		if len(d.resp.Posts) > 0 {
			b.log.Info("timer", "channel", k.Channel, "posts", len(d.resp.Posts))
		}
	}
}
