package rules

import _ "embed"

// Text is the rules the engine enforces, R1-R9 with every option, as a
// person reads them (rules/rules.md): help and the rules command print it.
//
//go:embed rules.md
var Text string

// TextJA is Text in Japanese (rules/rules.ja.md), with the same headings,
// rule numbers, unit ids and hex numbers, in the words of
// docs/glossary-ja.md.
//
//go:embed rules.ja.md
var TextJA string
