// Package i18n holds the message catalogs of everything a person reads,
// one per language, and words them through go-i18n
// (github.com/nicksnyder/go-i18n/v2), whose CLDR plural rules pick the
// plural form.
//
// The catalogs are the embedded files locales/active.LANG.yaml: a message
// id (nested YAML keys joined by dots, "cmd.new.desc") maps to a text, or
// for a plural message to its CLDR forms (one, other, ...). Placeholders
// are text/template fields, {{.Name}}; a plural message's count is
// {{.Count}}. Rule numbers, unit ids, hex numbers and command syntax are
// written as they are in every language.
//
// Adding a language takes one catalog file and a glossary:
//
//  1. Copy locales/active.en.yaml to locales/active.LANG.yaml (LANG a BCP 47
//     tag, e.g. fr) and translate every text, keeping every placeholder and
//     giving every plural form the language's CLDR rule asks for.
//  2. Write docs/glossary-LANG.md, as docs/glossary-ja.md, with the game's
//     terms and where each comes from.
//  3. Add a Lang constant, its tag in tags and its prefix in Parse.
//
// The tests then check that every message exists in every language with
// the same placeholders and the plural forms the language needs
// (docs/i18n.md says more).
package i18n

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"
)

// Lang is a language the program speaks.
type Lang uint8

// The languages. English is the default and the fallback of a message
// missing from another catalog. Pseudo is English with every catalog
// message wrapped in PseudoOpen and PseudoClose, so a test can spot text
// that bypasses the catalog.
const (
	English Lang = iota
	Japanese
	Pseudo
)

// The markers around every message of Pseudo.
const (
	PseudoOpen  = "⟦"
	PseudoClose = "⟧"
)

// Langs lists the real languages, each with a complete catalog.
func Langs() []Lang { return []Lang{English, Japanese} }

// tags are the BCP 47 tags of the catalogs, by Lang.
var tags = map[Lang]language.Tag{English: language.English, Japanese: language.Japanese}

// String returns the language's code: en, ja or pseudo.
func (l Lang) String() string {
	switch l {
	case Japanese:
		return "ja"
	case Pseudo:
		return "pseudo"
	}
	return "en"
}

// Parse reads a Discord locale ("ja", "en-US", "en-GB") or a POSIX locale
// as LANG and LC_ALL hold it ("ja_JP.UTF-8", "C"), or a code of String. A
// Japanese locale gives Japanese, "pseudo" gives Pseudo, anything else
// English.
func Parse(locale string) Lang {
	l := strings.ToLower(strings.TrimSpace(locale))
	if i := strings.IndexAny(l, ".@"); i >= 0 {
		l = l[:i] // ja_JP.UTF-8, de_DE@euro
	}
	l = strings.ReplaceAll(l, "_", "-")
	switch {
	case l == "ja" || strings.HasPrefix(l, "ja-"):
		return Japanese
	case l == "pseudo":
		return Pseudo
	}
	return English
}

//go:embed locales/*.yaml
var files embed.FS

// catalog is the parsed catalogs: the bundle, a localizer per language and
// the messages of each file by id (the tests read them).
type catalog struct {
	bundle     *i18n.Bundle
	localizers map[Lang]*i18n.Localizer
	messages   map[Lang]map[string]*i18n.Message
}

var cat = mustLoad()

// mustLoad parses the embedded catalogs; a malformed one stops the
// program at start, and the tests catch it first.
func mustLoad() *catalog {
	c, err := load()
	if err != nil {
		panic(err)
	}
	return c
}

func load() (*catalog, error) {
	c := &catalog{
		bundle:     i18n.NewBundle(language.English),
		localizers: map[Lang]*i18n.Localizer{},
		messages:   map[Lang]map[string]*i18n.Message{},
	}
	c.bundle.RegisterUnmarshalFunc("yaml", yaml.Unmarshal)
	for _, l := range Langs() {
		names, err := fs.Glob(files, path.Join("locales", "*."+l.String()+".yaml"))
		if err != nil || len(names) == 0 {
			return nil, fmt.Errorf("i18n: no catalog for %s", l)
		}
		c.messages[l] = map[string]*i18n.Message{}
		for _, name := range names {
			buf, err := files.ReadFile(name)
			if err != nil {
				return nil, fmt.Errorf("i18n: %w", err)
			}
			f, err := c.bundle.ParseMessageFileBytes(buf, name)
			if err != nil {
				return nil, fmt.Errorf("i18n: %s: %w", name, err)
			}
			if f.Tag != tags[l] {
				return nil, fmt.Errorf("i18n: %s holds %s", name, f.Tag)
			}
			for _, m := range f.Messages {
				if _, dup := c.messages[l][m.ID]; dup {
					return nil, fmt.Errorf("i18n: %s: message %s is in another file too", name, m.ID)
				}
				c.messages[l][m.ID] = m
			}
		}
		c.localizers[l] = i18n.NewLocalizer(c.bundle, l.String())
	}
	c.localizers[Pseudo] = c.localizers[English]
	return c, nil
}

// T returns message id in lang, its placeholders filled from data (nil for
// none). A message missing from lang's catalog is given in English; one
// missing from every catalog comes back as its id, so that it shows.
func T(lang Lang, id string, data map[string]any) string {
	return localize(lang, &i18n.LocalizeConfig{MessageID: id, TemplateData: data})
}

// Plural returns message id in lang in the plural form count takes under
// the language's plural rules, with data and count (as {{.Count}}) filling
// its placeholders.
func Plural(lang Lang, id string, count int, data map[string]any) string {
	d := make(map[string]any, len(data)+1)
	for k, v := range data {
		d[k] = v
	}
	d["Count"] = count
	return localize(lang, &i18n.LocalizeConfig{MessageID: id, TemplateData: d, PluralCount: count})
}

// Has reports whether lang's own catalog holds message id (Pseudo: the
// English one).
func Has(lang Lang, id string) bool {
	if lang == Pseudo {
		lang = English
	}
	_, ok := cat.messages[lang][id]
	return ok
}

func localize(lang Lang, cfg *i18n.LocalizeConfig) string {
	lz, ok := cat.localizers[lang]
	if !ok {
		lz = cat.localizers[English]
	}
	s, err := lz.Localize(cfg)
	if s == "" && err != nil {
		s = cfg.MessageID
	}
	if lang == Pseudo {
		s = PseudoOpen + s + PseudoClose
	}
	return s
}

// IDs returns the ids of every message of lang's own catalog, sorted
// (Pseudo: the English ones).
func IDs(lang Lang) []string {
	if lang == Pseudo {
		lang = English
	}
	out := make([]string, 0, len(cat.messages[lang]))
	for id := range cat.messages[lang] {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Texts returns every message of lang's own catalog as written there,
// each plural form apart, placeholders included: what a font for the
// language must be able to draw.
func Texts(lang Lang) []string {
	if lang == Pseudo {
		lang = English
	}
	var out []string
	for _, m := range cat.messages[lang] {
		for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
			if s != "" {
				out = append(out, s)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Bare returns the lines of text a person would read outside every
// Pseudo message: text that bypassed the catalog. Left out of the check
// are what stays the same in every language: mentions, channel links and
// timestamps (<@1>, <#2>, <t:3:R>), links, `code`, commands as typed
// (move unit:DR-1 to:1803, or a line holding "pass" alone), and words holding a digit or a colon (unit
// ids, hexes, rule numbers, options such as unit:DR-1). A line is bare
// when a word of two or more letters is left.
func Bare(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		rest := outsideMarks(line)
		if loneCommand.MatchString(rest) {
			continue
		}
		rest = typedCommand.ReplaceAllString(rest, " ")
		if bareWord.MatchString(unmarkable.ReplaceAllString(rest, " ")) {
			out = append(out, line)
		}
	}
	return out
}

var (
	unmarkable = regexp.MustCompile("<[@#:t/][^>]*>|https?://\\S+|`[^`]*`|\\S*[0-9:]\\S*")
	bareWord   = regexp.MustCompile(`\pL{2,}`)
	// typedCommand is a command word followed by its options.
	typedCommand = regexp.MustCompile(`(^|\s)[a-z]+( +[a-z-]+:\S+)+`)
	// loneCommand is a line holding a command without options ("pass").
	loneCommand = regexp.MustCompile(`^\s*[a-z]+\s*$`)
)

// outsideMarks is line without its Pseudo messages (nested ones too).
func outsideMarks(line string) string {
	var b strings.Builder
	depth := 0
	for _, r := range line {
		switch {
		case string(r) == PseudoOpen:
			depth++
		case string(r) == PseudoClose && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
