package command

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		text string
		name string
		opts map[string]string
		err  string
	}{
		{"pass", "pass", map[string]string{}, ""},
		{"  MOVE unit:dr-1 TO:1803 ", "move", map[string]string{"unit": "dr-1", "to": "1803"}, ""},
		{"/mortain fire unit:TD target:DR-1", "fire", map[string]string{"unit": "TD", "target": "DR-1"}, ""},
		{`debug deck cards:"KS 5H JK"`, "debug", map[string]string{"edit": "deck", "cards": "KS 5H JK"}, ""},
		{"new opponent:<@123> side:german", "new", map[string]string{"opponent": "<@123>", "side": "german"}, ""},
		{"new opponent:@bob", "new", map[string]string{"opponent": "@bob"}, ""},
		{"seat side:us user:<@!123>", "seat", map[string]string{"side": "us", "user": "<@!123>"}, ""},
		{"setup done", "setup", map[string]string{"done": "true"}, ""},
		{"setup preset:historical done", "setup", map[string]string{"preset": "historical", "done": "true"}, ""},
		{"rules R6.8", "rules", map[string]string{"n": "R6.8"}, ""},
		{"help fire", "help", map[string]string{"command": "fire"}, ""},
		{"", "", nil, "no command"},
		{"fly unit:TD", "", nil, "unknown command"},
		{"move unit:TD speed:3", "", nil, "no option \"speed\""},
		{"move unit:TD unit:CCA", "", nil, "twice"},
		{"move TD 1803", "", nil, "unexpected"},
		{`debug deck cards:"KS 5H`, "", nil, "quote"},
	} {
		name, opts, err := Parse(c.text)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Parse(%q) error %v, want %q", c.text, err, c.err)
			}
			continue
		}
		if err != nil || name != c.name || !reflect.DeepEqual(opts, c.opts) {
			t.Errorf("Parse(%q) = %q %v %v, want %q %v", c.text, name, opts, err, c.name, c.opts)
		}
	}
}

// checkDefinition checks one definition against Discord's limits: its
// names, descriptions, options and choices; its help and its example,
// which parses.
func checkDefinition(t *testing.T, d Definition) {
	t.Helper()
	if d.Name == "debug" {
		t.Errorf("debug is in Definitions")
	}
	checkName(t, d.Name)
	if n := len(d.Description); n == 0 || n > 100 {
		t.Errorf("%s: description of %d characters", d.Name, n)
	}
	if len(d.Options) > 25 {
		t.Errorf("%s: %d options", d.Name, len(d.Options))
	}
	for _, o := range d.Options {
		checkName(t, o.Name)
		if n := len(o.Description); n == 0 || n > 100 {
			t.Errorf("%s %s: description of %d characters", d.Name, o.Name, n)
		}
		if len(o.Choices) > 25 || (len(o.Choices) > 0 && o.Autocomplete) {
			t.Errorf("%s %s: %d choices, autocomplete %v", d.Name, o.Name, len(o.Choices), o.Autocomplete)
		}
	}
	if d.Help == "" || !strings.HasPrefix(d.Example, d.Name) {
		t.Errorf("%s: no help or example", d.Name)
	}
	if _, _, err := Parse(d.Example); err != nil {
		t.Errorf("%s: the example %q does not parse: %v", d.Name, d.Example, err)
	}
}

// The definitions fit Discord's limits for one command with subcommands.
func TestDefinitionsFitDiscord(t *testing.T) {
	defs := Definitions()
	play, admin := 0, 0
	groups := map[string]bool{}
	for _, d := range defs {
		switch {
		case d.Manage:
			admin++
		case d.Group != "":
			if !groups[d.Group] {
				play++ // a group takes one of the command's 25 places
			}
			groups[d.Group] = true
		default:
			play++
		}
	}
	if play > 25 || admin > 25 {
		t.Fatalf("%d subcommands of play and %d of moderation, Discord allows 25 a command", play, admin)
	}
	want := strings.Fields("new join seat resign setup move enter exit fire resolve redraw miss air oba pass undo status map log units moves help stats replay export games abort server notify away")
	seen := map[string]bool{}
	for _, d := range defs {
		seen[d.Name] = true
		checkDefinition(t, d)
	}
	for _, n := range want {
		if !seen[n] {
			t.Errorf("no subcommand %s", n)
		}
	}
	nd, _ := Find("new")
	for _, o := range strings.Fields("opponent mode side level los early-joker attack face-in-combat stack-entry remind round-limit pace") {
		if _, ok := nd.Option(o); !ok {
			t.Errorf("new has no option %s", o)
		}
	}
}

func checkName(t *testing.T, n string) {
	t.Helper()
	if n == "" || len(n) > 32 || strings.ToLower(n) != n || strings.ContainsAny(n, " :") {
		t.Errorf("name %q is not a valid Discord name", n)
	}
}

// help shows an option's whole description, even where Discord's 100
// characters made it shorter.
func TestHelpShowsWholeOptionDescriptions(t *testing.T) {
	text := HelpText("new", false)
	if strings.Contains(text, "...") || strings.Contains(text, "…") {
		t.Errorf("help command:new cuts descriptions short:\n%s", text)
	}
	for _, o := range rules.OptionSpecs {
		if !strings.Contains(text, o.Help) {
			t.Errorf("help command:new lacks the description of %s: %q", o.Name, o.Help)
		}
	}
}

// A Japanese input method's full-width colon and space read as the
// text form's own.
func TestParseReadsFullWidthColonsAndSpaces(t *testing.T) {
	name, opts, err := Parse("move　unit：TD to：1403")
	if err != nil || name != "move" || opts["unit"] != "TD" || opts["to"] != "1403" {
		t.Fatalf("got %q %v %v", name, opts, err)
	}
}
