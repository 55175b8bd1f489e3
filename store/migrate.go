package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// Schema 0, the first layout, had no meta bucket: one flat bucket "games"
// with a recordV0 per running game under "guild/channel", and no history,
// archive or records.
var bucketGamesV0 = []byte("games")

// recordV0 is a running game as schema 0 stored it.
type recordV0 struct {
	Guild    string                 `json:"guild"`
	Channel  string                 `json:"channel"`
	Seats    map[string]record.Seat `json:"seats"` // by side: "us", "german"
	Settings map[string]string      `json:"settings"`
	Created  time.Time              `json:"created"`
	Updated  time.Time              `json:"updated"`
	Game     json.RawMessage        `json:"game"`
}

// migrations[v] turns a file of schema v into schema v+1 inside one
// transaction (the last one also writes the current meta data).
var migrations = []func(tx *bolt.Tx) error{
	0: migrate0to1,
	1: createLayout, // schema 2 adds the outbox
	2: createLayout, // schema 3 adds the servers' and members' settings
	3: migrate3to4,
	4: migrate4to5,
}

// migrate brings a file of schema from up to SchemaVersion, in one
// transaction, after copying the file to path.schemaN.bak.
func (db *DB) migrate(from int) error {
	backup := fmt.Sprintf("%s.schema%d.bak", db.path, from)
	if err := db.copyTo(backup, true); err != nil {
		return fmt.Errorf("database %s: keeping a copy before upgrading it from schema %d: %w", db.path, from, err)
	}
	err := db.writeTx(func(tx *bolt.Tx) error {
		for v := from; v < SchemaVersion; v++ {
			if err := migrations[v](tx); err != nil {
				return fmt.Errorf("from schema %d to %d: %w", v, v+1, err)
			}
		}
		return createLayout(tx)
	})
	if err != nil {
		return fmt.Errorf("database %s: upgrading it failed, it was left as it was (a copy is in %s): %w", db.path, backup, err)
	}
	return nil
}

// migrate0to1 moves each game of the flat bucket to its own bucket, with
// its history as the log (timed at its last update).
func migrate0to1(tx *bolt.Tx) error {
	if err := createLayout(tx); err != nil {
		return err
	}
	running := tx.Bucket(bucketRunning)
	old := tx.Bucket(bucketGamesV0)
	err := old.ForEach(func(k, v []byte) error {
		var r recordV0
		if err := json.Unmarshal(v, &r); err != nil {
			return fmt.Errorf("game %q: %w", k, err)
		}
		key := record.Key{Guild: r.Guild, Channel: r.Channel}
		if err := checkKey(key); err != nil {
			return err
		}
		var g rules.Game
		if err := json.Unmarshal(r.Game, &g); err != nil {
			return fmt.Errorf("game %s: %w", key, err)
		}
		rec := &record.Record{Key: key, Game: &g, Meta: metaFromSettings(r.Settings), Created: r.Created, Updated: r.Updated}
		for name, seat := range r.Seats {
			side, err := rules.ParseSide(name)
			if err != nil {
				return fmt.Errorf("game %s: seat %q: %w", key, name, err)
			}
			if rec.Seats == nil {
				rec.Seats = map[rules.Side]record.Seat{}
			}
			rec.Seats[side] = seat
		}
		data, err := encodeRecord(rec)
		if err != nil {
			return err
		}
		b, err := running.CreateBucket([]byte(key.String()))
		if err != nil {
			return fmt.Errorf("game %s: %w", key, err)
		}
		if err := b.Put(keyRecord, data); err != nil {
			return err
		}
		h, err := b.CreateBucket(bucketHistory)
		if err != nil {
			return err
		}
		return appendSteps(h, newSteps(nil, g.History, r.Updated))
	})
	if err != nil {
		return err
	}
	return tx.DeleteBucket(bucketGamesV0)
}

// migrate3to4 rewrites every running game's record with its typed Meta in
// place of the name-value settings of schema 3 (metaFromSettings). The
// archive, which never held those settings, stays as it was.
func migrate3to4(tx *bolt.Tx) error {
	running := tx.Bucket(bucketRunning)
	return running.ForEachBucket(func(name []byte) error {
		b := running.Bucket(name)
		data := b.Get(keyRecord)
		if data == nil {
			return nil
		}
		rec, err := decodeRecord(data)
		if err != nil {
			return nil // a damaged record is set aside when read, as before
		}
		if data, err = encodeRecord(rec); err != nil {
			return err
		}
		migrateStage("rewrote " + string(name))
		return b.Put(keyRecord, data)
	})
}

// migrate4to5 adds the seats index, the due index and the heads: every
// running game is indexed by its seated members, due at once, and gets
// its head.
func migrate4to5(tx *bolt.Tx) error {
	if err := indexRunning(tx); err != nil {
		return err
	}
	if err := headsOfRunning(tx); err != nil {
		return err
	}
	return indexDue(tx, dueNow)
}

// migrateStage is called as a migration rewrites each game (a test stops
// a process there).
var migrateStage = func(string) {}
