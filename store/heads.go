package store

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// Each running game's bucket keeps its head (record.Head: seats, side to
// act, ended, paused) beside its record, written in the same commits
// (schema 5), so that resuming the games at start reads the heads alone
// and decodes no game.

var keyHead = []byte("head")

// putHead writes the head of rec into its game's bucket b.
func putHead(b *bolt.Bucket, rec *record.Record) error {
	data, err := json.Marshal(rec.Head())
	if err != nil {
		return fmt.Errorf("store: encoding the head of %s: %w", rec.Key, err)
	}
	return b.Put(keyHead, data)
}

// headsOfRunning writes the head of every running game (the upgrade to
// schema 5); a record that does not decode gets none, and is set aside
// when read.
func headsOfRunning(tx *bolt.Tx) error {
	running := tx.Bucket(bucketRunning)
	return running.ForEachBucket(func(name []byte) error {
		b := running.Bucket(name)
		rec, err := decodeRecord(b.Get(keyRecord))
		if err != nil {
			return nil
		}
		if rec.Key, err = parseKey(string(name)); err != nil {
			return nil
		}
		return putHead(b, rec)
	})
}

// Heads returns the head of every running game without decoding any game
// (a game without a head, in a file of an older schema opened read-only
// or damaged, is read whole; one that does not decode is left out).
func (db *DB) Heads() ([]record.Head, error) { return db.heads("") }

// HeadsOf returns the heads of guild's running games, as Heads does,
// reading no other server's.
func (db *DB) HeadsOf(guild string) ([]record.Head, error) { return db.heads(guild + "/") }

// heads reads the heads of the running games whose names start with
// prefix.
func (db *DB) heads(prefix string) ([]record.Head, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	var heads []record.Head
	var whole []record.Key
	err := db.readTx(func(tx *bolt.Tx) error {
		running := tx.Bucket(bucketRunning)
		c := running.Cursor()
		for name, v := c.Seek([]byte(prefix)); name != nil && bytes.HasPrefix(name, []byte(prefix)); name, v = c.Next() {
			if v != nil {
				continue // not a game's bucket
			}
			key, err := parseKey(string(name))
			if err != nil {
				continue
			}
			var h record.Head
			if hv := running.Bucket(name).Get(keyHead); hv == nil || json.Unmarshal(hv, &h) != nil {
				whole = append(whole, key)
				continue
			}
			h.Key = key
			heads = append(heads, h)
		}
		return nil
	})
	db.leave()
	if err != nil {
		return nil, err
	}
	for _, k := range whole {
		if rec, err := db.Get(k); err == nil {
			heads = append(heads, rec.Head())
		}
	}
	return heads, nil
}
