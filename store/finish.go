package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mortain/mortain/rules"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// ReasonAborted is the Reason of a game archived before it was over.
const ReasonAborted = "aborted"

// ReasonAbandoned is the Reason of a game archived because its channel,
// thread or server was deleted.
const ReasonAbandoned = "abandoned: its channel was deleted"

// Finish moves the game of key to the archive with its result and updates
// the players' records. A game that is not over is archived as aborted:
// no winner, and it counts as aborted, not as a win or a loss. The notices
// are queued in the outbox in the same commit.
func (db *DB) Finish(key Key, notices ...Notice) (f *Finished, err error) {
	err = db.withGame(key, func(name string, e *entry) error {
		f, err = db.finish(key, name, e, false, notices)
		return err
	})
	return f, err
}

// Abandon archives the game of key without a result and without touching
// the players' records, and forgets the channel's undelivered notices: the
// channel is gone. ErrNotFound if no game runs there.
func (db *DB) Abandon(key Key) (f *Finished, err error) {
	err = db.withGame(key, func(name string, e *entry) error {
		f, err = db.finish(key, name, e, true, nil)
		return err
	})
	return f, err
}

// finish is Finish (or Abandon) with the game locked and loaded.
func (db *DB) finish(key Key, name string, e *entry, abandoned bool, notices []Notice) (*Finished, error) {
	now := time.Now().UTC()
	rec := e.rec.clone()
	var f *Finished
	err := db.commit(func(tx *bolt.Tx) error {
		f = finished(rec.clone(), now)
		if abandoned {
			f.Winner, f.Reason = rules.NoSide, ReasonAbandoned
		} else if err := rateFinished(tx, f, rec); err != nil {
			return err
		}
		data, err := json.Marshal(f)
		if err != nil {
			return fmt.Errorf("store: encoding the result of %s: %w", key, err)
		}
		running := tx.Bucket(bucketRunning)
		src := running.Bucket([]byte(name))
		if src == nil {
			return ErrNotFound
		}
		g, err := tx.Bucket(bucketArchive).CreateBucketIfNotExists([]byte(key.Guild))
		if err != nil {
			return err
		}
		seq, err := g.NextSequence()
		if err != nil {
			return err
		}
		a, err := g.CreateBucket(seqKey(seq))
		if err != nil {
			return err
		}
		if err := a.Put(keyKey, []byte(name)); err != nil {
			return err
		}
		if err := a.Put(keyFinished, data); err != nil {
			return err
		}
		if err := copyHistory(src.Bucket(bucketHistory), a); err != nil {
			return err
		}
		if abandoned {
			if err := tx.Bucket(bucketOutbox).DeleteBucket([]byte(name)); err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
				return err
			}
		} else if err := addResult(tx, f); err != nil {
			return err
		}
		if err := enqueue(tx, key, notices, now); err != nil {
			return err
		}
		return running.DeleteBucket([]byte(name))
	})
	if err != nil {
		return nil, saveErr(key, err)
	}
	e.rec = nil
	return f, nil
}

// finished is the archive entry of a record.
func finished(rec *Record, at time.Time) *Finished {
	st := &rec.Game.State
	f := &Finished{Key: rec.Key, Winner: rules.NoSide, Reason: ReasonAborted, Seats: rec.Seats,
		Turn: st.Turn(), Steps: len(rec.Game.History), Finished: at, Game: rec.Game, Salt: rec.Settings[SettingSalt], Lang: rec.Settings[SettingLang]}
	if st.Over() {
		f.Winner, f.Reason = st.Winner(), st.WinReason()
	} else if side, err := rules.ParseSide(rec.Settings[SettingResigned]); err == nil && side != rules.NoSide {
		f.Winner, f.Reason = side.Enemy(), "the "+side.Title()+" side resigned"
		if rec.Settings[SettingOnTime] != "" {
			f.Reason = "the " + side.Title() + " side missed its deadline: a win on time"
		}
	}
	return f
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
