package store

import (
	"bytes"
	"encoding/json"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// History returns the append-only history of a game, running or archived
// (the most recent game of key when it has several in the archive). Undo
// steps are included; Actions gives the steps in force.
func (db *DB) History(key record.Key) ([]record.Step, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	if err := checkKey(key); err != nil {
		return nil, err
	}
	name := []byte(key.String())
	var steps []record.Step
	err := db.readTx(func(tx *bolt.Tx) error {
		var h *bolt.Bucket
		if b := tx.Bucket(bucketRunning).Bucket(name); b != nil {
			h = b.Bucket(bucketHistory)
		} else if g := tx.Bucket(bucketArchive).Bucket([]byte(key.Guild)); g != nil {
			c := g.Cursor()
			for k, v := c.Last(); k != nil; k, v = c.Prev() {
				if a := g.Bucket(k); v == nil && a != nil && string(a.Get(keyKey)) == string(name) {
					h = a.Bucket(bucketHistory)
					break
				}
			}
		}
		if h == nil {
			return record.ErrNotFound
		}
		var err error
		steps, err = readSteps(h)
		return err
	})
	return steps, err
}

// Archive lists the finished games of a guild, newest first, at most limit
// (all of them when limit <= 0). An archived game whose record no longer
// decodes is left out and set aside (the damaged bucket keeps it, mortain
// doctor lists it), so that the others stay reachable.
func (db *DB) Archive(guild string, limit int) ([]record.Finished, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var out []record.Finished
	bad := map[string]error{}
	err := db.readTx(func(tx *bolt.Tx) error {
		g := tx.Bucket(bucketArchive).Bucket([]byte(guild))
		if g == nil {
			return nil
		}
		c := g.Cursor()
		for k, v := c.Last(); k != nil && (limit <= 0 || len(out) < limit); k, v = c.Prev() {
			a := g.Bucket(k)
			if v != nil || a == nil {
				continue
			}
			var f record.Finished
			if err := json.Unmarshal(a.Get(keyFinished), &f); err != nil {
				bad[string(k)] = err
				continue
			}
			out = append(out, f)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(bad) > 0 && !db.readOnly {
		if err := db.setAsideArchived(guild, bad); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// LastFinished returns the newest archived game of key, however many
// games its guild archived since; ErrNotFound when there is none. An
// archived game that does not decode is set aside (as Archive does) and
// the one before it is returned.
func (db *DB) LastFinished(key record.Key) (*record.Finished, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	name := []byte(key.String())
	var out *record.Finished
	bad := map[string]error{}
	err := db.readTx(func(tx *bolt.Tx) error {
		g := tx.Bucket(bucketArchive).Bucket([]byte(key.Guild))
		if g == nil {
			return nil
		}
		c := g.Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			a := g.Bucket(k)
			if v != nil || a == nil || !bytes.Equal(a.Get(keyKey), name) {
				continue
			}
			var f record.Finished
			if err := json.Unmarshal(a.Get(keyFinished), &f); err != nil {
				bad[string(k)] = err
				continue
			}
			out = &f
			return nil
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(bad) > 0 && !db.readOnly {
		if err := db.setAsideArchived(key.Guild, bad); err != nil {
			return nil, err
		}
	}
	if out == nil {
		return nil, record.ErrNotFound
	}
	return out, nil
}
