package store

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The files the operator tools write beside a database or a backup: every
// new file is written to a temporary file beside its destination
// (".NAME.tmp-*"), synced and checked, then put in place by one rename (or
// one hard link, where nothing may be replaced). A replaced database is
// kept under a name no other file has (NAME.replaced-TIME). A temporary
// file holds a shared lock while it is written, so that cleanTemps removes
// only those a killed process left.

// syncFile makes what was written to f durable (fsync). Every sync of the
// files above goes through it, so that a test can see each one and when
// it happens.
var syncFile = (*os.File).Sync

// tempFile is a temporary file being written beside its destination.
type tempFile struct {
	f    *os.File
	name string
}

// newTemp creates the temporary file of dest, locked (shared) while open.
func newTemp(dest string) (*tempFile, error) {
	f, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".tmp-*")
	if err != nil {
		return nil, err
	}
	if _, err := tryLock(f, false); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &tempFile{f: f, name: f.Name()}, nil
}

// sync makes the written data durable and gives the file mode 0600.
func (t *tempFile) sync() error {
	if err := syncFile(t.f); err != nil {
		return err
	}
	return t.f.Chmod(0o600)
}

// discard closes the file and removes it unless it was put in place.
func (t *tempFile) discard() {
	t.f.Close()
	if t.name != "" {
		os.Remove(t.name)
	}
}

// place puts the complete temporary file at dest: by rename when replace
// is set (the caller has made sure dest may be replaced), else by a hard
// link that fails if dest exists, so that no file is ever overwritten.
func (t *tempFile) place(dest string, replace bool) error {
	if replace {
		if err := os.Rename(t.name, dest); err != nil {
			return err
		}
	} else {
		err := os.Link(t.name, dest)
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s appeared meanwhile and was left as it is", dest)
		}
		if err != nil {
			// No hard links on this file system: rename, after a last look.
			if _, serr := os.Lstat(dest); serr == nil {
				return fmt.Errorf("%s appeared meanwhile and was left as it is", dest)
			}
			if err := os.Rename(t.name, dest); err != nil {
				return err
			}
		}
	}
	os.Remove(t.name) // the link's other name; nothing once renamed
	t.name = ""
	syncDir(filepath.Dir(dest))
	return nil
}

// syncDir makes a rename in dir durable where the platform allows.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		syncFile(d)
		d.Close()
	}
}

// keepAside gives the file at path a second name, path.replaced-TIME,
// that no other file has (a suffix -2, -3, ... when two restores share a
// time), and returns it. path itself stays in place.
func keepAside(path string) (string, error) { return keepAsideAt(path, time.Now()) }

// keepAsideAt is keepAside at the time now.
func keepAsideAt(path string, now time.Time) (string, error) {
	base := path + ".replaced-" + now.UTC().Format("20060102T150405.000Z")
	for n := 1; ; n++ {
		name := base
		if n > 1 {
			name += "-" + strconv.Itoa(n)
		}
		err := os.Link(path, name)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			err = copyExclusive(path, name)
			if errors.Is(err, fs.ErrExist) {
				continue
			}
		}
		if err != nil {
			return "", err
		}
		syncDir(filepath.Dir(path))
		return name, nil
	}
}

// copyExclusive copies src to a new file dst, failing if dst exists.
func copyExclusive(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = syncFile(out)
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst)
	}
	return err
}

// tempPatterns are the names of the temporary files written beside path:
// a copy being written to path (a restore, a backup), a snapshot being
// checked, and the copy kept before an upgrade (path.schemaN.bak) being
// written.
func tempPatterns(path string) []string {
	dir, base := filepath.Dir(path), filepath.Base(path)
	return []string{filepath.Join(dir, "."+base+".tmp-*"), filepath.Join(dir, "."+base+".check-*"),
		filepath.Join(dir, "."+base+".schema*.bak.tmp-*")}
}

// cleanTemps removes the temporary files beside path that a killed backup,
// restore or check left (those no process is writing), and returns them.
func cleanTemps(path string) []string {
	var removed []string
	for _, pattern := range tempPatterns(path) {
		names, _ := filepath.Glob(pattern)
		for _, name := range names {
			if info, err := os.Lstat(name); err != nil || !info.Mode().IsRegular() {
				continue
			}
			f, err := os.Open(name)
			if err != nil {
				continue
			}
			if ok, _ := tryLock(f, true); ok && os.Remove(name) == nil {
				removed = append(removed, name)
			}
			f.Close()
		}
	}
	return removed
}

// RemoveUnfinished removes the temporary files that killed copies to the
// files named by pattern (filepath.Match syntax) left beside them, those
// no process is still writing, and returns them: for copies whose names
// never repeat (scheduled backups), which cleanTemps of one name misses.
func RemoveUnfinished(pattern string) []string { return cleanTemps(pattern) }

// leftovers lists the files beside a missing database at path that an
// interrupted restore or backup left: the replaced database, a copy.
func leftovers(path string) []string {
	var out []string
	for _, pattern := range append([]string{path + ".replaced-*"}, tempPatterns(path)...) {
		names, _ := filepath.Glob(pattern)
		out = append(out, names...)
	}
	return out
}

// missingError is Open's refusal of a missing database that has
// leftovers beside it.
func missingError(path string, left []string) error {
	return fmt.Errorf("the database %s is missing, but files that a restore or a backup leaves lie beside it (%s): it was moved, or a restore was stopped, and an empty database in its place would hide your games. "+
		"To go back to one of them run `mortain restore FILE --db %s`; to start with an empty database, move them to another folder first",
		path, strings.Join(left, ", "), path)
}

// sameFile reports whether a and b name the same file (or, when one does
// not exist, the same path).
func sameFile(a, b string) bool {
	sa, erra := os.Stat(a)
	sb, errb := os.Stat(b)
	if erra == nil && errb == nil {
		return os.SameFile(sa, sb)
	}
	pa, erra := filepath.Abs(a)
	pb, errb := filepath.Abs(b)
	return erra == nil && errb == nil && pa == pb
}

// lockIfFree opens the file at path and locks it exclusively without
// waiting; ErrInUse when a process has it open as a database (its backup
// socket answers, or it holds bbolt's lock). The caller closes the file,
// which releases the lock.
func lockIfFree(path string) (*os.File, error) {
	if conn, err := net.DialTimeout("unix", SocketPath(path), time.Second); err == nil {
		conn.Close()
		return nil, fmt.Errorf("%s: %w", path, ErrInUse)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	ok, err := tryLock(f, true)
	if err != nil || !ok {
		f.Close()
		if err == nil {
			err = ErrInUse
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}
