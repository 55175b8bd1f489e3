package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Live backups: the database file is locked by the process that has it
// open (the bot, local play), so another process cannot read it. That
// process therefore answers backup requests on a control socket beside the
// file (SocketPath: FILE.sock, mode 0600): each connection gets the size
// of a consistent snapshot (8 bytes, big-endian) and the snapshot itself,
// written from one read transaction (bbolt's Tx.WriteTo) while the games
// go on. BackupTo uses the socket when a process answers on it, and reads
// the file itself otherwise.

// SocketPath is the control socket of the database at path.
func SocketPath(path string) string { return path + ".sock" }

// maxSocketPath is the longest path a Unix socket may have here.
const maxSocketPath = 104

// backupServer answers the backup requests of a database.
type backupServer struct {
	ln   net.Listener
	path string
	wg   sync.WaitGroup
}

// serveBackups starts answering backup requests on the database's
// socket. A socket file left by a process that crashed is replaced (the
// caller holds the database's lock, so nobody else serves it). Nothing is
// served, without error, where a socket cannot be made (a path too long
// for one).
func (db *DB) serveBackups() error {
	path := SocketPath(db.path)
	if len(path) > maxSocketPath {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("removing the stale backup socket %s: %w", path, err)
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return fmt.Errorf("the backup socket %s: %w", path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return fmt.Errorf("the backup socket %s: %w", path, err)
	}
	s := &backupServer{ln: ln, path: path}
	db.backups = s
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			conn, err := ln.Accept()
			if err != nil {
				return // closed
			}
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				defer conn.Close()
				db.sendSnapshot(conn)
			}()
		}
	}()
	return nil
}

// sendSnapshot writes the snapshot's size, then the snapshot.
func (db *DB) sendSnapshot(w io.Writer) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	return db.readTx(func(tx *bolt.Tx) error {
		var size [8]byte
		binary.BigEndian.PutUint64(size[:], uint64(tx.Size()))
		if _, err := w.Write(size[:]); err != nil {
			return err
		}
		_, err := tx.WriteTo(w)
		return err
	})
}

// stop closes the socket and waits for the backups being sent.
func (s *backupServer) stop() {
	s.ln.Close()
	s.wg.Wait()
	os.Remove(s.path)
}

// BackupTo writes a consistent copy of the database at path to out: from
// the process that has it open, through its socket, or else from the
// file itself (which it then opens and closes). It writes to a temporary
// file beside out, checks that the copy is a whole database, syncs it and
// renames it. live tells which way it went.
func BackupTo(path, out string, opts Options) (live bool, err error) {
	if _, err := os.Stat(path); err != nil {
		return false, fmt.Errorf("the database %s: %w", path, err)
	}
	conn, err := net.DialTimeout("unix", SocketPath(path), 2*time.Second)
	if err != nil {
		db, err := Open(path, opts)
		if err != nil {
			return false, err
		}
		defer db.Close()
		return false, db.BackupFile(out)
	}
	defer conn.Close()
	return true, writeCopy(out, func(w io.Writer) error {
		var size [8]byte
		if _, err := io.ReadFull(conn, size[:]); err != nil {
			return fmt.Errorf("reading the snapshot from the process that has %s open: %w", path, err)
		}
		want := int64(binary.BigEndian.Uint64(size[:]))
		n, err := io.Copy(w, conn)
		if err != nil {
			return err
		}
		if n != want {
			return fmt.Errorf("the snapshot from the process that has %s open ended after %d of %d bytes", path, n, want)
		}
		return nil
	})
}

// writeCopy writes a database copy with fill to a temporary file beside
// out, checks it, syncs it and renames it to out.
func writeCopy(out string, fill func(w io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	err = fill(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = checkCopy(tmp.Name())
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o600)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), out)
	}
	return err
}

// checkCopy opens a copy read-only and checks every page.
func checkCopy(path string) error {
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("the copy is not a whole database: %w", err)
	}
	defer bdb.Close()
	return protect(path, func() error {
		return bdb.View(func(tx *bolt.Tx) error {
			for e := range tx.Check() {
				return fmt.Errorf("the copy is damaged: %w", e)
			}
			if tx.Bucket(bucketMeta) == nil {
				return errors.New("the copy is not a Mortain database")
			}
			return nil
		})
	})
}

// Restore replaces the database at path with the backup at from, once
// the backup is checked (every page, a Mortain database of a schema this
// program reads). The replaced file is kept as path.replaced-TIME, which
// is returned (or "" when there was none). It refuses while a process
// has path open.
func Restore(from, path string) (kept string, err error) {
	if err := checkCopy(from); err != nil {
		return "", fmt.Errorf("the backup %s: %w", from, err)
	}
	if err := checkSchema(from); err != nil {
		return "", fmt.Errorf("the backup %s: %w", from, err)
	}
	if conn, err := net.DialTimeout("unix", SocketPath(path), time.Second); err == nil {
		conn.Close()
		return "", fmt.Errorf("database %s: %w: stop the bot (or local play) first", path, ErrInUse)
	}
	if _, err := os.Stat(path); err == nil {
		// Take the lock, so that nobody opens it while it is replaced.
		db, err := Open(path, Options{LockTimeout: time.Second})
		if err != nil && !errors.Is(err, ErrDamaged) && !errors.Is(err, ErrTooNew) {
			return "", err
		}
		if db != nil {
			db.Close()
		}
		kept = path + ".replaced-" + time.Now().UTC().Format("20060102T150405Z")
		if err := os.Rename(path, kept); err != nil {
			return "", err
		}
	}
	src, err := os.Open(from)
	if err != nil {
		return kept, err
	}
	defer src.Close()
	if err := writeCopy(path, func(w io.Writer) error { _, err := io.Copy(w, src); return err }); err != nil {
		return kept, fmt.Errorf("restoring %s: %w (the replaced file is %s)", path, err, kept)
	}
	return kept, nil
}

// checkSchema refuses a database of a newer schema than this program's.
func checkSchema(path string) error {
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return err
	}
	defer bdb.Close()
	return protect(path, func() error {
		return bdb.View(func(tx *bolt.Tx) error {
			v, err := readVersion(tx)
			if err != nil {
				return err
			}
			if v > SchemaVersion {
				return fmt.Errorf("%w (schema %d; this program reads up to %d)", ErrTooNew, v, SchemaVersion)
			}
			return nil
		})
	})
}
