package command

import (
	"fmt"
	"strings"
)

// Parse reads a command in its text form, `name key:value key:"value with
// spaces"`, with the option names of Definitions (a leading "/mortain" or
// "mortain" is allowed). Names are case-insensitive and returned in lower
// case; values are returned as written. A bare word fills the command's
// positional option ("rules R6.8") or sets a Bool option it names ("setup
// done"). What follows a lone "—" (the odds moves prints after a command)
// is left out.
func Parse(text string) (name string, opts map[string]string, err error) {
	toks, err := tokenize(text)
	if err != nil {
		return "", nil, err
	}
	// A line pasted from moves ends with its odds after " — ": the
	// command is what comes before.
	for i, t := range toks {
		if t == "—" {
			toks = toks[:i]
			break
		}
	}
	if len(toks) > 0 && (strings.EqualFold(toks[0], "/mortain") || strings.EqualFold(toks[0], "mortain")) {
		toks = toks[1:]
	}
	if len(toks) == 0 {
		return "", nil, fmt.Errorf("no command: type help for the list")
	}
	name = strings.ToLower(toks[0])
	def, ok := Find(name)
	if !ok || strings.Contains(name, ":") {
		return "", nil, fmt.Errorf("unknown command %q: type help for the list", echo(toks[0]))
	}
	opts = map[string]string{}
	for _, t := range toks[1:] {
		k, v, isOpt := strings.Cut(t, ":")
		if isOpt && k != "" && !strings.HasPrefix(t, "<") {
			k = strings.ToLower(k)
			if _, ok := def.Option(k); !ok {
				return "", nil, fmt.Errorf("%s has no option %q%s", name, echo(k), optionList(def))
			}
			if _, dup := opts[k]; dup {
				return "", nil, fmt.Errorf("option %s: is given twice", k)
			}
			opts[k] = v
			continue
		}
		if o, ok := def.Option(t); ok && o.Type == Bool {
			opts[o.Name] = "true"
			continue
		}
		if def.Positional != "" {
			if _, set := opts[def.Positional]; !set {
				if o, _ := def.Option(def.Positional); o.Type != Bool {
					opts[def.Positional] = t
					continue
				}
			}
		}
		return "", nil, fmt.Errorf("%s: unexpected %q: write options as name:value%s", name, echo(t), optionList(def))
	}
	return name, opts, nil
}

// echo is what a refusal repeats of a person's input: at most its first
// 80 characters.
func echo(s string) string { return clipText(s, 80) }

func optionList(d Definition) string {
	if len(d.Options) == 0 {
		return " (it takes no options)"
	}
	names := make([]string, len(d.Options))
	for i, o := range d.Options {
		names[i] = o.Name + ":"
	}
	return " (its options are " + strings.Join(names, " ") + ")"
}

// tokenize splits text at spaces, keeping "quoted values" whole (quotes
// removed).
func tokenize(text string) ([]string, error) {
	var toks []string
	var b strings.Builder
	in, quoted := false, false
	flush := func() {
		if in {
			toks = append(toks, b.String())
		}
		b.Reset()
		in = false
	}
	for _, r := range text {
		switch {
		case r == '"' || r == '“' || r == '”':
			quoted = !quoted
			in = true
		case !quoted && (r == ' ' || r == '\t' || r == '\n' || r == '\r'):
			flush()
		default:
			b.WriteRune(r)
			in = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("a quote is not closed: write values with spaces as key:\"a b\"")
	}
	flush()
	return toks, nil
}
