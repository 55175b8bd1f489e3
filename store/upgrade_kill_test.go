package store

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// childUpgrade opens a file of an older schema and stops for good while
// the copy kept before the upgrade is being synced, after printing
// "copying": the parent kills it there.
func childUpgrade(path string) error {
	syncFile = func(f *os.File) error {
		fmt.Println("copying")
		select {}
	}
	_, err := Open(path, Options{})
	return fmt.Errorf("the upgrade ended: %v", err)
}

// A kill during the copy kept before an upgrade left its temporary file
// (the size of the database) for good: the next start removes it, says
// so, and upgrades the file.
func TestAKillDuringThePreUpgradeCopyLeavesNothingBehind(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.db")
	writeSchema0(t, path, fixtureRecords(t))
	cmd, stdin, out := startChild(t, "upgrade", path)
	defer stdin.Close()
	require.True(t, out.Scan(), "the child began the copy")
	require.Equal(t, "copying", out.Text())
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	cmd.Wait()
	left, err := filepath.Glob(filepath.Join(dir, ".old.db.schema0.bak.tmp-*"))
	require.NoError(t, err)
	require.Len(t, left, 1, "the kill left the unfinished copy")

	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	assert.Contains(t, db.Removed(), left[0], "removed, and said")
	_, err = os.Stat(left[0])
	assert.True(t, os.IsNotExist(err), "%s is gone", left[0])
	_, err = os.Stat(path + ".schema0.bak")
	assert.NoError(t, err, "the copy before the upgrade is kept")
	running, err := db.Running()
	require.NoError(t, err)
	assert.Len(t, running, len(fixtureRecords(t)))
}
