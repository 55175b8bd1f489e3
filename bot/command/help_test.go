package command

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/internal/i18n"
)

// allDefinitions are every command help explains: those Discord registers
// and those of the text form alone (rules, debug, resume).
func allDefinitions() []Definition {
	return append(append([]Definition{}, definitions...), findDef("rules"), findDef("debug"), findDef("resume"))
}

// findDef is the definition of a command the table holds.
func findDef(name string) Definition {
	d, ok := Find(name)
	if !ok {
		panic("no command " + name)
	}
	return d
}

// The catalog's English help is the Definitions' text word for word, so
// that help (from the catalog) and Discord's registration (from the
// Definitions) cannot drift apart; and every word has its message.
func TestHelpCatalogIsTheDefinitions(t *testing.T) {
	for _, d := range allDefinitions() {
		assert.True(t, i18n.Has(i18n.English, "help.cmd."+d.Name+".text"), "%s has no help.cmd.%s.text", d.Name, d.Name)
		assert.Equal(t, d.Description, commandDesc(d, i18n.English), "%s: description", d.Name)
		assert.Equal(t, d.Help, commandHelpText(d, i18n.English), "%s: Help", d.Name)
		for _, o := range d.Options {
			assert.True(t, i18n.Has(i18n.English, "cmd."+d.Name+".opt."+o.Name+".desc") || i18n.Has(i18n.English, "help.cmd."+d.Name+".opt."+o.Name+".desc"),
				"%s %s: no description in the catalog", d.Name, o.Name)
			assert.Equal(t, o.Description, optionDesc(d, o, i18n.English), "%s %s: description", d.Name, o.Name)
			if o.Long != "" {
				assert.True(t, i18n.Has(i18n.English, "help.cmd."+d.Name+".opt."+o.Name+".long"), "%s %s: no Long in the catalog", d.Name, o.Name)
				assert.Equal(t, o.Long, optionHelp(d, o, i18n.English), "%s %s: Long", d.Name, o.Name)
			}
		}
	}
	for g, desc := range Groups {
		assert.Equal(t, desc, i18n.T(i18n.English, "group."+g+".desc", nil), "group %s", g)
	}
	assert.Equal(t, levelsText(), levelsTextIn(i18n.English))
}

// helpAsked are the arguments of help the tests ask: none, every command,
// rules, a section, an unknown word, a number that is no rule.
func helpAsked() []string {
	asked := []string{"", "R6.8", "R6", "R99", "nosuch"}
	for _, d := range allDefinitions() {
		asked = append(asked, d.Name)
	}
	return asked
}

// Every line of help, on Discord and in the terminal, comes from the
// catalog (or the rules text): under the pseudo-locale none is bare. In
// Japanese every answer is Japanese and differs from the English.
func TestHelpEveryLineFromTheCatalog(t *testing.T) {
	japanese := regexp.MustCompile(`\p{Hiragana}|\p{Katakana}|\p{Han}`)
	for _, local := range []bool{false, true} {
		help := HelpTextIn
		if local {
			help = LocalHelpTextIn
		}
		for _, n := range helpAsked() {
			if bare := i18n.Bare(help(n, true, i18n.Pseudo)); len(bare) > 0 {
				t.Errorf("help %q (local %v) has lines outside the catalog:\n%s", n, local, strings.Join(bare, "\n"))
			}
			en, ja := help(n, true, i18n.English), help(n, true, i18n.Japanese)
			if en == ja || !japanese.MatchString(ja) {
				t.Errorf("help %q (local %v) in Japanese is not Japanese:\n%s", n, local, ja)
			}
			if strings.Contains(ja, "\n") && !strings.HasPrefix(n, "R") {
				for _, l := range strings.Split(ja, "\n") {
					if l != "" && !japanese.MatchString(l) && !strings.HasPrefix(strings.TrimSpace(l), "debug") {
						t.Errorf("help %q (local %v): a line without Japanese: %q", n, local, l)
					}
				}
			}
		}
	}
}

// The answer to help is in the member's language: a Japanese member reads
// Japanese, an English one English, in the same channel; a rule number
// prints the rule as rules does.
func TestHelpAnswersInTheMembersLanguage(t *testing.T) {
	s, _ := newService(t, 3)
	ask := func(c Caller, lang i18n.Lang, command string) string {
		t.Helper()
		r := s.Handle(context.Background(), Request{Key: testKey, Caller: c, Command: "help", Options: map[string]string{"command": command}, Lang: lang})
		require.False(t, r.Refused, r.Private)
		return r.Private
	}
	assert.Equal(t, HelpText("", false), ask(bob, i18n.English, ""))
	assert.Equal(t, HelpTextIn("", false, i18n.Japanese), ask(ann, i18n.Japanese, ""))
	assert.Contains(t, ask(ann, i18n.Japanese, "fire"), "例: fire unit:TD target:DR-1")
	assert.Equal(t, RuleTextIn("R6.8", i18n.Japanese), ask(ann, i18n.Japanese, "R6.8"))
	assert.NotEqual(t, ask(bob, i18n.English, "R6.8"), ask(ann, i18n.Japanese, "R6.8"))
	local := LocalKey(1)
	terminal := New(Config{FrontEnd: lone{}, Store: newMemStore()})
	r := terminal.Handle(context.Background(), Request{Key: local, Caller: ann, Command: "help", Options: map[string]string{}, Lang: i18n.Japanese})
	assert.Equal(t, LocalHelpTextIn("", false, i18n.Japanese), r.Private)
}

// RuleTextIn marks every line under the pseudo-locale, and only adds the
// marks.
func TestRuleTextPseudoMarksEveryLine(t *testing.T) {
	for _, n := range []string{"", "R6.8", "R6", "R99", "x"} {
		p := RuleTextIn(n, i18n.Pseudo)
		assert.Empty(t, i18n.Bare(p), n)
		assert.Equal(t, RuleTextIn(n, i18n.English), strings.NewReplacer(i18n.PseudoOpen, "", i18n.PseudoClose, "").Replace(p), n)
	}
}
