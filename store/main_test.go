package store

import (
	"fmt"
	"os"
	"testing"

	"github.com/mortain/mortain/internal/testenv"
)

// childEnv switches the test binary into a helper process (see children);
// its value names the role.
const childEnv = "MORTAIN_STORE_CHILD"

func TestMain(m *testing.M) {
	if role := os.Getenv(childEnv); role != "" {
		if err := runChild(role); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func runChild(role string) error {
	switch role {
	case "hold":
		return childHold(os.Getenv("MORTAIN_STORE_DB"))
	case "crash":
		return childCrash(os.Getenv("MORTAIN_STORE_DB"))
	case "restore":
		return childRestore(os.Getenv("MORTAIN_STORE_BACKUP"), os.Getenv("MORTAIN_STORE_DB"))
	case "upgrade":
		return childUpgrade(os.Getenv("MORTAIN_STORE_DB"))
	case "upgrade-records":
		return childUpgradeRecords(os.Getenv("MORTAIN_STORE_DB"))
	}
	return fmt.Errorf("unknown role %q", role)
}

// longTests reports whether the soak, crash and property tests run at full
// length: MORTAIN_LONG set to 1 or true (.ci/run sets it); else a short
// version.
func longTests() bool { return testenv.Long() }
