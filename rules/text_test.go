package rules

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/glossary"
)

// ruleKeyRE finds the line that opens a section ("## R6 ...") or a
// numbered rule ("- **R6.8 ...", "- **R2.1** ...").
var ruleKeyRE = regexp.MustCompile(`^(?:## (R\d+) |- \*\*(R\d+\.\d+)(?:\*\*| ))`)

// ruleBlocks splits a rules text into its blocks: the text before the
// first section, each section's opening lines, and each numbered rule,
// with the lines that follow it up to the next block. A block is keyed by
// its rule number; a section without one (the scenario's) by "#" and its
// place among the sections, the text before the first section by "#0".
func ruleBlocks(doc string) (keys []string, blocks map[string]string) {
	blocks = map[string]string{}
	key, sections := "#0", 0
	keys = append(keys, key)
	for _, l := range strings.Split(doc, "\n") {
		if strings.HasPrefix(l, "## ") {
			sections++
			if m := ruleKeyRE.FindStringSubmatch(l); m != nil {
				key = m[1]
			} else {
				key = "#" + itoa(sections)
			}
			keys = append(keys, key)
		} else if m := ruleKeyRE.FindStringSubmatch(l); m != nil {
			key = m[2]
			keys = append(keys, key)
		}
		blocks[key] += l + "\n"
	}
	return keys, blocks
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// Every section and numbered rule of rules.md is in rules.ja.md, in the
// same order, and the other way round, so one rule number finds the same
// rule in both.
func TestRuleNumbersSameInJapanese(t *testing.T) {
	en, _ := ruleBlocks(Text)
	ja, _ := ruleBlocks(TextJA)
	if len(en) < 50 {
		t.Fatalf("only %d blocks read from rules.md", len(en))
	}
	if strings.Join(en, " ") != strings.Join(ja, " ") {
		t.Errorf("the rule numbers differ:\nrules.md:    %v\nrules.ja.md: %v", en, ja)
	}
	seen := map[string]bool{}
	for _, k := range ja {
		if seen[k] {
			t.Errorf("rules.ja.md has %s twice", k)
		}
		seen[k] = true
	}
}

// tokensIn returns the unit ids, hex numbers and rule references a text
// names, each once.
func tokensIn(s string, ids []string) []string {
	set := map[string]bool{}
	for _, re := range []*regexp.Regexp{hexTokenRE, ruleRefRE} {
		for _, m := range re.FindAllString(s, -1) {
			set[m] = true
		}
	}
	for _, id := range ids {
		if regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(id) + `($|[^\w-])`).MatchString(s) {
			set[id] = true
		}
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var (
	hexTokenRE = regexp.MustCompile(`\b1[1-9]0[1-5]\b`)
	ruleRefRE  = regexp.MustCompile(`\bR\d+(?:\.\d+)?\b`)
)

// Unit ids, hex numbers and rule numbers are written as they are in every
// language: each one a block of rules.md names, the same block of
// rules.ja.md names too.
func TestRuleUnitIDsHexesAndNumbersInJapanese(t *testing.T) {
	var ids []string
	for _, u := range DefaultScenario().Units {
		ids = append(ids, u.ID)
	}
	if len(ids) < 16 {
		t.Fatalf("only %d units in the scenario", len(ids))
	}
	keys, en := ruleBlocks(Text)
	_, ja := ruleBlocks(TextJA)
	checked := 0
	for _, k := range keys {
		for _, tok := range tokensIn(en[k], ids) {
			checked++
			if !strings.Contains(ja[k], tok) {
				t.Errorf("%s: rules.md names %s, rules.ja.md does not:\n%s", k, tok, ja[k])
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d names checked", checked)
	}
	// And no more: a number in the Japanese that the English lacks is a
	// mistyped one.
	for _, k := range keys {
		for _, tok := range tokensIn(ja[k], ids) {
			if !strings.Contains(en[k], tok) {
				t.Errorf("%s: rules.ja.md names %s, rules.md does not", k, tok)
			}
		}
	}
}

// One term, one word: the Japanese rules use the glossary's word, never a
// synonym it lists as Not.
func TestRulesJapaneseUsesTheGlossarysWords(t *testing.T) {
	not := avoided(t, "../docs/glossary-ja.md")
	if len(not) < 10 {
		t.Fatalf("only %d avoided words read from the glossary", len(not))
	}
	for i, l := range strings.Split(TextJA, "\n") {
		for w, term := range not {
			if glossary.ContainsWord(l, w) {
				t.Errorf("rules.ja.md:%d says %s; the glossary's word is %s: %s", i+1, w, term, l)
			}
		}
	}
}

// The Japanese rules are written in Japanese, in です/ます sentences: a
// block of rules.md left untranslated, or a sentence in the plain style,
// fails.
func TestRulesJapaneseIsJapanese(t *testing.T) {
	keys, ja := ruleBlocks(TextJA)
	kana := regexp.MustCompile(`[\p{Hiragana}\p{Katakana}\p{Han}]`)
	plain := regexp.MustCompile(`(である|だ|する|できる|ない)。`)
	for _, k := range keys {
		if !kana.MatchString(ja[k]) {
			t.Errorf("%s is not in Japanese: %q", k, ja[k])
		}
		if m := plain.FindString(ja[k]); m != "" {
			t.Errorf("%s ends a sentence in the plain style (%s): %q", k, m, ja[k])
		}
	}
}

func avoided(t *testing.T, path string) map[string]string {
	t.Helper()
	buf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return glossary.Avoided(buf)
}
