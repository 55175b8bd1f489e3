// R9.1: refusals — a RuleError names the rule an illegal action breaks.

package rules

import "fmt"

// RuleError is an illegal action refused by Apply: Rule names the rule
// broken ("R5.1"), Msg says why in plain language. It is safe to show to a
// player.
type RuleError struct {
	Rule string
	Msg  string
}

func (e *RuleError) Error() string { return e.Rule + ": " + e.Msg }

func refuse(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}
