package store

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// bbolt panics when it reads a damaged page ("assertion failed: page N:
// has unexpected type/flags", "Page expected to be: N, but self identifies
// as M", an index out of range), and a page id beyond the file makes it
// read memory that is not there (a fault, which would end the program at
// once). With Options.DeferCheck nothing has walked every page before the
// bot serves, so every transaction on a live file runs through readTx or
// writeTx: a panic under them becomes an error, and the process goes on.
//
// Recovering after bbolt's View or Update is safe: both defer
// `if t.db != nil { t.rollback() }` before they call the function (and
// Update keeps that defer over Commit too), so by the time the panic
// reaches our recover the transaction is closed: a read transaction has
// released the mmap lock (removeTx), a write transaction has reloaded the
// free list from the file and released the writer lock (rollback, close).
// The pages a commit writes are referenced by nothing until its meta
// page, which Commit writes last, so a panic on the way leaves the file as
// it was. (Checked in go.etcd.io/bbolt v1.5.0, db.go and tx.go. Only a
// damaged free-list page, which Open reads, could make the rollback itself
// panic and keep the writer lock.)
//
// Which panics are recovered: every one raised under a transaction, since
// letting any of them through would stop the bot for every channel. The
// panics raised in bbolt's code, and memory faults at an address (only
// the file's pages are read through raw pointers; a nil dereference is
// not such a fault), become a *DamagedFileError, and the DB
// remembers the first one (Damaged). Any other panic is a bug of this
// program inside a transaction function: it becomes a *PanicError, which
// does not mark the file as damaged. Both keep the panic's value and
// stack for the log (the store itself does not log).

// protect runs call, a bbolt View or Update (or a walk of a file), and
// turns a panic under it into a *DamagedFileError or a *PanicError. Memory
// faults panic instead of ending the program while it runs.
func protect(path string, call func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		// The panicking frames are still on the stack while deferred
		// functions run: tell from them who raised it.
		if f, ok := r.(interface{ Addr() uintptr }); ok && f.Addr() != 0 {
			// A page beyond the end of the file (SetPanicOnFault).
			err = &record.DamagedFileError{Path: path, Cause: fmt.Sprintf("a page points outside the file: %v at address %#x", r, f.Addr()), Stack: debug.Stack()}
		} else if raisedByBolt() {
			err = &record.DamagedFileError{Path: path, Cause: fmt.Sprint(r), Stack: debug.Stack()}
		} else {
			err = &record.PanicError{Value: r, Stack: debug.Stack()}
		}
	}()
	return call()
}

// raisedByBolt tells whether the panic being recovered was raised in
// bbolt's code (the first frame below the runtime's panic frames); it must
// be called from the deferred function that recovers it.
func raisedByBolt() bool {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	panicking := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			panicking = true
		case panicking && strings.HasPrefix(f.Function, "runtime."):
			// runtime.sigpanic, runtime.goPanicIndex, ...: not the origin
		case panicking:
			return strings.HasPrefix(f.Function, "go.etcd.io/bbolt.") || strings.HasPrefix(f.Function, "go.etcd.io/bbolt/")
		}
		if !more {
			return false
		}
	}
}

// readTx runs fn in a read transaction (bbolt's View), turning a panic into
// an error (protect) and remembering damage (Damaged).
func (db *DB) readTx(fn func(*bolt.Tx) error) error {
	return db.note(protect(db.path, func() error { return db.bolt.View(fn) }))
}

// writeTx runs fn in a write transaction (bbolt's Update) as readTx does;
// a full disk fails it with a *DiskFullError.
func (db *DB) writeTx(fn func(*bolt.Tx) error) error {
	return db.diskFull(db.note(protect(db.path, func() error { return db.bolt.Update(fn) })))
}

// guarded returns fn with a panic under it turned into an error, for
// bbolt's Batch (which runs fn on its own goroutine).
func (db *DB) guarded(fn func(*bolt.Tx) error) func(*bolt.Tx) error {
	return func(tx *bolt.Tx) error {
		return db.note(protect(db.path, func() error { return fn(tx) }))
	}
}

// note remembers the first *DamagedFileError in err, and returns err.
func (db *DB) note(err error) error {
	var d *record.DamagedFileError
	if errors.As(err, &d) {
		db.damage.CompareAndSwap(nil, d)
	}
	return err
}

// panicked tells whether err comes from a panic under a transaction.
func panicked(err error) bool {
	var d *record.DamagedFileError
	var p *record.PanicError
	return errors.As(err, &d) || errors.As(err, &p)
}

// Damaged returns the first *DamagedFileError a transaction met since
// Open, or nil: the file has a damaged page, and the process should be
// stopped and the file checked with mortain doctor. The background walk
// (CheckSnapshot) reports its own finding separately.
func (db *DB) Damaged() error {
	if d := db.damage.Load(); d != nil {
		return d
	}
	return nil
}
