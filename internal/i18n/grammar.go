package i18n

import "strings"

// List joins the items of a list in lang with the catalog's separator
// (grammar.list-sep): "a, b, c" in English, "a、b、c" in Japanese.
func List(lang Lang, items []string) string {
	return strings.Join(items, T(lang, "grammar.list-sep", nil))
}

// Sentences joins the non-empty sentences in lang as the catalog's
// grammar.sentences joins two: with a space in English, with none after
// a Japanese full stop.
func Sentences(lang Lang, parts ...string) string {
	out := ""
	for _, p := range parts {
		switch {
		case p == "":
		case out == "":
			out = p
		default:
			out = T(lang, "grammar.sentences", map[string]any{"First": out, "Next": p})
		}
	}
	return out
}
