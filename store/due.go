package store

import (
	"bytes"
	"encoding/binary"
	"time"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// The due index (schema 5) orders the running games by when they next
// need a timer check: due / (8-byte big-endian Unix nanoseconds +
// "guild/channel") -> "", and the game's own bucket keeps its entry's
// time ("due" -> 8 bytes) to move it. A commit that creates or changes a
// game makes it due at once (the next check works out its timers and
// sets the time after which it needs another, SetDue); ending it removes
// its entry. A check reads the entries due, not the games that exist.

var keyDue = []byte("due")

// dueNow is the due time of a game that needs a check at once, whatever
// the clock of the check says (tests run it on a clock of their own): the
// start of the index.
var dueNow = time.Time{}

// dueKey is the index entry of the game name due at t.
func dueKey(t time.Time, name string) []byte {
	k := make([]byte, 8, 8+len(name))
	binary.BigEndian.PutUint64(k, uint64(max(t.UnixNano(), 0)))
	return append(k, name...)
}

// setDue moves the index entry of the running game name (its bucket b) to
// t. A file of an older schema, opened read-only, has no index and is not
// written.
func setDue(tx *bolt.Tx, b *bolt.Bucket, name string, t time.Time) error {
	idx := tx.Bucket(bucketDue)
	if idx == nil {
		return nil
	}
	if err := unsetDue(tx, b, name); err != nil {
		return err
	}
	k := dueKey(t, name)
	if err := idx.Put(k, nil); err != nil {
		return err
	}
	return b.Put(keyDue, k[:8])
}

// unsetDue removes the index entry of the running game name (its bucket
// b), if it has one.
func unsetDue(tx *bolt.Tx, b *bolt.Bucket, name string) error {
	idx := tx.Bucket(bucketDue)
	old := b.Get(keyDue)
	if idx == nil || len(old) != 8 {
		return nil
	}
	return idx.Delete(append(bytes.Clone(old), name...))
}

// indexDue makes every running game due at t (the upgrade to schema 5).
func indexDue(tx *bolt.Tx, t time.Time) error {
	if _, err := tx.CreateBucketIfNotExists(bucketDue); err != nil {
		return err
	}
	running := tx.Bucket(bucketRunning)
	return running.ForEachBucket(func(name []byte) error {
		return setDue(tx, running.Bucket(name), string(name), t)
	})
}

// Due lists the running games whose timers are due at now, the earliest
// first, reading the index alone. A file of an older schema opened
// read-only has no index: every running game is listed.
func (db *DB) Due(now time.Time) ([]record.Key, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	var keys []record.Key
	indexed := false
	err := db.readTx(func(tx *bolt.Tx) error {
		idx := tx.Bucket(bucketDue)
		if idx == nil {
			return nil
		}
		indexed = true
		end := dueKey(now, "\xff")
		c := idx.Cursor()
		for k, _ := c.First(); k != nil && bytes.Compare(k, end) <= 0; k, _ = c.Next() {
			key, err := parseKey(string(k[8:]))
			if err != nil {
				continue // a name no key has: never written by the store
			}
			keys = append(keys, key)
		}
		return nil
	})
	db.leave()
	if err != nil || indexed {
		return keys, err
	}
	return db.Running()
}

// SetDue sets when the running game of key next needs a timer check, if
// its record is still the one last updated at seen (a check works its
// timers out from the record it read; a commit since makes the game due
// at once, and SetDue leaves that); a zero seen sets it in any case.
// record.ErrNotFound when no game runs there.
func (db *DB) SetDue(key record.Key, at, seen time.Time) error {
	return db.withGame(key, func(name string, e *entry) error {
		if !seen.IsZero() && !e.rec.Updated.Equal(seen) {
			return nil
		}
		err := db.commit(func(tx *bolt.Tx) error {
			b := tx.Bucket(bucketRunning).Bucket([]byte(name))
			if b == nil {
				return record.ErrNotFound
			}
			return setDue(tx, b, name, at)
		})
		if err != nil {
			return saveErr(key, err)
		}
		return nil
	})
}
