//go:build linux

package testenv

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// smallDiskEnv holds, in the environment of a test process started by
// OnSmallDisk, the size in bytes of the file system SmallDisk mounts.
const smallDiskEnv = "MORTAIN_TEST_SMALL_DISK"

// OnSmallDisk runs the test named name of this test binary again, in a
// process of its own with new user and mount namespaces, where SmallDisk
// gives it a file system of size bytes: a disk it may fill without
// filling the machine's. The process's output goes to t's log, and t
// fails unless it passes. Where the system does not allow such
// namespaces, t is skipped.
func OnSmallDisk(t *testing.T, name string, size int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v")
	cmd.Env = append(os.Environ(), smallDiskEnv+"="+strconv.Itoa(size))
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
	}
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	switch {
	case err != nil && !errors.As(err, &ee):
		t.Skipf("no user and mount namespaces here for a small disk: %v", err)
	case ee != nil && ee.ExitCode() == skipExit:
		t.Skipf("no small disk here:\n%s", out)
	}
	t.Logf("the test on a small disk:\n%s", out)
	if err != nil {
		t.Fatalf("%s failed on a small disk: %v", name, err)
	}
}

// skipExit is the exit status of a process that could not mount its small
// disk.
const skipExit = 77

// SmallDisk, in a test run by OnSmallDisk, mounts a file system of its
// size (tmpfs) on a new folder, unmounted at the end of the test, and
// returns the folder. In any other run it returns ok false: the test is
// then only the starter of OnSmallDisk.
func SmallDisk(t *testing.T) (dir string, ok bool) {
	t.Helper()
	size := os.Getenv(smallDiskEnv)
	if size == "" {
		return "", false
	}
	dir = t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		fmt.Fprintf(os.Stderr, "mounting a small disk: %v\n", err)
		os.Exit(skipExit)
	}
	t.Cleanup(func() { syscall.Unmount(dir, 0) })
	return dir, true
}

// FillDisk writes a file into dir until its file system is full, and
// returns its name: removing it gives the space back.
func FillDisk(t *testing.T, dir string) string {
	t.Helper()
	name := filepath.Join(dir, "filler")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	for {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return name
		}
	}
}
