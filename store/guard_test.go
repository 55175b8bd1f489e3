package store

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// damagedKeys are the channels of damagedFile: bad's record page is
// damaged, badHistory's history page is, the others are sound.
var (
	goodKey       = record.Key{Guild: "g", Channel: "good"}
	badKey        = record.Key{Guild: "g", Channel: "bad"}
	badHistoryKey = record.Key{Guild: "g", Channel: "bad-history"}
	otherGuildKey = record.Key{Guild: "h", Channel: "other"}
)

// damagedFile writes a closed database with a game in each of the
// damagedKeys, then gives the page that holds bad's record, and the page
// of badHistory's history, a page type that does not exist (as a bad
// sector or a stray write would): bbolt panics on reading either.
func damagedFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mortain.db")
	db, err := Open(path, Options{})
	require.NoError(t, err)
	for i, key := range []record.Key{goodKey, badKey, badHistoryKey, otherGuildKey} {
		rec := newRecord(key, uint64(i+1))
		if key == badHistoryKey {
			// A history long enough to have a page of its own.
			play(t, rec.Game, rules.NewRandomPlayer(1), 150)
		}
		require.NoError(t, db.Create(rec))
	}
	require.NoError(t, db.Close())
	damagePages(t, path, func(tx *bolt.Tx) []uint64 {
		running := tx.Bucket(bucketRunning)
		return []uint64{
			uint64(running.Bucket([]byte(badKey.String())).Root()),
			uint64(running.Bucket([]byte(badHistoryKey.String())).Bucket(bucketHistory).Root()),
		}
	})
	return path
}

// damagePages overwrites the type of the pages pick returns (bbolt's page
// header: id 8 bytes, flags 2 bytes) in the closed database at path. Each
// page must be used by nothing else the test reads.
func damagePages(t *testing.T, path string, pick func(tx *bolt.Tx) []uint64) {
	t.Helper()
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	var pages []uint64
	var pageSize int64
	require.NoError(t, bdb.View(func(tx *bolt.Tx) error {
		pages = pick(tx)
		pageSize = int64(tx.DB().Info().PageSize)
		// No page is shared with a sound channel's bucket.
		for _, key := range []record.Key{goodKey, otherGuildKey} {
			own := uint64(tx.Bucket(bucketRunning).Bucket([]byte(key.String())).Root())
			for _, p := range pages {
				if p == 0 || p == own {
					return errors.New("the damaged page is not the channel's own")
				}
			}
		}
		return nil
	}))
	require.NoError(t, bdb.Close())
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	defer f.Close()
	for _, p := range pages {
		_, err := f.WriteAt([]byte{0xff, 0xff}, int64(p)*pageSize+8)
		require.NoError(t, err)
	}
}

// A damaged page a command reaches is an error, not a crash: the record
// on it gives a *DamagedFileError (which matches ErrDamaged), the others
// still read and change, and the database remembers the damage.
func TestADamagedPageIsAnErrorNotACrash(t *testing.T) {
	path := damagedFile(t)
	db, err := Open(path, Options{DeferCheck: true})
	require.NoError(t, err, "the damage is deep in the file: DeferCheck opens it")
	defer db.Close()
	require.NoError(t, db.Damaged(), "nothing read the damaged page yet")

	_, err = db.Get(badKey)
	var d *record.DamagedFileError
	require.ErrorAs(t, err, &d)
	assert.ErrorIs(t, err, record.ErrDamaged)
	assert.Contains(t, d.Cause, "unexpected type/flags", "bbolt's words")
	assert.Contains(t, err.Error(), "mortain doctor --db "+path, "the message says what to do")
	assert.Contains(t, string(d.Stack), "go.etcd.io/bbolt", "the stack shows where bbolt panicked")
	require.ErrorAs(t, db.Damaged(), &d, "the database remembers it")

	// Again, and through an update: still an error, and nothing changed.
	_, err = db.Get(badKey)
	assert.ErrorAs(t, err, &d)
	assert.ErrorAs(t, db.Update(badKey, func(*record.Record) error { return nil }), &d)
	_, err = db.History(badKey)
	assert.ErrorAs(t, err, &d)

	// The other channels read and change, on the same guild and another.
	for _, key := range []record.Key{goodKey, otherGuildKey} {
		rec, err := db.Get(key)
		require.NoError(t, err, key)
		require.NoError(t, db.Update(key, func(r *record.Record) error {
			return playOne(r.Game, rules.NewRandomPlayer(2))
		}), key)
		after := requireReplays(t, db, key)
		assert.Greater(t, len(after.Game.History), len(rec.Game.History), key)
	}
	keys, err := db.Running()
	require.NoError(t, err)
	assert.Len(t, keys, 4, "the list of games is on sound pages")
}

// A damaged page met inside a commit (the game's history, written by
// Update after its record was read) fails that commit alone: the other
// channels committing at the same time are written, and the writer lock is
// free again.
func TestADamagedPageInACommitFailsOnlyThatCommit(t *testing.T) {
	path := damagedFile(t)
	db, err := Open(path, Options{DeferCheck: true})
	require.NoError(t, err)
	defer db.Close()

	_, err = db.Get(badHistoryKey)
	require.NoError(t, err, "its record is on a sound page")
	var wg sync.WaitGroup
	errs := map[record.Key]error{}
	var mu sync.Mutex
	for _, key := range []record.Key{badHistoryKey, goodKey, otherGuildKey} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := db.Update(key, func(r *record.Record) error { return playOne(r.Game, rules.NewRandomPlayer(3)) })
			mu.Lock()
			errs[key] = err
			mu.Unlock()
		}()
	}
	wg.Wait()
	var d *record.DamagedFileError
	assert.ErrorAs(t, errs[badHistoryKey], &d)
	assert.NoError(t, errs[goodKey])
	assert.NoError(t, errs[otherGuildKey])
	require.ErrorAs(t, db.Damaged(), &d)
	requireReplays(t, db, goodKey)
	requireReplays(t, db, otherGuildKey)
	require.NoError(t, db.Close(), "the writer lock was released")
}

// A group whose transaction panics is rolled back and committed one by
// one: a panic in one function fails that function only.
func TestGroupCommitSurvivesAPanic(t *testing.T) {
	db, _ := openTemp(t, Options{})
	put := func(k string) func(tx *bolt.Tx) error {
		return func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put([]byte(k), []byte("1")) }
	}
	group := []*commitCall{
		{fn: put("a"), done: make(chan error, 1)},
		{fn: func(*bolt.Tx) error { panic("a bug") }, done: make(chan error, 1)},
		{fn: put("c"), done: make(chan error, 1)},
	}
	db.gc.run(group)
	assert.NoError(t, <-group[0].done)
	var p *record.PanicError
	if assert.ErrorAs(t, <-group[1].done, &p) {
		assert.Equal(t, "a bug", p.Value)
		assert.Contains(t, string(p.Stack), "TestGroupCommitSurvivesAPanic")
	}
	assert.NoError(t, <-group[2].done)
	assert.NoError(t, db.Damaged(), "a panic of this program's own code is not damage of the file")
	require.NoError(t, db.readTx(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketMeta).Get([]byte("a")) == nil || tx.Bucket(bucketMeta).Get([]byte("c")) == nil {
			return errors.New("the sound functions were not committed")
		}
		return nil
	}))
}

// A memory fault (a page beyond the end of the mapped file) under protect
// is an error, not the end of the program.
func TestAFaultIsDamage(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "short"))
	require.NoError(t, err)
	defer f.Close()
	page := os.Getpagesize()
	require.NoError(t, f.Truncate(int64(page)))
	// Two pages mapped over a one-page file: reading the second faults.
	mem, err := syscall.Mmap(int(f.Fd()), 0, 2*page, syscall.PROT_READ, syscall.MAP_SHARED)
	require.NoError(t, err)
	defer syscall.Munmap(mem)
	err = protect("short", func() error {
		faultSink = mem[page+1]
		return nil
	})
	var d *record.DamagedFileError
	require.ErrorAs(t, err, &d)
	assert.Contains(t, d.Cause, "outside the file")
}

// faultSink keeps the read of TestAFaultIsDamage.
var faultSink byte
