package store

import (
	"bufio"
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// childHold opens the database and holds it until its stdin closes.
func childHold(path string) error {
	db, err := Open(path, Options{})
	if err != nil {
		return err
	}
	defer db.Close()
	os.Stdout.WriteString("ready\n")
	_, err = io.Copy(io.Discard, os.Stdin)
	return err
}

// startChild runs the test binary in the given role on the database path.
func startChild(t *testing.T, role, path string) (*exec.Cmd, io.WriteCloser, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+role, "MORTAIN_STORE_DB="+path)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	return cmd, stdin, bufio.NewScanner(stdout)
}

func TestLockHeldByAnotherProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mortain.db")
	cmd, stdin, out := startChild(t, "hold", path)
	defer cmd.Process.Kill()
	require.True(t, out.Scan(), "the child opened the database")
	require.Equal(t, "ready", out.Text())

	start := time.Now()
	_, err := Open(path, Options{}) // the default timeout
	took := time.Since(start)
	require.ErrorIs(t, err, ErrInUse)
	assert.Contains(t, err.Error(), "in use by another process")
	assert.Contains(t, err.Error(), path)
	// It waited for the lock (an upper bound would only measure the
	// machine's load: the give-up is bbolt's timer, not ours).
	assert.GreaterOrEqual(t, took, DefaultLockTimeout-100*time.Millisecond)

	// Once the other process is gone, the database opens.
	stdin.Close()
	require.NoError(t, cmd.Wait())
	db, err := Open(path, Options{})
	require.NoError(t, err)
	require.NoError(t, db.Close())
}

func TestLockHeldInThisProcess(t *testing.T) {
	// bbolt locks with flock on its own file descriptor, so a second Open
	// in the same process blocks like another process would.
	db, path := openTemp(t, Options{})
	_, err := Open(path, Options{LockTimeout: 200 * time.Millisecond})
	require.ErrorIs(t, err, ErrInUse)
	require.NoError(t, db.Close())
	db2, err := Open(path, Options{LockTimeout: 200 * time.Millisecond})
	require.NoError(t, err)
	require.NoError(t, db2.Close())
}

// savedDB makes a closed database holding a few games with some history.
func savedDB(t *testing.T, games int) string {
	t.Helper()
	db, path := openTemp(t, Options{})
	for i := 0; i < games; i++ {
		key := record.Key{Guild: "g", Channel: string(rune('a' + i))}
		r := newRecord(key, uint64(i))
		play(t, r.Game, rules.NewRandomPlayer(uint64(i)), 150)
		require.NoError(t, db.Create(r))
	}
	require.NoError(t, db.Close())
	return path
}

func TestDamagedFilesAreRefusedAndKept(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	garbage := make([]byte, 64<<10)
	for i := range garbage {
		garbage[i] = byte(r.UintN(256))
	}
	cases := map[string]func(t *testing.T, path string){
		"garbage": func(t *testing.T, path string) {
			require.NoError(t, os.WriteFile(path, garbage, 0o600))
		},
		"text": func(t *testing.T, path string) {
			require.NoError(t, os.WriteFile(path, bytes.Repeat([]byte("token: abc\n"), 500), 0o600))
		},
		"empty": func(t *testing.T, path string) {
			require.NoError(t, os.WriteFile(path, nil, 0o600))
		},
		"truncated": func(t *testing.T, path string) {
			src := savedDB(t, 4)
			b, err := os.ReadFile(src)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(path, b[:len(b)/2], 0o600))
		},
		"truncated to its first pages": func(t *testing.T, path string) {
			b, err := os.ReadFile(savedDB(t, 1))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(path, b[:6000], 0o600))
		},
		"scribbled over": func(t *testing.T, path string) {
			b, err := os.ReadFile(savedDB(t, 4))
			require.NoError(t, err)
			// keep the meta pages, overwrite everything else
			copy(b[4*4096:], garbage)
			require.NoError(t, os.WriteFile(path, b, 0o600))
		},
		"another program's bbolt file": func(t *testing.T, path string) {
			bdb, err := bolt.Open(path, 0o600, nil)
			require.NoError(t, err)
			require.NoError(t, bdb.Update(func(tx *bolt.Tx) error {
				b, err := tx.CreateBucket([]byte("sessions"))
				if err != nil {
					return err
				}
				return b.Put([]byte("k"), []byte("v"))
			}))
			require.NoError(t, bdb.Close())
		},
	}
	for name, make := range cases {
		for _, deferred := range []bool{false, true} {
			name := name
			if deferred {
				name += ", walk deferred"
			}
			t.Run(name, func(t *testing.T) { refusedAndKept(t, make, deferred) })
		}
	}
}

// refusedAndKept checks that Open refuses the file make writes, and
// leaves it as it was.
func refusedAndKept(t *testing.T, make func(t *testing.T, path string), deferred bool) {
	{
		{
			path := filepath.Join(t.TempDir(), "mortain.db")
			make(t, path)
			before, err := os.ReadFile(path)
			require.NoError(t, err)
			db, err := Open(path, Options{LockTimeout: time.Second, DeferCheck: deferred})
			if err == nil && deferred {
				// Damage below the top-level buckets is left to the walk
				// of the snapshot (the bot runs it once it serves).
				err = db.CheckSnapshot()
				require.ErrorIs(t, err, record.ErrDamaged)
				db.Close()
				return
			}
			if err == nil {
				db.Close()
			}
			require.ErrorIs(t, err, record.ErrDamaged)
			t.Log(err)
			assert.Contains(t, err.Error(), "is not a Mortain database or is damaged")
			assert.Contains(t, err.Error(), path)
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(before, after), "the file is left untouched")
			// and it is not locked: a second attempt says the same
			_, err = Open(path, Options{LockTimeout: 100 * time.Millisecond, DeferCheck: deferred})
			assert.ErrorIs(t, err, record.ErrDamaged)
		}
	}
}

func TestNewerSchemaIsRefused(t *testing.T) {
	path := savedDB(t, 1)
	bdb, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, bdb.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(keySchema, []byte("7"))
	}))
	require.NoError(t, bdb.Close())
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	_, err = Open(path, Options{})
	require.ErrorIs(t, err, ErrTooNew)
	assert.Contains(t, err.Error(), "newer version of the program")
	assert.Contains(t, err.Error(), "schema 7")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(before, after), "the file is left untouched")
}

// A large file closed cleanly is not walked page by page at Open; one
// left open by a crash is.
func TestOpenChecksEveryPageOnlyAfterACrash(t *testing.T) {
	defer func(n int64) { checkAlwaysBelow = n }(checkAlwaysBelow)
	checkAlwaysBelow = 0 // every file counts as large
	path := savedDB(t, 2)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	assert.False(t, db.checked, "a file closed cleanly is not walked again")
	require.NoError(t, db.Close())

	// A crash leaves the in-use mark behind.
	crash := func() {
		bdb, err := bolt.Open(path, 0o600, nil)
		require.NoError(t, err)
		require.NoError(t, bdb.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keyInUse, []byte("1")) }))
		require.NoError(t, bdb.Close())
	}
	crash()
	db, err = Open(path, Options{DeferCheck: true})
	require.NoError(t, err)
	assert.False(t, db.checked, "the bot leaves the walk to CheckSnapshot, even after a crash")
	require.NoError(t, db.Close())
	crash()
	db, err = Open(path, Options{})
	require.NoError(t, err)
	assert.True(t, db.checked, "a file a crash left open is checked")
	require.NoError(t, db.Close())
}
