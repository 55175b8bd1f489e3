package command

import (
	"github.com/mortain/mortain/store"
)

// Store is what the command layer needs of the database; *store.DB
// implements it, and MemStore is an in-memory one for tests.
type Store interface {
	// Create stores a new game; store.ErrExists if one is running there.
	Create(rec *store.Record) error
	// Running lists the keys of the running games.
	Running() ([]store.Key, error)
	// Get returns a copy of the running game of key; store.ErrNotFound.
	Get(key store.Key) (*store.Record, error)
	// Update runs fn on the current record and commits its changes
	// durably before returning; if fn fails nothing is written and its
	// error is returned. store.ErrNotFound if there is no game.
	Update(key store.Key, fn func(rec *store.Record) error) error
	// Finish archives the game of key with its result, queueing notices
	// in the same commit.
	Finish(key store.Key, notices ...store.Notice) (*store.Finished, error)
	// Abandon archives the game of key without a result or a stats
	// change, and drops its undelivered notices (its channel is gone).
	Abandon(key store.Key) (*store.Finished, error)
	// Enqueue queues notices for key's channel after those queued.
	Enqueue(key store.Key, notices ...store.Notice) error
	// Pending returns the undelivered notices of key's channel in order.
	Pending(key store.Key) ([]store.Notice, error)
	// Archive lists a guild's finished games, newest first, at most limit
	// (all of them when limit <= 0).
	Archive(guild string, limit int) ([]store.Finished, error)
	// LastFinished returns the newest finished game of key, however old;
	// store.ErrNotFound when there is none.
	LastFinished(key store.Key) (*store.Finished, error)
	// Stats returns the records of a guild's players, best first.
	Stats(guild string) ([]store.PlayerStats, error)
	// Server returns a server's settings; SetServer stores them.
	Server(guild string) (store.ServerSettings, error)
	SetServer(guild string, s store.ServerSettings) error
	// Member returns a member's settings on a server (the defaults when
	// none were set); UpdateMember changes them durably.
	Member(guild, user string) (store.Member, error)
	UpdateMember(guild, user string, fn func(m *store.Member) error) error
}

var _ Store = (*store.DB)(nil)
