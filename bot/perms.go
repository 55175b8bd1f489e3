package bot

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/internal/i18n"
)

// postNeeds are the permissions the bot's posts need in a channel, with
// what each is for.
var postNeeds = []need{
	{discordgo.PermissionViewChannel, "view", "see"},
	{discordgo.PermissionSendMessages, "send", "post-game"},
	{discordgo.PermissionAttachFiles, "attach", "post-map"},
}

// need is a permission the bot needs: its bit, and the catalog's words
// for its name (bot.perm.NAME) and what it is for (bot.why.WHY).
type need struct {
	bit       int64
	name, why string
}

// needText words a missing permission in lang: "**View Channel** (to see
// the channel)".
func needText(lang i18n.Lang, n need) string {
	return i18n.T(lang, "bot.need", map[string]any{"Permission": i18n.T(lang, "bot.perm."+n.name, nil), "Why": i18n.T(lang, "bot.why."+n.why, nil)})
}

// threadRefusal words why the bot cannot post the game in the thread of
// the interaction, or "" when it can: a locked thread takes posts from
// those with Manage Threads only (perms: the bot's), and a private
// thread from its members only (member tells whether the bot is one; it
// is asked only for a private thread), in lang.
func threadRefusal(w Where, perms int64, member func() bool, lang i18n.Lang) string {
	switch {
	case !w.Thread:
		return ""
	case w.Locked && perms&discordgo.PermissionManageThreads == 0:
		return i18n.T(lang, "bot.locked", nil)
	case w.Private && !member():
		return i18n.T(lang, "bot.private", nil)
	}
	return ""
}

// missingPermissions checks the bot's permissions in the interaction's
// channel (app_permissions) against what its posts need, and words the
// refusal in lang; "" when nothing is missing. In a thread, Send
// Messages in Threads stands for Send Messages.
func missingPermissions(perms int64, thread bool, lang i18n.Lang) string {
	var missing []string
	for _, n := range postNeeds {
		if thread && n.bit == discordgo.PermissionSendMessages {
			n.bit, n.name = discordgo.PermissionSendMessagesInThreads, "send-threads"
		}
		if perms&n.bit == 0 {
			missing = append(missing, needText(lang, n))
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return i18n.Plural(lang, "bot.missing", len(missing), map[string]any{"Missing": i18n.List(lang, missing), "Advice": advice(lang)})
}

// Where is what an interaction's raw event tells of its channel and
// server beyond discordgo's Interaction.
type Where struct {
	// Kind is the channel's type (text, announcement, forum, a thread...)
	// when HasKind: the event named the channel.
	Kind    discordgo.ChannelType
	HasKind bool
	// Thread tells that the channel is a thread (announcement, public or
	// private); Private, a private thread; Locked and Archived come from
	// its thread_metadata.
	Thread, Private, Locked, Archived bool
	// UploadLimit is the server's upload limit in bytes
	// (attachment_size_limit; 0 when not sent).
	UploadLimit int
}

// WhereOf reads an INTERACTION_CREATE's raw event.
func WhereOf(raw json.RawMessage) Where {
	var ev struct {
		Channel *struct {
			Type     discordgo.ChannelType `json:"type"`
			Metadata *struct {
				Archived bool `json:"archived"`
				Locked   bool `json:"locked"`
			} `json:"thread_metadata"`
		} `json:"channel"`
		UploadLimit int `json:"attachment_size_limit"`
	}
	if json.Unmarshal(raw, &ev) != nil {
		return Where{}
	}
	w := Where{UploadLimit: ev.UploadLimit}
	if ev.Channel == nil {
		return w
	}
	w.Kind, w.HasKind = ev.Channel.Type, true
	switch ev.Channel.Type {
	case discordgo.ChannelTypeGuildNewsThread, discordgo.ChannelTypeGuildPublicThread:
		w.Thread = true
	case discordgo.ChannelTypeGuildPrivateThread:
		w.Thread, w.Private = true, true
	}
	if m := ev.Channel.Metadata; m != nil && w.Thread {
		w.Locked, w.Archived = m.Locked, m.Archived
	}
	return w
}
