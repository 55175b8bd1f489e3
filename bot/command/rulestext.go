package command

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
)

// rulesDoc is a copy of the rules the engine enforces (docs/rules.md).
//
//go:embed rules.md
var rulesDoc string

var ruleRE = regexp.MustCompile(`^(?i)r?(\d)(?:\.(\d+))?$`)

// maxText keeps a text under Discord's 2000-character message limit.
const maxText = 1900

// RuleText returns the text of rule n ("R6.8", or a section "R6"), or the
// list of sections when n is empty.
func RuleText(n string) string {
	n = strings.TrimSpace(n)
	lines := strings.Split(rulesDoc, "\n")
	if n == "" {
		var out []string
		for _, l := range lines {
			if strings.HasPrefix(l, "## ") {
				out = append(out, strings.TrimPrefix(l, "## "))
			}
		}
		return "The rules (ask rules n:R6.8 for one rule, rules n:R6 for a section):\n" + strings.Join(out, "\n")
	}
	m := ruleRE.FindStringSubmatch(n)
	if m == nil {
		return fmt.Sprintf("%q is not a rule number: ask for one such as R6.8, or a section such as R6.", echo(n))
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
		return fmt.Sprintf("There is no rule %s: the rules run from R1 to R9 (rules lists them).", strings.ToUpper(n))
	}
	text := strings.TrimSpace(strings.Join(out, "\n"))
	if len(text) > maxText {
		text = text[:maxText] + "…\n(cut short: ask for one rule, e.g. rules n:R" + m[1] + ".1)"
	}
	return text
}

// isRuleEnd reports whether s follows a rule number completely ("**" or " "),
// so that R6.1 does not match R6.10.
func isRuleEnd(s string) bool { return strings.HasPrefix(s, "**") || strings.HasPrefix(s, " ") }

// HelpText lists the commands, or explains one.
func HelpText(name string, debug bool) string {
	if ruleRE.MatchString(strings.TrimSpace(name)) {
		return RuleText(name)
	}
	if name != "" {
		d, ok := Find(strings.TrimPrefix(strings.ToLower(name), "/"))
		if !ok || (d.Name == "debug" && !debug) {
			return fmt.Sprintf("There is no command %q: help lists them.", echo(name))
		}
		var b strings.Builder
		fmt.Fprintf(&b, "**%s** — %s\n%s\n", d.Name, d.Description, d.Help)
		for _, o := range d.Options {
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
			fmt.Fprintf(&b, "  %s:%s%s — %s\n", o.Name, vals, req, desc)
		}
		fmt.Fprintf(&b, "Example: %s", d.Example)
		return b.String()
	}
	var b strings.Builder
	b.WriteString("Commands (help command:NAME explains one):\n")
	for _, d := range definitions {
		fmt.Fprintf(&b, "  %-8s %s\n", d.Name, d.Description)
	}
	if debug {
		fmt.Fprintf(&b, "  %-8s %s\n", "debug", debugDefinition.Description)
	}
	b.WriteString("A rule: help command:R6.8 (typed, also rules R6.8).\n")
	b.WriteString("Write options as name:value, e.g. move unit:DR-1 to:1803; unit ids and hexes are case-insensitive.")
	return b.String()
}
