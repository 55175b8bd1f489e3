package store

import (
	"fmt"
	"io"

	bolt "go.etcd.io/bbolt"
)

// Backup writes a consistent copy of the whole database to w while it
// stays in use. The copy is a database file: to restore, point the
// configuration at it.
func (db *DB) Backup(w io.Writer) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	return db.readTx(func(tx *bolt.Tx) error {
		_, err := tx.WriteTo(w)
		return err
	})
}

// BackupFile writes a consistent copy of the database to path while it
// stays in use: to a temporary file beside it, synced and checked, then
// renamed, so path holds either the old copy or the whole new one. It
// refuses the database's own file.
func (db *DB) BackupFile(path string) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	if sameFile(db.path, path) {
		return fmt.Errorf("backup to %s: it is the database itself: give another file", path)
	}
	if err := db.copyTo(path, true); err != nil {
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	return nil
}

// copyTo writes the copy BackupFile describes, replacing path when replace
// is set, else only if it does not exist (the caller has entered the
// database, or is opening it).
func (db *DB) copyTo(path string, replace bool) error {
	return writeCopy(path, replace, func(w io.Writer) error {
		return db.readTx(func(tx *bolt.Tx) error {
			_, err := tx.WriteTo(w)
			return err
		})
	})
}
