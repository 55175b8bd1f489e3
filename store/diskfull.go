package store

import (
	"errors"
	"fmt"
	"syscall"
)

// ErrDiskFull is matched by the errors of a write that found no space left
// on the disk that holds the database (a *DiskFullError): nothing was
// written, and what was stored stays as it was.
var ErrDiskFull = errors.New("the disk is full")

// DiskFullError is a write to the database at Path that failed because its
// disk is full. It matches ErrDiskFull.
type DiskFullError struct {
	Path string
	Err  error
}

// Error says that the disk is full, that nothing was saved, and what to
// do.
func (e *DiskFullError) Error() string {
	return fmt.Sprintf("the disk that holds the database %s is full (%v): nothing was saved; free some space on it", e.Path, e.Err)
}

// Is makes errors.Is(err, ErrDiskFull) hold.
func (e *DiskFullError) Is(target error) bool { return target == ErrDiskFull }

// Unwrap returns the error of the write.
func (e *DiskFullError) Unwrap() error { return e.Err }

// diskFull turns the error of a write to the database into a
// *DiskFullError when the disk is full (or the user's quota spent).
func (db *DB) diskFull(err error) error {
	var full *DiskFullError
	if errors.As(err, &full) || !errors.Is(err, syscall.ENOSPC) && !errors.Is(err, syscall.EDQUOT) {
		return err
	}
	return &DiskFullError{Path: db.path, Err: err}
}
