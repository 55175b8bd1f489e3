package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// Sharding: a bot process serves one Discord shard and keeps its own
// database. A guild belongs to shard (guild_id >> 22) % count, Discord's
// rule, and its games, archive, players' records, outbox and damaged
// records live in that shard's database. Data with no Discord guild (local
// play's "local") belongs to shard 0. Reshard moves everything to the
// databases of a new count.

// ShardOf returns the shard of a guild among count: (id >> 22) % count.
// A guild that is not a Discord id, and any guild when count is 1 or
// less, is on shard 0.
func ShardOf(guild string, count int) int {
	if count <= 1 {
		return 0
	}
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// ShardPath is the database of shard id among count, for the configured
// path: path itself when count is 1 or less, else the shard's own file
// beside it, "mortain.shard-2-of-4.db" for "mortain.db".
func ShardPath(path string, id, count int) string {
	if count <= 1 {
		return path
	}
	ext := filepath.Ext(path)
	if ext == filepath.Base(path) { // ".mortain": a name, not an extension
		ext = ""
	}
	return fmt.Sprintf("%s.shard-%d-of-%d%s", strings.TrimSuffix(path, ext), id, count, ext)
}

// ShardPaths lists the databases of every shard among count (ShardPath).
func ShardPaths(path string, count int) []string {
	out := make([]string, max(count, 1))
	for i := range out {
		out[i] = ShardPath(path, i, count)
	}
	return out
}

// ShardCounts is what one shard's database holds after Reshard.
type ShardCounts struct {
	Path     string
	Games    int // running games
	Archived int // finished games
	Guilds   int // guilds with players' records
	Outboxes int // channels with posts to deliver
	Damaged  int // channels with records set aside as damaged
}

// Reshard copies every record of the databases from (one per shard of the
// old count, in shard order) into new databases to (one per shard of the
// new count): each guild's games, archive, players' records, outbox and
// damaged records go to the database of ShardOf(guild, len(to)); what has
// no Discord guild goes to the first. The old files are not changed
// (but for the upgrade of an older schema, which Open makes and keeps a
// copy before).
//
// It refuses (and writes nothing) when a database of from is missing or
// in use by another process (ErrInUse), or when one of to exists. The new
// databases are written beside their names and renamed into place only
// once every record was copied and counted, so an error leaves none of
// them.
func Reshard(from, to []string, opts Options) ([]ShardCounts, error) {
	if len(from) == 0 || len(to) == 0 {
		return nil, errors.New("reshard: give the old databases and the new ones")
	}
	seen := map[string]bool{}
	for _, p := range from {
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("reshard: the database %s: %w: check the path and the old shard count", p, err)
		}
		seen[filepath.Clean(p)] = true
	}
	for _, p := range to {
		if seen[filepath.Clean(p)] {
			return nil, fmt.Errorf("reshard: %s is both an old and a new database: the new ones must be other files", p)
		}
		seen[filepath.Clean(p)] = true
		if _, err := os.Lstat(p); err == nil {
			return nil, fmt.Errorf("reshard: %s already exists: move it away (it may be from an earlier reshard) and run again", p)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("reshard: %w", err)
		}
	}
	var srcs []*DB
	defer func() {
		for _, db := range srcs {
			db.Close()
		}
	}()
	for _, p := range from {
		db, err := Open(p, opts)
		if err != nil {
			if errors.Is(err, ErrInUse) {
				return nil, fmt.Errorf("reshard: %w: stop every bot process before resharding", err)
			}
			return nil, fmt.Errorf("reshard: %w", err)
		}
		srcs = append(srcs, db)
	}
	tmps := make([]string, len(to))
	dsts := make([]*DB, len(to))
	cleanup := func() {
		for i, db := range dsts {
			if db != nil {
				db.Close()
			}
			os.Remove(tmps[i])
		}
	}
	for i, p := range to {
		tmps[i] = p + ".reshard-tmp"
		os.Remove(tmps[i]) // left by an interrupted run
		db, err := Open(tmps[i], opts)
		if err != nil {
			cleanup()
			return nil, fmt.Errorf("reshard: creating %s: %w", p, err)
		}
		dsts[i] = db
	}
	counts := make([]ShardCounts, len(to))
	for i := range counts {
		counts[i].Path = to[i]
	}
	var copied, found int
	for _, src := range srcs {
		n, err := reshardOne(src, dsts, counts)
		if err != nil {
			cleanup()
			return nil, fmt.Errorf("reshard: copying %s: %w", src.path, err)
		}
		copied += n
		c, err := src.leaves()
		if err != nil {
			cleanup()
			return nil, fmt.Errorf("reshard: counting %s: %w", src.path, err)
		}
		found += c
	}
	total := 0
	for _, db := range dsts {
		c, err := db.leaves()
		if err != nil {
			cleanup()
			return nil, fmt.Errorf("reshard: counting %s: %w", db.path, err)
		}
		total += c
	}
	// Every stored value but the meta data is in exactly one new file.
	if copied != found || total != found {
		cleanup()
		return nil, fmt.Errorf("reshard: %d values in the old databases but %d copied and %d in the new ones; nothing was written", found, copied, total)
	}
	for i, db := range dsts {
		err := db.Close()
		dsts[i] = nil
		if err != nil {
			cleanup()
			return nil, fmt.Errorf("reshard: writing %s: %w", to[i], err)
		}
	}
	for i := range to {
		if err := os.Rename(tmps[i], to[i]); err != nil {
			return nil, fmt.Errorf("reshard: %w (the new databases before it are in place; remove them and run again)", err)
		}
	}
	return counts, nil
}

// reshardOne copies every record of src to the database of its shard in
// dsts, in one transaction per new database, and returns the number of
// values copied.
func reshardOne(src *DB, dsts []*DB, counts []ShardCounts) (int, error) {
	copied := 0
	// Only src's pages are read: a panic on a damaged one passes through
	// dst's bbolt Update (which rolls back) to src.readTx, which reports
	// it for src.
	err := src.readTx(func(stx *bolt.Tx) error {
		for i, dst := range dsts {
			err := dst.bolt.Update(func(dtx *bolt.Tx) error {
				return stx.ForEach(func(name []byte, sb *bolt.Bucket) error {
					if bytes.Equal(name, bucketMeta) {
						return nil
					}
					db, err := dtx.CreateBucketIfNotExists(name)
					if err != nil {
						return err
					}
					// Sequences number notices and archived games: the
					// new file continues after the largest, so that
					// nonces never repeat.
					if sb.Sequence() > db.Sequence() {
						if err := db.SetSequence(sb.Sequence()); err != nil {
							return err
						}
					}
					return sb.ForEach(func(k, v []byte) error {
						if reshardTarget(name, k, len(dsts)) != i {
							return nil
						}
						n, err := copyEntry(sb, db, k, v)
						copied += n
						if err != nil || v != nil {
							return err
						}
						c := &counts[i]
						switch {
						case bytes.Equal(name, bucketRunning):
							c.Games++
						case bytes.Equal(name, bucketArchive):
							c.Archived += bucketLen(sb.Bucket(k))
						case bytes.Equal(name, bucketStats):
							c.Guilds++
						case bytes.Equal(name, bucketOutbox):
							c.Outboxes++
						case bytes.Equal(name, bucketDamaged):
							c.Damaged++
						}
						return nil
					})
				})
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	return copied, err
}

// reshardTarget is the new shard of the entry k of the top-level bucket
// named bucket: keyed by "guild/channel" (running, outbox, damaged), by
// guild (archive, stats), by "guild/user/channel" (seats) or by a time
// and "guild/channel" (due); anything else on shard 0.
func reshardTarget(bucket, k []byte, count int) int {
	if bytes.Equal(bucket, bucketDue) && len(k) > 8 {
		k = k[8:] // the time, then "guild/channel"
	}
	guild, _, _ := strings.Cut(string(k), "/")
	return ShardOf(guild, count)
}

// copyEntry copies the value or bucket k of src into dst and returns the
// number of values copied.
func copyEntry(src, dst *bolt.Bucket, k, v []byte) (int, error) {
	if v != nil {
		return 1, dst.Put(bytes.Clone(k), bytes.Clone(v))
	}
	sub, err := dst.CreateBucket(bytes.Clone(k))
	if err != nil {
		return 0, err
	}
	sb := src.Bucket(k)
	if err := copyBucket(sb, sub); err != nil {
		return 0, err
	}
	if err := sub.SetSequence(sb.Sequence()); err != nil {
		return 0, err
	}
	n, err := countLeaves(sb)
	return n, err
}

// bucketLen is the number of buckets in b itself (an archive's games,
// not its side counts).
func bucketLen(b *bolt.Bucket) int {
	n := 0
	if b != nil {
		b.ForEachBucket(func(_ []byte) error { n++; return nil })
	}
	return n
}

// leaves counts the values (not buckets) of every bucket of the file but
// the meta data.
func (db *DB) leaves() (int, error) {
	n := 0
	err := db.readTx(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			if bytes.Equal(name, bucketMeta) {
				return nil
			}
			c, err := countLeaves(b)
			n += c
			return err
		})
	})
	return n, err
}

// countLeaves counts the values in b and its nested buckets.
func countLeaves(b *bolt.Bucket) (int, error) {
	n := 0
	err := b.ForEach(func(k, v []byte) error {
		if v != nil {
			n++
			return nil
		}
		c, err := countLeaves(b.Bucket(k))
		n += c
		return err
	})
	return n, err
}
