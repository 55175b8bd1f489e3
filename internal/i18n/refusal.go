package i18n

import (
	"strings"

	"github.com/mortain/mortain/rules"
)

// Refusal words why the rules refused an action, in lang, without the
// rule number: catalog message "refuse.ID" filled from the refusal's
// data. The values of the data that are words are worded in lang too
// (a Side, a Status, a Terrain, a Phase, the hexes blocking a line of
// sight, a refusal given as the reason of another); an int under "Count"
// picks the message's plural form.
func Refusal(lang Lang, e *rules.RuleError) string { return refusal(lang, "refuse."+e.ID, e.Data) }

// DebugRefusal words why a debug edit was refused, in lang: catalog
// message "refuse.debug.ID", as Refusal words a refusal.
func DebugRefusal(lang Lang, e *rules.DebugError) string {
	return refusal(lang, "refuse.debug."+e.ID, e.Data)
}

func refusal(lang Lang, id string, data map[string]any) string {
	d := make(map[string]any, len(data))
	for k, v := range data {
		d[k] = ruleWord(lang, v)
	}
	if n, ok := data["Count"].(int); ok {
		return Plural(lang, id, n, d)
	}
	return T(lang, id, d)
}

// ruleWord is a value of a refusal's data as lang words it.
func ruleWord(lang Lang, v any) any {
	switch v := v.(type) {
	case rules.Side:
		if v == rules.NoSide {
			return T(lang, "refuse.nobody", nil)
		}
		return T(lang, "side."+v.String(), nil)
	case rules.Status:
		return T(lang, "status."+v.String(), nil)
	case rules.Terrain:
		return T(lang, "terrain."+v.String(), nil)
	case rules.Phase:
		return T(lang, "refuse.phase."+v.String(), nil)
	case rules.LOSBlockers:
		return losBlockers(lang, v)
	case *rules.RuleError:
		return Refusal(lang, v)
	}
	return v
}

// losBlockers words the hexes blocking a line of sight (R6.3) with the
// verb: "the forest at 1603 blocks", "the forest at 1504 and the forest
// at 1505 block", "terrain blocks" when none is known.
func losBlockers(lang Lang, b rules.LOSBlockers) string {
	parts := make([]string, len(b))
	for i, x := range b {
		parts[i] = T(lang, "refuse.los-blocker", map[string]any{"Terrain": ruleWord(lang, x.Terrain), "Hex": x.Hex.String()})
	}
	switch len(parts) {
	case 0:
		return T(lang, "refuse.los-blocks-none", nil)
	case 1:
		return T(lang, "refuse.los-blocks-one", map[string]any{"Blocker": parts[0]})
	}
	return T(lang, "refuse.los-blocks-many", map[string]any{"Blockers": strings.Join(parts, T(lang, "refuse.los-and", nil))})
}
