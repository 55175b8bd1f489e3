package store

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

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
// stays in use: to a temporary file beside it, synced, then renamed, so
// path holds either the old copy or the whole new one.
func (db *DB) BackupFile(path string) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	if err := db.backupFile(path); err != nil {
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	return nil
}

// backupFile writes the copy BackupFile describes (the caller has entered
// the database, or is opening it).
func (db *DB) backupFile(path string) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	err = db.readTx(func(tx *bolt.Tx) error {
		_, err := tx.WriteTo(tmp)
		return err
	})
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o600)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // make the rename durable where the platform allows
		d.Close()
	}
	return nil
}
