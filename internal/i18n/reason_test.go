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
		if en == ja || !strings.HasPrefix(en, r.Rule()+":") || len(Bare(Reason(Pseudo, r))) > 0 {
			t.Errorf("%s: %q, in Japanese %q", r.ID(), en, ja)
		}
	}
}

// TestArchiveReasonsOfEarlierReleases words the archive's reasons as
// games finished by the current and by earlier releases stored them: the
// rules' reasons as their English text, and the archive's own.
func TestArchiveReasonsOfEarlierReleases(t *testing.T) {
	for why, want := range map[string]string{
		"R8.4: turn 6 ended without a German victory":          Reason(Japanese, rules.ReasonR8_4),
		"R8.1: the fifth German unit exited off the west edge": Reason(Japanese, rules.ReasonR8_1),
		"the US side resigned":                                 T(Japanese, "reason.resigned-us", nil),
		"abandoned: its channel was deleted":                   T(Japanese, "reason.abandoned", nil),
	} {
		if got := ArchiveReason(Japanese, why); got != want || got == why {
			t.Errorf("%q: %q, want %q", why, got, want)
		}
	}
	for _, why := range ArchiveReasons() {
		if ArchiveReason(Japanese, why) == why {
			t.Errorf("the archive's reason %q is not in the catalog", why)
		}
	}
	if got := ArchiveReason(English, "a reason from elsewhere"); got != "a reason from elsewhere" {
		t.Errorf("an unknown reason: %q", got)
	}
}
