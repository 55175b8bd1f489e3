package command

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// ruleNumbers lists every section and numbered rule of rules.md.
func ruleNumbers(t *testing.T) []string {
	t.Helper()
	re := regexp.MustCompile(`^(?:## (R\d+) |- \*\*(R\d+\.\d+)(?:\*\*| ))`)
	var out []string
	for _, l := range strings.Split(rules.Text, "\n") {
		if m := re.FindStringSubmatch(l); m != nil {
			out = append(out, m[1]+m[2])
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d rule numbers in rules.md", len(out))
	}
	return out
}

// RuleTextIn finds every rule in Japanese that it finds in English: the
// same rule, opening with the same number, written in Japanese, whole
// characters only and within Discord's limit.
func TestRuleTextInJapaneseFindsEveryRule(t *testing.T) {
	for _, n := range ruleNumbers(t) {
		en, ja := RuleTextIn(n, i18n.English), RuleTextIn(n, i18n.Japanese)
		if en != RuleText(n) {
			t.Errorf("%s: RuleText and RuleTextIn English differ", n)
		}
		for _, s := range []string{en, ja} {
			if !strings.HasPrefix(s, "## "+n+" ") && !strings.HasPrefix(s, "- **"+n) {
				t.Errorf("%s: the text does not open with the rule: %q", n, s)
			}
			if !utf8.ValidString(s) || utf8.RuneCountInString(s) > 2000 {
				t.Errorf("%s: broken or over 2000 characters (%d)", n, utf8.RuneCountInString(s))
			}
		}
		if !regexp.MustCompile(`\p{Hiragana}|\p{Han}`).MatchString(ja) {
			t.Errorf("%s in Japanese is not Japanese: %q", n, ja)
		}
		// A rule's text names the same rules, by number, in both languages
		// (unless one was cut short: only English R6 is).
		if strings.Contains(en, "…\n(") || strings.Contains(ja, "…\n(") {
			continue
		}
		refs := regexp.MustCompile(`\bR\d+(?:\.\d+)?\b`)
		if a, b := strings.Join(refs.FindAllString(en, -1), " "), strings.Join(refs.FindAllString(ja, -1), " "); !sameSet(a, b) {
			t.Errorf("%s names %s in English, %s in Japanese", n, a, b)
		}
	}
}

func sameSet(a, b string) bool {
	set := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(s) {
			m[w] = true
		}
		return m
	}
	x, y := set(a), set(b)
	if len(x) != len(y) {
		return false
	}
	for w := range x {
		if !y[w] {
			return false
		}
	}
	return true
}

// The list of sections, and the refusals around the rules, are in the
// language asked for; a language without its own rules text (Pseudo)
// reads the English.
func TestRuleTextInJapaneseListAndRefusals(t *testing.T) {
	en, ja := RuleTextIn("", i18n.English), RuleTextIn("", i18n.Japanese)
	if !strings.Contains(en, "R9 The program") || !strings.HasPrefix(en, "The rules (ask rules n:R6.8") {
		t.Errorf("the English list: %q", en)
	}
	if !strings.Contains(ja, "R9 プログラムの務め") || !strings.Contains(ja, "シナリオ: ユニット") || !strings.HasPrefix(ja, "ルール (") || !strings.Contains(ja, "rules n:R6.8") {
		t.Errorf("the Japanese list: %q", ja)
	}
	if len(strings.Split(en, "\n")) != len(strings.Split(ja, "\n")) {
		t.Errorf("the lists have %d and %d lines", len(strings.Split(en, "\n")), len(strings.Split(ja, "\n")))
	}
	if s := RuleTextIn("r9.9", i18n.Japanese); s != "ルール R9.9 はありません: ルールは R1 から R9 までです (rules で一覧を表示します)。" {
		t.Errorf("R9.9 in Japanese: %q", s)
	}
	if s := RuleTextIn("R6.10", i18n.Japanese); !strings.Contains(s, "R6.10 はありません") {
		t.Errorf("R6.10 in Japanese: %q", s)
	}
	if s := RuleTextIn("six", i18n.Japanese); !strings.Contains(s, `"six" はルール番号ではありません`) {
		t.Errorf("six in Japanese: %q", s)
	}
	unmark := strings.NewReplacer(i18n.PseudoOpen, "", i18n.PseudoClose, "")
	if unmark.Replace(RuleTextIn("R6.8", i18n.Pseudo)) != RuleText("R6.8") || unmark.Replace(RuleTextIn("", i18n.Pseudo)) != RuleText("") {
		t.Error("Pseudo does not read the English rules (marked)")
	}
}

// A section longer than Discord allows is cut at a whole character, with
// the note in the language asked for.
func TestRuleTextCutsAtACharacter(t *testing.T) {
	long := "## R6 " + strings.Repeat("射撃", maxText)
	old := rulesDocs[i18n.Japanese]
	rulesDocs[i18n.Japanese] = long
	defer func() { rulesDocs[i18n.Japanese] = old }()
	s := RuleTextIn("R6", i18n.Japanese)
	if !utf8.ValidString(s) || !strings.Contains(s, "省略しました") || !strings.Contains(s, "rules n:R6.1") {
		t.Errorf("the cut text: %q", s[len(s)-120:])
	}
	if body, _, _ := strings.Cut(s, "…"); utf8.RuneCountInString(body) != maxText {
		t.Errorf("cut at %d characters, want %d", utf8.RuneCountInString(body), maxText)
	}
	if s := RuleText("R6"); !strings.HasPrefix(s, "## R6 Combat") || !strings.HasSuffix(s, "e.g. rules n:R6.1)") {
		t.Errorf("the English R6 is not cut short: %q", s)
	}
}
