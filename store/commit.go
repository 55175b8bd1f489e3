package store

import (
	"sync/atomic"

	bolt "go.etcd.io/bbolt"
)

// commit runs fn in a writable transaction that is committed, with fsync,
// before commit returns. fn may run more than once (BatchCommit, or after
// another commit of its group failed): it must only write to the
// transaction. A damaged page met on the way fails the commit with a
// *DamagedFileError (writeTx), and nothing is written.
func (db *DB) commit(fn func(*bolt.Tx) error) error {
	switch db.mode {
	case SingleCommit:
		return db.writeTx(fn)
	case BatchCommit:
		// A panic in fn becomes an error on bbolt's batch goroutine, and
		// bbolt then runs fn again alone, here. A panic in the batch's
		// own commit (on bbolt's goroutine) is out of reach: BatchCommit
		// is for benchmarks, the bot uses GroupCommit.
		return db.diskFull(db.bolt.Batch(db.guarded(fn)))
	}
	return db.gc.do(fn)
}

// groupCommitter commits the functions that arrive while a transaction is
// being written together in the next transaction, from one goroutine: a
// lone caller commits at once, many callers share one fsync.
type groupCommitter struct {
	db   *DB
	in   chan *commitCall
	done chan struct{}
	// calls and txs count the commits and the transactions they took.
	calls, txs atomic.Int64
}

type commitCall struct {
	fn   func(*bolt.Tx) error
	done chan error
}

func newGroupCommitter(db *DB) *groupCommitter {
	g := &groupCommitter{db: db, in: make(chan *commitCall, 1024), done: make(chan struct{})}
	go g.loop()
	return g
}

func (g *groupCommitter) do(fn func(*bolt.Tx) error) error {
	c := &commitCall{fn: fn, done: make(chan error, 1)}
	g.in <- c
	return <-c.done
}

// stop ends the goroutine once the calls already queued are committed. No
// call may be made after stop.
func (g *groupCommitter) stop() {
	close(g.in)
	<-g.done
}

func (g *groupCommitter) loop() {
	defer close(g.done)
	for c := range g.in {
		group := []*commitCall{c}
	gather:
		for {
			select {
			case c, ok := <-g.in:
				if !ok {
					break gather
				}
				group = append(group, c)
			default:
				break gather
			}
		}
		g.run(group)
	}
}

// run commits a group in one transaction. If a function fails, or the
// transaction panicked (a damaged page: writeTx turned it into an error
// and bbolt rolled the transaction back), every function is committed on
// its own, so that one failure, or one channel's damaged page, does not
// fail the others.
func (g *groupCommitter) run(group []*commitCall) {
	g.calls.Add(int64(len(group)))
	g.txs.Add(1)
	if len(group) > 1 {
		var failed bool
		err := g.db.writeTx(func(tx *bolt.Tx) error {
			for _, c := range group {
				if err := c.fn(tx); err != nil {
					failed = true
					return err
				}
			}
			return nil
		})
		if !failed && !panicked(err) {
			for _, c := range group {
				c.done <- err
			}
			return
		}
	}
	for _, c := range group {
		c.done <- g.db.writeTx(c.fn)
	}
}

// String names the mode: "group", "single" or "batch".
func (m CommitMode) String() string {
	switch m {
	case GroupCommit:
		return "group"
	case SingleCommit:
		return "single"
	case BatchCommit:
		return "batch"
	}
	return "unknown"
}
