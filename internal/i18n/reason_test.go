package i18n

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/rules"
)

// TestReasonsAreTheRules checks the catalog's reasons against the rules'
// list (rules.Reasons): every reason the engine gives has its wording in
// every language, and no wording is for a reason the engine lacks.
func TestReasonsAreTheRules(t *testing.T) {
	engine := map[string]bool{}
	for _, r := range rules.Reasons() {
		engine["map.reason."+r.ID()] = true
	}
	for _, l := range Langs() {
		for id := range engine {
			if !Has(l, id) {
				t.Errorf("%s: %s is not in the catalog", l, id)
			}
		}
		for id := range cat.messages[l] {
			if strings.HasPrefix(id, "map.reason.") && !engine[id] {
				t.Errorf("%s: %s words a reason the rules never give", l, id)
			}
		}
	}
	for _, r := range rules.Reasons() {
		en, ja := Reason(English, r), Reason(Japanese, r)
		if en == ja || r.Rule() != "" && !strings.HasPrefix(en, r.Rule()+":") || len(Bare(Reason(Pseudo, r))) > 0 {
			t.Errorf("%s: %q, in Japanese %q", r.ID(), en, ja)
		}
	}
}

// TestOutcomesAreWorded words every way a game ends, from its type, in
// every language: none is left in English where the language has its own
// words, and none is empty.
func TestOutcomesAreWorded(t *testing.T) {
	outcomes := []rules.Outcome{{End: rules.Aborted}, {End: rules.Abandoned}}
	for _, side := range []rules.Side{rules.US, rules.German} {
		outcomes = append(outcomes, rules.Outcome{End: rules.Resigned, Winner: side}, rules.Outcome{End: rules.LostOnTime, Winner: side})
	}
	for _, r := range []rules.Reason{rules.ReasonR8_1, rules.ReasonR8_2, rules.ReasonR8_3, rules.ReasonR8_4} {
		outcomes = append(outcomes, rules.Outcome{End: rules.PlayedOut, Winner: rules.German, Reason: r})
	}
	seen := map[string]bool{}
	for _, o := range outcomes {
		en, ja := Outcome(English, o), Outcome(Japanese, o)
		if en == "" || ja == "" || en == ja || seen[en] || len(Bare(Outcome(Pseudo, o))) > 0 {
			t.Errorf("%v: %q, in Japanese %q", o, en, ja)
		}
		seen[en] = true
	}
	if got := Outcome(English, rules.Outcome{End: rules.Resigned, Winner: rules.German}); got != "the US side resigned" {
		t.Errorf("the US resigned: %q", got)
	}
	if got := Outcome(Japanese, rules.Outcome{End: rules.LostOnTime, Winner: rules.US}); !strings.Contains(got, "独軍") {
		t.Errorf("the German lost on time, in Japanese: %q", got)
	}
	if got := Outcome(English, rules.Outcome{}); got != "" {
		t.Errorf("a game not ended: %q", got)
	}
}
