package bot

import (
	"github.com/mortain/mortain/store"
)

// ChannelGone ends what the bot keeps for a channel or thread that was
// deleted: its game is archived as abandoned (no result, no change to
// anyone's record), its undelivered posts are dropped, and so its clock
// and AI stop.
func (b *Bot) ChannelGone(guild, channel string) {
	if guild == "" || !b.enter() {
		return
	}
	defer b.wg.Done()
	key := store.Key{Guild: guild, Channel: channel}
	unlock := b.lockChannel(key)
	had, err := b.cmds.Abandon(key)
	if err != nil {
		b.log.Error("archiving the game of a deleted channel", "channel", channel, "err", err)
	}
	if err := b.games.DropNotices(key); err != nil {
		b.log.Error("dropping the posts of a deleted channel", "channel", channel, "err", err)
	}
	unlock()
	b.out.forget(key)
	if had {
		b.log.Info("channel deleted: its game was archived as abandoned", "guild", guild, "channel", channel)
		// A thread's game told the channel it was opened from.
		if boxes, err := b.games.Outboxes(); err == nil {
			for _, k := range boxes {
				if k.Guild == guild && k != key {
					b.out.kick(k)
				}
			}
		}
	}
}

// GuildGone ends the games of a server the bot was removed from (or that
// was deleted), as ChannelGone does for each of its channels.
func (b *Bot) GuildGone(guild string) {
	seen := map[store.Key]bool{}
	running, err := b.games.Running()
	if err != nil {
		b.log.Error("listing the running games", "err", err)
	}
	boxes, err := b.games.Outboxes()
	if err != nil {
		b.log.Error("listing the outboxes", "err", err)
	}
	for _, k := range append(running, boxes...) {
		if k.Guild == guild && !seen[k] {
			seen[k] = true
			b.ChannelGone(k.Guild, k.Channel)
		}
	}
	b.log.Info("server gone", "guild", guild, "channels", len(seen))
}
