package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bbolt's page walk (Tx.Check) runs on a goroutine of its own, where a
// memory fault on a damaged page cannot be recovered: it would end the
// program. So the walk runs in a child process, the program itself
// started with walkEnv naming the file: the child walks it and exits, and
// a crash of the child is a finding, not the program's end. Before that,
// checkMeta makes sure the file is long enough for what its meta page
// says (bbolt maps the file into memory: reading beyond a short file is a
// bus error).

// walkEnv, in the environment of a program that uses the store, makes it
// walk the pages of the file it names and exit (walkChild).
const walkEnv = "MORTAIN_STORE_WALK"

// walkDamaged is the child's exit status for a file with a fault, whose
// description it printed on its standard output.
const walkDamaged = 3

func init() {
	if path := os.Getenv(walkEnv); path != "" {
		os.Unsetenv(walkEnv)
		os.Exit(walkChild(path))
	}
}

// walkChild walks every page of the file at path and prints the first
// fault; its exit status is 0 when the file is sound.
func walkChild(path string) int {
	if err := walkHere(path); err != nil {
		// bbolt words a panic it recovered "panic: ...".
		fmt.Println(strings.TrimPrefix(err.Error(), "panic: "))
		return walkDamaged
	}
	return 0
}

// walkHere walks every page of the file at path in this process.
func walkHere(path string) error {
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 5 * time.Second, FreelistType: bolt.FreelistMapType})
	if err != nil {
		return err
	}
	defer bdb.Close()
	return protect(path, func() error {
		return bdb.View(func(tx *bolt.Tx) error {
			for e := range tx.Check() {
				return e
			}
			return nil
		})
	})
}

// walkFile checks that the bbolt file at path, which nothing writes (or
// only a reader), is whole and walks every page in a child process. It
// returns the first fault found.
func walkFile(path string) error {
	if err := checkMeta(path); err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return walkHere(path)
	}
	cmd := exec.Command(exe)
	// A program built with the race detector waits a second at exit unless
	// told otherwise.
	cmd.Env = append(os.Environ(), walkEnv+"="+path, "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exit) && exit.ExitCode() == walkDamaged:
		return errors.New(strings.TrimSpace(stdout.String()))
	case errors.As(err, &exit) && stoppedFromOutside(exit):
		return &walkStartError{err: err, stopped: true}
	case errors.As(err, &exit):
		return fmt.Errorf("a page is so damaged that reading it stops the reader (%s)", crashCause(stderr.String(), exit))
	}
	return &walkStartError{err: err}
}

// walkStartError is a walk that could not start (no process could be
// made), or that was stopped from outside (Ctrl-C reaches the helper
// too): it tells nothing about the file.
type walkStartError struct {
	err     error
	stopped bool
}

func (e *walkStartError) Error() string {
	if e.stopped {
		return fmt.Sprintf("the check of its pages was stopped (%v) before it ended: nothing was found; run it again", e.err)
	}
	return fmt.Sprintf("checking its pages needs a helper process, which could not start (%v): try again once the system has room (open files, processes)", e.err)
}

// stoppedFromOutside reports whether the helper was ended by a signal
// that someone sends (Ctrl-C, a kill), not by a fault of its own.
func stoppedFromOutside(exit *exec.ExitError) bool {
	ws, ok := exit.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return false
	}
	switch ws.Signal() {
	case syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL, syscall.SIGHUP:
		return true
	}
	return false
}

func (e *walkStartError) Unwrap() error { return e.err }

// walkFault words what walkFile found for the database at path: damage,
// or a walk that could not start.
func walkFault(path string, err error) error {
	var ws *walkStartError
	if errors.As(err, &ws) {
		return fmt.Errorf("database %s: %w", path, err)
	}
	return damaged(path, err)
}

// crashCause words why the child stopped: the first line of what the Go
// runtime printed, without its "panic:" or "fatal error:" prefix.
func crashCause(stderr string, exit *exec.ExitError) string {
	line, _, _ := strings.Cut(strings.TrimSpace(stderr), "\n")
	for _, p := range []string{"panic: ", "fatal error: "} {
		line = strings.TrimPrefix(line, p)
	}
	if line == "" {
		return exit.String()
	}
	return line
}
