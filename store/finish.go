package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Finish moves the game of key to the archive with its result and updates
// the players' records. A game that is not over is archived as aborted:
// no winner, and it counts as aborted, not as a win or a loss. The notices
// are queued in the outbox in the same commit.
func (db *DB) Finish(key record.Key, notices ...record.Notice) (f *record.Finished, err error) {
	err = db.withGame(key, func(name string, e *entry) error {
		f, err = db.finish(key, name, e, false, notices)
		return err
	})
	return f, err
}

// Abandon archives the game of key without a result and without touching
// the players' records, and forgets the channel's undelivered notices: the
// channel is gone. ErrNotFound if no game runs there.
func (db *DB) Abandon(key record.Key) (f *record.Finished, err error) {
	err = db.withGame(key, func(name string, e *entry) error {
		f, err = db.finish(key, name, e, true, nil)
		return err
	})
	return f, err
}

// ArchiveEnded archives, as Finish does, every running game that is over
// or resigned but was not archived (an older version committed a game's
// end and its archiving separately, and could be stopped between them),
// and returns their keys. Local play and the bot call it at start. A game
// that no longer decodes is left for whoever reads it next, who sets it
// aside and says so.
func (db *DB) ArchiveEnded() ([]record.Key, error) {
	ended, err := db.endedGames()
	if err != nil {
		return nil, err
	}
	var done []record.Key
	for _, key := range ended {
		err := db.withGame(key, func(name string, e *entry) error {
			if !e.rec.Ended() {
				return nil // played on meanwhile: not the same game
			}
			if _, err := db.finish(key, name, e, false, nil); err != nil {
				return err
			}
			done = append(done, key)
			return nil
		})
		if err != nil && !errors.Is(err, record.ErrNotFound) {
			return done, err
		}
	}
	return done, nil
}

// endedGames lists the running games that are over or resigned, leaving
// out those that do not decode.
func (db *DB) endedGames() ([]record.Key, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var keys []record.Key
	err := db.readTx(func(tx *bolt.Tx) (err error) {
		running := tx.Bucket(bucketRunning)
		keys, err = channelKeys(running, func(ch *bolt.Bucket) bool {
			rec, err := decodeRecord(ch.Get(keyRecord))
			return err == nil && rec.Ended()
		})
		return err
	})
	return keys, err
}

// finish is Finish (or Abandon) with the game locked and loaded.
func (db *DB) finish(key record.Key, name string, e *entry, abandoned bool, notices []record.Notice) (*record.Finished, error) {
	now := time.Now().UTC()
	rec := e.rec.Clone()
	var f *record.Finished
	err := db.commit(func(tx *bolt.Tx) (err error) {
		if f, err = archiveGame(tx, name, rec, abandoned, now); err != nil {
			return err
		}
		return enqueue(tx, key, notices, now)
	})
	if err != nil {
		return nil, saveErr(key, err)
	}
	e.rec = nil
	return f, nil
}

// archiveGame moves the running game name, whose record is rec, to the
// archive in tx with its result: rated and counted in the players'
// records, or (abandoned) without a result and with its channel's
// undelivered notices dropped. Its cost does not grow with the archive.
func archiveGame(tx *bolt.Tx, name string, rec *record.Record, abandoned bool, now time.Time) (*record.Finished, error) {
	key := rec.Key
	f := finished(rec.Clone(), abandoned, now)
	running := tx.Bucket(bucketRunning)
	src := running.Bucket([]byte(name))
	if src == nil {
		return nil, record.ErrNotFound
	}
	if err := indexSeats(tx, key, rec.Seats, nil); err != nil {
		return nil, err
	}
	if err := unsetDue(tx, src, name); err != nil {
		return nil, err
	}
	g, err := tx.Bucket(bucketArchive).CreateBucketIfNotExists([]byte(key.Guild))
	if err != nil {
		return nil, err
	}
	if !abandoned {
		if err := rateFinished(tx, g, f, rec); err != nil {
			return nil, err
		}
	}
	data, err := json.Marshal(f)
	if err != nil {
		return nil, fmt.Errorf("store: encoding the result of %s: %w", key, err)
	}
	seq, err := g.NextSequence()
	if err != nil {
		return nil, err
	}
	a, err := g.CreateBucket(seqKey(seq))
	if err != nil {
		return nil, err
	}
	if err := a.Put(keyKey, []byte(name)); err != nil {
		return nil, err
	}
	if err := a.Put(keyFinished, data); err != nil {
		return nil, err
	}
	if err := copyHistory(src.Bucket(bucketHistory), a); err != nil {
		return nil, err
	}
	if abandoned {
		if err := tx.Bucket(bucketOutbox).DeleteBucket([]byte(name)); err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
			return nil, err
		}
	} else if err := addResult(tx, f); err != nil {
		return nil, err
	}
	return f, running.DeleteBucket([]byte(name))
}

// finished is the archive entry of a record (abandoned: its channel was
// deleted).
func finished(rec *record.Record, abandoned bool, at time.Time) *record.Finished {
	o := record.ArchivedOutcome(rec, abandoned)
	return &record.Finished{Key: rec.Key, Winner: o.Winner, Outcome: o, Seats: rec.Seats, Turn: rec.Game.State.Turn(),
		Steps: rec.Game.PlayedSteps(), Finished: at, Game: rec.Game, Salt: rec.Meta.Salt, Lang: rec.Meta.Lang}
}

// copyHistory copies a history bucket, sequence numbers included, into a
// new history bucket of dst.
func copyHistory(src, dst *bolt.Bucket) error {
	h, err := dst.CreateBucket(bucketHistory)
	if err != nil {
		return err
	}
	if src == nil {
		return nil
	}
	if err := src.ForEach(func(k, v []byte) error {
		return h.Put(bytes.Clone(k), bytes.Clone(v))
	}); err != nil {
		return err
	}
	return h.SetSequence(src.Sequence())
}
