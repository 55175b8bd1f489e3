// Package frontend is the Discord bot's implementation of
// command.FrontEnd: it writes Discord's message markup.
package frontend

// Discord words places in Discord's markup and serves the members of
// servers.
type Discord struct {
	// Outbox queues every post in the store's outbox, which the bot
	// delivers. Only a test that reads posts from the Response leaves it
	// unset.
	Outbox bool
}

// Channel is a link to the channel: "<#id>".
func (Discord) Channel(id string) string { return "<#" + id + ">" }

// Queues reports d.Outbox.
func (d Discord) Queues() bool { return d.Outbox }

// Members is true: a server's members play, are pinged and rated.
func (Discord) Members() bool { return true }
