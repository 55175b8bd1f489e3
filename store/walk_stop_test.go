package store

import (
	"errors"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Ctrl-C reaches the helper that walks the pages too: a helper stopped so
// was reported as "a page is so damaged that reading it stops the
// reader", and doctor told the operator to put a backup in place. A
// helper ended by a signal someone sends tells nothing about the file;
// one that faults does.
func TestAWalkStoppedFromOutsideIsNoFinding(t *testing.T) {
	path := filepath.Join(t.TempDir(), "held.db")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		cmd, stdin, out := startChild(t, "hold", path)
		require.True(t, out.Scan(), "the helper runs")
		require.NoError(t, cmd.Process.Signal(sig))
		err := cmd.Wait()
		stdin.Close()
		var exit *exec.ExitError
		require.True(t, errors.As(err, &exit), "%v", err)
		assert.True(t, stoppedFromOutside(exit), "ended by %v", sig)
		ws := &walkStartError{err: err, stopped: true}
		assert.Contains(t, ws.Error(), "was stopped")
		assert.Contains(t, ws.Error(), "nothing was found")
		assert.NotErrorIs(t, walkFault(path, ws), record.ErrDamaged)
	}
	// A helper that ended on its own, failing, is a finding.
	cmd, stdin, _ := startChild(t, "no such role", path)
	err := cmd.Wait()
	stdin.Close()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "%v", err)
	assert.False(t, stoppedFromOutside(exit))
}
