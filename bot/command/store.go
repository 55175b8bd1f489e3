package command

import (
	"time"

	"github.com/mortain/mortain/store/record"
)

// Store is what the command layer needs of the database, in four parts:
// the running games, their channels' outboxes, the finished games and the
// settings of servers and members. *store.DB implements it (store_test.go
// checks); the tests use an in-memory one.
type Store interface {
	Games
	Outbox
	Results
	Settings
}

// Games are the running games, one a channel.
type Games interface {
	// Create stores a new game, queueing its Notices in the same commit;
	// record.ErrExists if one is running there.
	Create(rec *record.Record) error
	// Running lists the keys of the running games.
	Running() ([]record.Key, error)
	// GamesOf lists the running games of guild in which user holds a
	// seat, without reading the others.
	GamesOf(guild, user string) ([]record.Key, error)
	// HeadsOf returns the heads of guild's running games (seats, side to
	// act, parent channel...) without decoding the games.
	HeadsOf(guild string) ([]record.Head, error)
	// Get returns a copy of the running game of key; record.ErrNotFound.
	Get(key record.Key) (*record.Record, error)
	// Update runs fn on the current record and commits its changes (its
	// Notices, and its End for a game that ended) durably before
	// returning; if fn fails nothing is written and its error is
	// returned. record.ErrNotFound if there is no game.
	Update(key record.Key, fn func(rec *record.Record) error) error
	// SetDue sets when the game of key next needs a timer check (Tick),
	// unless its record changed since the update at seen; a zero seen
	// sets it whatever changed. A commit makes its game due at once.
	SetDue(key record.Key, at, seen time.Time) error
}

// Outbox holds the notices each channel must still be shown.
type Outbox interface {
	// Enqueue queues notices for key's channel after those queued.
	Enqueue(key record.Key, notices ...record.Notice) error
	// Pending returns the undelivered notices of key's channel in order.
	Pending(key record.Key) ([]record.Notice, error)
}

// Results are the finished games and the players' records.
type Results interface {
	// Finish archives the game of key with its outcome, queueing notices
	// in the same commit.
	Finish(key record.Key, notices ...record.Notice) (*record.Finished, error)
	// Abandon archives the game of key without a result or a stats
	// change, and drops its undelivered notices (its channel is gone).
	Abandon(key record.Key) (*record.Finished, error)
	// Archive lists a guild's finished games, newest first, at most limit
	// (all of them when limit <= 0).
	Archive(guild string, limit int) ([]record.Finished, error)
	// LastFinished returns the newest finished game of key, however old;
	// record.ErrNotFound when there is none.
	LastFinished(key record.Key) (*record.Finished, error)
	// Stats returns the records of a guild's players, best first.
	Stats(guild string) ([]record.PlayerStats, error)
}

// Settings are what servers and members chose.
type Settings interface {
	// Server returns a server's settings (the zero value when none were
	// set); UpdateServer changes them durably, nothing if fn fails.
	Server(guild string) (record.ServerSettings, error)
	UpdateServer(guild string, fn func(s *record.ServerSettings) error) error
	// Member returns a member's settings on a server (the defaults when
	// none were set); UpdateMember changes them durably, nothing if fn
	// fails.
	Member(guild, user string) (record.Member, error)
	UpdateMember(guild, user string, fn func(m *record.Member) error) error
}
