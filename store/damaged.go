package store

import (
	"bytes"
	"fmt"
	"time"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// A running game whose record no longer decodes would lock its channel:
// every command, new and abort included, would fail on it. The store sets
// such a game aside instead: its bucket moves, whole, to
// damaged / "guild/channel" / time, where an admin can look at it, and
// the channel is free for a new game. The archive and the records of the
// players are untouched.

var bucketDamaged = []byte("damaged")

// damagedGame is a running game's record that does not decode.
type damagedGame struct{ cause error }

func (d *damagedGame) Error() string { return d.cause.Error() }

// setAside moves the running game of key to the damaged bucket and
// returns ErrSetAside wrapped with the cause.
func (db *DB) setAside(key record.Key, cause error) error {
	name := []byte(key.String())
	at := []byte(time.Now().UTC().Format(time.RFC3339Nano))
	err := db.commit(func(tx *bolt.Tx) error {
		src := tx.Bucket(bucketRunning).Bucket(name)
		if src == nil {
			return nil // set aside meanwhile
		}
		d, err := tx.CreateBucketIfNotExists(bucketDamaged)
		if err != nil {
			return err
		}
		ch, err := d.CreateBucketIfNotExists(name)
		if err != nil {
			return err
		}
		dst, err := ch.CreateBucket(at)
		if err != nil {
			return err
		}
		if err := copyBucket(src, dst); err != nil {
			return err
		}
		if err := unindexGame(tx, key); err != nil {
			return err
		}
		if err := unsetDue(tx, src, string(name)); err != nil {
			return err
		}
		return tx.Bucket(bucketRunning).DeleteBucket(name)
	})
	if err != nil {
		return fmt.Errorf("store: the game of %s in the database %s does not decode (%v), and setting it aside failed (%w): the file may be damaged; stop the program, back up the file and run `mortain doctor --db %s`",
			key, db.path, cause, err, db.path)
	}
	return &record.SetAsideError{Key: key, At: string(at), Cause: cause}
}

// setAsideArchived moves the archived games of guild whose record does not
// decode (their archive keys, with the cause) to the damaged bucket, as
// setAside does with a running game: damaged / "guild/channel" / time,
// with the entry "archived" -> its archive key added.
func (db *DB) setAsideArchived(guild string, bad map[string]error) error {
	at := time.Now().UTC()
	err := db.commit(func(tx *bolt.Tx) error {
		g := tx.Bucket(bucketArchive).Bucket([]byte(guild))
		for seq := range bad {
			src := g.Bucket([]byte(seq))
			if src == nil {
				continue // set aside meanwhile
			}
			name := archivedName(guild, []byte(seq), src.Get(keyKey))
			d, err := tx.CreateBucketIfNotExists(bucketDamaged)
			if err != nil {
				return err
			}
			ch, err := d.CreateBucketIfNotExists(name)
			if err != nil {
				return err
			}
			at = at.Add(time.Nanosecond) // a name of its own for each
			dst, err := ch.CreateBucket([]byte(at.Format(time.RFC3339Nano)))
			if err != nil {
				return err
			}
			if err := copyBucket(src, dst); err != nil {
				return err
			}
			if err := dst.Put(keyArchived, []byte(seq)); err != nil {
				return err
			}
			if err := g.DeleteBucket([]byte(seq)); err != nil {
				return err
			}
		}
		// The side counts included the games set aside: counted again
		// from what is left at the next rated game (readSides).
		return g.Delete(keySides)
	})
	if err != nil {
		return fmt.Errorf("store: archived games of %s do not decode, and setting them aside failed (%w): the file may be damaged; stop the program, back up the file and run `mortain doctor --db %s`",
			guild, err, db.path)
	}
	return nil
}

// keyArchived marks a game set aside from the archive: its archive key.
var keyArchived = []byte("archived")

// archivedName is the name in the damaged bucket of an archived game: its
// "guild/channel", or "guild/archived-SEQ" when its key is unreadable.
func archivedName(guild string, seq, key []byte) []byte {
	if k, err := parseKey(string(key)); err == nil && k.Guild == guild {
		return []byte(k.String())
	}
	return fmt.Appendf(nil, "%s/archived-%x", guild, seq)
}

// copyBucket copies src's keys and nested buckets into dst.
func copyBucket(src, dst *bolt.Bucket) error {
	return src.ForEach(func(k, v []byte) error {
		if v != nil {
			return dst.Put(append([]byte(nil), k...), append([]byte(nil), v...))
		}
		sub, err := dst.CreateBucket(append([]byte(nil), k...))
		if err != nil {
			return err
		}
		if err := copyBucket(src.Bucket(k), sub); err != nil {
			return err
		}
		return sub.SetSequence(src.Bucket(k).Sequence())
	})
}

// SetAside lists the games set aside as damaged: their keys and when.
func (db *DB) SetAside() (map[record.Key][]string, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	out := map[record.Key][]string{}
	err := db.readTx(func(tx *bolt.Tx) error {
		d := tx.Bucket(bucketDamaged)
		if d == nil {
			return nil
		}
		return d.ForEachBucket(func(k []byte) error {
			key, err := parseKey(string(k))
			if err != nil {
				return err
			}
			return d.Bucket(k).ForEachBucket(func(at []byte) error {
				out[key] = append(out[key], string(at))
				return nil
			})
		})
	})
	return out, err
}

// DamagedRecord returns the raw bytes of a record set aside as damaged at
// time at (as SetAside lists it), for an admin to inspect or repair.
func (db *DB) DamagedRecord(key record.Key, at string) ([]byte, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var out []byte
	err := db.readTx(func(tx *bolt.Tx) error {
		d := tx.Bucket(bucketDamaged)
		if d == nil || d.Bucket([]byte(key.String())) == nil || d.Bucket([]byte(key.String())).Bucket([]byte(at)) == nil {
			return record.ErrNotFound
		}
		b := d.Bucket([]byte(key.String())).Bucket([]byte(at))
		out = bytes.Clone(b.Get(keyRecord))
		if out == nil {
			out = bytes.Clone(b.Get(keyFinished)) // an archived game
		}
		return nil
	})
	return out, err
}

// Check walks every page of the database and returns the first fault
// found (wrapping ErrDamaged), or nil (Open does so only after a crash or
// for small files, unless Options.DeferCheck). It is CheckSnapshot: the
// database may be in use meanwhile.
func (db *DB) Check() error { return db.CheckSnapshot() }
