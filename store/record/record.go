// Package record defines what the bot keeps of its games and people: a
// channel's running game (Record) with its seats and metadata (Meta), the
// notices its channel must see, archived games (Finished), players'
// records and ratings, members' and servers' settings, and the errors any
// store of them returns. It knows no database: package store keeps these
// in a bbolt file, and the command layer uses them without depending on
// bbolt.
package record

import (
	"errors"
	"maps"
	"time"

	"github.com/mortain/mortain/rules"
)

// Errors of a store of records; their messages are safe to show to a user.
var (
	// ErrNotFound: no game runs in the channel (or none was archived).
	ErrNotFound = errors.New("no game in this channel")
	// ErrExists: a game already runs in the channel.
	ErrExists = errors.New("a game is already running in this channel")
	// ErrSetAside is returned (wrapped with the cause) the first time a
	// running game's record no longer decodes: the game was moved to the
	// damaged bucket, where an admin can look at it, and the channel is
	// free for a new game.
	ErrSetAside = errors.New("the game of this channel was damaged and has been set aside")
	// ErrDamaged is returned by Open for a file that is not a Mortain
	// database or is damaged (wrapped with the path and the cause).
	ErrDamaged = errors.New("is not a Mortain database or is damaged")
)

// Key identifies a channel's game. Local play uses Guild "local".
type Key struct {
	Guild   string `json:"guild"`
	Channel string `json:"channel"`
}

// Seat is who holds a side: a person's Discord account (UserID; Name is
// only shown, never matched) or the AI (AI level). A seat with none of
// them is open; one with a Name alone was written by an older version and
// counts as open.
type Seat struct {
	UserID string `json:"user_id,omitempty"`
	Name   string `json:"name,omitempty"`
	AI     string `json:"ai,omitempty"`
}

// Record is a channel's running game with what the front ends keep with it.
type Record struct {
	Key   Key
	Game  *rules.Game
	Seats map[rules.Side]Seat
	// Meta is what the front ends keep with the game (its language, AI,
	// clocks, deadlines, ...).
	Meta    Meta
	Created time.Time
	Updated time.Time
	// Notices, set by Create's caller or by an Update's function, are
	// queued in the outbox in the same transaction as the record (they are
	// not part of the record: Get never returns any).
	Notices []Notice
	// End, set by an Update's function on a game that ended, archives the
	// game in the same commit as its last step, as Finish does: its
	// result, its players' records and ratings. End is called in that
	// commit with the archive entry (its ratings as the commit works them
	// out) and a copy of Notices, and returns the notices to queue, so
	// that a result post says what was stored. It may run more than once
	// and must not call the database.
	End func(f *Finished, notices []Notice) []Notice
}

// Step is one entry of a game's append-only history.
type Step struct {
	Seq  uint64    `json:"seq"`
	Text string    `json:"text"` // the step as in rules.Game.History
	At   time.Time `json:"at"`
	// Undo marks a step that takes back the last step still in force
	// (Text repeats the step taken back): the log stays append-only while
	// the game's history shrinks. Actions turns a log into the steps in
	// force.
	Undo bool `json:"undo,omitempty"`
}

// Finished is an archived game.
type Finished struct {
	Key      Key                 `json:"key"`
	Winner   rules.Side          `json:"winner"` // NoSide for an aborted or abandoned game
	Outcome  rules.Outcome       `json:"outcome"`
	Seats    map[rules.Side]Seat `json:"seats"`
	Turn     int                 `json:"turn"`
	Steps    int                 `json:"steps"`
	Finished time.Time           `json:"finished"`
	Game     *rules.Game         `json:"game"`
	// Salt is the salt of the commitment to the game's seed (Meta.Salt).
	Salt string `json:"salt,omitempty"`
	// Lang is the game's language (Meta.Lang), "" for English.
	Lang string `json:"lang,omitempty"`
	// Rated marks a game that was rated, at RatedAt, with the changes of
	// its players' ratings by side.
	Rated   bool                        `json:"rated,omitempty"`
	RatedAt time.Time                   `json:"rated_at,omitzero"`
	Ratings map[rules.Side]RatingChange `json:"ratings,omitempty"`
}

// PlayerStats are one player's record on one server.
type PlayerStats struct {
	UserID string `json:"user_id"`
	Name   string `json:"name"`
	// Wins and Losses by the side the player held.
	Wins   map[rules.Side]int `json:"wins"`
	Losses map[rules.Side]int `json:"losses"`
	// VsHuman and VsAI count results against people and against each AI
	// level ("easy", ...): [0] wins, [1] losses.
	VsHuman [2]int            `json:"vs_human"`
	VsAI    map[string][2]int `json:"vs_ai"`
	// Aborted counts the player's games archived before they were over.
	Aborted int `json:"aborted,omitempty"`
	// The player's Glicko-2 rating on the server (Rating), its deviation
	// and volatility, the rated games played and when the last counted.
	RatingValue float64   `json:"rating,omitempty"`
	RatingRD    float64   `json:"rating_rd,omitempty"`
	RatingVol   float64   `json:"rating_vol,omitempty"`
	RatedGames  int       `json:"rated_games,omitempty"`
	RatedAt     time.Time `json:"rated_at,omitzero"`
}

// String writes the key as "guild/channel", its name in the file.
func (k Key) String() string { return k.Guild + "/" + k.Channel }

// Actions turns a game's log, as History returns it, into the steps in
// force: the history to replay from the seed (rules.Replay) to rebuild the
// game, with every undone step left out.
func Actions(log []Step) []string {
	var out []string
	for _, s := range log {
		if s.Undo {
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		}
		out = append(out, s.Text)
	}
	return out
}

// Clone copies a record deeply enough that changing the copy (its game,
// its seats) leaves the original as it was. The copy's seats are never
// nil, so that an update can set them directly; it has no Notices and no
// End.
func (r *Record) Clone() *Record {
	c := *r
	if r.Game != nil {
		c.Game = r.Game.Clone()
	}
	c.Seats = maps.Clone(r.Seats)
	if c.Seats == nil {
		c.Seats = map[rules.Side]Seat{}
	}
	c.Notices, c.End = nil, nil
	return &c
}

// Ended reports whether the record's game ended (Outcome).
func (r *Record) Ended() bool { return r.Outcome().End != rules.NotEnded }

// Head is what the store keeps of a running game beside its record, to be
// read without decoding the game: its seats, the side to act, whether it
// ended, and when an AI-vs-AI game paused at its pace.
type Head struct {
	Key      Key                 `json:"-"`
	Seats    map[rules.Side]Seat `json:"seats,omitempty"`
	ToAct    rules.Side          `json:"to_act,omitempty"`
	Ended    bool                `json:"ended,omitempty"`
	AIPaused time.Time           `json:"ai_paused,omitzero"`
	Parent   string              `json:"parent,omitempty"`
}

// Head is the record's head.
func (r *Record) Head() Head {
	return Head{Key: r.Key, Seats: maps.Clone(r.Seats), ToAct: r.Game.State.ToAct(), Ended: r.Ended(),
		AIPaused: r.Meta.AIPaused, Parent: r.Meta.Parent}
}
