package command

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// rulesDocs are the rules the engine enforces, by language (rules/rules.md
// and its translations, embedded once in the rules package). A language
// without its own text reads the English one.
var rulesDocs = map[i18n.Lang]string{
	i18n.English:  rules.Text,
	i18n.Japanese: rules.TextJA,
}

// ruleWords are the sentences RuleTextIn writes around the rules text, by
// language: the heading of the list of sections, the refusal of a word
// that is not a rule number (%q, the word), the refusal of a rule that does
// not exist (%s, the number), and the note after a text cut short (%s, the
// section's digit). They stay here rather than in the catalog so that the
// rules text and its frame change together.
var ruleWords = map[i18n.Lang][4]string{
	i18n.English: {
		"The rules (ask rules n:R6.8 for one rule, rules n:R6 for a section):\n",
		"%q is not a rule number: ask for one such as R6.8, or a section such as R6.",
		"There is no rule %s: the rules run from R1 to R9 (rules lists them).",
		"…\n(cut short: ask for one rule, e.g. rules n:R%s.1)",
	},
	i18n.Japanese: {
		"ルール (1 つのルールは rules n:R6.8、1 つの節は rules n:R6 で表示します):\n",
		"%q はルール番号ではありません: R6.8 のようなルール番号か、R6 のような節を指定してください。",
		"ルール %s はありません: ルールは R1 から R9 までです (rules で一覧を表示します)。",
		"…\n(長いため省略しました: 1 つのルールを指定してください。例: rules n:R%s.1)",
	},
}

var ruleRE = regexp.MustCompile(`^(?i)r?(\d)(?:\.(\d+))?$`)

// maxText keeps a text under Discord's 2000-character message limit; it
// counts characters (runes), as Discord does.
const maxText = 1900

// RuleText is RuleTextIn in English.
func RuleText(n string) string { return RuleTextIn(n, i18n.English) }

// RuleTextIn returns the text of rule n ("R6.8", or a section "R6") in
// lang, or the list of sections when n is empty. The rule numbers are the
// same in every language; a language without a rules text gets the
// English one, and Pseudo the English one with every line marked, as its
// catalog messages are.
func RuleTextIn(n string, lang i18n.Lang) string {
	text := ruleTextIn(n, lang)
	if lang == i18n.Pseudo {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			if strings.TrimSpace(l) != "" {
				lines[i] = i18n.PseudoOpen + l + i18n.PseudoClose
			}
		}
		text = strings.Join(lines, "\n")
	}
	return text
}

func ruleTextIn(n string, lang i18n.Lang) string {
	doc, ok := rulesDocs[lang]
	if !ok {
		lang, doc = i18n.English, rulesDocs[i18n.English]
	}
	words := ruleWords[lang]
	n = strings.TrimSpace(n)
	lines := strings.Split(doc, "\n")
	if n == "" {
		var out []string
		for _, l := range lines {
			if strings.HasPrefix(l, "## ") {
				out = append(out, strings.TrimPrefix(l, "## "))
			}
		}
		return words[0] + strings.Join(out, "\n")
	}
	m := ruleRE.FindStringSubmatch(n)
	if m == nil {
		return fmt.Sprintf(words[1], echo(n))
	}
	var start string
	var section bool
	if m[2] == "" {
		start, section = "## R"+m[1]+" ", true
	} else {
		start = "- **R" + m[1] + "." + m[2]
	}
	var out []string
	in := false
	for _, l := range lines {
		if in {
			if strings.HasPrefix(l, "## ") || (!section && strings.HasPrefix(l, "- **")) {
				break
			}
			out = append(out, l)
			continue
		}
		if strings.HasPrefix(l, start) && (section || isRuleEnd(l[len(start):])) {
			in = true
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return fmt.Sprintf(words[2], strings.ToUpper(n))
	}
	text := strings.TrimSpace(strings.Join(out, "\n"))
	if utf8.RuneCountInString(text) > maxText {
		text = firstRunes(text, maxText) + fmt.Sprintf(words[3], m[1])
	}
	return text
}

// firstRunes returns the first n runes of s.
func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// isRuleEnd reports whether s follows a rule number completely ("**" or " "),
// so that R6.1 does not match R6.10.
func isRuleEnd(s string) bool { return strings.HasPrefix(s, "**") || strings.HasPrefix(s, " ") }

// helpCommands explain the commands and print the rules. In Discord,
// help command:R6.8 does what rules does in the text form, which keeps
// /mortain within Discord's 25 subcommands.
var helpCommands = []Command{
	{Definition: Definition{Name: "help", Positional: "command", Example: "help command:fire", Options: []Option{{Name: "command", Autocomplete: true}}},
		run: noCtx((*Service).help), Standalone: true},
	{Definition: Definition{Name: "rules", Positional: "n", Example: "rules n:R6.8", Options: []Option{{Name: "n", Autocomplete: true}}},
		run: noCtx((*Service).rules), Standalone: true, LocalOnly: true},
}

// help lists the commands, or explains one, or prints a rule, as the
// front end shows them.
func (s *Service) help(req Request) (Response, error) {
	if !s.cfg.FrontEnd.Members() {
		return Response{Private: LocalHelpTextIn(req.Options["command"], s.cfg.Debug, req.Lang)}, nil
	}
	return Response{Private: HelpTextIn(req.Options["command"], s.cfg.Debug, req.Lang)}, nil
}

// rules prints a rule, or the list of sections.
func (s *Service) rules(req Request) (Response, error) {
	return Response{Private: RuleTextIn(req.Options["n"], req.Lang)}, nil
}

// HelpText is HelpTextIn in English.
func HelpText(name string, debug bool) string { return HelpTextIn(name, debug, i18n.English) }

// HelpTextIn lists the commands, or explains one, or prints a rule given
// its number, in lang (the member's language).
func HelpTextIn(name string, debug bool, lang i18n.Lang) string {
	if ruleRE.MatchString(strings.TrimSpace(name)) {
		return RuleTextIn(name, lang)
	}
	if name != "" {
		return commandHelp(name, debug, false, lang)
	}
	return helpList(debug, false, lang)
}

// LocalHelpText is LocalHelpTextIn in English.
func LocalHelpText(name string, debug bool) string { return LocalHelpTextIn(name, debug, i18n.English) }

// LocalHelpTextIn is HelpTextIn as the terminal shows it.
func LocalHelpTextIn(name string, debug bool, lang i18n.Lang) string {
	switch {
	case strings.TrimSpace(name) == "":
		return helpList(debug, true, lang)
	case ruleRE.MatchString(strings.TrimSpace(name)):
		return RuleTextIn(name, lang)
	}
	return commandHelp(name, debug, true, lang)
}

// commandHelp explains one command in lang, as the terminal (local) or
// Discord words it.
func commandHelp(name string, debug, local bool, lang i18n.Lang) string {
	c, ok := Lookup(strings.TrimPrefix(strings.ToLower(name), "/"))
	if !ok || (c.Debug && !debug) {
		return i18n.T(lang, "help.no-command", map[string]any{"Name": fmt.Sprintf("%q", echo(name))})
	}
	d := c.Definition
	desc, help := commandDesc(d, lang), commandHelpText(d, lang)
	if local {
		if id := "help.local." + d.Name + ".desc"; i18n.Has(i18n.English, id) {
			desc = i18n.T(lang, id, nil)
		}
		if id := "help.local." + d.Name + ".text"; i18n.Has(i18n.English, id) {
			help = i18n.T(lang, id, nil)
		}
	}
	var b strings.Builder
	b.WriteString(i18n.T(lang, "help.head", map[string]any{"Name": d.Name, "Desc": desc}) + "\n" + help + "\n")
	for _, o := range d.Options {
		if o.Local && !local || local && slices.Contains(c.LocalHidden, o.Name) {
			continue
		}
		b.WriteString("  " + optionLine(d, o, local, lang) + "\n")
	}
	example := d.Example
	if local && c.LocalExample != "" {
		example = c.LocalExample
	}
	b.WriteString(i18n.T(lang, "help.example", map[string]any{"Example": example}))
	return b.String()
}

// optionLine is help's line for option o of d: its name, its values, and
// what it does.
func optionLine(d Definition, o Option, local bool, lang i18n.Lang) string {
	req := ""
	if o.Required {
		req = i18n.T(lang, "help.required", nil)
	}
	vals := ""
	if len(o.Choices) > 0 {
		var vs []string
		for _, c := range o.Choices {
			vs = append(vs, c.Value)
		}
		vals = " [" + strings.Join(vs, "|") + "]"
	}
	desc := optionHelp(d, o, lang)
	if id := "help.local." + d.Name + ".opt." + o.Name; local && i18n.Has(i18n.English, id) {
		desc = i18n.T(lang, id, nil)
		vals = strings.Replace(vals, "|open", "", 1)
	}
	return i18n.T(lang, "help.option", map[string]any{"Name": o.Name, "Values": vals, "Required": req, "Desc": desc})
}

// The catalog's words for a Definition: its description (cmd.NAME.desc,
// the one Discord registers, else help.cmd.NAME.desc), its Help
// (help.cmd.NAME.text) and an option's description or Long. English
// catalog text equals the Definition's (a test compares them); a word
// the catalog lacks is the Definition's own.
func commandDesc(d Definition, lang i18n.Lang) string {
	for _, id := range []string{"cmd." + d.Name + ".desc", "help.cmd." + d.Name + ".desc"} {
		if i18n.Has(i18n.English, id) {
			return i18n.T(lang, id, nil)
		}
	}
	return d.Description
}

func commandHelpText(d Definition, lang i18n.Lang) string {
	if id := "help.cmd." + d.Name + ".text"; i18n.Has(i18n.English, id) {
		return i18n.T(lang, id, map[string]any{"Levels": levelsTextIn(lang)})
	}
	return d.Help
}

// optionDesc is an option's short description (Discord's).
func optionDesc(d Definition, o Option, lang i18n.Lang) string {
	for _, id := range []string{"cmd." + d.Name + ".opt." + o.Name + ".desc", "help.cmd." + d.Name + ".opt." + o.Name + ".desc"} {
		if i18n.Has(i18n.English, id) {
			return i18n.T(lang, id, nil)
		}
	}
	return o.Description
}

// optionHelp is what help says of an option: its Long, else its
// description.
func optionHelp(d Definition, o Option, lang i18n.Lang) string {
	if o.Long == "" {
		return optionDesc(d, o, lang)
	}
	if id := "help.cmd." + d.Name + ".opt." + o.Name + ".long"; i18n.Has(i18n.English, id) {
		return i18n.T(lang, id, map[string]any{"Levels": levelsTextIn(lang)})
	}
	return o.Long
}

// levelsTextIn is levelsText in lang.
func levelsTextIn(lang i18n.Lang) string {
	var parts []string
	for _, l := range []string{"random", "easy", "hard"} {
		r := levelRatings[l]
		parts = append(parts, i18n.T(lang, "help.levels.level", map[string]any{"Level": l, "US": r[0], "German": r[1]}))
	}
	return strings.Join(parts, i18n.T(lang, "help.levels.sep", nil))
}

// helpList lists the commands in lang, as the terminal (local) or Discord
// shows them, then how to play a first game.
func helpList(debug, local bool, lang i18n.Lang) string {
	var b strings.Builder
	line := func(name, desc string) {
		b.WriteString("  " + i18n.T(lang, "help.list.line", map[string]any{"Name": fmt.Sprintf("%-8s", name), "Desc": desc}) + "\n")
	}
	b.WriteString(i18n.T(lang, "help.list.head", nil) + "\n")
	for _, c := range table {
		d := c.Definition
		if c.LocalOnly {
			continue
		}
		desc := commandDesc(d, lang)
		if local {
			if c.DiscordOnly {
				continue
			}
			if id := "help.local." + d.Name + ".desc"; i18n.Has(i18n.English, id) {
				desc = i18n.T(lang, id, nil)
			}
		}
		line(d.Name, desc)
	}
	if local {
		resume, _ := Find("resume")
		line(resume.Name, commandDesc(resume, lang))
		line("quit", i18n.T(lang, "help.list.quit", nil))
	}
	if debug {
		d, _ := Find("debug")
		line("debug", commandDesc(d, lang))
	}
	b.WriteString(i18n.T(lang, "help.list.rule", nil) + "\n")
	b.WriteString(i18n.T(lang, "help.list.syntax", nil) + "\n\n")
	b.WriteString(firstGame(lang))
	return b.String()
}

// firstGame is the short guide help ends with, in lang: a heading and
// four points, one message a line.
func firstGame(lang i18n.Lang) string {
	var lines []string
	for _, k := range []string{"head", "side", "wins", "setup", "odds"} {
		lines = append(lines, i18n.T(lang, "help.first-game."+k, nil))
	}
	return strings.Join(lines, "\n")
}
