// Package store keeps every channel's game in one bbolt database file: the
// current state, the append-only history of steps, the archive of finished
// games and the per-server records of the players. No game is ever lost.
package store

import (
	"errors"
	"io"
	"time"

	"github.com/mortain/mortain/rules"
)

// Errors returned by the store; messages are safe to show to a user.
var (
	ErrNotFound = errors.New("no game in this channel")
	ErrExists   = errors.New("a game is already running in this channel")
)

// Key identifies a channel's game. Local play uses Guild "local".
type Key struct {
	Guild   string `json:"guild"`
	Channel string `json:"channel"`
}

// Seat is who holds a side: a person (UserID, Name) or the AI (AI level).
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
	// Settings are front-end settings kept with the game (reminders, round
	// time limit, AI pace, ...), as name-value pairs.
	Settings map[string]string
	Created  time.Time
	Updated  time.Time
}

// Step is one entry of a game's append-only history.
type Step struct {
	Seq  uint64    `json:"seq"`
	Text string    `json:"text"` // the step as in rules.Game.History
	At   time.Time `json:"at"`
}

// Finished is an archived game.
type Finished struct {
	Key      Key                 `json:"key"`
	Winner   rules.Side          `json:"winner"` // NoSide for an aborted game
	Reason   string              `json:"reason"`
	Seats    map[rules.Side]Seat `json:"seats"`
	Turn     int                 `json:"turn"`
	Steps    int                 `json:"steps"`
	Finished time.Time           `json:"finished"`
	Game     *rules.Game         `json:"game"`
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
}

// Options tune Open.
type Options struct {
	// LockTimeout bounds the wait for a database another process holds
	// (default 2 s).
	LockTimeout time.Duration
}

// DB is the open database. Its methods are safe for concurrent use.
type DB struct{}

var errTODO = errors.New("store: not implemented yet")

// Open opens (or creates) the database at path.
func Open(path string, opts Options) (*DB, error) { return nil, errTODO }

// Close closes the database.
func (db *DB) Close() error { return errTODO }

// Create stores a new game for key; ErrExists if one is running there.
func (db *DB) Create(rec *Record) error { return errTODO }

// Get returns a copy of the running game of key, or ErrNotFound.
func (db *DB) Get(key Key) (*Record, error) { return nil, errTODO }

// Update runs fn on the current record of key, strictly one call at a time
// per key. If fn returns nil, the new record and the history steps it added
// are committed durably together before Update returns; if fn returns an
// error, nothing is written, the stored record is unchanged, and Update
// returns fn's error. ErrNotFound if there is no game.
func (db *DB) Update(key Key, fn func(rec *Record) error) error { return errTODO }

// Finish moves the game of key to the archive with its result and updates
// the players' records. A game that is not over is archived as aborted.
func (db *DB) Finish(key Key) (*Finished, error) { return nil, errTODO }

// Running lists the keys of every running game (to resume them at start).
func (db *DB) Running() ([]Key, error) { return nil, errTODO }

// History returns the append-only history of a game, running or archived.
func (db *DB) History(key Key) ([]Step, error) { return nil, errTODO }

// Archive lists the finished games of a guild, newest first, at most limit.
func (db *DB) Archive(guild string, limit int) ([]Finished, error) { return nil, errTODO }

// Stats returns the records of a guild's players, best first.
func (db *DB) Stats(guild string) ([]PlayerStats, error) { return nil, errTODO }

// Backup writes a consistent copy of the whole database to w while it
// stays in use.
func (db *DB) Backup(w io.Writer) error { return errTODO }
