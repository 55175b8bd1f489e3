package store

import (
	"errors"
	"syscall"

	"github.com/mortain/mortain/store/record"
)

// diskFull turns the error of a write to the database into a
// *DiskFullError when the disk is full (or the user's quota spent).
func (db *DB) diskFull(err error) error {
	var full *record.DiskFullError
	if errors.As(err, &full) || !errors.Is(err, syscall.ENOSPC) && !errors.Is(err, syscall.EDQUOT) {
		return err
	}
	return &record.DiskFullError{Path: db.path, Err: err}
}
