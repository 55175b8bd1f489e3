package command

import (
	"github.com/mortain/mortain/internal/i18n"
)

// listIn and the words of replywords.go word people, deadlines, threads
// and ratings in a language.

// listIn joins the items of a list in lang: "a, b, c" ("a、b、c").
func listIn(lang i18n.Lang, items []string) string { return i18n.List(lang, items) }
