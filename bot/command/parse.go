package command

import (
	"errors"
	"strconv"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// narrow turns what a Japanese input method types in full-width mode
// into the text form's own: full-width letters, digits and signs (U+FF01
// to U+FF5E: "１", "：", "－", "ｈ") into ASCII, and the ideographic space
// into a space. Other text (kana, kanji) is left as it is.
func narrow(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '！' && r <= '～':
			return r - '！' + '!'
		case r == '\u3000':
			return ' '
		}
		return r
	}, s)
}

// narrowOptions is opts with every value narrowed (narrow), however it
// was typed: in the text form or in Discord's options.
func narrowOptions(opts map[string]string) map[string]string {
	out := make(map[string]string, len(opts))
	for k, v := range opts {
		out[k] = narrow(v)
	}
	return out
}

// Parse reads a command in its text form, `name key:value key:"value with
// spaces"`, with the option names of Definitions (a leading "/mortain" or
// "mortain" is allowed). Names are case-insensitive and returned in lower
// case; values are returned as written. A bare word fills the command's
// positional option ("rules R6.8") or sets a Bool option it names ("setup
// done"). What follows a lone "—" (the odds moves prints after a command)
// is left out, and full-width letters, digits, signs and spaces read as
// half-width ones (narrow).
// Its errors are worded in English; ErrorText words them in the language
// of whoever typed the line.
func Parse(text string) (name string, opts map[string]string, err error) {
	toks, err := tokenize(narrow(text))
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
		return "", nil, refuseT("parse.no-command", nil)
	}
	name = strings.ToLower(toks[0])
	def, ok := Find(name)
	if !ok || strings.Contains(name, ":") {
		return "", nil, refuseT("parse.unknown-command", map[string]any{"Command": quote(toks[0])})
	}
	opts = map[string]string{}
	for _, t := range toks[1:] {
		if err := parseWord(def, name, opts, t); err != nil {
			return "", nil, err
		}
	}
	return name, opts, nil
}

// parseWord reads one word t of command def, typed as name, into opts:
// an option:value, the name of a Bool option (it sets it), or the
// positional option's value.
func parseWord(def Definition, name string, opts map[string]string, t string) error {
	k, v, isOpt := strings.Cut(t, ":")
	if isOpt && k != "" && !strings.HasPrefix(t, "<") {
		k = strings.ToLower(k)
		if _, ok := def.Option(k); !ok {
			return optionsRefusal("parse.no-option", def, map[string]any{"Command": name, "Option": quote(k)})
		}
		if _, dup := opts[k]; dup {
			return refuseT("parse.twice", map[string]any{"Option": k})
		}
		opts[k] = v
		return nil
	}
	if o, ok := def.Option(t); ok && o.Type == Bool {
		opts[o.Name] = "true"
		return nil
	}
	if def.Positional != "" {
		if _, set := opts[def.Positional]; !set {
			if o, _ := def.Option(def.Positional); o.Type != Bool {
				opts[def.Positional] = t
				return nil
			}
		}
	}
	return optionsRefusal("parse.unexpected", def, map[string]any{"Command": name, "Word": quote(t)})
}

// echo is what a refusal repeats of a person's input: at most its first
// 80 characters.
func echo(s string) string { return clipText(s, 80) }

// quote is a person's input as a refusal repeats it, quoted as the
// refusal's language quotes ("fly", 「fly」), escaped as Go quotes it.
func quote(s string) phrase { return quoted(echo(s)) }

// quoted is s quoted as the language quotes, without clipping it.
func quoted(s string) phrase {
	inner := strconv.Quote(s)
	inner = inner[1 : len(inner)-1]
	return func(l i18n.Lang) string { return i18n.T(l, "grammar.quote", map[string]any{"Text": inner}) }
}

// optionsRefusal is refusal id naming the options of command d: message
// id (its options as {{.Options}}, "unit: to:") or, for a command without
// options, id+"-none".
func optionsRefusal(id string, d Definition, data map[string]any) error {
	if len(d.Options) == 0 {
		return refuseT(id+"-none", data)
	}
	names := make([]string, len(d.Options))
	for i, o := range d.Options {
		names[i] = o.Name + ":"
	}
	data["Options"] = strings.Join(names, " ")
	return refuseT(id, data)
}

// ErrorText words an error of Parse, or any other refusal of this
// package or of the rules, in lang, for a front end that shows it itself
// (the terminal); any other error as it is.
func ErrorText(err error, lang i18n.Lang) string {
	var r *refusal
	var re *rules.RuleError
	var de *rules.DebugError
	switch {
	case errors.As(err, &r):
		return r.in(lang)
	case errors.As(err, &re):
		return i18n.T(lang, "fail.rule", map[string]any{"Rule": re.Rule, "Why": i18n.Refusal(lang, re)})
	case errors.As(err, &de):
		return i18n.T(lang, "options.debug.refused", map[string]any{"Why": i18n.DebugRefusal(lang, de)})
	}
	return err.Error()
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
		return nil, refuseT("parse.quote", nil)
	}
	flush()
	return toks, nil
}
