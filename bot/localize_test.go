package bot

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
)

// localizedName is Discord's rule for a localized name:
// ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lower-case where the
// script has case.
var localizedName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// field is one localizable word of a registered command: its place, its
// English text and its localizations.
type field struct {
	path    string
	name    bool // a name (else a description or a choice's name)
	english string
	locs    map[discordgo.Locale]string
}

// fields lists every localizable word of c, and each choice's value (which
// counts towards Discord's limit in every locale and is never localized)
// as a field without localizations.
func fields(c *discordgo.ApplicationCommand) []field {
	deref := func(m *map[discordgo.Locale]string) map[discordgo.Locale]string {
		if m == nil {
			return nil
		}
		return *m
	}
	out := []field{
		{"/" + c.Name, true, c.Name, deref(c.NameLocalizations)},
		{"/" + c.Name + " (description)", false, c.Description, deref(c.DescriptionLocalizations)},
	}
	var walk func(path string, o *discordgo.ApplicationCommandOption)
	walk = func(path string, o *discordgo.ApplicationCommandOption) {
		path += " " + o.Name
		out = append(out,
			field{path, true, o.Name, o.NameLocalizations},
			field{path + " (description)", false, o.Description, o.DescriptionLocalizations})
		for _, ch := range o.Choices {
			v, _ := ch.Value.(string)
			out = append(out,
				field{path + " choice " + v, false, ch.Name, ch.NameLocalizations},
				field{path + " choice " + v + " (value)", false, v, map[discordgo.Locale]string{discordgo.Japanese: v}})
		}
		for _, sub := range o.Options {
			walk(path, sub)
		}
	}
	for _, o := range c.Options {
		walk("/"+c.Name, o)
	}
	return out
}

// localeTotals counts the characters of c's names, descriptions and values
// as a member of each locale reads them (English: the default), and as
// Discord counts them when localizations are present: the longest
// localization of each field, the default included.
func localeTotals(c *discordgo.ApplicationCommand) (perLocale map[string]int, longest int) {
	perLocale = map[string]int{"en": 0}
	for loc := range commandLocales {
		perLocale[string(loc)] = 0
	}
	for _, f := range fields(c) {
		n := utf8.RuneCountInString(f.english)
		perLocale["en"] += n
		most := n
		for loc := range commandLocales {
			l := n
			if s, ok := f.locs[loc]; ok {
				l = utf8.RuneCountInString(s)
			}
			perLocale[string(loc)] += l
			most = max(most, l)
		}
		longest += most
	}
	return perLocale, longest
}

func TestEveryRegisteredWordHasItsJapanese(t *testing.T) {
	for _, c := range ApplicationCommands(command.Definitions()) {
		for _, f := range fields(c) {
			s, ok := f.locs[discordgo.Japanese]
			if !ok || s == "" {
				t.Errorf("%s: no ja localization of %q", f.path, f.english)
				continue
			}
			if f.name && (!localizedName.MatchString(s) || strings.ToLower(s) != s) {
				t.Errorf("%s: ja name %q breaks Discord's rule for names", f.path, s)
			}
			if n := utf8.RuneCountInString(s); !f.name && n > maxDescription {
				t.Errorf("%s: ja text of %d characters", f.path, n)
			}
		}
	}
}

// Two siblings with one localized name would make Discord refuse the
// whole registration.
func TestLocalizedNamesAreUniqueAmongSiblings(t *testing.T) {
	var check func(path string, opts []*discordgo.ApplicationCommandOption)
	check = func(path string, opts []*discordgo.ApplicationCommandOption) {
		for loc := range commandLocales {
			seen := map[string]string{}
			for _, o := range opts {
				name := o.NameLocalizations[loc]
				if other, dup := seen[name]; dup {
					t.Errorf("%s: %s and %s are both %q in %s", path, other, o.Name, name, loc)
				}
				seen[name] = o.Name
			}
		}
		for _, o := range opts {
			check(path+" "+o.Name, o.Options)
		}
	}
	for _, c := range ApplicationCommands(command.Definitions()) {
		check("/"+c.Name, c.Options)
	}
}

// The English catalog holds the commands' words as the definitions give
// them, so that a translator works from the text members read.
func TestTheEnglishCatalogMatchesTheRegisteredWords(t *testing.T) {
	cmds := ApplicationCommands(command.Definitions())
	ids := map[string]string{}
	for _, c := range cmds {
		ids[commandNameID(c.Name)] = c.Name
		ids[commandDescID(c.Name)] = c.Description
		for _, o := range c.Options {
			subs := []*discordgo.ApplicationCommandOption{o}
			if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				ids[groupNameID(o.Name)] = o.Name
				ids[groupDescID(o.Name)] = o.Description
				subs = o.Options
			}
			for _, sub := range subs {
				ids[subNameID(sub.Name)] = sub.Name
				ids[subDescID(sub.Name)] = sub.Description
				for _, opt := range sub.Options {
					ids[optNameID(opt.Name)] = opt.Name
					ids[optDescID(sub.Name, opt.Name)] = opt.Description
					for _, ch := range opt.Choices {
						v, _ := ch.Value.(string)
						ids[choiceID(opt.Name, v)] = ch.Name
					}
				}
			}
		}
	}
	var bad []string
	for id, want := range ids {
		if got := clip(i18n.T(i18n.English, id, nil), 100); got != want {
			bad = append(bad, fmt.Sprintf("%s: catalog %q, registered %q", id, got, want))
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
	t.Logf("%d words of the commands in the catalog", len(ids))
}

// The localizations reach the registration that Discord receives and that
// mortain commands prints.
func TestRegistrationCarriesTheJapanese(t *testing.T) {
	body, err := RegistrationJSON(command.Definitions())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"name_localizations"`, `"ja": "移動"`, `"ja": "米軍"`, `"ja": "保留中の攻撃のカードを引きます (R6.8)"`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the registration lacks %s", want)
		}
	}
}
