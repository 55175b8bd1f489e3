package bot

import (
	"encoding/json"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// permissionAdvice says where an admin grants the bot what it needs.
const permissionAdvice = "A server admin can grant it in this channel's settings (Edit Channel → Permissions → the Mortain role or bot), or in Server Settings → Roles."

// postNeeds are the permissions the bot's posts need in a channel, with
// what each is for.
var postNeeds = []struct {
	bit  int64
	name string
	why  string
}{
	{discordgo.PermissionViewChannel, "View Channel", "to see the channel"},
	{discordgo.PermissionSendMessages, "Send Messages", "to post the game"},
	{discordgo.PermissionAttachFiles, "Attach Files", "to post the map"},
}

// threadRefusal words why the bot cannot post the game in the thread of
// the interaction, or "" when it can: a locked thread takes posts from
// moderators only, and a private thread from its members only (member
// tells whether the bot is one; it is asked only for a private thread).
func threadRefusal(w Where, member func() bool) string {
	switch {
	case !w.Thread:
		return ""
	case w.Locked:
		return "Nothing was done: this thread is locked, so the bot cannot post the game in it. A moderator can unlock it (thread menu → Unlock Thread), or play in another channel."
	case w.Private && !member():
		return "Nothing was done: this private thread does not include the bot, so it cannot post the game in it. Add the bot to the thread (mention it, or thread menu → Add members), or play in another channel."
	}
	return ""
}

// missingPermissions checks the bot's permissions in the interaction's
// channel (app_permissions) against what its posts need, and words the
// refusal; "" when nothing is missing. In a thread, Send Messages in
// Threads stands for Send Messages.
func missingPermissions(perms int64, thread bool) string {
	var missing []string
	for _, need := range postNeeds {
		bit, name := need.bit, need.name
		if thread && bit == discordgo.PermissionSendMessages {
			bit, name = discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"
		}
		if perms&bit == 0 {
			missing = append(missing, "**"+name+"** ("+need.why+")")
		}
	}
	if len(missing) == 0 {
		return ""
	}
	what := "permission"
	if len(missing) > 1 {
		what = "permissions"
	}
	return "Nothing was done: the bot cannot post the game in this channel. It is missing the " + what + " " +
		strings.Join(missing, ", ") + " here. " + permissionAdvice
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
