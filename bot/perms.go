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
	{discordgo.PermissionEmbedLinks, "Embed Links", "to show the map in the post"},
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

// threadOf reports whether an INTERACTION_CREATE's channel is a thread
// (announcement, public or private thread).
func threadOf(raw json.RawMessage) bool {
	var ev struct {
		Channel *struct {
			Type discordgo.ChannelType `json:"type"`
		} `json:"channel"`
	}
	if json.Unmarshal(raw, &ev) != nil || ev.Channel == nil {
		return false
	}
	switch ev.Channel.Type {
	case discordgo.ChannelTypeGuildNewsThread, discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread:
		return true
	}
	return false
}
