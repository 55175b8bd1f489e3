package i18n

import (
	"os"
	"strings"
	"testing"
)

// avoided reads the Not column of the tables of a glossary: the words
// that must not stand for a term, with the term's Japanese.
func avoided(t *testing.T, path string) map[string]string {
	t.Helper()
	buf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(buf), "\n") {
		cells := strings.Split(line, "|")
		// | English | 日本語 | Source | Notes | Not |
		if len(cells) != 7 || strings.TrimSpace(cells[1]) == "English" || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
			continue
		}
		for _, w := range strings.Split(cells[5], ",") {
			if w = strings.TrimSpace(w); w != "" {
				out[w] = strings.TrimSpace(cells[2])
			}
		}
	}
	return out
}

// One term, one word: a Japanese message uses the glossary's word, never
// a synonym it lists as Not.
func TestJapaneseMessagesUseTheGlossarysWords(t *testing.T) {
	not := avoided(t, "../../docs/glossary-ja.md")
	if len(not) < 10 {
		t.Fatalf("only %d avoided words read from the glossary", len(not))
	}
	for id, m := range cat.messages[Japanese] {
		for _, s := range forms(m) {
			for w, term := range not {
				if strings.Contains(s, w) {
					t.Errorf("%s: %q says %s; the glossary's word is %s", id, s, w, term)
				}
			}
		}
	}
}
