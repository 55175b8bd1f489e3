package command

import (
	"strings"

	"github.com/mortain/mortain/rules"
)

// field is the part of a rules.Action an option of its command gives.
type field uint8

// The fields of a rules.Action an option gives.
const (
	unitField   field = iota // Unit
	hexField                 // Hex
	withField                // With
	targetField              // Target
)

// optField says that option opt gives field f of the action. An optional
// unit left out is NoUnit; refuse, when set, is the catalog id of the
// refusal of the option given for this kind of action.
type optField struct {
	opt      string
	f        field
	optional bool
	refuse   string
}

// actionForm is how one kind of rules.Action is written as its command:
// the options that choose the kind among the command's (air mode:cover),
// and the options that give its fields, in the order they are read. The
// forms of the table's commands are the one description that the
// handlers (buildAction), moves and the picker (commandFor), autocomplete
// (formsFor, fieldsOf) and the narration of a typed command use.
type actionForm struct {
	kind   rules.ActionKind
	given  map[string]string
	fields []optField
}

// formOf finds the command of an action kind, and its form.
func formOf(k rules.ActionKind) (Command, actionForm, bool) {
	for _, c := range table {
		for _, f := range c.forms {
			if f.kind == k {
				return c, f, true
			}
		}
	}
	return Command{}, actionForm{}, false
}

// fieldText writes field f of a as its option's value: a unit's id ("" for
// NoUnit), a hex's CCRR.
func fieldText(sc *rules.Scenario, a rules.Action, f field) string {
	u := a.Unit
	switch f {
	case hexField:
		return a.Hex.String()
	case withField:
		u = a.With
	case targetField:
		u = a.Target
	}
	if u == rules.NoUnit {
		return ""
	}
	return uid(sc, u)
}

// field is the field option opt gives (hexField for an option the form
// has not).
func (form actionForm) field(opt string) field {
	for _, f := range form.fields {
		if f.opt == opt {
			return f.f
		}
	}
	return hexField
}

// fieldsOf names the fields of a by its form's options ("" for a unit the
// action has not).
func fieldsOf(sc *rules.Scenario, a rules.Action, form actionForm) map[string]string {
	m := map[string]string{}
	for _, f := range form.fields {
		m[f.opt] = fieldText(sc, a, f.f)
	}
	return m
}

// commandFor writes a rules action as the command a player would type:
// the command's name and its options.
func commandFor(sc *rules.Scenario, a rules.Action) (string, map[string]string) {
	c, form, ok := formOf(a.Kind)
	if !ok {
		return "pass", map[string]string{}
	}
	opts := map[string]string{}
	for k, v := range form.given {
		opts[k] = v
	}
	for _, f := range form.fields {
		if v := fieldText(sc, a, f.f); v != "" || !f.optional {
			opts[f.opt] = v
		}
	}
	return c.Name, opts
}

// agrees reports whether the options given agree with the form's choice
// of kind (an option left out agrees).
func (form actionForm) agrees(opts map[string]string) bool {
	for k, v := range form.given {
		if got := opts[k]; got != "" && !strings.EqualFold(got, v) {
			return false
		}
	}
	return true
}

// formsFor are the forms of a command that take options (for
// autocomplete) and agree with the options given; all of them when none
// agrees.
func formsFor(command string, opts map[string]string) []actionForm {
	c, _ := Lookup(command)
	var all, out []actionForm
	for _, f := range c.forms {
		if len(f.fields) == 0 {
			continue
		}
		all = append(all, f)
		if f.agrees(opts) {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return all
	}
	return out
}

// buildAction turns an action command and its options into a rules
// action, by the first of its forms the options choose (else its first).
func buildAction(sc *rules.Scenario, name string, o map[string]string) (rules.Action, error) {
	c, _ := Lookup(name)
	if len(c.forms) == 0 {
		return rules.Action{}, refuseT("reply.play.unknown-action", map[string]any{"Action": quoted(name)})
	}
	form := c.forms[0]
	for _, f := range c.forms {
		if len(f.given) > 0 && f.agrees(o) && allGiven(f.given, o) {
			form = f
			break
		}
	}
	a := rules.Action{Kind: form.kind, Unit: rules.NoUnit, With: rules.NoUnit, Target: rules.NoUnit, Hex: rules.NoHex}
	for _, f := range form.fields {
		if err := setField(sc, &a, f, o[f.opt]); err != nil {
			return rules.Action{}, err
		}
	}
	return a, nil
}

// allGiven reports whether every option of given is in opts.
func allGiven(given, opts map[string]string) bool {
	for k := range given {
		if opts[k] == "" {
			return false
		}
	}
	return true
}

// setField reads v, the value of option f, into a.
func setField(sc *rules.Scenario, a *rules.Action, f optField, v string) error {
	if f.f == hexField {
		h, err := parseHex(v, f.opt)
		a.Hex = h
		return err
	}
	u := rules.NoUnit
	if v != "" || !f.optional {
		var err error
		if u, err = parseUnit(sc, v, f.opt); err != nil {
			return err
		}
	}
	if f.refuse != "" && u != rules.NoUnit {
		return refuseT(f.refuse, nil)
	}
	switch f.f {
	case withField:
		a.With = u
	case targetField:
		a.Target = u
	default:
		a.Unit = u
	}
	return nil
}

// strikeKind is the command of a strike on a hex ("air", "oba") that
// makes actions of kind k, "" for any other kind.
func strikeKind(k rules.ActionKind) string {
	if c, _, ok := formOf(k); ok && c.Strike {
		return c.Name
	}
	return ""
}
