package store

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// silentHolder listens on the socket of the database at path as a
// process that holds it but never answers (stopped, or hung) would: the
// connections are accepted (as the kernel does for a stopped process) and
// never written to. Each accepted connection is sent on the channel.
func silentHolder(t *testing.T, path string) <-chan net.Conn {
	t.Helper()
	ln, err := net.Listen("unix", SocketPath(path))
	require.NoError(t, err)
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		for len(accepted) > 0 {
			(<-accepted).Close()
		}
	})
	return accepted
}

// closedDatabase is a database file that no process has open.
func closedDatabase(t *testing.T) string {
	t.Helper()
	db, path := openTemp(t, Options{})
	require.NoError(t, db.Create(newRecord(record.Key{Guild: "g", Channel: "c"}, 1)))
	require.NoError(t, db.Close())
	return path
}

// tempsBeside lists the temporary files beside out.
func tempsBeside(t *testing.T, out string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".tmp-*"))
	require.NoError(t, err)
	return names
}

// A process that holds the database's socket but never answers made
// backup wait for ever: it gives up after its wait, says why and what to
// do, writes nothing and leaves no temporary file.
func TestBackupGivesUpOnAHolderThatNeverAnswers(t *testing.T) {
	path := closedDatabase(t)
	silentHolder(t, path)
	out := filepath.Join(t.TempDir(), "copy.db")
	_, err := BackupTo(context.Background(), path, out, false, Options{LockTimeout: 200 * time.Millisecond})
	require.ErrorIs(t, err, ErrNoAnswer)
	assert.Contains(t, err.Error(), "sent nothing on its socket "+SocketPath(path))
	assert.Contains(t, err.Error(), "it may be stopped")
	_, serr := os.Stat(out)
	assert.True(t, os.IsNotExist(serr), "nothing written at %s", out)
	assert.Empty(t, tempsBeside(t, out))
}

// A backup waiting for a holder stops when its context ends (Ctrl-C,
// SIGTERM), and removes its temporary file.
func TestBackupStopsWhenItsContextEnds(t *testing.T) {
	path := closedDatabase(t)
	accepted := silentHolder(t, path)
	out := filepath.Join(t.TempDir(), "copy.db")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		// A wait far longer than the test: only the context can end it.
		_, err := BackupTo(ctx, path, out, false, Options{LockTimeout: time.Hour})
		done <- err
	}()
	<-accepted
	require.Eventually(t, func() bool { return len(tempsBeside(t, out)) == 1 }, time.Minute, time.Millisecond, "the copy has begun")
	cancel()
	err := <-done
	require.ErrorIs(t, err, context.Canceled)
	_, serr := os.Stat(out)
	assert.True(t, os.IsNotExist(serr), "nothing written at %s", out)
	assert.Empty(t, tempsBeside(t, out), "the temporary file is removed")
}
