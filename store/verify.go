package store

import (
	"encoding/json"
	"fmt"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// RecordProblem is a stored record that does not decode.
type RecordProblem struct {
	// Where names the record: "running game g/c", "archived game g/c
	// (#N)", "step N of ...", "player U of g", "notice N of g/c".
	Where string
	// Cause is what decoding it said.
	Cause error
}

// Verify decodes every record of the database, as the program would read
// it: the running games and their logs, the archived games and their
// logs, the players' records and the notices waiting to be delivered. It
// returns those that do not decode (the program sets a damaged game aside
// when it reads it); it changes nothing.
func (db *DB) Verify() (out []RecordProblem, err error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	err = db.readTx(func(tx *bolt.Tx) error { return verifyTx(tx, &out) })
	return out, err
}

// verifyTx is Verify in the read transaction tx, of a file of any schema
// this program reads (an older one's missing buckets hold nothing): it
// adds the records that do not decode to out.
func verifyTx(tx *bolt.Tx, out *[]RecordProblem) error {
	bad := func(where string, err error) { *out = append(*out, RecordProblem{Where: where, Cause: err}) }
	steps := func(where string, h *bolt.Bucket) error {
		if h == nil {
			return nil
		}
		return h.ForEach(func(k, v []byte) error {
			if _, err := decodeStep(v); err != nil {
				bad(fmt.Sprintf("step %s of %s", seqName(k), where), err)
			}
			return nil
		})
	}
	if old := tx.Bucket(bucketGamesV0); old != nil {
		return old.ForEach(func(k, v []byte) error {
			var r recordV0
			var g rules.Game
			if err := json.Unmarshal(v, &r); err != nil {
				bad("running game "+string(k), err)
			} else if err := json.Unmarshal(r.Game, &g); err != nil {
				bad("running game "+string(k), err)
			}
			return nil
		})
	}
	if err := tx.Bucket(bucketRunning).ForEachBucket(func(name []byte) error {
		where := "running game " + string(name)
		b := tx.Bucket(bucketRunning).Bucket(name)
		if v := b.Get(keyRecord); v == nil {
			bad(where, fmt.Errorf("it has no record"))
		} else if _, err := decodeRecord(v); err != nil {
			bad(where, err)
		}
		return steps(where, b.Bucket(bucketHistory))
	}); err != nil {
		return err
	}
	archive := tx.Bucket(bucketArchive)
	if err := archive.ForEachBucket(func(guild []byte) error {
		g := archive.Bucket(guild)
		return g.ForEachBucket(func(seq []byte) error {
			a := g.Bucket(seq)
			where := fmt.Sprintf("archived game %s (#%s of %s)", archivedName(string(guild), seq, a.Get(keyKey)), seqName(seq), guild)
			var f record.Finished
			if err := json.Unmarshal(a.Get(keyFinished), &f); err != nil {
				bad(where, err)
			}
			return steps(where, a.Bucket(bucketHistory))
		})
	}); err != nil {
		return err
	}
	stats := tx.Bucket(bucketStats)
	if err := stats.ForEachBucket(func(guild []byte) error {
		return stats.Bucket(guild).ForEach(func(user, v []byte) error {
			var p record.PlayerStats
			if v == nil {
				return nil
			}
			if err := json.Unmarshal(v, &p); err != nil {
				bad(fmt.Sprintf("the record of player %s of %s", user, guild), err)
			}
			return nil
		})
	}); err != nil {
		return err
	}
	if servers := tx.Bucket(bucketServers); servers != nil {
		if err := servers.ForEach(func(guild, v []byte) error {
			var s record.ServerSettings
			if err := json.Unmarshal(v, &s); err != nil {
				bad(fmt.Sprintf("the settings of server %s", guild), err)
			}
			return nil
		}); err != nil {
			return err
		}
	}
	if members := tx.Bucket(bucketMembers); members != nil {
		if err := members.ForEachBucket(func(guild []byte) error {
			return members.Bucket(guild).ForEach(func(user, v []byte) error {
				var m record.Member
				if err := json.Unmarshal(v, &m); err != nil {
					bad(fmt.Sprintf("the settings of member %s of %s", user, guild), err)
				}
				return nil
			})
		}); err != nil {
			return err
		}
	}
	outbox := tx.Bucket(bucketOutbox)
	if outbox == nil {
		return nil
	}
	return outbox.ForEachBucket(func(name []byte) error {
		nb := outbox.Bucket(name).Bucket(bucketNotices)
		if nb == nil {
			return nil
		}
		return nb.ForEach(func(k, v []byte) error {
			var n record.Notice
			if err := json.Unmarshal(v, &n); err != nil {
				bad(fmt.Sprintf("notice %s of %s", seqName(k), name), err)
			}
			return nil
		})
	})
}

// seqName words a sequence key: its number, or its bytes when it is not
// one.
func seqName(k []byte) string {
	if len(k) == 8 {
		return fmt.Sprint(seqFromKey(k))
	}
	return fmt.Sprintf("%x", k)
}
