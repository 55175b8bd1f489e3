// R9.1: refusals — a RuleError names the rule an illegal action breaks.

package rules

import (
	"fmt"
	"sort"
	"strings"
)

// RuleError is an illegal action refused by Apply: Rule names the rule
// broken ("R5.1"), and ID, with Data filling its placeholders, says why.
// Front ends word it in the reader's language from catalog message
// "refuse.ID" (internal/i18n); Error is for developers.
type RuleError struct {
	Rule string
	// ID names the reason; the catalog words it as message "refuse.ID".
	ID string
	// Data are the reason's values: strings, ints (an int under "Count"
	// picks the plural form), and values the front end words too: a Side,
	// a Status, a Terrain, a Phase, LOSBlockers, and a *RuleError (why the
	// Tiger could not move along, R4.6).
	Data map[string]any
}

// Error is the rule, the reason's id and its data, for developers:
// "R5.1: not-adjacent (From=1503, To=1705)".
func (e *RuleError) Error() string { return e.Rule + ": " + describe(e.ID, e.Data) }

// describe writes a reason's id and data without the catalog.
func describe(id string, data map[string]any) string {
	if len(data) == 0 {
		return id
	}
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, data[k])
	}
	return id + " (" + strings.Join(parts, ", ") + ")"
}

// refuseT is a RuleError for reason id with data. It is worded only when
// shown, so that a refusal costs little to the AI, which asks Check about
// many actions.
func refuseT(rule, id string, data map[string]any) error {
	return &RuleError{Rule: rule, ID: id, Data: data}
}

// LOSBlocker is a hex blocking a line of sight (R6.3) and its terrain.
type LOSBlocker struct {
	Hex     Hex
	Terrain Terrain
}

// LOSBlockers are the hexes blocking a line of sight (R6.3), in a
// refusal's data; none when no hex is known.
type LOSBlockers []LOSBlocker

// String lists the blockers for developers: "forest 1504, forest 1505".
func (b LOSBlockers) String() string {
	parts := make([]string, len(b))
	for i, x := range b {
		parts[i] = x.Terrain.String() + " " + x.Hex.String()
	}
	return strings.Join(parts, ", ")
}

// losBlockers are the blockers of the line from -> to under los.
func (sc *Scenario) losBlockers(from, to Hex, los uint8) LOSBlockers {
	hexes := sc.Blockers(from, to, los)
	out := make(LOSBlockers, len(hexes))
	for i, h := range hexes {
		out[i] = LOSBlocker{h, sc.Terrain[h]}
	}
	return out
}

// DebugError is a debug edit refused (rules/debug.go): not a rule of the
// game, but an edit that is malformed or would break its invariants.
// ID, with Data, says why; the catalog words it as "refuse.debug.ID".
type DebugError struct {
	ID   string
	Data map[string]any
}

// Error is the reason's id and data, for developers.
func (e *DebugError) Error() string { return "debug: " + describe(e.ID, e.Data) }

// debugErr is a DebugError for reason id with data.
func debugErr(id string, data map[string]any) error { return &DebugError{ID: id, Data: data} }
