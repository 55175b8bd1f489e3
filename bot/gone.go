package bot

import (
	"slices"

	"github.com/mortain/mortain/store/record"
)

// ChannelGone ends what the bot keeps for a channel or thread that was
// deleted: its game is archived as abandoned (no result, no change to
// anyone's record), its undelivered posts are dropped, and so its clock
// and AI stop. The games of the threads opened from a deleted channel end
// with it: Discord deletes them too and sends no THREAD_DELETE for them.
func (b *Bot) ChannelGone(guild, channel string) {
	if guild == "" || !b.enter() {
		return
	}
	defer b.wg.Done()
	key := record.Key{Guild: guild, Channel: channel}
	// The channel comes last: the lines its threads' games queue for it
	// are dropped with its posts.
	gone := append(b.threadsOf(key), key)
	had := false
	for _, k := range gone {
		had = b.abandon(k) || had
	}
	if !had {
		return
	}
	// A thread's game told the channel it was opened from.
	boxes, err := b.games.Outboxes()
	if err != nil {
		return
	}
	for _, k := range boxes {
		if k.Guild == guild && !slices.Contains(gone, k) {
			b.out.kick(k)
		}
	}
}

// abandon archives the game of a channel that is gone and drops its
// posts; it reports whether a game ran there.
func (b *Bot) abandon(key record.Key) bool {
	unlock := b.lockChannel(key)
	had, err := b.cmds.Abandon(key)
	if err != nil {
		b.log.Error("archiving the game of a deleted channel", "channel", key.Channel, "err", err)
	}
	if err := b.games.DropNotices(key); err != nil {
		b.log.Error("dropping the posts of a deleted channel", "channel", key.Channel, "err", err)
	}
	unlock()
	b.out.forget(key)
	if had {
		b.log.Info("channel deleted: its game was archived as abandoned", "guild", key.Guild, "channel", key.Channel)
	}
	return had
}

// threadsOf lists the running games in threads opened from channel key.
func (b *Bot) threadsOf(key record.Key) []record.Key {
	running, err := b.games.Running()
	if err != nil {
		b.log.Error("listing the running games", "err", err)
		return nil
	}
	var out []record.Key
	for _, k := range running {
		if k.Guild != key.Guild || k == key {
			continue
		}
		if rec, err := b.games.Get(k); err == nil && rec.Meta.Parent == key.Channel {
			out = append(out, k)
		}
	}
	return out
}

// GuildGone ends the games of a server the bot was removed from (or that
// was deleted), as ChannelGone does for each of its channels.
func (b *Bot) GuildGone(guild string) {
	seen := map[record.Key]bool{}
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
