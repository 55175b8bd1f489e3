package store

import (
	"container/list"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// games holds one entry per channel in use: its lock and its decoded
// record, so that an update neither waits for other channels nor decodes
// the game again. At most limit entries keep a record: the least recently
// used one not in use gives its record up when another is kept.
type games struct {
	mu    sync.Mutex
	m     map[string]*entry
	limit int
	// kept lists the entries that hold a record, the most recently used
	// first.
	kept list.List
}

// entry is a channel's lock and cached record. rec is exactly what the file
// holds (replaced only after a commit succeeded), or nil when not loaded.
type entry struct {
	mu   sync.Mutex
	rec  *record.Record
	gone bool          // removed from games.m: whoever waited must look again
	kept *list.Element // in games.kept while rec is set; its value is the key
}

// lock returns the locked entry of key.
func (g *games) lock(key string) *entry {
	for {
		g.mu.Lock()
		if g.m == nil {
			g.m = make(map[string]*entry)
		}
		e := g.m[key]
		if e == nil {
			e = &entry{}
			g.m[key] = e
		}
		g.mu.Unlock()
		e.mu.Lock()
		if !e.gone {
			return e
		}
		e.mu.Unlock()
	}
}

// unlock releases an entry: one that holds no game is dropped; one that
// does becomes the most recently used, and the least recently used
// entries beyond the limit that nobody holds give their records up.
func (g *games) unlock(key string, e *entry) {
	g.mu.Lock()
	if e.rec == nil {
		g.forget(key, e)
		g.mu.Unlock()
		e.mu.Unlock()
		return
	}
	if e.kept == nil {
		e.kept = g.kept.PushFront(key)
	} else {
		g.kept.MoveToFront(e.kept)
	}
	for el := g.kept.Back(); g.kept.Len() > max(g.limit, 1) && el != nil && el != e.kept; {
		prev := el.Prev()
		k := el.Value.(string)
		if old := g.m[k]; old != nil && old.mu.TryLock() {
			old.rec = nil
			g.forget(k, old)
			old.mu.Unlock()
		}
		el = prev
	}
	g.mu.Unlock()
	e.mu.Unlock()
}

// forget drops the entry e of key, which holds no record (or gives it up):
// out of the map and the list; whoever waits for it looks again. g.mu and
// e.mu are held.
func (g *games) forget(key string, e *entry) {
	if e.kept != nil {
		g.kept.Remove(e.kept)
		e.kept = nil
	}
	if g.m[key] == e {
		delete(g.m, key)
	}
	e.gone = true
}

// cached is the number of records the cache holds.
func (g *games) cached() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.kept.Len()
}

// enter starts an operation; leave ends it. Close waits for operations in
// flight.
func (db *DB) enter() error {
	db.closeMu.RLock()
	if db.closed {
		db.closeMu.RUnlock()
		return ErrClosed
	}
	return nil
}

func (db *DB) leave() { db.closeMu.RUnlock() }

// load fills e.rec from the file if needed.
func (db *DB) load(key record.Key, e *entry) error {
	if e.rec != nil {
		return nil
	}
	var rec *record.Record
	err := db.readTx(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketRunning).Bucket([]byte(key.String()))
		if b == nil {
			return record.ErrNotFound
		}
		v := b.Get(keyRecord)
		if v == nil {
			return &damagedGame{cause: errors.New("it has no record")}
		}
		var err error
		db.decoded.Add(1)
		if rec, err = decodeRecord(v); err != nil {
			return &damagedGame{cause: err}
		}
		return nil
	})
	var dg *damagedGame
	if errors.As(err, &dg) {
		return db.setAside(key, dg.cause)
	}
	if err != nil {
		return err
	}
	rec.Key = key
	e.rec = rec
	return nil
}

// Create stores a new game for key; ErrExists if one is running there.
// Created and Updated are set to now when zero; the game's history so far
// becomes the first steps of its log, and its Notices are queued in the
// outbox in the same commit.
func (db *DB) Create(rec *record.Record) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	if err := checkKey(rec.Key); err != nil {
		return err
	}
	if rec.Game == nil {
		return fmt.Errorf("store: creating %s: no game", rec.Key)
	}
	name := rec.Key.String()
	e := db.games.lock(name)
	defer db.games.unlock(name, e)
	switch err := db.load(rec.Key, e); {
	case err == nil:
		return record.ErrExists
	case !errors.Is(err, record.ErrNotFound):
		return err
	}
	now := time.Now().UTC()
	if rec.Created.IsZero() {
		rec.Created = now
	}
	if rec.Updated.IsZero() {
		rec.Updated = now
	}
	c := rec.Clone()
	notices := rec.Notices
	data, err := encodeRecord(c)
	if err != nil {
		return err
	}
	steps := newSteps(nil, c.Game.History, now)
	err = db.commit(func(tx *bolt.Tx) error {
		b, err := tx.Bucket(bucketRunning).CreateBucket([]byte(name))
		if errors.Is(err, berrors.ErrBucketExists) {
			return record.ErrExists
		}
		if err != nil {
			return err
		}
		if err := b.Put(keyRecord, data); err != nil {
			return err
		}
		h, err := b.CreateBucket(bucketHistory)
		if err != nil {
			return err
		}
		if err := appendSteps(h, steps); err != nil {
			return err
		}
		if err := indexSeats(tx, rec.Key, nil, c.Seats); err != nil {
			return err
		}
		if err := setDue(tx, b, name, dueNow); err != nil {
			return err
		}
		if err := putHead(b, c); err != nil {
			return err
		}
		return enqueue(tx, rec.Key, notices, now)
	})
	if err != nil {
		return saveErr(rec.Key, err)
	}
	e.rec = c
	return nil
}

// Get returns a copy of the running game of key, or ErrNotFound. Its
// Seats are never nil.
func (db *DB) Get(key record.Key) (rec *record.Record, err error) {
	err = db.withGame(key, func(name string, e *entry) error {
		db.copied.Add(1)
		rec = e.rec.Clone()
		return nil
	})
	return rec, err
}

// withGame runs fn with the running game of key locked and loaded into its
// cache entry e (name is the game's bucket); ErrNotFound if there is none.
func (db *DB) withGame(key record.Key, fn func(name string, e *entry) error) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	if err := checkKey(key); err != nil {
		return err
	}
	name := key.String()
	e := db.games.lock(name)
	defer db.games.unlock(name, e)
	if err := db.load(key, e); err != nil {
		return err
	}
	return fn(name, e)
}

// Update runs fn on the current record of key, strictly one call at a time
// per key. If fn returns nil, the new record and the history steps it added
// are committed durably together before Update returns; if fn returns an
// error, nothing is written, the stored record is unchanged, and Update
// returns fn's error. ErrNotFound if there is no game.
//
// fn works on a private copy: it may change the game, the seats and the
// settings (never nil) freely, but must not keep the record after it
// returns, nor call the database (it would wait for itself). Notices it
// sets on the record are queued in the outbox in the same commit. Steps taken
// back (rules.Game.Undo) are logged as undo steps. Updated is set to the
// time of the commit. A game that fn ends and marks so (Record.End) is
// archived in that same commit.
func (db *DB) Update(key record.Key, fn func(rec *record.Record) error) error {
	return db.withGame(key, func(name string, e *entry) error { return db.update(key, name, e, fn) })
}

// update is Update with the game locked and loaded.
func (db *DB) update(key record.Key, name string, e *entry, fn func(rec *record.Record) error) error {
	c := e.rec.Clone()
	if err := fn(c); err != nil {
		return err
	}
	if c.Game == nil {
		return fmt.Errorf("store: the update of %s removed its game", key)
	}
	now := time.Now().UTC()
	c.Key, c.Updated = key, now
	notices := c.Notices
	c.Notices = nil
	data, err := encodeRecord(c)
	if err != nil {
		return err
	}
	steps := newSteps(e.rec.Game.History, c.Game.History, now)
	end := c.End
	err = db.commit(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketRunning).Bucket([]byte(name))
		if b == nil {
			return record.ErrNotFound
		}
		if err := appendSteps(b.Bucket(bucketHistory), steps); err != nil {
			return err
		}
		if err := indexSeats(tx, key, e.rec.Seats, c.Seats); err != nil {
			return err
		}
		if end == nil {
			if err := b.Put(keyRecord, data); err != nil {
				return err
			}
			if err := setDue(tx, b, name, dueNow); err != nil {
				return err
			}
			if err := putHead(b, c); err != nil {
				return err
			}
			return enqueue(tx, key, notices, now)
		}
		f, err := archiveGame(tx, name, c, false, now)
		if err != nil {
			return err
		}
		return enqueue(tx, key, end(f, slices.Clone(notices)), now)
	})
	if err != nil {
		return saveErr(key, err)
	}
	if end != nil {
		e.rec = nil // archived
		return nil
	}
	e.rec = c.Clone() // fn may still hold c
	return nil
}

// Running lists the keys of every running game (to resume them at start).
func (db *DB) Running() ([]record.Key, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var keys []record.Key
	err := db.readTx(func(tx *bolt.Tx) (err error) {
		keys, err = channelKeys(tx.Bucket(bucketRunning), nil)
		return err
	})
	return keys, err
}

// channelKeys lists the keys of the channel buckets in b ("guild/channel")
// that keep accepts (all when keep is nil).
func channelKeys(b *bolt.Bucket, keep func(ch *bolt.Bucket) bool) ([]record.Key, error) {
	var keys []record.Key
	err := b.ForEachBucket(func(k []byte) error {
		if keep != nil && !keep(b.Bucket(k)) {
			return nil
		}
		key, err := parseKey(string(k))
		if err != nil {
			return err
		}
		keys = append(keys, key)
		return nil
	})
	return keys, err
}

// saveErr explains a failed commit; the store's own errors pass through.
func saveErr(key record.Key, err error) error {
	switch {
	case errors.Is(err, record.ErrNotFound) || errors.Is(err, record.ErrExists):
		return err
	case errors.Is(err, record.ErrDiskFull):
		return fmt.Errorf("store: saving the game of %s failed: %w", key, err)
	}
	return fmt.Errorf("store: saving the game of %s failed, nothing was saved: %w", key, err)
}
