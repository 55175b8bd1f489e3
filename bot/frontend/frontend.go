// Package frontend is the Discord bot's implementation of
// command.FrontEnd: it writes Discord's message markup.
package frontend

import (
	"regexp"
	"strconv"
	"time"

	"github.com/mortain/mortain/internal/i18n"
)

// Discord words members, times and places in Discord's markup and
// serves the members of servers.
type Discord struct {
	// Outbox queues every post in the store's outbox, which the bot
	// delivers. Only a test that reads posts from the Response leaves it
	// unset.
	Outbox bool
}

var mentionRE = regexp.MustCompile(`^<@!?(\d+)>$`)

// MemberID returns the user id of a mention ("<@123>" or "<@!123>"), the
// text form of a Discord user option; a typed name ("@bob", "bob") is not
// one.
func (Discord) MemberID(text string) (string, bool) {
	m := mentionRE.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// Member is a mention of the member: "<@id>".
func (Discord) Member(userID string) string { return "<@" + userID + ">" }

// When is a Discord timestamp, which each reader's client words in
// their language and time zone, relative and in full:
// "<t:U:R> (<t:U:f>)".
func (Discord) When(t time.Time, _ i18n.Lang) string {
	u := strconv.FormatInt(t.Unix(), 10)
	return "<t:" + u + ":R> (<t:" + u + ":f>)"
}

// Relative is a relative Discord timestamp: "<t:U:R>".
func (Discord) Relative(t time.Time, _ i18n.Lang) string {
	return "<t:" + strconv.FormatInt(t.Unix(), 10) + ":R>"
}

// Channel is a link to the channel: "<#id>".
func (Discord) Channel(id string) string { return "<#" + id + ">" }

// Queues reports d.Outbox.
func (d Discord) Queues() bool { return d.Outbox }

// Members is true: a server's members play, are pinged and rated.
func (Discord) Members() bool { return true }
