package bot

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store"
)

// Discord's permission bits the threads need (discordgo names them too).
const (
	permCreatePublicThreads   = discordgo.PermissionCreatePublicThreads
	permSendMessagesInThreads = discordgo.PermissionSendMessagesInThreads
)

// threadArchiveMinutes is how long a game's thread stays open without a
// message (Discord's longest: a week); a post in it opens it again.
const threadArchiveMinutes = 10080

// codeMaxActiveThreads is Discord's refusal of a thread beyond the
// server's limit of active threads.
const codeMaxActiveThreads = 160006

// threadsHome reports whether a new game started in a channel of this
// kind gets a thread (or a forum post) of its own, and whether it is a
// forum or media channel.
func threadsHome(w Where) (threads, forum bool) {
	if w.Thread || !w.HasKind {
		return false, false
	}
	switch w.Kind {
	case discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews:
		return true, false
	case discordgo.ChannelTypeGuildForum, discordgo.ChannelTypeGuildMedia:
		return true, true
	}
	return false, false
}

// threadNeeds words what the bot lacks to open a game's thread in the
// interaction's channel in lang, or "".
func threadNeeds(perms int64, forum bool, lang i18n.Lang) string {
	needs := []need{
		{discordgo.PermissionViewChannel, "view", "see"},
		{permSendMessagesInThreads, "send-threads", "post-thread"},
		{discordgo.PermissionAttachFiles, "attach", "post-map"},
	}
	if forum {
		needs = append(needs, need{discordgo.PermissionSendMessages, "send", "open-post"})
	} else {
		needs = append(needs, need{discordgo.PermissionSendMessages, "send", "start-end"},
			need{permCreatePublicThreads, "create-threads", "open-thread"})
	}
	var missing []string
	for _, n := range needs {
		if perms&n.bit == 0 {
			missing = append(missing, needText(lang, n))
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return i18n.Plural(lang, "bot.thread-missing", len(missing), map[string]any{"Missing": i18n.List(lang, missing), "Advice": advice(lang)})
}

// threadOpener returns the command layer's Place.OpenThread for an
// interaction in a text, announcement, forum or media channel: it opens a
// public thread (in a forum, a post whose first message is first) and
// returns its key. Discord's refusals come back as refusals the caller
// reads.
func (b *Bot) threadOpener(c *call, forum bool) func(name, first string) (store.Key, error) {
	return func(name, first string) (store.Key, error) {
		lang := c.caller.Lang
		if msg := threadNeeds(c.i.AppPermissions, forum, lang); msg != "" {
			return store.Key{}, command.Refuse(msg)
		}
		body := map[string]any{"name": name, "auto_archive_duration": threadArchiveMinutes}
		if forum {
			body["message"] = map[string]any{"content": clip(first, maxContent),
				"allowed_mentions": map[string]any{"parse": []string{}}}
		} else {
			kind := discordgo.ChannelTypeGuildPublicThread
			if c.where.Kind == discordgo.ChannelTypeGuildNews {
				kind = discordgo.ChannelTypeGuildNewsThread
			}
			body["type"] = kind
		}
		ctx, cancel := context.WithTimeout(b.ctx, tokenLifetime/2)
		defer cancel()
		endpoint := discordgo.EndpointChannelThreads(c.key.Channel)
		data, err := b.api.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, discordgo.WithContext(ctx))
		if err != nil {
			var rest *discordgo.RESTError
			if errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == codeMaxActiveThreads {
				return store.Key{}, command.Refuse(command.ThreadLimitText(lang))
			}
			if r := asRefusal(err); r != nil && r.kind == refusedPermission {
				return store.Key{}, command.Refuse(i18n.T(lang, "bot.thread-refused", map[string]any{"Reason": r.in(lang), "Advice": advice(lang)}))
			}
			b.log.Error("opening a game's thread failed", "channel", c.key.Channel, "err", err)
			return store.Key{}, err
		}
		var ch struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(data, &ch); err != nil || ch.ID == "" {
			return store.Key{}, errors.New("bot: Discord's answer to opening a thread has no channel id")
		}
		b.log.Info("opened a game's thread", "channel", c.key.Channel, "thread", ch.ID, "forum", forum)
		b.metrics.threadOpened()
		return store.Key{Guild: c.key.Guild, Channel: ch.ID}, nil
	}
}

// threadDropper returns the command layer's Place.DropThread: it deletes
// a thread opened for a game that could not be saved.
func (b *Bot) threadDropper() func(key store.Key) {
	return func(key store.Key) {
		ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
		defer cancel()
		endpoint := discordgo.EndpointChannel(key.Channel)
		if _, err := b.api.RequestWithBucketID(http.MethodDelete, endpoint, nil, endpoint, discordgo.WithContext(ctx)); err != nil {
			b.log.Error("deleting the thread of a game that could not be saved", "thread", key.Channel, "err", err)
		}
	}
}

// unarchive opens an archived thread again (PATCH archived:false).
func unarchive(ctx context.Context, api Discord, thread string) error {
	endpoint := discordgo.EndpointChannel(thread)
	_, err := api.RequestWithBucketID(http.MethodPatch, endpoint, map[string]any{"archived": false}, endpoint, discordgo.WithContext(ctx))
	return err
}

// namesOf reads the names of the members an interaction's options
// mention (their server nickname, else their display or user name).
func namesOf(i *discordgo.Interaction) map[string]string {
	if i.Type != discordgo.InteractionApplicationCommand {
		return nil
	}
	d := i.ApplicationCommandData()
	if d.Resolved == nil {
		return nil
	}
	out := map[string]string{}
	for id, u := range d.Resolved.Users {
		name := u.GlobalName
		if name == "" {
			name = u.Username
		}
		out[id] = name
	}
	for id, m := range d.Resolved.Members {
		if m != nil && m.Nick != "" {
			out[id] = m.Nick
		}
	}
	return out
}
