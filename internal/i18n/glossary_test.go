package i18n

import (
	"os"
	"testing"

	"github.com/mortain/mortain/internal/glossary"
)

// avoided reads the words a glossary rules out (glossary.Avoided).
func avoided(t *testing.T, path string) map[string]string {
	t.Helper()
	buf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return glossary.Avoided(buf)
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
				if glossary.ContainsWord(s, w) {
					t.Errorf("%s: %q says %s; the glossary's word is %s", id, s, w, term)
				}
			}
		}
	}
}
