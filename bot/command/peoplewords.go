package command

import (
	"strings"

	"github.com/mortain/mortain/internal/i18n"
)

// listIn and the words of replywords.go word people, deadlines, threads
// and ratings in a language.

// listIn joins the items of a list in lang: "a, b, c" ("a、b、c").
func listIn(lang i18n.Lang, items []string) string {
	if lang == i18n.Japanese {
		return strings.Join(items, "、")
	}
	return strings.Join(items, ", ")
}
