package store

import (
	"bytes"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// The seats index (schema 5) lists, for each member seated in a running
// game, the game: "guild/user/channel" -> "". Every commit that creates a
// game, changes its seats or ends it keeps the index in step, so that a
// member's games are read without reading any other game. Its keys start
// with the guild, so reshard moves them with the guild's games.

// seatKey is the index entry of user's seat in the game of key.
func seatKey(key record.Key, user string) []byte {
	return []byte(key.Guild + "/" + user + "/" + key.Channel)
}

// indexable reports whether user can be an index entry's middle part.
func indexable(user string) bool { return user != "" && !strings.Contains(user, "/") }

// seated is the set of members seated in seats.
func seated(seats map[rules.Side]record.Seat) map[string]bool {
	out := map[string]bool{}
	for _, s := range seats {
		if indexable(s.UserID) {
			out[s.UserID] = true
		}
	}
	return out
}

// indexSeats brings the index of the game of key from the members seated
// in old to those seated in now (nil: none). A file of an older schema,
// opened read-only, has no index and is not written.
func indexSeats(tx *bolt.Tx, key record.Key, old, now map[rules.Side]record.Seat) error {
	b := tx.Bucket(bucketSeats)
	if b == nil {
		return nil
	}
	before, after := seated(old), seated(now)
	for u := range before {
		if !after[u] {
			if err := b.Delete(seatKey(key, u)); err != nil {
				return err
			}
		}
	}
	for u := range after {
		if !before[u] {
			if err := b.Put(seatKey(key, u), nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// unindexGame removes every index entry of the game of key, whatever its
// seats (for a game set aside, whose record does not decode).
func unindexGame(tx *bolt.Tx, key record.Key) error {
	b := tx.Bucket(bucketSeats)
	if b == nil {
		return nil
	}
	prefix, suffix := []byte(key.Guild+"/"), []byte("/"+key.Channel)
	var gone [][]byte
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		if bytes.HasSuffix(k, suffix) && !bytes.Contains(k[len(prefix):len(k)-len(suffix)], []byte("/")) {
			gone = append(gone, bytes.Clone(k))
		}
	}
	for _, k := range gone {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// indexRunning fills the index from the running games (the upgrade to
// schema 5); a record that does not decode is left out, as it is set
// aside when read.
func indexRunning(tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketSeats); err != nil {
		return err
	}
	running := tx.Bucket(bucketRunning)
	return running.ForEachBucket(func(name []byte) error {
		rec, err := decodeRecord(running.Bucket(name).Get(keyRecord))
		if err != nil {
			return nil
		}
		key, err := parseKey(string(name))
		if err != nil {
			return nil
		}
		return indexSeats(tx, key, nil, rec.Seats)
	})
}

// GamesOf lists the running games of guild in which user holds a seat,
// in channel order, reading the index alone. A file of an older schema
// opened read-only has no index: its running games are read instead.
func (db *DB) GamesOf(guild, user string) ([]record.Key, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	var keys []record.Key
	indexed := false
	err := db.readTx(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSeats)
		if b == nil || !indexable(user) {
			return nil
		}
		indexed = true
		prefix := []byte(guild + "/" + user + "/")
		c := b.Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			keys = append(keys, record.Key{Guild: guild, Channel: string(k[len(prefix):])})
		}
		return nil
	})
	db.leave()
	if err != nil || indexed {
		return keys, err
	}
	return db.scanGamesOf(guild, user)
}

// scanGamesOf is GamesOf without the index: every running game of guild
// is read.
func (db *DB) scanGamesOf(guild, user string) ([]record.Key, error) {
	all, err := db.Running()
	if err != nil {
		return nil, err
	}
	var keys []record.Key
	for _, k := range all {
		if k.Guild != guild {
			continue
		}
		rec, err := db.Get(k)
		if err != nil {
			continue // ended or set aside meanwhile
		}
		if user != "" && hasUser(rec.Seats, user) {
			keys = append(keys, k)
		}
	}
	return keys, nil
}

// hasUser reports whether user holds a seat of seats.
func hasUser(seats map[rules.Side]record.Seat, user string) bool {
	for _, s := range seats {
		if s.UserID == user {
			return true
		}
	}
	return false
}
