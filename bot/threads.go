package bot

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// Discord's permission bits the threads need (discordgo names them too).
const (
	permCreatePublicThreads   = discordgo.PermissionCreatePublicThreads
	permSendMessagesInThreads = discordgo.PermissionSendMessagesInThreads
)

// threadArchiveMinutes is how long a game's thread stays open without a
// message (Discord's longest: a week); a post in it opens it again.
const threadArchiveMinutes = 10080

// Discord's refusals of a new thread: beyond the server's limit of
// active threads, of active announcement threads; in a forum that
// requires a tag, a post without one.
const (
	codeMaxActiveThreads       = 160006
	codeMaxAnnouncementThreads = 160007
	codeTagRequired            = 40067
)

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
// public thread (in a forum, a post: openPost) and returns its key.
// Discord's refusals come back as refusals the caller reads.
func (b *Bot) threadOpener(c *call, forum bool) func(t command.NewThread) (record.Key, error) {
	return func(t command.NewThread) (record.Key, error) {
		if msg := threadNeeds(c.i.AppPermissions, forum, c.caller.Lang); msg != "" {
			return record.Key{}, command.Refuse(msg)
		}
		ctx, cancel := context.WithTimeout(b.ctx, tokenLifetime/2)
		defer cancel()
		var data []byte
		var err error
		if forum {
			var refusal string
			if data, refusal, err = b.openPost(ctx, c, t); refusal != "" {
				return record.Key{}, command.Refuse(refusal)
			}
		} else {
			kind := discordgo.ChannelTypeGuildPublicThread
			if c.where.Kind == discordgo.ChannelTypeGuildNews {
				kind = discordgo.ChannelTypeGuildNewsThread
			}
			data, err = b.openThread(ctx, c.key.Channel, map[string]any{"name": t.Name, "auto_archive_duration": threadArchiveMinutes, "type": kind})
		}
		if err != nil {
			return record.Key{}, b.threadRefused(c, err)
		}
		var ch struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(data, &ch); err != nil || ch.ID == "" {
			return record.Key{}, errors.New("bot: Discord's answer to opening a thread has no channel id")
		}
		b.log.Info("opened a game's thread", "channel", c.key.Channel, "thread", ch.ID, "forum", forum)
		b.metrics.threadOpened()
		return record.Key{Guild: c.key.Guild, Channel: ch.ID}, nil
	}
}

// openPost opens a game's post in the interaction's forum, its first
// message t.First, with the tag the server chose (t.Tag) where the forum
// has it. A forum that requires a tag (40067) and was given none gets one
// named like the game; with none, refusal says why, in the caller's
// language.
func (b *Bot) openPost(ctx context.Context, c *call, t command.NewThread) (data []byte, refusal string, err error) {
	body := map[string]any{"name": t.Name, "auto_archive_duration": threadArchiveMinutes,
		"message": map[string]any{"content": clip(t.First, maxContent), "allowed_mentions": map[string]any{"parse": []string{}}}}
	var tags *forumTags
	if t.Tag != "" {
		tags = b.forumTagsOf(ctx, c.key.Channel)
		if id := tags.pick(t.Tag, c.i.AppPermissions, false); id != "" {
			body["applied_tags"] = []string{id}
		}
	}
	data, err = b.openThread(ctx, c.key.Channel, body)
	if restCode(err) != codeTagRequired || body["applied_tags"] != nil {
		return data, "", err
	}
	if tags == nil {
		tags = b.forumTagsOf(ctx, c.key.Channel)
	}
	id := tags.pick(t.Tag, c.i.AppPermissions, true)
	if id == "" {
		return nil, tagRequiredText(t.Tag, c.caller.Lang), nil
	}
	body["applied_tags"] = []string{id}
	data, err = b.openThread(ctx, c.key.Channel, body)
	return data, "", err
}

// tagRequiredText is the refusal, in lang, of a game in a forum that
// requires a tag and has none that fits (chosen: the server's forum-tag).
func tagRequiredText(chosen string, lang i18n.Lang) string {
	if chosen == "" {
		return i18n.T(lang, "bot.tag-required", nil)
	}
	return i18n.T(lang, "bot.tag-required-chosen", map[string]any{"Tag": chosen})
}

// openThread sends POST /channels/{parent}/threads.
func (b *Bot) openThread(ctx context.Context, parent string, body map[string]any) ([]byte, error) {
	endpoint := discordgo.EndpointChannelThreads(parent)
	return b.api.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, discordgo.WithContext(ctx))
}

// threadRefused words Discord's refusal to open a game's thread for the
// member: a limit of threads, a missing permission; anything else is an
// internal error.
func (b *Bot) threadRefused(c *call, err error) error {
	lang := c.caller.Lang
	switch restCode(err) {
	case codeMaxActiveThreads:
		return command.Refuse(command.ThreadLimitText(lang))
	case codeMaxAnnouncementThreads:
		return command.Refuse(i18n.T(lang, "thread.limit-news", nil))
	}
	if r := asRefusal(err); r != nil && r.kind == refusedPermission {
		return command.Refuse(i18n.T(lang, "bot.thread-refused", map[string]any{"Reason": r.in(lang), "Advice": advice(lang)}))
	}
	b.log.Error("opening a game's thread failed", "channel", c.key.Channel, "err", err)
	return err
}

// restCode is Discord's error code of a refused request, else 0.
func restCode(err error) int {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil {
		return rest.Message.Code
	}
	return 0
}

// forumTags are a forum's available_tags (GET /channels/{forum}); nil
// when they could not be read.
type forumTags []struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Moderated bool   `json:"moderated"`
}

// forumTagsOf reads a forum's tags, or nil.
func (b *Bot) forumTagsOf(ctx context.Context, forum string) *forumTags {
	endpoint := discordgo.EndpointChannel(forum)
	data, err := b.api.RequestWithBucketID(http.MethodGet, endpoint, nil, endpoint, discordgo.WithContext(ctx))
	if err != nil {
		b.log.Warn("reading a forum's tags failed", "forum", forum, "err", err)
		return nil
	}
	var ch struct {
		Tags forumTags `json:"available_tags"`
	}
	if err := json.Unmarshal(data, &ch); err != nil {
		b.log.Warn("reading a forum's tags failed", "forum", forum, "err", err)
		return nil
	}
	return &ch.Tags
}

// gameTag is the word a forum tag named like the game holds.
const gameTag = "mortain"

// pick is the id of the forum tag named chosen (without regard to case),
// else, with fallback, of a tag whose name holds the game's name; ""
// for none. A moderated tag is for a bot with Manage Threads only.
func (t *forumTags) pick(chosen string, perms int64, fallback bool) string {
	if t == nil {
		return ""
	}
	usable := func(moderated bool) bool { return !moderated || perms&discordgo.PermissionManageThreads != 0 }
	for _, tag := range *t {
		if chosen != "" && strings.EqualFold(strings.TrimSpace(tag.Name), chosen) && usable(tag.Moderated) {
			return tag.ID
		}
	}
	for _, tag := range *t {
		if fallback && strings.Contains(strings.ToLower(tag.Name), gameTag) && usable(tag.Moderated) {
			return tag.ID
		}
	}
	return ""
}

// threadDropper returns the command layer's Place.DropThread: it deletes
// a thread opened for a game that could not be saved, which Discord
// allows with Manage Threads only; false when it could not.
func (b *Bot) threadDropper(c *call) func(key record.Key) bool {
	return func(key record.Key) bool {
		if c.i.AppPermissions&discordgo.PermissionManageThreads == 0 {
			b.log.Warn("the thread of a game that could not be saved is left: the bot lacks Manage Threads", "thread", key.Channel)
			return false
		}
		ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
		defer cancel()
		endpoint := discordgo.EndpointChannel(key.Channel)
		if _, err := b.api.RequestWithBucketID(http.MethodDelete, endpoint, nil, endpoint, discordgo.WithContext(ctx)); err != nil {
			b.log.Error("deleting the thread of a game that could not be saved", "thread", key.Channel, "err", err)
			return false
		}
		return true
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
