//go:build !linux

package testenv

import "testing"

// OnSmallDisk skips t: a small disk of its own needs Linux's namespaces.
func OnSmallDisk(t *testing.T, name string, size int) {
	t.Skip("a small disk of its own needs Linux's user and mount namespaces")
}

// SmallDisk returns ok false: no test runs on a small disk here.
func SmallDisk(t *testing.T) (dir string, ok bool) { return "", false }

// FillDisk is never reached here (SmallDisk gives no disk to fill).
func FillDisk(t *testing.T, dir string) string {
	t.Fatal("no small disk here")
	return ""
}
