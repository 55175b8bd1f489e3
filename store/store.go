// Package store keeps every channel's game in one bbolt database file: the
// current state, the append-only history of steps, the archive of finished
// games and the per-server records of the players. No game is ever lost.
package store

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mortain/mortain/rules"
	bolt "go.etcd.io/bbolt"
)

// Errors returned by the store; messages are safe to show to a user.
var (
	ErrNotFound = errors.New("no game in this channel")
	ErrExists   = errors.New("a game is already running in this channel")
	// ErrInUse is returned by Open when another process holds the
	// database (wrapped with the path).
	ErrInUse = errors.New("the database is in use by another process")
	// ErrDamaged is returned by Open for a file that is not a Mortain
	// database or is damaged (wrapped with the path and the cause).
	ErrDamaged = errors.New("is not a Mortain database or is damaged")
	// ErrTooNew is returned by Open for a database written by a newer
	// version of the program.
	ErrTooNew = errors.New("the database was written by a newer version of the program")
	// ErrClosed is returned after Close.
	ErrClosed = errors.New("the database is closed")
	// ErrSetAside is returned (wrapped with the cause) the first time a
	// running game's record no longer decodes: the game was moved to the
	// damaged bucket, where an admin can look at it, and the channel is
	// free for a new game.
	ErrSetAside = errors.New("the game of this channel was damaged and has been set aside")
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

// Options tune Open.
type Options struct {
	// LockTimeout bounds the wait for a database another process holds
	// (default 2 s).
	LockTimeout time.Duration
	// Commit chooses how commits of different channels share transactions
	// (default GroupCommit). Every mode fsyncs before Update returns.
	Commit CommitMode
	// DeferCheck leaves out the walk of every page that Open makes after a
	// crash or for a small file: the caller runs CheckSnapshot once it
	// serves (the bot), so that a start does not wait for it. Open still
	// refuses a file whose meta data or layout is damaged.
	DeferCheck bool
	// ReadOnly opens an existing database for reading only (a shared
	// lock: other readers may open it too, a writer waits): for the tools
	// that only read (doctor, export, backup), which then work on a file
	// the user may not write. It neither creates nor upgrades a file.
	ReadOnly bool
}

// CommitMode is how the store turns updates into bbolt transactions.
type CommitMode int

// The commit modes. Benchmarks compare them (docs/benchmarks.md).
const (
	// GroupCommit gathers the commits that arrive while a transaction is
	// being written into the next one: one fsync for many channels, and no
	// added wait when a single channel is active.
	GroupCommit CommitMode = iota
	// SingleCommit gives every update its own transaction and fsync.
	SingleCommit
	// BatchCommit uses bbolt's Batch (waits up to 10 ms to gather a batch).
	BatchCommit
)

// DefaultLockTimeout is the wait for a locked database when Options leaves
// LockTimeout zero.
const DefaultLockTimeout = 2 * time.Second

// DB is the open database. Its methods are safe for concurrent use.
type DB struct {
	path  string
	bolt  *bolt.DB
	games games
	gc    *groupCommitter
	mode  CommitMode

	// closeMu guards closed: every operation holds it for reading, Close
	// for writing, so Close waits for operations in flight.
	closeMu sync.RWMutex
	closed  bool
	// readOnly is Options.ReadOnly.
	readOnly bool
	// removed lists the temporary files Open removed (Removed).
	removed []string
	// checked tells that Open checked every page (the file had not been
	// closed cleanly, or is new to this program).
	checked bool
	// damage is the first damaged page a transaction met (Damaged).
	damage atomic.Pointer[DamagedFileError]
	// backups answers backup requests from other processes (live.go).
	backups     *backupServer
	stopBackups sync.Once
}
