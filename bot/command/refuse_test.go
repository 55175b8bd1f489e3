package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
)

// checkWorded checks a refusal's text in every language: what the English
// says, no word outside the catalog under the pseudo-locale, and a
// Japanese that is not the English.
func checkWorded(t *testing.T, what string, in func(i18n.Lang) string, want string) {
	t.Helper()
	en, ja, ps := in(i18n.English), in(i18n.Japanese), in(i18n.Pseudo)
	if !strings.Contains(en, want) {
		t.Errorf("%s: %q, want it to say %q", what, en, want)
	}
	if bare := i18n.Bare(ps); len(bare) > 0 {
		t.Errorf("%s: words outside the catalog under the pseudo-locale: %q", what, bare)
	}
	if ja == en {
		t.Errorf("%s: the Japanese is the English: %q", what, en)
	}
	for _, s := range []string{en, ja} {
		if strings.Contains(s, "<no value>") || strings.Contains(s, "parse.") || strings.Contains(s, "options.") {
			t.Errorf("%s: a message or a value is missing: %q", what, s)
		}
	}
}

// The text form's errors reach whoever typed the line in their language.
func TestParseErrorsWorded(t *testing.T) {
	for text, want := range map[string]string{
		"":                        "no command: type help for the list",
		"fly unit:TD":             `unknown command "fly": type help for the list`,
		"move unit:TD speed:3":    `move has no option "speed" (its options are unit: to: with:)`,
		"pass speed:3":            `pass has no option "speed" (it takes no options)`,
		"move unit:TD unit:CCA":   "option unit: is given twice",
		"move TD 1803":            `move: unexpected "TD": write options as name:value (its options are unit: to: with:)`,
		"pass now":                `pass: unexpected "now": write options as name:value (it takes no options)`,
		`debug deck cards:"KS 5H`: `a quote is not closed: write values with spaces as key:"a b"`,
	} {
		_, _, err := Parse(text)
		if err == nil {
			t.Errorf("Parse(%q) accepted", text)
			continue
		}
		if ErrorText(err, i18n.English) != err.Error() {
			t.Errorf("Parse(%q): ErrorText in English %q, Error %q", text, ErrorText(err, i18n.English), err.Error())
		}
		checkWorded(t, text, func(l i18n.Lang) string { return ErrorText(err, l) }, want)
	}
}

// The checks of a command's options, and the refusal of an unknown or
// debug command, answer in the member's language.
func TestOptionRefusalsWorded(t *testing.T) {
	s, _ := newService(t, 1)
	for _, c := range []struct {
		command string
		opts    map[string]string
		want    string
	}{
		{"fly", nil, `unknown command "fly": type help for the list`},
		{"debug", map[string]string{"edit": "position"}, "debug commands are only available in local play started with --debug"},
		{"move", map[string]string{"speed": "3"}, "move has no option speed: (its options are unit: to: with:)"},
		{"pass", map[string]string{"speed": "3"}, "pass has no option speed: (it takes no options)"},
		{"new", map[string]string{"side": "french"}, "side:french is not a choice: choose us, german"},
		{"new", map[string]string{"mode": "duel"}, "mode:duel is not a choice: choose ai, hotseat, ai-vs-ai, open; to challenge a member, give opponent: and pick them from Discord's list"},
		{"new", map[string]string{"opponent": "@bob"}, "opponent:@bob is a typed name, not a Discord account: pick the member from Discord's list when you fill in opponent: (a real mention), so the seat is theirs whatever name they go by."},
		{"resume", map[string]string{"id": "x"}, "id:x: want a whole number"},
		{"move", map[string]string{"to": "1803"}, "move needs unit: — for example: move unit:"},
	} {
		in := func(l i18n.Lang) string {
			r := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: c.command, Options: c.opts, Lang: l})
			if !r.Refused {
				t.Fatalf("%s %v: accepted", c.command, c.opts)
			}
			return r.Private
		}
		checkWorded(t, c.command, in, c.want)
	}
}

// Every option with a hint (Option.Hint) has its message: the list of
// choices, then the hint, so that its refusal is worded in every
// language.
func TestOptionHintsInCatalog(t *testing.T) {
	hints := 0
	for _, d := range append(Definitions(), findDef("debug"), findDef("resume")) {
		for _, o := range d.Options {
			if !o.Hint {
				continue
			}
			hints++
			id := "options.not-choice-" + d.Name + "-" + o.Name
			data := map[string]any{"Option": o.Name, "Value": "x", "Choices": "a, b"}
			plain := i18n.T(i18n.English, "options.not-choice", data)
			if got := i18n.T(i18n.English, id, data); !i18n.Has(i18n.English, id) || !strings.HasPrefix(got, plain) || got == plain {
				t.Errorf("%s %s: the message %s is %q, want %q and a hint", d.Name, o.Name, id, got, plain)
			}
		}
	}
	if hints == 0 {
		t.Errorf("no option has a hint")
	}
}

// The debug commands' refusals are in the member's language, the rules'
// refusals of an edit too; debug's help in the catalog is its Help.
func TestDebugRefusalsWorded(t *testing.T) {
	if got := i18n.T(i18n.English, "options.debug.help", nil); got != findDef("debug").Help {
		t.Errorf("options.debug.help is %q, want debug's Help %q", got, findDef("debug").Help)
	}
	s := New(Config{FrontEnd: frontend.Discord{}, Store: newMemStore(), Seed: func() uint64 { return 1 }, Debug: true})
	mustDo(t, s, ann, "new opponent:hotseat")
	for _, c := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"edit": "place", "unit": "DR-1"}, "debug place needs hex: — debug place unit:ID"},
		{map[string]string{"edit": "round", "side": "us"}, "debug round needs points:N or card:CARD"},
		{map[string]string{"edit": "fly"}, `debug: unknown edit "fly" — debug place unit:ID`},
		{map[string]string{"edit": "turn", "n": "3"}, "debug: the turn can be set only while the game is in play (it is in setup)"},
		{nil, ""}, // the set-up ends
		{map[string]string{"edit": "round", "side": "us", "card": "5S"}, "debug: the 5S starts a German round, not a US one"},
		{map[string]string{"edit": "place", "unit": "DR-1", "hex": "2203"}, `debug: hex "2203" is off the map: columns run 11-19 and rows 01-05`},
		{map[string]string{"edit": "place", "unit": "117", "hex": "1901"}, "Not allowed by rule R5.2: US units may never be in column 19."},
	} {
		if c.opts == nil {
			mustDo(t, s, ann, "setup preset:historical done")
			continue
		}
		in := func(l i18n.Lang) string {
			r := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: "debug", Options: c.opts, Lang: l})
			if !r.Refused {
				t.Fatalf("debug %v: accepted", c.opts)
			}
			return r.Private
		}
		checkWorded(t, "debug "+c.opts["edit"], in, c.want)
	}
}
