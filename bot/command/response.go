package command

import (
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// Caller is who sent a command.
type Caller struct {
	UserID string
	Name   string
	// CanManage is set for members allowed to manage the channel (abort).
	CanManage bool
	// Lang is the member's language (Discord's locale): what only they
	// see (the picker) is in it.
	Lang i18n.Lang
}

// Request is one command to handle: in the channel (or local game) Key,
// from Caller, the subcommand name and its options by name, as Parse
// returns them.
type Request struct {
	Key    record.Key
	Caller Caller
	// Lang is the language of the person who gave the command (Discord's
	// locale of the member, the terminal's LANG): replies to them alone
	// are in it, and a new game takes it when nothing else says.
	Lang i18n.Lang
	// Names are the names of the members the options mention, by user
	// id, as the front end knows them (for seats and thread names).
	Names map[string]string
	// Place tells where the command was given; the zero Place is a
	// channel that holds its game itself (the terminal, or a server that
	// keeps one game per channel).
	Place   Place
	Command string
	Options map[string]string
	// fresh, set for a button, refuses a record the button was not made for.
	fresh func(rec *record.Record) error
}

// ButtonStyle is a button's colour, as on Discord.
type ButtonStyle uint8

// The button styles.
const (
	Primary ButtonStyle = iota + 1
	Secondary
	Success
	Danger
)

// Button is a button offered for the likely next step. CustomID is
// path-like and self-contained ("mortain/pass/k3f/57"): HandleButton
// understands it after a restart.
type Button struct {
	Label    string
	CustomID string
	Style    ButtonStyle
}

// Post is a public message for the channel.
type Post struct {
	Text string
	// Image is a PNG (or, for a replay, an animation) to attach, with its
	// file name; nil when there is none.
	Image     []byte
	ImageName string
	// Mention is the user to ping with the post ("" for nobody).
	Mention string
	// Buttons offer the likely next steps.
	Buttons []Button
	// Live marks a post that shows the game as it now stands, or its end:
	// once it is in the channel, earlier posts lose their buttons. A post
	// with buttons is always live.
	Live bool
}

// Response is what a command produced: public posts in order, private
// text for the caller only (refusals, errors, help), and what the front
// end should do next.
type Response struct {
	Posts   []Post
	Private string
	// Offer are buttons for the caller alone, with Private (a Confirm
	// button); a text front end says the typed equivalent in Private.
	Offer []Button
	// Refused is set when the command was refused or malformed: nothing
	// changed and Private says why.
	Refused bool
	// AINext is set when the AI holds the side to act: the front end calls
	// AIStep until it reports no more (pausing where Pause says).
	AINext bool
	// Pause is set by AIStep in a game the AI plays for both sides when
	// the game's pace asks the watchers' front end to pause here.
	Pause bool
	// Pending is set by AIStep when its action completed nothing yet (a
	// unit placed while the set-up goes on, a firer joining an attack
	// still pending: ai.Ends), or went without a post of its own (the
	// AI's set-up, its round in a game that posts by round): the post
	// that completes or tells it follows, so the front end need not pause
	// before it.
	Pending bool
	// Over is set when the game ended with this response.
	Over bool
	// Next are the best commands of the person to act after this step,
	// by the odds moves shows (the likeliest shots first, at most three),
	// for the terminal's prompt (a front end without FrontEnd.Members); empty when no shot
	// can hit.
	Next []string
	// Game, when set, is the game the response is about: the one a new
	// game started (in the thread it opened), the game an open
	// challenge's button joined, the saved game resume went to. Its posts
	// are delivered there and its AI started there; a front end that
	// plays one game at a time (the terminal) sends its next commands
	// there.
	Game record.Key
	// Also lists the other channels whose outbox this response queued
	// notices in (the channel a game's thread was opened from).
	Also []record.Key
	// Panel, when set, is a message of menus and buttons: it replaces
	// the message whose component was pressed (an open challenge, the
	// picker), or, when Panel.Apart, is a new message for the caller
	// alone (the picker the Play button opens).
	Panel *Panel
	// queued is set once Posts are in the store's outbox (FrontEnd.Queues).
	queued bool
}

func refused(format string, args ...any) Response {
	return Response{Private: sprintf(format, args...), Refused: true}
}

// refusedT is a refusal worded by catalog message id with data, in lang
// (the language of the member who gave the command).
func refusedT(lang i18n.Lang, id string, data map[string]any) Response {
	return Response{Private: tr(lang, id, data), Refused: true}
}
