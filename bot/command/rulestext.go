package command

import (
	"fmt"
	"regexp"
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
// same in every language; a language without a rules text (Pseudo) gets
// the English one.
func RuleTextIn(n string, lang i18n.Lang) string {
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

// HelpText lists the commands, or explains one.
func HelpText(name string, debug bool) string {
	if ruleRE.MatchString(strings.TrimSpace(name)) {
		return RuleTextIn(name, i18n.English)
	}
	if name != "" {
		return commandHelp(name, debug, false)
	}
	return helpList(debug, false)
}

// commandHelp explains one command, as the terminal (local) or Discord
// words it.
func commandHelp(name string, debug, local bool) string {
	{
		d, ok := Find(strings.TrimPrefix(strings.ToLower(name), "/"))
		if !ok || (d.Name == "debug" && !debug) {
			return fmt.Sprintf("There is no command %q: help lists them.", echo(name))
		}
		desc, help := d.Description, d.Help
		if local {
			if l := localDescriptions[d.Name]; l != "" {
				desc = l
			}
			if l := localHelps[d.Name]; l != "" {
				help = l
			}
		}
		var b strings.Builder
		fmt.Fprintf(&b, "**%s** — %s\n%s\n", d.Name, desc, help)
		for _, o := range d.Options {
			if o.Local && !local || local && localHiddenOptions[d.Name+" "+o.Name] {
				continue
			}
			req := ""
			if o.Required {
				req = " (required)"
			}
			vals := ""
			if len(o.Choices) > 0 {
				var vs []string
				for _, c := range o.Choices {
					vs = append(vs, c.Value)
				}
				vals = " [" + strings.Join(vs, "|") + "]"
			}
			desc := o.Description
			if o.Long != "" {
				desc = o.Long
			}
			if l := localOptionDescs[d.Name+" "+o.Name]; local && l != "" {
				desc = l
				vals = strings.Replace(vals, "|open", "", 1)
			}
			fmt.Fprintf(&b, "  %s:%s%s — %s\n", o.Name, vals, req, desc)
		}
		example := d.Example
		if local && localExamples[d.Name] != "" {
			example = localExamples[d.Name]
		}
		fmt.Fprintf(&b, "Example: %s", example)
		return b.String()
	}
}

// The terminal's words for what differs there: its own descriptions and
// explanations, the options it does without, its examples.
var (
	localHelps = map[string]string{
		"new": "Starts a new game; your other games are kept (games lists them, resume id:N goes back to one). " +
			"mode:ai (the default) plays the AI, with you as the side: you choose; mode:hotseat has you play both sides; mode:ai-vs-ai lets you watch. " +
			"Rule options (los:lenient ...) change the rules, as in rules/rules.md.",
		"games":  "Lists your saved games, the latest first: id, players, where each stands or its result, and when it was last played; resume id:N switches to one.",
		"map":    "Draws the map of the game into the maps folder and prints its path; size:small draws the compact 550-pixel one made for a phone.",
		"replay": "Draws an animation of the game so far (or of the game that ended) into the maps folder and prints its path.",
		"export": "Writes the game as a self-contained JSON record: scenario, options, players, every action and every card drawn; once it is over also the seed and the salt, so that `mortain verify FILE` can check every card. It writes mortain-game-N.json (N the game's id) in the current folder, or the file out: names, and prints the path.",
	}
	localHiddenOptions = map[string]bool{"games all": true, "new deadline": true, "new ranked": true, "new opponent": true, "new remind": true, "new round-limit": true, "new pace": true, "new confirm": true}
	localOptionDescs   = map[string]string{"new mode": "ai (the default here), hotseat (you play both sides) or ai-vs-ai (you watch)"}
	localExamples      = map[string]string{"new": "new mode:ai side:german level:easy", "export": "export out:game.json"}
)

// localOnlyHidden are the commands local play does without: seats and
// moderation belong to a server, the leaderboard to its members.
var localOnlyHidden = map[string]bool{"join": true, "seat": true, "abort": true, "stats": true, "server": true, "notify": true, "away": true}

// localDescriptions are the commands' descriptions as the terminal words
// them.
var localDescriptions = map[string]string{
	"new":    "Start a new game (mode:ai, hotseat or ai-vs-ai); your other games are kept",
	"games":  "List your saved games: id, players, where each stands",
	"map":    "Draw the map of the game into the maps folder (size:small: the compact one)",
	"replay": "Draw the animated replay of the game into the maps folder",
	"export": "Write the game as a JSON record anyone can replay and check (mortain-game-N.json)",
}

// helpList lists the commands, as the terminal (local) or Discord shows
// them, then how to play a first game.
func helpList(debug, local bool) string {
	var b strings.Builder
	b.WriteString("Commands (help command:NAME explains one):\n")
	for _, d := range definitions {
		desc := d.Description
		if local {
			if localOnlyHidden[d.Name] {
				continue
			}
			if l := localDescriptions[d.Name]; l != "" {
				desc = l
			}
		}
		fmt.Fprintf(&b, "  %-8s %s\n", d.Name, desc)
	}
	if local {
		fmt.Fprintf(&b, "  %-8s %s\n", resumeDefinition.Name, resumeDefinition.Description)
		fmt.Fprintf(&b, "  %-8s %s\n", "quit", "Leave (your games are kept and resume when mortain starts again)")
	}
	if debug {
		fmt.Fprintf(&b, "  %-8s %s\n", "debug", debugDefinition.Description)
	}
	b.WriteString("A rule: help command:R6.8 (typed, also rules R6.8).\n")
	b.WriteString("Write options as name:value, e.g. move unit:DR-1 to:1803; unit ids and hexes are case-insensitive.\n\n")
	b.WriteString(firstGame)
	return b.String()
}

// LocalHelpText is HelpText as the terminal shows it.
func LocalHelpText(name string, debug bool) string {
	switch {
	case strings.TrimSpace(name) == "":
		return helpList(debug, true)
	case ruleRE.MatchString(strings.TrimSpace(name)):
		return RuleTextIn(name, i18n.English)
	}
	return commandHelp(name, debug, true)
}

// firstGame is the short guide help ends with.
const firstGame = `How to play your first game:
- Take the German side against the AI at level easy: new mode:ai side:german level:easy. The German attacks, which is the easier side to learn; the US must hold with few units, and the hard AI punishes a loose set-up at once.
- What wins: the German wins at once with five units exited off the west edge (R8.1), no US unit left (R8.2), or no US unit on the map while a German unit stands in column 11 at the end of a German round (R8.3); otherwise the US wins when turn 6 ends (R8.4).
- The US set-up: setup preset:historical is a sound start; keep units on the hills (Hill 314) and in Mortain, where attacks on them get worse (R6.8).
- The odds: an attack's strength less its modifiers is N; the card drawn hits if its value is N or less (R6.8), so N 5 hits about half the time. moves lists every legal command with N and the chance to hit.`
