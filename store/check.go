package store

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// CheckSnapshot walks every page of a consistent copy of the database
// while it stays in use, and returns the first fault found (wrapping
// ErrDamaged), or nil. The copy is written by one read transaction
// (Tx.WriteTo, the raw pages as they are on disk) into a temporary file
// beside the database, walked in a child process (walkFile) and removed
// afterwards: bbolt's page walk reads the free list without a lock, so it
// must not run on a file being written, and the copy has no writer. It
// needs free space for one copy of the file: on a full disk it fails with
// a *DiskFullError, having found nothing. A database opened ReadOnly
// has no writer: its file is walked as it is.
func (db *DB) CheckSnapshot() error {
	if err := db.enter(); err != nil {
		return err
	}
	if db.readOnly {
		defer db.leave()
		return db.walkFile(db.path)
	}
	snap, err := db.snapshot()
	db.leave() // the walk below does not need the database
	if err != nil {
		return err
	}
	defer snap.Close()
	defer os.Remove(snap.Name())
	return db.walkFile(snap.Name())
}

// walkFile walks the file at path, a copy of the database or the database
// itself, and words a fault for the database.
func (db *DB) walkFile(path string) error {
	var ws *walkStartError
	if err := walkFile(path); errors.As(err, &ws) {
		return fmt.Errorf("checking the database %s: %w", db.path, err)
	} else if err != nil {
		return fmt.Errorf("database %s %w: %v", db.path, record.ErrDamaged, err)
	}
	return nil
}

// snapshot writes a consistent copy of the database to a temporary file
// beside it (".NAME.check-*"), which the caller closes and removes; the
// file stays open, locked (shared), so that cleanTemps leaves it alone.
func (db *DB) snapshot() (*os.File, error) {
	tmp, err := os.CreateTemp(filepath.Dir(db.path), "."+filepath.Base(db.path)+".check-*")
	if err != nil {
		return nil, fmt.Errorf("checking the database %s: a copy to check: %w", db.path, db.diskFull(err))
	}
	if _, err = tryLock(tmp, false); err == nil {
		w := &firstError{w: tmp}
		err = db.readTx(func(tx *bolt.Tx) error {
			_, err := tx.WriteTo(w)
			return err
		})
		if w.err != nil {
			err = w.err // bbolt words it without wrapping it
		}
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, fmt.Errorf("checking the database %s: a copy to check: %w", db.path, db.diskFull(err))
	}
	return tmp, nil
}

// firstError writes to w and keeps the first error of a write.
type firstError struct {
	w   io.Writer
	err error
}

func (f *firstError) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}
