package main

import (
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mortain/mortain/store"
)

// programEnv holds the arguments (JSON) of the program run by
// TestProgramChild, the test binary standing in for mortain.
const programEnv = "MORTAIN_TEST_PROGRAM_ARGS"

// TestProgramChild runs the program as main does (stopped by Ctrl-C or
// SIGTERM) with the arguments in programEnv, and exits with its status.
func TestProgramChild(t *testing.T) {
	raw := os.Getenv(programEnv)
	if raw == "" {
		t.Skip("the program, for the tests that signal it")
	}
	var args []string
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		t.Fatal(err)
	}
	os.Exit(runMain(args))
}

// startProgram starts mortain with args in a process of its own.
func startProgram(t *testing.T, args ...string) (*exec.Cmd, *strings.Builder) {
	t.Helper()
	raw, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^TestProgramChild$")
	cmd.Env = append(os.Environ(), programEnv+"="+string(raw))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	return cmd, &stderr
}

// silentHolder listens on the socket of the database at path as a
// process that holds it but is stopped would: connections are accepted
// (the kernel does so for a stopped process) and never answered. It
// sends each on the channel.
func silentHolder(t *testing.T, path string) <-chan net.Conn {
	t.Helper()
	ln, err := net.Listen("unix", store.SocketPath(path))
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return accepted
}

// closedDatabase is a database with a game that no process has open.
func closedDatabase(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "held.db")
	if _, stderr, code := run(t, "", "local", "--script", writeScript(t, "new mode:hotseat"), "--db", path); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	return path
}

// noCopy fails unless out and its temporary files are absent.
func noCopy(t *testing.T, out string) {
	t.Helper()
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s was written", out)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// backup waited for ever on a process that holds the database but does
// not answer on its socket (stopped with Ctrl-Z or SIGSTOP): it gives up
// after 2 s, as the other tools do, and says so.
func TestBackupGivesUpOnAStoppedHolder(t *testing.T) {
	dir := t.TempDir()
	path := closedDatabase(t, dir)
	silentHolder(t, path)
	out := filepath.Join(dir, "copy.db")
	_, stderr, code := run(t, "", "backup", "--db", path, out)
	if code != 1 || !strings.Contains(stderr, "sent nothing on its socket") || !strings.Contains(stderr, "it may be stopped") {
		t.Errorf("backup against a stopped holder: exit %d\n%s", code, stderr)
	}
	noCopy(t, out)
}

// backup ignored SIGTERM and Ctrl-C while it waited; it now stops, says
// so, and removes its unfinished copy.
func TestBackupStopsOnSIGTERM(t *testing.T) {
	dir := t.TempDir()
	path := closedDatabase(t, dir)
	accepted := silentHolder(t, path)
	out := filepath.Join(dir, "copy.db")
	cmd, stderr := startProgram(t, "backup", "--db", path, out)
	conn := <-accepted // the backup waits for the snapshot
	defer conn.Close()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Errorf("backup after SIGTERM: %v, want exit status 1", err)
	}
	if !strings.Contains(stderr.String(), "stopped; "+out+" was left as it was") {
		t.Errorf("backup after SIGTERM said:\n%s", stderr)
	}
	noCopy(t, out)
}
