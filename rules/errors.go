// R9.1: refusals — a RuleError names the rule an illegal action breaks.

package rules

import (
	"fmt"

	"github.com/mortain/mortain/internal/i18n"
)

// RuleError is an illegal action refused by Apply: Rule names the rule
// broken ("R5.1"), Msg says why in plain English. It is safe to show to a
// player; In words it in another language.
type RuleError struct {
	Rule string
	Msg  string
	// ID names the catalog message "refuse.ID" that words Msg, with Data
	// filling its placeholders ("" for a refusal the catalog lacks).
	ID   string
	Data map[string]any
}

func (e *RuleError) Error() string { return e.Rule + ": " + e.Msg }

// In words the reason in lang (without the rule number): a Side or a
// Status in Data is worded in lang too.
func (e *RuleError) In(lang i18n.Lang) string {
	if e.ID == "" {
		return e.Msg
	}
	d := make(map[string]any, len(e.Data))
	for k, v := range e.Data {
		switch v := v.(type) {
		case Side:
			d[k] = i18n.T(lang, "side."+v.String(), nil)
		case Status:
			d[k] = i18n.T(lang, "status."+v.String(), nil)
		default:
			d[k] = v
		}
	}
	return i18n.T(lang, "refuse."+e.ID, d)
}

// refuse is a RuleError without a catalog message.
func refuse(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// refuseT is a RuleError worded by catalog message "refuse."+id; its
// English text is the English catalog's.
func refuseT(rule, id string, data map[string]any) error {
	e := &RuleError{Rule: rule, ID: id, Data: data}
	e.Msg = e.In(i18n.English)
	return e
}
