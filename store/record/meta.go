package record

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/mortain/mortain/rules"
)

// Meta is what the front ends keep with a running game beside the engine's
// state: its language and posts, its AI, its players' clocks, deadlines
// and vacations, the marks of what was already said, and how it ended when
// the engine does not know (a resignation, a loss on time).
type Meta struct {
	// Lang is the game's language ("en", "ja"; "" is English).
	Lang string `json:"lang,omitempty"`
	// Level is the AI level of a game with an AI; Pace where an AI-vs-AI
	// game pauses ("activation", "round", "turn", "end").
	Level string `json:"level,omitempty"`
	Pace  string `json:"pace,omitempty"`
	// Posts is how often the game posts its map ("round"; "" after every
	// activation); Untold the first step not yet told in the channel.
	Posts  string   `json:"posts,omitempty"`
	Untold StepMark `json:"untold,omitzero"`
	// Ranked marks a game rated at its end; Unrated says why a ranked game
	// will not be rated after all (an AI took a side over).
	Ranked  bool   `json:"ranked,omitempty"`
	Unrated string `json:"unrated,omitempty"`
	// StartedBy is the user id of the member who started the game.
	StartedBy string `json:"started_by,omitempty"`
	// Parent is the channel whose thread the game is in; Forum marks a
	// forum's post.
	Parent string `json:"parent,omitempty"`
	Forum  bool   `json:"forum,omitempty"`
	// Salt is the salt of the commitment to the game's seed
	// (rules.Commitment); the archive keeps it.
	Salt string `json:"salt,omitempty"`
	// Acted is when the last step was taken.
	Acted time.Time `json:"acted,omitzero"`
	// Remind is the wait before a reminder, RoundLimit before a round is
	// passed, Deadline each player's time for a move (0: off).
	Remind     time.Duration `json:"remind,omitempty"`
	RoundLimit time.Duration `json:"round_limit,omitempty"`
	Deadline   time.Duration `json:"deadline,omitempty"`
	// Reminded, Warned and Lapsed are the steps at which the last
	// reminder, deadline warning and lapsed deadline were given.
	Reminded StepMark `json:"reminded,omitzero"`
	Warned   StepMark `json:"warned,omitzero"`
	Lapsed   StepMark `json:"lapsed,omitzero"`
	// Ping is a ping held back by the member's quiet hours; Pinged when
	// the last ping of the game was given.
	Ping   Ping      `json:"ping,omitzero"`
	Pinged time.Time `json:"pinged,omitzero"`
	// AIPaused is when an AI-vs-AI game paused at its pace.
	AIPaused time.Time `json:"ai_paused,omitzero"`
	// US and German are each side's clocks (Side gives them by side).
	US     SideMeta `json:"us,omitzero"`
	German SideMeta `json:"german,omitzero"`
	// Resigned is the side that resigned (NoSide: none) and OnTime tells
	// that it lost on time, in a game of a release before a resignation and
	// a loss on time were steps of the history (rules.Game.Resign,
	// LoseOnTime); Record.Outcome reads them, nothing writes them.
	Resigned rules.Side `json:"resigned,omitempty"`
	OnTime   bool       `json:"on_time,omitempty"`
}

// SideMeta is what a game keeps of one side's player.
type SideMeta struct {
	// Missed counts the deadlines the side let pass.
	Missed int `json:"missed,omitempty"`
	// PausedUntil is when the player's vacation ends (the deadline waits
	// till then); VacationUsed the vacation time the player took.
	PausedUntil  time.Time     `json:"paused_until,omitzero"`
	VacationUsed time.Duration `json:"vacation_used,omitempty"`
	// Absent is the user id of the member whose side was handed to the AI.
	Absent string `json:"absent,omitempty"`
}

// Ping is a ping held for later: when it is due, whom it pings, the step
// it was about and its text.
type Ping struct {
	At   time.Time `json:"at,omitzero"`
	Who  string    `json:"who,omitempty"`
	Step StepMark  `json:"step,omitzero"`
	Text string    `json:"text,omitempty"`
}

// Side is the clocks of side s (nil for NoSide).
func (m *Meta) Side(s rules.Side) *SideMeta {
	switch s {
	case rules.US:
		return &m.US
	case rules.German:
		return &m.German
	}
	return nil
}

// StepMark is a step count set at some point (the zero value is unset).
type StepMark struct {
	steps int
	set   bool
}

// MarkAt is the mark of the step count n.
func MarkAt(n int) StepMark { return StepMark{steps: n, set: true} }

// At tells that the mark is set at step count n.
func (m StepMark) At(n int) bool { return m.set && m.steps == n }

// Get is the mark's step count and whether it is set.
func (m StepMark) Get() (int, bool) { return m.steps, m.set }

// MarshalJSON writes the step count.
func (m StepMark) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(nil, int64(m.steps), 10), nil
}

// UnmarshalJSON reads a step count.
func (m *StepMark) UnmarshalJSON(b []byte) error {
	m.set = true
	return json.Unmarshal(b, &m.steps)
}

// The marks a delivered notice sets (Notice.Mark).
const (
	MarkReminded = "reminded"
	MarkWarned   = "deadline-warned"
)

// SetMark sets the mark named name (MarkReminded, MarkWarned) to the step
// count value, as a delivered notice asks; other names change nothing.
func (m *Meta) SetMark(name, value string) {
	n, err := strconv.Atoi(value)
	if err != nil {
		return
	}
	switch name {
	case MarkReminded:
		m.Reminded = MarkAt(n)
	case MarkWarned:
		m.Warned = MarkAt(n)
	}
}
