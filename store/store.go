// Package store keeps every channel's game in one bbolt database file: the
// current state, the append-only history of steps, the archive of finished
// games and the per-server records of the players. No game is ever lost.
package store

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// Errors returned by the store; messages are safe to show to a user.
var (
	// ErrInUse is returned by Open when another process holds the
	// database (wrapped with the path).
	ErrInUse = errors.New("the database is in use by another process")
	// ErrTooNew is returned by Open for a database written by a newer
	// version of the program.
	ErrTooNew = errors.New("the database was written by a newer version of the program")
	// ErrClosed is returned after Close.
	ErrClosed = errors.New("the database is closed")
)

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
	// CacheGames is how many running games' records the store keeps
	// decoded in memory, the least recently used dropped first (0:
	// DefaultCacheGames). A game nobody touches is not held.
	CacheGames int
}

// DefaultCacheGames is the size of the cache of records when Options say
// none: about 30 KB a game of 150 steps, so some 30 MB.
const DefaultCacheGames = 1000

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
	damage atomic.Pointer[record.DamagedFileError]
	// backups answers backup requests from other processes (live.go).
	backups     *backupServer
	stopBackups sync.Once
	// decoded and copied count the running games' records decoded from
	// the file and copied out of the cache (RecordsRead).
	decoded, copied atomic.Uint64
}

// RecordsRead reports how many running games' records were decoded from
// the file and how many were copied out (Get) since Open.
func (db *DB) RecordsRead() (decoded, copied uint64) {
	return db.decoded.Load(), db.copied.Load()
}
