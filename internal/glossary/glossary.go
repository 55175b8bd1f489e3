// Package glossary reads a language's glossary (docs/glossary-LANG.md)
// for the tests that keep the program's words to it.
package glossary

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Avoided reads the Not column of a glossary's tables,
// "| English | word | Source | Notes | Not |": the words that must not
// stand for a term, each with the term's word.
func Avoided(markdown []byte) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(string(markdown), "\n") {
		cells := strings.Split(line, "|")
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

// ContainsWord reports whether s holds the word w. A word that begins or
// ends in katakana is not found inside a longer katakana word: ログ (log)
// is not in プログラム (program).
func ContainsWord(s, w string) bool {
	first, _ := utf8.DecodeRuneInString(w)
	last, _ := utf8.DecodeLastRuneInString(w)
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before, _ := utf8.DecodeLastRuneInString(s[:j])
		after, _ := utf8.DecodeRuneInString(s[j+len(w):])
		if !(isKatakana(first) && isKatakana(before)) && !(isKatakana(last) && isKatakana(after)) {
			return true
		}
		i = j + len(w)
	}
}

// isKatakana reports whether r is a katakana letter or the long-vowel mark.
func isKatakana(r rune) bool { return unicode.Is(unicode.Katakana, r) || r == 'ー' }
