//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes a lock on f without waiting (flock, the lock bbolt takes:
// exclusive for a writer, shared for a reader). false when another open
// file holds a lock that conflicts.
func tryLock(f *os.File, exclusive bool) (bool, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}
