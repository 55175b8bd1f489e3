package rules

import "testing"

// SourceRefusals lists the ids of the refusals the rules' source makes.
var SourceRefusals = sourceRefusals

// SetWordChecks sets the checks, by the catalog, of the refusals the
// tests provoke (words_test.go).
func SetWordChecks(refusal func(testing.TB, *RuleError), debug func(testing.TB, string, *DebugError)) {
	wordRefusal, wordDebug = refusal, debug
}
