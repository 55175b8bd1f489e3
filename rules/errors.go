// R9.1: refusals — a RuleError names the rule an illegal action breaks.

package rules

import (
	"strings"

	"github.com/mortain/mortain/internal/i18n"
)

// RuleError is an illegal action refused by Apply: Rule names the rule
// broken ("R5.1"), and catalog message "refuse.ID", filled from Data,
// says why. It is safe to show to a player: Error words it in English, In
// in any language.
type RuleError struct {
	Rule string
	// ID names the catalog message "refuse.ID" that words the reason,
	// with Data filling its placeholders.
	ID   string
	Data map[string]any
}

// Error is the rule and the reason in English: "R5.1: ...".
func (e *RuleError) Error() string { return e.Rule + ": " + e.In(i18n.English) }

// In words the reason in lang (without the rule number). The values of
// Data that are words are worded in lang too: a Side, a Status, a Terrain
// and the hexes blocking a line of sight; an int under "Count" picks the
// message's plural form.
func (e *RuleError) In(lang i18n.Lang) string {
	d := make(map[string]any, len(e.Data))
	for k, v := range e.Data {
		d[k] = word(lang, v)
	}
	if n, ok := e.Data["Count"].(int); ok {
		return i18n.Plural(lang, "refuse."+e.ID, n, d)
	}
	return i18n.T(lang, "refuse."+e.ID, d)
}

// word is a value of a refusal's data as lang words it.
func word(lang i18n.Lang, v any) any {
	switch v := v.(type) {
	case Side:
		if v == NoSide {
			return i18n.T(lang, "refuse.nobody", nil)
		}
		return i18n.T(lang, "side."+v.String(), nil)
	case Status:
		return i18n.T(lang, "status."+v.String(), nil)
	case Terrain:
		return i18n.T(lang, "terrain."+v.String(), nil)
	case Phase:
		return i18n.T(lang, "refuse.phase."+v.String(), nil)
	case blockers:
		return v.in(lang)
	}
	return v
}

// refuseT is a RuleError worded by catalog message "refuse."+id with
// data. It is worded only when shown, so that a refusal costs little to
// the AI, which asks Check about many actions.
func refuseT(rule, id string, data map[string]any) error {
	return &RuleError{Rule: rule, ID: id, Data: data}
}

// blockers are the hexes blocking a line of sight (R6.3), with their
// terrain, worded with the verb: "the forest at 1603 blocks", "the forest
// at 1504 and the forest at 1505 block", "terrain blocks" when none is
// known.
type blockers struct {
	sc    *Scenario
	hexes []Hex
}

func (b blockers) in(lang i18n.Lang) string {
	parts := make([]string, len(b.hexes))
	for i, h := range b.hexes {
		parts[i] = i18n.T(lang, "refuse.los-blocker", map[string]any{"Terrain": word(lang, b.sc.Terrain[h]), "Hex": h.String()})
	}
	switch len(parts) {
	case 0:
		return i18n.T(lang, "refuse.los-blocks-none", nil)
	case 1:
		return i18n.T(lang, "refuse.los-blocks-one", map[string]any{"Blocker": parts[0]})
	}
	return i18n.T(lang, "refuse.los-blocks-many", map[string]any{"Blockers": strings.Join(parts, i18n.T(lang, "refuse.los-and", nil))})
}

// DebugError is a debug edit refused (rules/debug.go): not a rule of the
// game, but an edit that is malformed or would break its invariants.
// Catalog message "refuse.debug.ID", filled from Data, says why.
type DebugError struct {
	ID   string
	Data map[string]any
}

// Error is the reason in English.
func (e *DebugError) Error() string { return e.In(i18n.English) }

// In words the reason in lang, as RuleError.In does.
func (e *DebugError) In(lang i18n.Lang) string {
	return (&RuleError{ID: "debug." + e.ID, Data: e.Data}).In(lang)
}

// debugErr is a DebugError worded by catalog message "refuse.debug."+id.
func debugErr(id string, data map[string]any) error { return &DebugError{ID: id, Data: data} }
