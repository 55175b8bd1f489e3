package store

import (
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
func (db *DB) Heads() ([]record.Head, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	var heads []record.Head
	var whole []record.Key
	err := db.readTx(func(tx *bolt.Tx) error {
		running := tx.Bucket(bucketRunning)
		return running.ForEachBucket(func(name []byte) error {
			key, err := parseKey(string(name))
			if err != nil {
				return nil
			}
			var h record.Head
			if v := running.Bucket(name).Get(keyHead); v == nil || json.Unmarshal(v, &h) != nil {
				whole = append(whole, key)
				return nil
			}
			h.Key = key
			heads = append(heads, h)
			return nil
		})
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
