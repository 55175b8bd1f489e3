// Command jatext writes every message of the Japanese catalog as a reader
// sees it, for textlint (tools/textlint, docs/i18n.md): each placeholder
// filled with a sample value of its kind, lists, quotes and sentences
// joined as the catalog's grammar.* joins them. The file is Markdown, one
// paragraph per message after an HTML comment naming it, since messages
// use Discord's Markdown (**bold**, `code`).
//
//	go run ./tools/jatext -out tools/textlint/out/catalog.ja.md
//
// A placeholder without a sample is an error: add its sample below.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
)

func main() {
	out := flag.String("out", "tools/textlint/out/catalog.ja.md", "the file to write")
	flag.Parse()
	text, err := catalog(i18n.Japanese)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(*out), 0o755)
	}
	if err == nil {
		err = os.WriteFile(*out, []byte(text), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "jatext:", err)
		os.Exit(1)
	}
}

// skipped are the messages that are not Japanese text: the text form's
// prompt, a Go time layout and the grammar joins themselves (applied to
// the others).
var skipped = map[string]bool{
	"term.prompt": true, "term.games.time": true, "grammar.clause-sep": true, "grammar.list-sep": true,
	"grammar.quote": true, "grammar.sentences": true,
}

// catalog is every message of lang as read, in id order.
func catalog(lang i18n.Lang) (string, error) {
	data := samples(lang)
	keep := kept(lang)
	var b strings.Builder
	var missing []string
	for _, id := range i18n.IDs(lang) {
		if skipped[id] {
			continue
		}
		for _, name := range placeholders(i18n.Plural(lang, id, 3, keep)) {
			if _, ok := data[name]; !ok {
				missing = append(missing, id+": {{."+name+"}}")
			}
		}
		d := data
		if o, ok := overrides[id]; ok {
			d = merged(data, o)
		}
		text := i18n.Plural(lang, id, 3, d)
		// Each line is a paragraph: a line break shows as one in Discord
		// and the terminal, so a sentence does not run on past it.
		text = strings.ReplaceAll(strings.TrimSpace(text), "\n", "\n\n")
		fmt.Fprintf(&b, "<!-- %s -->\n\n%s\n\n", id, text)
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return "", fmt.Errorf("no sample value for %s", strings.Join(missing, ", "))
	}
	return b.String(), nil
}

var placeholder = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

// placeholders are the names of the fields message text uses.
func placeholders(text string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// kept fills every placeholder of lang's catalog with itself, so that a
// message worded with it shows the placeholders it uses.
func kept(lang i18n.Lang) map[string]any {
	keep := map[string]any{}
	for _, t := range i18n.Texts(lang) {
		for _, name := range placeholders(t) {
			keep[name] = "{{." + name + "}}"
		}
	}
	return keep
}

// overrides are the samples of the messages where a placeholder's name
// stands for something else than it does elsewhere.
var overrides = map[string]map[string]any{
	"bot.reason.http":            {"Status": "500"},
	"parse.unknown-command":      {"Command": quoted("fly")},
	"parse.no-option":            {"Option": quoted("fly")},
	"parse.no-option-none":       {"Option": quoted("fly")},
	"parse.unexpected":           {"Word": quoted("fly")},
	"parse.unexpected-none":      {"Word": quoted("fly")},
	"options.debug.unknown-edit": {"Edit": quoted("fly")},
	"reply.play.unknown-action":  {"Action": quoted("fly")},
	"reply.play.no-unit":         {"Unit": quoted("DR-9")},
	"reply.play.not-hex":         {"Value": quoted("18x3")},
	"reply.play.hex-length":      {"Hex": quoted("183")},
	"reply.play.hex-digits":      {"Hex": quoted("18x3")},
	"reply.play.hex-off":         {"Hex": quoted("2803")},
	"reply.new.bad-rule-option":  {"Value": quoted("fly")},
	"reply.new.bad-level":        {"Level": "expert", "Levels": "random, easy, hard"},
	"refuse.debug.unknown-edit":  {"Edit": `"fly"`},
	"post.seat.typed-name":       {"Quoted": `"Bob"`},
	"replay.step":                {"Steps": "40"},
	"refuse.wrong-round":         {"Side": "米軍", "Round": "独軍"},
}

// quoted is s quoted as a refusal quotes a person's input (grammar.quote).
func quoted(s string) string {
	return i18n.T(i18n.Japanese, "grammar.quote", map[string]any{"Text": s})
}

// merged is data with o's values over its own.
func merged(data, o map[string]any) map[string]any {
	out := make(map[string]any, len(data))
	for k, v := range data {
		out[k] = v
	}
	for k, v := range o {
		out[k] = v
	}
	return out
}
