package store

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"

	bolt "go.etcd.io/bbolt"
)

// CheckSnapshot walks every page of a consistent copy of the database
// while it stays in use, and returns the first fault found (wrapping
// ErrDamaged), or nil. The copy is written by one read transaction
// (Tx.WriteTo, the raw pages as they are on disk) into a temporary file
// beside the database, and removed afterwards: bbolt's page walk reads the
// free list without a lock, so it must not run on a file being written,
// and the copy has no writer. It needs free space for one copy of the
// file.
func (db *DB) CheckSnapshot() error {
	if err := db.enter(); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(db.path), "."+filepath.Base(db.path)+".check-*")
	if err != nil {
		db.leave()
		return fmt.Errorf("checking the database %s: a copy to check: %w", db.path, err)
	}
	defer os.Remove(tmp.Name())
	err = db.readTx(func(tx *bolt.Tx) error {
		_, err := tx.WriteTo(tmp)
		return err
	})
	db.leave() // the walk below does not need the database
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("checking the database %s: a copy to check: %w", db.path, err)
	}
	if err := checkFile(tmp.Name()); err != nil {
		return fmt.Errorf("database %s %w: %v", db.path, ErrDamaged, err)
	}
	return nil
}

// checkFile walks every page of the bbolt file at path, which nothing
// else has open; a fault that would crash the reader becomes an error.
func checkFile(path string) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("reading it failed: %v", r)
		}
	}()
	if err := checkMeta(path); err != nil {
		return err
	}
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, FreelistType: bolt.FreelistMapType})
	if err != nil {
		return err
	}
	defer bdb.Close()
	return bdb.View(func(tx *bolt.Tx) error {
		for e := range tx.Check() {
			return e
		}
		return nil
	})
}
