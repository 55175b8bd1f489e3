package command

import (
	"time"

	"github.com/mortain/mortain/internal/i18n"
)

// FrontEnd is what differs between the front ends that the command layer
// serves (the Discord bot, the terminal): how a reader is shown a
// member, a moment and a place, whether posts are queued, and whether the
// front end serves members. The command
// layer words through it and writes no front end's syntax itself; a new
// front end implements it and leaves the command layer as it is.
type FrontEnd interface {
	// Member names a member by user id when no display name is known
	// (Discord: a mention).
	Member(userID string) string
	// MemberID reads the member a User option names in the text form
	// (Discord: a mention, "<@123>"); ok is false for anything else, a
	// typed name included.
	MemberID(text string) (userID string, ok bool)
	// When words a moment in lang, so that each reader sees it in their
	// own time zone where the front end can: relative ("in 2 days") and in
	// full.
	When(t time.Time, lang i18n.Lang) string
	// Relative words a moment in lang relative to the reader's now only
	// ("in 2 days").
	Relative(t time.Time, lang i18n.Lang) string
	// Channel names a channel (a place a game is played) by its id, so
	// that the reader can go there (Discord: a link to it).
	Channel(id string) string
	// Queues tells that the front end delivers posts from the store's
	// outbox: every post is queued as a durable notice in the same commit
	// as the step that caused it. When false, posts are only returned in
	// the Response (the terminal prints them).
	Queues() bool
	// Members tells that the front end serves many members in channels
	// of servers: they can be pinged, have settings and ratings, and see
	// a leaderboard. When false, one person plays their own games (the
	// terminal): the texts speak of "your games", and the prompt offers
	// the best commands (Response.Next).
	Members() bool
}
