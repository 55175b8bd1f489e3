package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
)

// Every placeholder of the Japanese catalog has a sample, so that the
// text textlint reads is the text a person reads.
func TestEveryPlaceholderHasASample(t *testing.T) {
	if _, err := catalog(i18n.Japanese); err != nil {
		t.Fatal(err)
	}
}

// separator is a colon that joins two clauses: after a Japanese word or a
// closing bracket, before a space (not the colon of an option, unit:).
var separator = regexp.MustCompile(`(?:[^\x00-\x7f]|[)」]): `)

// No Japanese sentence chains colons (docs/glossary-ja.md, 文体): a
// refusal reads 「実行できません (R6.6): 解決する攻撃はありません。」, and
// a second clause is a new sentence. Each rules refusal is checked inside
// the frame that shows it (fail.rule); fields of a status line, separated
// by " · ", are apart.
func TestNoJapaneseSentenceChainsColons(t *testing.T) {
	data := samples(i18n.Japanese)
	for _, id := range i18n.IDs(i18n.Japanese) {
		if skipped[id] {
			continue
		}
		text := i18n.Plural(i18n.Japanese, id, 3, data)
		if strings.HasPrefix(id, "refuse.") && !strings.HasPrefix(id, "refuse.debug.") {
			text = i18n.T(i18n.Japanese, "fail.rule", map[string]any{"Rule": "R6.6", "Why": text})
		}
		for _, line := range strings.Split(text, "\n") {
			for _, field := range strings.Split(line, " · ") {
				for _, sentence := range strings.Split(field, "。") {
					if n := len(separator.FindAllString(sentence, -1)); n > 1 {
						t.Errorf("%s: %d colons in one sentence: %s", id, n, sentence)
					}
				}
			}
		}
	}
}
