package command

import (
	"github.com/mortain/mortain/store/record"
)

// Store is what the command layer needs of the database; *store.DB
// implements it (store_test.go checks), and MemStore is an in-memory one
// for tests.
type Store interface {
	// Create stores a new game; record.ErrExists if one is running there.
	Create(rec *record.Record) error
	// Running lists the keys of the running games.
	Running() ([]record.Key, error)
	// Get returns a copy of the running game of key; record.ErrNotFound.
	Get(key record.Key) (*record.Record, error)
	// Update runs fn on the current record and commits its changes
	// durably before returning; if fn fails nothing is written and its
	// error is returned. record.ErrNotFound if there is no game.
	Update(key record.Key, fn func(rec *record.Record) error) error
	// Finish archives the game of key with its result, queueing notices
	// in the same commit.
	Finish(key record.Key, notices ...record.Notice) (*record.Finished, error)
	// Abandon archives the game of key without a result or a stats
	// change, and drops its undelivered notices (its channel is gone).
	Abandon(key record.Key) (*record.Finished, error)
	// Enqueue queues notices for key's channel after those queued.
	Enqueue(key record.Key, notices ...record.Notice) error
	// Pending returns the undelivered notices of key's channel in order.
	Pending(key record.Key) ([]record.Notice, error)
	// Archive lists a guild's finished games, newest first, at most limit
	// (all of them when limit <= 0).
	Archive(guild string, limit int) ([]record.Finished, error)
	// LastFinished returns the newest finished game of key, however old;
	// record.ErrNotFound when there is none.
	LastFinished(key record.Key) (*record.Finished, error)
	// Stats returns the records of a guild's players, best first.
	Stats(guild string) ([]record.PlayerStats, error)
	// Server returns a server's settings; SetServer stores them.
	Server(guild string) (record.ServerSettings, error)
	SetServer(guild string, s record.ServerSettings) error
	// Member returns a member's settings on a server (the defaults when
	// none were set); UpdateMember changes them durably.
	Member(guild, user string) (record.Member, error)
	UpdateMember(guild, user string, fn func(m *record.Member) error) error
}
