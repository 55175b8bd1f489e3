package record

import "time"

// ServerSettings are a server's own choices, set by its moderators.
type ServerSettings struct {
	// InChannel plays each game in the channel where it was started, one
	// game per channel; by default every game gets a thread of its own.
	InChannel bool `json:"in_channel,omitempty"`
	// Language is the language of the server's new games ("en", "ja"); ""
	// lets each game take its starter's.
	Language string `json:"language,omitempty"`
	// ForumTag names the tag a game's post in a forum gets (compared
	// without regard to case); "" lets a forum that requires a tag take
	// one named like the game.
	ForumTag string `json:"forum_tag,omitempty"`
	// ForumResults is the channel that also gets the result of each game
	// played in a forum post; "": the post alone (a forum takes no
	// messages itself).
	ForumResults string `json:"forum_results,omitempty"`
	// Posts is how often the server's new games post their map when new
	// does not say ("round"); "" posts after every activation.
	Posts string `json:"posts,omitempty"`
}

// Member is what one member chose on one server: how the bot tells them a
// game waits, and when they are away. The zero Member is the default.
type Member struct {
	UserID string `json:"user_id"`
	// NoPing turns off the ping in the game's thread when a game waits
	// for the member (on by default).
	NoPing bool `json:"no_ping,omitempty"`
	// DM sends a direct message when a game waits for the member.
	DM bool `json:"dm,omitempty"`
	// Remind repeats the ping this long after a game began to wait
	// (0: never).
	Remind time.Duration `json:"remind,omitempty"`
	// QuietFrom and QuietTo bound the member's quiet hours, as minutes
	// after midnight in TimeZone (an IANA name); equal: none.
	QuietFrom int    `json:"quiet_from,omitempty"`
	QuietTo   int    `json:"quiet_to,omitempty"`
	TimeZone  string `json:"time_zone,omitempty"`
	// AwayUntil is the end of the member's vacation (zero: not away).
	AwayUntil time.Time `json:"away_until,omitzero"`
}
