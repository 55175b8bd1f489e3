// The house rules (opt:...) of R4.7, R5.4, R6.3, R6.6 and R6.8, fixed when a game is created.

package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Options are the house-rule choices of the spec (opt:...), fixed when a game
// is created. The zero value is the default of every option.
type Options struct {
	// LOS is opt:los (R6.3): 0 median, 1 lenient.
	LOS uint8
	// EarlyJoker is opt:early-joker (R4.7): 0 reshuffle, 1 discard.
	EarlyJoker uint8
	// Attack is opt:attack (R6.6): 0 continue, 1 ends-round.
	Attack uint8
	// FaceInCombat is opt:face-in-combat (R6.8): 0 choose, 1 redraw, 2 miss.
	FaceInCombat uint8
	// StackEntry is opt:stack-entry (R5.4): 0 tiger-only, 1 any-pair.
	StackEntry uint8
}

// Option values, named for readability at the call sites.
const (
	LOSMedian  = 0
	LOSLenient = 1

	EarlyJokerReshuffle = 0
	EarlyJokerDiscard   = 1

	AttackContinue  = 0
	AttackEndsRound = 1

	FaceChoose = 0
	FaceRedraw = 1
	FaceMiss   = 2

	StackEntryTigerOnly = 0
	StackEntryAnyPair   = 1
)

// OptionSpec describes one option: its opt: name, its rule, and its values
// (the first is the default).
type OptionSpec struct {
	Name   string
	Rule   string
	Values []string
	Help   string
	field  func(*Options) *uint8
}

// OptionSpecs lists every option of the spec in a fixed order.
var OptionSpecs = []OptionSpec{
	{Name: "los", Rule: "R6.3", Values: []string{"median", "lenient"},
		Help:  "line of sight along a hexside: blocked if either hex blocks (median) or only if both do (lenient)",
		field: func(o *Options) *uint8 { return &o.LOS }},
	{Name: "early-joker", Rule: "R4.7", Values: []string{"reshuffle", "discard"},
		Help:  "a Joker drawn before both sides had a round is shuffled back (reshuffle) or set aside for the turn (discard)",
		field: func(o *Options) *uint8 { return &o.EarlyJoker }},
	{Name: "attack", Rule: "R6.6", Values: []string{"continue", "ends-round"},
		Help:  "after an attack is resolved the round continues (continue) or ends (ends-round)",
		field: func(o *Options) *uint8 { return &o.Attack }},
	{Name: "face-in-combat", Rule: "R6.8", Values: []string{"choose", "redraw", "miss"},
		Help:  "a face card drawn in combat: the firing player chooses, it is always redrawn, or it is always a miss",
		field: func(o *Options) *uint8 { return &o.FaceInCombat }},
	{Name: "stack-entry", Rule: "R5.4", Values: []string{"tiger-only", "any-pair"},
		Help:  "only the Tiger and one other may enter as a pair (tiger-only), or with a face card any two reserve units (any-pair)",
		field: func(o *Options) *uint8 { return &o.StackEntry }},
}

// FindOption returns the spec of the option called name.
func FindOption(name string) (OptionSpec, bool) {
	for _, s := range OptionSpecs {
		if strings.EqualFold(s.Name, name) {
			return s, true
		}
	}
	return OptionSpec{}, false
}

// Set sets option name to value, both as written in the spec.
func (o *Options) Set(name, value string) error {
	spec, ok := FindOption(name)
	if !ok {
		names := make([]string, len(OptionSpecs))
		for i, s := range OptionSpecs {
			names[i] = s.Name
		}
		return fmt.Errorf("unknown option %q: the options are %s", name, strings.Join(names, ", "))
	}
	for i, v := range spec.Values {
		if strings.EqualFold(v, value) {
			*spec.field(o) = uint8(i)
			return nil
		}
	}
	return fmt.Errorf("option %s (%s): %q is not a value; choose %s", spec.Name, spec.Rule, value, strings.Join(spec.Values, " or "))
}

// Get returns the value of option name as written in the spec.
func (o Options) Get(name string) string {
	spec, ok := FindOption(name)
	if !ok {
		return ""
	}
	v := int(*spec.field(&o))
	if v >= len(spec.Values) {
		return "?"
	}
	return spec.Values[v]
}

// Map returns every option with its value.
func (o Options) Map() map[string]string {
	m := make(map[string]string, len(OptionSpecs))
	for _, s := range OptionSpecs {
		m[s.Name] = o.Get(s.Name)
	}
	return m
}

// NonDefault lists "name:value" for every option not at its default, in
// spec order.
func (o Options) NonDefault() []string {
	var out []string
	for _, s := range OptionSpecs {
		if *s.field(&o) != 0 {
			out = append(out, s.Name+":"+o.Get(s.Name))
		}
	}
	return out
}

// String writes the non-default options, or "default rules".
func (o Options) String() string {
	nd := o.NonDefault()
	if len(nd) == 0 {
		return "default rules"
	}
	return strings.Join(nd, " ")
}

// MarshalJSON writes the options as an object of name to value.
func (o Options) MarshalJSON() ([]byte, error) {
	m := o.Map()
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%q", k, m[k])
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// UnmarshalJSON reads options written by MarshalJSON; missing ones keep
// their defaults.
func (o *Options) UnmarshalJSON(b []byte) error {
	var m map[string]string
	if err := jsonUnmarshal(b, &m); err != nil {
		return err
	}
	var n Options
	for k, v := range m {
		if err := n.Set(k, v); err != nil {
			return err
		}
	}
	*o = n
	return nil
}
