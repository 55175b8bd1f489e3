package rules

import _ "embed"

// Text is the rules the engine enforces, R1-R9 with every option, as a
// person reads them (rules/rules.md): help and the rules command print it.
//
//go:embed rules.md
var Text string
