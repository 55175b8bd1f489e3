package store

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// flipBase is a small closed database with games (and its page size), the
// file the damage tests flip bits of.
func flipBase(t *testing.T) ([]byte, int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "base.db")
	gamesDB(t, path, 6)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b, os.Getpagesize()
}

// useDamaged opens the database at path and reads everything in it, as the
// tools do: a fault in the file must come back as an error naming the
// file, never as a crash of the process.
func useDamaged(t *testing.T, path string) error {
	t.Helper()
	db, err := Open(path, Options{})
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		return err
	}
	keys, err := db.Running()
	if err != nil {
		return err
	}
	for _, k := range keys {
		if _, err := db.Get(k); err != nil {
			return err
		}
	}
	return nil
}

// One bit flipped in bytes 16-63 of a page (the page's first element
// headers) made the page walk fault on its own goroutine, which ended the
// program. Every flip is now an error naming the file, or no harm.
func TestFlippedPageHeaderBitsAreDamageNotCrashes(t *testing.T) {
	base, pageSize := flipBase(t)
	pages := len(base) / pageSize
	flips := 120
	if longTests() {
		flips = 1500
	}
	r := rand.New(rand.NewPCG(31, 5))
	dir := t.TempDir()
	refused := 0
	for i := 0; i < flips; i++ {
		page := 2 + r.IntN(pages-2) // not the meta pages (their checksum catches it)
		at := page*pageSize + 16 + r.IntN(48)
		b := append([]byte(nil), base...)
		b[at] ^= 1 << r.IntN(8)
		path := filepath.Join(dir, "flip.db")
		require.NoError(t, os.WriteFile(path, b, 0o600))
		if err := useDamaged(t, path); errors.Is(err, record.ErrSetAside) {
			refused++ // the flip landed in a record: that game was set aside
		} else if err != nil {
			refused++
			assert.Contains(t, err.Error(), path, "flip at byte %d", at)
			assert.NotContains(t, err.Error(), "panic:", "flip at byte %d", at)
		}
		os.Remove(path)
	}
	t.Logf("%d of %d flips refused with a message, the others did no harm", refused, flips)
}

// A backup cut short is refused by Restore with a message, not a bus
// error: bbolt would map the pages its meta page names beyond the end.
func TestATruncatedBackupIsRefused(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.db")
	gamesDB(t, full, 12)
	b, err := os.ReadFile(full)
	require.NoError(t, err)
	f, err := os.Open(full)
	require.NoError(t, err)
	m, err := readMeta(f, 0)
	f.Close()
	require.NoError(t, err)
	need := int(m.pgid) * int(m.pageSize) // the file's pages end here; bbolt grows it beyond
	path := filepath.Join(dir, "live.db")
	gamesDB(t, path, 1)
	for _, size := range []int{1, 100, 4096, need / 11, need / 4, need / 2, need * 3 / 4, need - 4096, need - 1} {
		cut := filepath.Join(dir, "cut.db")
		require.NoError(t, os.WriteFile(cut, b[:size], 0o600))
		_, err := Restore(cut, path)
		require.Error(t, err, "cut at %d of %d", size, len(b))
		assert.Contains(t, err.Error(), "nothing was changed")
		assert.True(t, strings.Contains(err.Error(), "truncated") || strings.Contains(err.Error(), "not a Mortain database") ||
			strings.Contains(err.Error(), "damaged"), "cut at %d: %v", size, err)
	}
	assert.Len(t, runningAt(t, path), 1)
}
