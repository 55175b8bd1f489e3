package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gamesDB writes a closed database with n games at path.
func gamesDB(t *testing.T, path string, n int) {
	t.Helper()
	db, err := Open(path, Options{})
	require.NoError(t, err)
	for i := 0; i < n; i++ {
		require.NoError(t, db.Create(newRecord(record.Key{Guild: "g", Channel: fmt.Sprint(i)}, uint64(i))))
	}
	require.NoError(t, db.Close())
}

// running lists the games of the database at path.
func runningAt(t *testing.T, path string) []record.Key {
	t.Helper()
	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	keys, err := db.Running()
	require.NoError(t, err)
	return keys
}

// Two restores in a row keep both replaced files under names of their own:
// the first one, the original, is not overwritten by the second.
func TestRestoreKeepsEveryReplacedFile(t *testing.T) {
	dir := t.TempDir()
	path, b1, b2 := filepath.Join(dir, "x.db"), filepath.Join(dir, "b1.db"), filepath.Join(dir, "b2.db")
	gamesDB(t, path, 3)
	gamesDB(t, b1, 1)
	gamesDB(t, b2, 2)
	original, err := os.ReadFile(path)
	require.NoError(t, err)

	kept1, err := Restore(b1, path)
	require.NoError(t, err)
	kept2, err := Restore(b2, path)
	require.NoError(t, err)
	assert.NotEqual(t, kept1, kept2)
	first, err := os.ReadFile(kept1)
	require.NoError(t, err)
	assert.Equal(t, original, first, "the first replaced file is the original")
	assert.Len(t, runningAt(t, kept2), 1, "the second replaced file is the first backup")
	assert.Len(t, runningAt(t, path), 2)
	names, _ := filepath.Glob(path + ".replaced-*")
	assert.Len(t, names, 2)
}

// A restore onto the database itself is refused and changes nothing; a
// backup that is no database is refused with a plain message.
func TestRestoreRefusesItselfAndNonDatabases(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "self.db")
	gamesDB(t, path, 2)
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	_, err = Restore(path, path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is the database itself")
	require.NoError(t, os.Symlink(path, filepath.Join(dir, "link.db")))
	_, err = Restore(filepath.Join(dir, "link.db"), path)
	require.Error(t, err, "the same file under another name")

	empty := filepath.Join(dir, "empty.db")
	require.NoError(t, os.WriteFile(empty, nil, 0o600))
	for _, bad := range []string{empty, dir} {
		_, err = Restore(bad, path)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "not a Mortain database", bad)
		assert.NotContains(t, err.Error(), "bad file descriptor")
	}
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after)
	names, _ := filepath.Glob(filepath.Join(dir, "*replaced*"))
	assert.Empty(t, names)
}

// childRestore restores the backup at from onto path, and stops at each
// stage of the restore: it prints the stage and waits for a line on stdin.
// The parent kills it at one of them.
func childRestore(from, path string) error {
	in := bufio.NewReader(os.Stdin)
	restoreStage = func(stage string) {
		fmt.Println(stage)
		in.ReadString('\n')
	}
	for {
		if _, err := Restore(from, path); err != nil {
			return err
		}
		restoreStage("restored")
	}
}

// restoreStages are the stages of a restore, in order.
var restoreStages = []string{"locked", "written", "copied", "kept", "restored"}

// A restore killed at any of its stages leaves a database at its path (the
// old one or the new one), never none: the new file goes in place by one
// rename, once it is complete and checked.
func TestAKilledRestoreLeavesADatabase(t *testing.T) {
	dir := t.TempDir()
	path, backup := filepath.Join(dir, "live.db"), filepath.Join(dir, "backup.db")
	gamesDB(t, path, 3)
	gamesDB(t, backup, 40)
	for _, stop := range restoreStages {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"=restore", "MORTAIN_STORE_DB="+path, "MORTAIN_STORE_BACKUP="+backup)
		cmd.Stderr = os.Stderr
		stdin, err := cmd.StdinPipe()
		require.NoError(t, err)
		stdout, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		out := bufio.NewScanner(stdout)
		for {
			require.True(t, out.Scan(), "the child reports its stages")
			if out.Text() == stop {
				break
			}
			fmt.Fprintln(stdin)
		}
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		cmd.Wait()
		_, err = os.Stat(path)
		require.NoError(t, err, "killed at %s: the database is in place", stop)
		keys := runningAt(t, path)
		want := 3
		if stop == "restored" {
			want = 40
		}
		assert.Len(t, keys, want, "killed at %s", stop)
	}
	temps, _ := filepath.Glob(filepath.Join(dir, ".live.db.tmp-*"))
	assert.Empty(t, temps, "Open removed what the killed restores left")
}

// A database that is missing while a restore's files lie beside it is
// reported, not replaced by an empty one.
func TestAMissingDatabaseWithLeftoversIsReported(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	gamesDB(t, path, 1)
	require.NoError(t, os.Rename(path, path+".replaced-20260101T000000Z"))
	_, err := Open(path, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is missing")
	assert.Contains(t, err.Error(), "mortain restore")
	_, err = os.Stat(path)
	assert.True(t, os.IsNotExist(err), "no empty database was made")

	require.NoError(t, os.Rename(path+".replaced-20260101T000000Z", filepath.Join(dir, ".live.db.tmp-123")))
	_, err = Open(path, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), ".live.db.tmp-123")
}

// backup refuses an OUT that exists unless forced, and never replaces the
// database itself or a database in use; it writes OUT only by rename.
func TestBackupToNeverReplacesADatabaseInUse(t *testing.T) {
	dir := t.TempDir()
	path, other := filepath.Join(dir, "live.db"), filepath.Join(dir, "other.db")
	gamesDB(t, path, 2)
	gamesDB(t, other, 1)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	held, err := Open(other, Options{})
	require.NoError(t, err)
	defer held.Close()

	for _, force := range []bool{false, true} {
		_, err = BackupTo(context.Background(), path, path, force, Options{})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "is the database itself")
		_, err = BackupTo(context.Background(), path, other, force, Options{})
		require.Error(t, err, "force %v", force)
	}
	assert.Contains(t, err.Error(), "in use")
	// Both still work: nothing was written under them.
	require.NoError(t, db.Create(newRecord(record.Key{Guild: "g", Channel: "new"}, 9)))
	require.NoError(t, held.Create(newRecord(record.Key{Guild: "g", Channel: "new"}, 9)))
	require.NoError(t, db.Close())
	require.NoError(t, held.Close())
	assert.Len(t, runningAt(t, path), 3)
	assert.Len(t, runningAt(t, other), 2)

	// A plain file is replaced only with force.
	out := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(out, []byte("keep me"), 0o600))
	_, err = BackupTo(context.Background(), path, out, false, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--force")
	data, _ := os.ReadFile(out)
	assert.Equal(t, "keep me", string(data))
	_, err = BackupTo(context.Background(), path, out, true, Options{})
	require.NoError(t, err)
	assert.Len(t, runningAt(t, out), 3)
}

// The temporary files a killed backup left are removed by the next backup
// to the same file, and said; those of the database by Open.
func TestLeftoverTemporaryFilesAreRemoved(t *testing.T) {
	dir := t.TempDir()
	path, out := filepath.Join(dir, "live.db"), filepath.Join(dir, "copy.db")
	gamesDB(t, path, 1)
	stale := filepath.Join(dir, ".copy.db.tmp-4242")
	require.NoError(t, os.WriteFile(stale, []byte(strings.Repeat("x", 5000)), 0o600))
	res, err := BackupTo(context.Background(), path, out, false, Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{stale}, res.Removed)
	_, err = os.Stat(stale)
	assert.True(t, os.IsNotExist(err))

	stale = filepath.Join(dir, ".live.db.check-77")
	require.NoError(t, os.WriteFile(stale, []byte("x"), 0o600))
	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	assert.Equal(t, []string{stale}, db.Removed())
	// One being written (locked) is left alone.
	tmp, err := newTemp(out)
	require.NoError(t, err)
	defer tmp.discard()
	assert.Empty(t, cleanTemps(out))
}
