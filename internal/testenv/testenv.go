// Package testenv reads the environment variables that tune the tests.
package testenv

import (
	"os"
	"strings"
)

// LongEnv names the variable that gives the soak, crash and property tests
// their full length (.ci/run sets it to 1).
const LongEnv = "MORTAIN_LONG"

// Long reports whether LongEnv asks for the long tests: only "1" or "true"
// (any case) do; unset, empty, "0", "false" or anything else leaves them
// short.
func Long() bool { return isOn(os.Getenv(LongEnv)) }

// isOn reports whether v is "1" or "true" (any case, spaces around ignored).
func isOn(v string) bool {
	v = strings.TrimSpace(v)
	return v == "1" || strings.EqualFold(v, "true")
}
