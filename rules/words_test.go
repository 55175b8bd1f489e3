package rules_test

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// The rules' own tests provoke every refusal; these checks word each of
// them from the catalog (which imports the rules, so they live here).
func init() { rules.SetWordChecks(checkWorded, checkDebugWorded) }

// checkWorded checks that a refusal is worded from the catalog in every
// language: under the pseudo-locale no word bypasses the catalog, the
// Japanese differs from the English, and no message is missing.
func checkWorded(t testing.TB, re *rules.RuleError) {
	t.Helper()
	en, ja, ps := i18n.Refusal(i18n.English, re), i18n.Refusal(i18n.Japanese, re), i18n.Refusal(i18n.Pseudo, re)
	if bare := i18n.Bare(ps); len(bare) > 0 {
		t.Errorf("%s (%s): words outside the catalog under the pseudo-locale: %q", re.Rule, re.ID, bare)
	}
	if ja == en {
		t.Errorf("%s (%s): the Japanese is the English: %q", re.Rule, re.ID, en)
	}
	for _, s := range []string{en, ja} {
		if strings.Contains(s, "refuse.") || strings.Contains(s, "<no value>") || strings.Contains(s, "side.") || strings.Contains(s, "status.") {
			t.Errorf("%s (%s): a message or a value is missing: %q", re.Rule, re.ID, s)
		}
	}
}

// checkDebugWorded checks a debug edit's refusal as checkWorded does.
func checkDebugWorded(t testing.TB, what string, de *rules.DebugError) {
	t.Helper()
	en, ja, ps := i18n.DebugRefusal(i18n.English, de), i18n.DebugRefusal(i18n.Japanese, de), i18n.DebugRefusal(i18n.Pseudo, de)
	if bare := i18n.Bare(ps); len(bare) > 0 {
		t.Errorf("%s: words outside the catalog under the pseudo-locale: %q", what, bare)
	}
	if ja == en || strings.Contains(en+ja, "refuse.") || strings.Contains(en+ja, "<no value>") {
		t.Errorf("%s: %q, in Japanese %q", what, en, ja)
	}
}

// TestRefusalMessages checks that every refusal the rules' source makes
// has its message in every language's catalog.
func TestRefusalMessages(t *testing.T) {
	ids, err := rules.SourceRefusals()
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) < 50 {
		t.Fatalf("found %d refusals in the source, want them all: is refuseCall out of date?", len(ids))
	}
	// The words refusals put in their messages.
	ids = append(ids, "nobody", "los-blocker", "los-and", "los-blocks-none", "los-blocks-one", "los-blocks-many")
	for _, id := range ids {
		for _, l := range i18n.Langs() {
			if !i18n.Has(l, "refuse."+id) {
				t.Errorf("refuse.%s is not in the %s catalog", id, l)
			}
		}
	}
}

// TestLOSBlockersWorded words what blocks a line of sight (R6.3): nothing
// known, one hex, two.
func TestLOSBlockersWorded(t *testing.T) {
	for _, c := range []struct {
		b    rules.LOSBlockers
		want string
	}{
		{nil, "terrain blocks the line"},
		{rules.LOSBlockers{{Hex: hexAt(t, "1402"), Terrain: rules.City}}, "the city at 1402 blocks the line"},
		{rules.LOSBlockers{{Hex: hexAt(t, "1504"), Terrain: rules.Forest}, {Hex: hexAt(t, "1505"), Terrain: rules.Forest}}, "the forest at 1504 and the forest at 1505 block the line"},
	} {
		re := &rules.RuleError{Rule: "R6.3", ID: "los", Data: map[string]any{"Unit": "117", "From": "1401", "Target": "DF", "To": "1403", "Blockers": c.b}}
		checkWorded(t, re)
		if got := i18n.Refusal(i18n.English, re); !strings.Contains(got, c.want) {
			t.Errorf("%q: want %q in it", got, c.want)
		}
	}
}

func hexAt(t *testing.T, s string) rules.Hex {
	t.Helper()
	h, err := rules.ParseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
