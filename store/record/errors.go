package record

import (
	"errors"
	"fmt"
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

// SetAsideError tells that a running game did not decode and was set
// aside: it is kept as damaged/Key/At. It matches ErrSetAside.
type SetAsideError struct {
	Key   Key
	At    string
	Cause error
}

func (e *SetAsideError) Error() string {
	return fmt.Sprintf("%v (kept in the database as damaged %s %s): %v", ErrSetAside, e.Key, e.At, e.Cause)
}

// Is makes errors.Is(err, ErrSetAside) hold.
func (e *SetAsideError) Is(target error) bool { return target == ErrSetAside }

// ID names the set-aside record for an admin: "guild/channel@time".
func (e *SetAsideError) ID() string { return e.Key.String() + "@" + e.At }

// DamagedFileError is returned when bbolt found a damaged page while
// reading the database (it panicked, or the page lies outside the file).
// The transaction was rolled back and the process goes on; the data on
// other pages can still be read. It matches ErrDamaged.
type DamagedFileError struct {
	// Path is the database file.
	Path string
	// Cause is what bbolt said (the panic's value).
	Cause string
	// Stack is where the panic was raised, for the log.
	Stack []byte
}

// Error says the file is damaged, what bbolt said, and what to do.
func (e *DamagedFileError) Error() string {
	return fmt.Sprintf("the database file %s is damaged (%s); stop the bot, back up the file and run `mortain doctor --db %s`",
		e.Path, e.Cause, e.Path)
}

// Is makes errors.Is(err, ErrDamaged) hold.
func (e *DamagedFileError) Is(target error) bool { return target == ErrDamaged }

// PanicError is returned when a transaction function panicked outside
// bbolt: a bug of this program, not damage of the file. The transaction
// was rolled back, nothing was written.
type PanicError struct {
	// Value is the panic's value.
	Value any
	// Stack is where the panic was raised, for the log.
	Stack []byte
}

// Error says that a bug stopped the transaction, with the panic's value.
func (e *PanicError) Error() string {
	return fmt.Sprintf("store: an internal error stopped a database transaction, nothing was written (please report it): %v", e.Value)
}
