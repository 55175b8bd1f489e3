package store

import (
	"bytes"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// The outbox's layout: outbox / "guild/channel" holds a bucket of notices
// (seq -> Notice JSON), a bucket of their images (seq -> bytes), the id of
// the live post ("live") and a bucket of the posts whose buttons are still
// to be removed (message id -> ""). The outbox bucket's own sequence
// numbers every notice of the file, so nonces built from it never repeat.
var (
	bucketOutbox  = []byte("outbox")
	bucketNotices = []byte("notices")
	bucketImages  = []byte("images")
	bucketStrip   = []byte("strip")
	bucketAside   = []byte("aside")
	keyLive       = []byte("live")
)

// newNonce returns a random tag of 8 characters (40 bits), so that a
// part's nonce (seq in base 36, index and tag) stays within Discord's 25.
func newNonce() string {
	var b [5]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])
}

// enqueue writes notices for key in tx, numbering them. A notice whose
// Key names another channel of key's server (the channel a game's thread
// was opened from) is queued in that channel's outbox instead.
func enqueue(tx *bolt.Tx, key record.Key, notices []record.Notice, now time.Time) error {
	root := tx.Bucket(bucketOutbox)
	for _, n := range notices {
		to := key
		if n.Key.Channel != "" && n.Key != key {
			if n.Key.Guild != key.Guild {
				return fmt.Errorf("store: a notice of %s for %s, on another server", key, n.Key)
			}
			to = n.Key
		}
		ch, err := root.CreateBucketIfNotExists([]byte(to.String()))
		if err != nil {
			return err
		}
		nb, err := ch.CreateBucketIfNotExists(bucketNotices)
		if err != nil {
			return err
		}
		ib, err := ch.CreateBucketIfNotExists(bucketImages)
		if err != nil {
			return err
		}
		seq, err := root.NextSequence()
		if err != nil {
			return err
		}
		n.Seq, n.Key, n.Created = seq, to, now
		if n.Nonce == "" {
			n.Nonce = newNonce()
		}
		data, err := json.Marshal(n)
		if err != nil {
			return fmt.Errorf("store: encoding a notice for %s: %w", to, err)
		}
		if err := nb.Put(seqKey(seq), data); err != nil {
			return err
		}
		if n.Image != nil {
			if err := ib.Put(seqKey(seq), n.Image); err != nil {
				return err
			}
		}
	}
	return nil
}

// Enqueue adds notices for the channel of key that no game change causes
// (a map or a replay asked for), durably, after those already queued.
func (db *DB) Enqueue(key record.Key, notices ...record.Notice) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	if err := checkKey(key); err != nil {
		return err
	}
	now := time.Now().UTC()
	return db.commit(func(tx *bolt.Tx) error { return enqueue(tx, key, notices, now) })
}

// channelOutbox returns the outbox bucket of key in tx, or nil.
func channelOutbox(tx *bolt.Tx, key record.Key) *bolt.Bucket {
	return tx.Bucket(bucketOutbox).Bucket([]byte(key.String()))
}

// Pending returns the undelivered notices of key's channel, in order,
// with their images.
func (db *DB) Pending(key record.Key) ([]record.Notice, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var out []record.Notice
	err := db.readTx(func(tx *bolt.Tx) error {
		ch := channelOutbox(tx, key)
		if ch == nil || ch.Bucket(bucketNotices) == nil {
			return nil
		}
		ib := ch.Bucket(bucketImages)
		return ch.Bucket(bucketNotices).ForEach(func(k, v []byte) error {
			var n record.Notice
			if err := json.Unmarshal(v, &n); err != nil {
				return fmt.Errorf("store: reading a notice of %s: %w", key, err)
			}
			if ib != nil {
				n.Image = bytes.Clone(ib.Get(k))
			}
			out = append(out, n)
			return nil
		})
	})
	return out, err
}

// LastPending returns the Seq of the newest undelivered notice of key's
// channel, or 0 when every notice was delivered.
func (db *DB) LastPending(key record.Key) (uint64, error) {
	if err := db.enter(); err != nil {
		return 0, err
	}
	defer db.leave()
	var last uint64
	err := db.readTx(func(tx *bolt.Tx) error {
		if ch := channelOutbox(tx, key); ch != nil && ch.Bucket(bucketNotices) != nil {
			if k, _ := ch.Bucket(bucketNotices).Cursor().Last(); k != nil {
				last = seqFromKey(k)
			}
		}
		return nil
	})
	return last, err
}

// Outboxes lists the channels with notices to deliver or posts whose
// buttons are still to be removed.
func (db *DB) Outboxes() ([]record.Key, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var keys []record.Key
	err := db.readTx(func(tx *bolt.Tx) (err error) {
		keys, err = channelKeys(tx.Bucket(bucketOutbox), func(ch *bolt.Bucket) bool {
			return hasKeys(ch.Bucket(bucketNotices)) || hasKeys(ch.Bucket(bucketStrip))
		})
		return err
	})
	return keys, err
}

func hasKeys(b *bolt.Bucket) bool {
	if b == nil {
		return false
	}
	k, _ := b.Cursor().First()
	return k != nil
}

// errNoNotice is returned for a notice that is no longer in the outbox.
var errNoNotice = errors.New("store: no such notice")

// queuedNotice reads notice seq of key's outbox in tx, with the channel's
// outbox bucket; errNoNotice when it is not queued.
func queuedNotice(tx *bolt.Tx, key record.Key, seq uint64) (*bolt.Bucket, record.Notice, error) {
	var n record.Notice
	ch := channelOutbox(tx, key)
	if ch == nil || ch.Bucket(bucketNotices) == nil {
		return nil, n, errNoNotice
	}
	v := ch.Bucket(bucketNotices).Get(seqKey(seq))
	if v == nil {
		return nil, n, errNoNotice
	}
	if err := json.Unmarshal(v, &n); err != nil {
		return nil, n, fmt.Errorf("store: reading a notice of %s: %w", key, err)
	}
	return ch, n, nil
}

// updateNotice rewrites notice seq of key with fn in one commit.
func (db *DB) updateNotice(key record.Key, seq uint64, fn func(n *record.Notice)) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	return db.commit(func(tx *bolt.Tx) error {
		ch, n, err := queuedNotice(tx, key, seq)
		if err != nil {
			return err
		}
		nb := ch.Bucket(bucketNotices)
		fn(&n)
		data, err := json.Marshal(n)
		if err != nil {
			return err
		}
		return nb.Put(seqKey(seq), data)
	})
}

// SentPart records that Discord accepted the first parts of notice seq.
func (db *DB) SentPart(key record.Key, seq uint64, parts int) error {
	return db.updateNotice(key, seq, func(n *record.Notice) { n.Sent = parts })
}

// Failed records that Discord refused notice seq for good, with the
// reason; the first failure's time is kept. The notice stays queued.
func (db *DB) Failed(key record.Key, seq uint64, reason string) error {
	now := time.Now().UTC()
	return db.updateNotice(key, seq, func(n *record.Notice) {
		if n.FailedAt.IsZero() {
			n.FailedAt = now
		}
		n.Failure = reason
	})
}

// Delivered removes notice seq of key from the outbox once Discord
// accepted it, messageID being its last message and buttons telling
// whether that message carries the notice's buttons (a sender may leave
// them out when a newer position follows at once). A live notice moves
// the channel's live post: the previous one, returned as strip, is queued
// for its buttons to be removed, and the new one is live when it has
// buttons. A notice's Mark is set on the running game in the same commit.
func (db *DB) Delivered(key record.Key, seq uint64, messageID string, buttons bool) (strip string, err error) {
	if err := db.enter(); err != nil {
		return "", err
	}
	defer db.leave()
	var n record.Notice
	if err := db.readTx(func(tx *bolt.Tx) error {
		ch := channelOutbox(tx, key)
		if ch == nil || ch.Bucket(bucketNotices) == nil {
			return errNoNotice
		}
		v := ch.Bucket(bucketNotices).Get(seqKey(seq))
		if v == nil {
			return errNoNotice
		}
		return json.Unmarshal(v, &n)
	}); err != nil {
		return "", err
	}
	remove := func(tx *bolt.Tx) error {
		strip = ""
		ch := channelOutbox(tx, key)
		if ch == nil || ch.Bucket(bucketNotices) == nil {
			return errNoNotice
		}
		if err := ch.Bucket(bucketNotices).Delete(seqKey(seq)); err != nil {
			return err
		}
		if ib := ch.Bucket(bucketImages); ib != nil {
			if err := ib.Delete(seqKey(seq)); err != nil {
				return err
			}
		}
		if !n.IsLive() {
			return nil
		}
		if old := string(ch.Get(keyLive)); old != "" && old != messageID {
			sb, err := ch.CreateBucketIfNotExists(bucketStrip)
			if err != nil {
				return err
			}
			if err := sb.Put([]byte(old), nil); err != nil {
				return err
			}
			strip = old
		}
		if buttons && len(n.Buttons) > 0 {
			return ch.Put(keyLive, []byte(messageID))
		}
		return ch.Delete(keyLive)
	}
	return strip, db.commitMarked(key, n, remove)
}

// commitMarked commits fn, which takes notice n of key out of the queue
// (delivered, or set aside), with n's Mark set on key's running game in
// the same commit, if it has one.
func (db *DB) commitMarked(key record.Key, n record.Notice, fn func(tx *bolt.Tx) error) error {
	if n.Mark == "" {
		return db.commit(fn)
	}
	return db.withGameOrNot(key, func(name string, e *entry) error {
		if e == nil {
			return db.commit(fn)
		}
		c := e.rec.Clone()
		c.Meta.SetMark(n.Mark, n.MarkValue)
		data, err := encodeRecord(c)
		if err != nil {
			return err
		}
		err = db.commit(func(tx *bolt.Tx) error {
			if b := tx.Bucket(bucketRunning).Bucket([]byte(name)); b != nil {
				if err := b.Put(keyRecord, data); err != nil {
					return err
				}
				// The mark may change the game's timers: due at once.
				if err := setDue(tx, b, name, dueNow); err != nil {
					return err
				}
			}
			return fn(tx)
		})
		if err == nil {
			e.rec = c
		}
		return err
	})
}

// withGameOrNot is withGame, with e nil when key has no running game.
// The caller has entered the database.
func (db *DB) withGameOrNot(key record.Key, fn func(name string, e *entry) error) error {
	name := key.String()
	e := db.games.lock(name)
	defer db.games.unlock(name, e)
	switch err := db.load(key, e); {
	case errors.Is(err, record.ErrNotFound):
		return fn(name, nil)
	case err != nil:
		return err
	}
	return fn(name, e)
}

// Strips lists the posts of key's channel whose buttons are still to be
// removed.
func (db *DB) Strips(key record.Key) ([]string, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var ids []string
	err := db.readTx(func(tx *bolt.Tx) error {
		if ch := channelOutbox(tx, key); ch != nil && ch.Bucket(bucketStrip) != nil {
			return ch.Bucket(bucketStrip).ForEach(func(k, _ []byte) error {
				ids = append(ids, string(k))
				return nil
			})
		}
		return nil
	})
	return ids, err
}

// Stripped records that the buttons of post messageID are gone.
func (db *DB) Stripped(key record.Key, messageID string) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	return db.commit(func(tx *bolt.Tx) error {
		if ch := channelOutbox(tx, key); ch != nil && ch.Bucket(bucketStrip) != nil {
			return ch.Bucket(bucketStrip).Delete([]byte(messageID))
		}
		return nil
	})
}

// DropNotices forgets everything the outbox holds for key's channel (the
// channel was deleted: nothing can reach it any more).
func (db *DB) DropNotices(key record.Key) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	return db.commit(func(tx *bolt.Tx) error {
		err := tx.Bucket(bucketOutbox).DeleteBucket([]byte(key.String()))
		if errors.Is(err, berrors.ErrBucketNotFound) {
			return nil
		}
		return err
	})
}

// NoticesQueued counts the notices ever queued in the database (the last
// Seq given), delivered or not.
func (db *DB) NoticesQueued() (uint64, error) {
	if err := db.enter(); err != nil {
		return 0, err
	}
	defer db.leave()
	var n uint64
	err := db.readTx(func(tx *bolt.Tx) error {
		n = tx.Bucket(bucketOutbox).Sequence()
		return nil
	})
	return n, err
}

// Undeliverable moves notice seq of key out of the outbox into the channel's
// notices set aside as undeliverable, with the reason Discord gave: the
// courier goes on with the next one. Its picture, if any, is dropped.
// A notice's Mark is set on the running game in the same commit, as when
// delivered: a reminder Discord refused counts as given, and is not
// queued again. Setting aside a notice no longer queued does nothing.
func (db *DB) Undeliverable(key record.Key, seq uint64, reason string) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	var queued record.Notice
	if err := db.readTx(func(tx *bolt.Tx) error {
		_, n, err := queuedNotice(tx, key, seq)
		queued = n
		return err
	}); errors.Is(err, errNoNotice) {
		return nil
	} else if err != nil {
		return err
	}
	now := time.Now().UTC()
	return db.commitMarked(key, queued, func(tx *bolt.Tx) error {
		ch, n, err := queuedNotice(tx, key, seq)
		if errors.Is(err, errNoNotice) {
			return nil
		} else if err != nil {
			return err
		}
		nb := ch.Bucket(bucketNotices)
		n.Failure, n.FailedAt = reason, now
		if ib := ch.Bucket(bucketImages); ib != nil {
			n.HadImage = ib.Get(seqKey(seq)) != nil
			if err := ib.Delete(seqKey(seq)); err != nil {
				return err
			}
		}
		data, err := json.Marshal(n)
		if err != nil {
			return err
		}
		ab, err := ch.CreateBucketIfNotExists(bucketAside)
		if err != nil {
			return err
		}
		if err := ab.Put(seqKey(seq), data); err != nil {
			return err
		}
		return nb.Delete(seqKey(seq))
	})
}

// UndeliverableNotices lists the notices of key's channel set aside as
// undeliverable (see Undeliverable), oldest first.
func (db *DB) UndeliverableNotices(key record.Key) ([]record.Notice, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var out []record.Notice
	err := db.readTx(func(tx *bolt.Tx) error {
		ch := channelOutbox(tx, key)
		if ch == nil || ch.Bucket(bucketAside) == nil {
			return nil
		}
		return ch.Bucket(bucketAside).ForEach(func(_, v []byte) error {
			var n record.Notice
			if err := json.Unmarshal(v, &n); err != nil {
				return fmt.Errorf("store: reading a notice set aside for %s: %w", key, err)
			}
			out = append(out, n)
			return nil
		})
	})
	return out, err
}

// AllUndeliverable lists the notices set aside as undeliverable in every
// channel of the database (for doctor), oldest first in each.
func (db *DB) AllUndeliverable() (map[record.Key][]record.Notice, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	out := map[record.Key][]record.Notice{}
	err := db.readTx(func(tx *bolt.Tx) error {
		root := tx.Bucket(bucketOutbox)
		return root.ForEachBucket(func(k []byte) error {
			ab := root.Bucket(k).Bucket(bucketAside)
			if ab == nil {
				return nil
			}
			key, err := parseKey(string(k))
			if err != nil {
				return err
			}
			return ab.ForEach(func(_, v []byte) error {
				var n record.Notice
				if err := json.Unmarshal(v, &n); err != nil {
					return fmt.Errorf("store: reading a notice set aside for %s: %w", key, err)
				}
				out[key] = append(out[key], n)
				return nil
			})
		})
	})
	return out, err
}

// OutboxState is what the outbox holds: the notices not yet delivered, the
// channels they wait in, and when the oldest of them was queued (zero when
// none waits).
type OutboxState struct {
	Notices  int
	Channels int
	Oldest   time.Time
}

// Outbox reads the state of the outbox (for the metrics): each channel's
// queue is counted and its first notice read.
func (db *DB) Outbox() (OutboxState, error) {
	var s OutboxState
	if err := db.enter(); err != nil {
		return s, err
	}
	defer db.leave()
	err := db.readTx(func(tx *bolt.Tx) error {
		out := tx.Bucket(bucketOutbox)
		return out.ForEachBucket(func(name []byte) error {
			notices := out.Bucket(name).Bucket(bucketNotices)
			if notices == nil {
				return nil
			}
			k, v := notices.Cursor().First()
			if k == nil {
				return nil
			}
			s.Channels++
			s.Notices += notices.Stats().KeyN
			var n record.Notice
			if json.Unmarshal(v, &n) == nil && (s.Oldest.IsZero() || n.Created.Before(s.Oldest)) {
				s.Oldest = n.Created
			}
			return nil
		})
	})
	return s, err
}
