package main

import (
	"time"

	"github.com/mortain/mortain/internal/i18n"
)

// terminal is local play's command.FrontEnd: one person plays their own
// games, posts are printed as they come, members, times and places are
// plain text.
type terminal struct{}

// Member names a member by user id: "@id".
func (terminal) Member(userID string) string { return "@" + userID }

// MemberID is false: the terminal names no members (it refuses a
// command that names one before the command layer reads it).
func (terminal) MemberID(string) (string, bool) { return "", false }

// When is the moment in the computer's time zone, as the list of games
// words it.
func (terminal) When(t time.Time, lang i18n.Lang) string {
	return t.Local().Format(i18n.T(lang, "term.games.time", nil))
}

// Relative is When: the terminal prints no live relative time.
func (c terminal) Relative(t time.Time, lang i18n.Lang) string { return c.When(t, lang) }

// Channel names a game's channel by its id: "#id".
func (terminal) Channel(id string) string { return "#" + id }

// Queues is false: the terminal prints the posts of each Response.
func (terminal) Queues() bool { return false }

// Members is false: one person plays.
func (terminal) Members() bool { return false }
