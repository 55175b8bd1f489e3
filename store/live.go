package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
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
				db.sendSnapshot(&idleWriter{conn: conn, wait: sendWait})
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

// BackupResult tells how BackupTo went.
type BackupResult struct {
	// Live is set when the process that has the database open sent the
	// copy (else the file was read).
	Live bool
	// Removed lists the temporary files that killed backups to the same
	// file had left, removed first.
	Removed []string
}

// BackupTo writes a consistent copy of the database at path to out: from
// the process that has it open, through its socket, or else from the
// file itself (which it then opens read-only and closes). It refuses an
// out that exists, unless force; even then never the database itself nor
// a database in use by any process. It writes to a temporary file beside
// out, checks that the copy is a whole database, syncs it and puts it in
// place by one rename. A process on the socket that sends nothing for
// Options.LockTimeout (stopped, or hung) is given up with
// ErrNoAnswer; when ctx ends the copy stops with ctx's error. Either way
// out stays as it was and the temporary file is removed.
func BackupTo(ctx context.Context, path, out string, force bool, opts Options) (res BackupResult, err error) {
	if _, err := os.Stat(path); err != nil {
		return res, fmt.Errorf("the database %s: %w", path, err)
	}
	if sameFile(path, out) {
		return res, fmt.Errorf("%s is the database itself: give another file to write the copy to", out)
	}
	var held *os.File // out, locked while it is replaced
	if info, err := os.Stat(out); err == nil {
		switch {
		case info.IsDir():
			return res, fmt.Errorf("%s is a folder: give the file to write, such as %s", out, filepath.Join(out, filepath.Base(path)))
		case !force:
			return res, fmt.Errorf("%s exists and was left as it is: give a new file name, or --force to replace it", out)
		}
		held, err = lockIfFree(out)
		if errors.Is(err, ErrInUse) {
			return res, fmt.Errorf("%s is a database in use by another process and was left as it is: give another file name", out)
		}
		if err != nil {
			return res, err
		}
		defer held.Close()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return res, err
	}
	res.Removed = cleanTemps(out)
	wait := opts.LockTimeout
	if wait <= 0 {
		wait = DefaultLockTimeout
	}
	conn, err := (&net.Dialer{Timeout: wait}).DialContext(ctx, "unix", SocketPath(path))
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		opts.ReadOnly = true
		db, err := Open(path, opts)
		if err != nil {
			return res, err
		}
		defer db.Close()
		return res, db.copyTo(out, held != nil)
	}
	defer conn.Close()
	defer context.AfterFunc(ctx, func() { conn.Close() })()
	res.Live = true
	err = writeCopy(out, held != nil, func(w io.Writer) error {
		return receiveSnapshot(&idleReader{conn: conn, wait: wait}, w)
	})
	switch {
	case ctx.Err() != nil:
		return res, ctx.Err()
	case errors.Is(err, os.ErrDeadlineExceeded):
		return res, &noAnswerError{path: path, wait: wait}
	case err != nil:
		return res, fmt.Errorf("the snapshot from the process that has %s open: %w", path, err)
	}
	return res, nil
}

// sendWait bounds how long a snapshot being sent waits for the backup
// that reads it: a stopped backup would otherwise hold a read transaction
// (the file could not reuse its pages) and Close for ever.
const sendWait = 30 * time.Second

// idleWriter writes to conn, failing with os.ErrDeadlineExceeded when a
// write waits more than wait.
type idleWriter struct {
	conn net.Conn
	wait time.Duration
}

func (w *idleWriter) Write(p []byte) (int, error) {
	if err := w.conn.SetWriteDeadline(time.Now().Add(w.wait)); err != nil {
		return 0, err
	}
	return w.conn.Write(p)
}

// ErrNoAnswer is matched by BackupTo's error when the process that has
// the database open does not send its snapshot.
var ErrNoAnswer = errors.New("no answer from the process that has the database open")

// noAnswerError says which process did not answer, and what to do.
type noAnswerError struct {
	path string
	wait time.Duration
}

func (e *noAnswerError) Error() string {
	return fmt.Sprintf("the process that has %s open sent nothing on its socket %s for %s (it may be stopped, as by Ctrl-Z, or hung): let it run again, or stop it so that backup reads the file itself, and try again; nothing was written",
		e.path, SocketPath(e.path), e.wait)
}

// Is makes errors.Is(err, ErrNoAnswer) hold.
func (e *noAnswerError) Is(target error) bool { return target == ErrNoAnswer }

// receiveSnapshot copies the snapshot a process sends on its socket (its
// size, then its bytes) to w.
func receiveSnapshot(r io.Reader, w io.Writer) error {
	var size [8]byte
	if _, err := io.ReadFull(r, size[:]); err != nil {
		return err
	}
	want := int64(binary.BigEndian.Uint64(size[:]))
	n, err := io.Copy(w, r)
	if err != nil {
		return err
	}
	if n != want {
		return fmt.Errorf("it ended after %d of %d bytes", n, want)
	}
	return nil
}

// idleReader reads from conn, failing with os.ErrDeadlineExceeded when a
// read waits more than wait for a byte.
type idleReader struct {
	conn net.Conn
	wait time.Duration
}

func (r *idleReader) Read(p []byte) (int, error) {
	if err := r.conn.SetReadDeadline(time.Now().Add(r.wait)); err != nil {
		return 0, err
	}
	return r.conn.Read(p)
}

// writeCopy writes a database copy with fill to a temporary file beside
// out, syncs it, checks it and puts it at out: by rename when replace is
// set, else only if out does not exist.
func writeCopy(out string, replace bool, fill func(w io.Writer) error) error {
	tmp, err := newTemp(out)
	if err != nil {
		return err
	}
	defer tmp.discard()
	err = fill(tmp.f)
	if err == nil {
		err = tmp.sync()
	}
	if err == nil {
		err = checkCopy(tmp.name)
	}
	if err == nil {
		err = tmp.place(out, replace)
	}
	return err
}

// checkCopy checks every page of a copy that nothing writes, and that it
// is a database of a schema this program knows (Mortain's, or the flat
// layout of schema 0).
func checkCopy(path string) error {
	if err := walkFile(path); err != nil {
		return err
	}
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("the copy is not a whole database: %w", err)
	}
	defer bdb.Close()
	return protect(path, func() error {
		return bdb.View(func(tx *bolt.Tx) error {
			_, err := readVersion(tx)
			return err
		})
	})
}

// Restore replaces the database at path with the backup at from. The
// backup is checked first (every page, a Mortain database of a schema
// this program reads, every record decoding), then copied to a temporary file beside path, which
// is checked again and put in place by one rename: until then path stays
// as it was. The replaced file is kept as path.replaced-TIME (a name no
// other file has), which is returned ("" when there was none). It refuses
// while a process has path open, and a backup that is path itself.
func Restore(from, path string) (kept string, err error) {
	if sameFile(from, path) {
		return "", fmt.Errorf("the backup %s is the database itself: give the backup file to put in its place", from)
	}
	if err := checkBackup(from); err != nil {
		return "", fmt.Errorf("the backup %s: %w; nothing was changed", from, err)
	}
	_, err = os.Stat(path)
	exists := err == nil
	if exists {
		// Hold the lock, so that nobody opens it while it is replaced.
		held, err := lockIfFree(path)
		if errors.Is(err, ErrInUse) {
			return "", fmt.Errorf("database %s: %w: stop the bot (or local play) first; nothing was changed", path, ErrInUse)
		}
		if err != nil {
			return "", err
		}
		defer held.Close()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	restoreStage("locked")
	src, err := os.Open(from)
	if err != nil {
		return "", err
	}
	defer src.Close()
	tmp, err := newTemp(path)
	if err != nil {
		return "", fmt.Errorf("restoring %s: %w; nothing was changed", path, err)
	}
	defer tmp.discard()
	_, err = io.Copy(tmp.f, src)
	if err == nil {
		restoreStage("written")
		err = tmp.sync()
	}
	if err == nil {
		err = checkBackup(tmp.name)
	}
	if err != nil {
		return "", fmt.Errorf("restoring %s: the copy of the backup: %w; nothing was changed", path, err)
	}
	restoreStage("copied")
	if exists {
		if kept, err = keepAside(path); err != nil {
			return "", fmt.Errorf("restoring %s: keeping the replaced file: %w; nothing was changed", path, err)
		}
	}
	restoreStage("kept")
	if err := tmp.place(path, exists); err != nil {
		if exists {
			return "", fmt.Errorf("restoring %s: %w; the database is as it was (a copy of it is %s)", path, err, kept)
		}
		return "", fmt.Errorf("restoring %s: %w", path, err)
	}
	return kept, nil
}

// restoreStage is called as Restore reaches each of its stages (a test
// stops a process there).
var restoreStage = func(string) {}

// checkBackup checks a database file that nothing writes: a file, not
// empty, every page sound, a Mortain database of a schema this program
// reads, every record decoding (as doctor checks them).
func checkBackup(path string) error {
	info, err := os.Stat(path)
	switch {
	case err != nil:
		return err
	case info.IsDir():
		return errors.New("it is a folder, not a Mortain database")
	case info.Size() == 0:
		return errors.New("it is empty, not a Mortain database")
	case info.Size() < minFileSize:
		return fmt.Errorf("it is only %d bytes long, not a Mortain database", info.Size())
	}
	if err := checkCopy(path); err != nil {
		return err
	}
	return checkRecords(path)
}

// checkRecords refuses a database of a newer schema than this program's,
// and one with a record that does not decode.
func checkRecords(path string) error {
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return err
	}
	defer bdb.Close()
	var problems []RecordProblem
	err = protect(path, func() error {
		return bdb.View(func(tx *bolt.Tx) error {
			v, err := readVersion(tx)
			if err != nil {
				return err
			}
			if v > SchemaVersion {
				return fmt.Errorf("%w (schema %d; this program reads up to %d)", ErrTooNew, v, SchemaVersion)
			}
			return verifyTx(tx, &problems)
		})
	})
	if err != nil || len(problems) == 0 {
		return err
	}
	more := ""
	if len(problems) > 1 {
		more = fmt.Sprintf(" and %d more", len(problems)-1)
	}
	return fmt.Errorf("its pages are sound but %d of its records do not decode (%s: %v%s): it is damaged; `mortain doctor --db %s` lists them",
		len(problems), problems[0].Where, problems[0].Cause, more, path)
}
