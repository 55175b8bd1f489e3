package rules

import (
	"errors"
	"reflect"
	"sort"
	"testing"
)

// alongListed lists, in notation and sorted, the moves with the Tiger
// along (R4.6) that LegalActions lists in s.
func alongListed(s *State) []string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		if a.Kind == ActMove && a.With != NoUnit {
			out = append(out, a.Format(s.sc))
		}
	}
	sort.Strings(out)
	return out
}

// R4.6: LegalActions lists a unit's move with the Tiger along exactly when
// the Tiger is stacked with it, not yet activated, and the unit may move:
// one for each of the unit's moves, on points and on a face card that
// activates their stack; never for the Tiger alone, a unit not stacked
// with it, once the Tiger has acted, or on a face card activating another
// stack.
func TestR4_6_LegalActionsListTheTigerAlong(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		before    []string // played first
		want      []string
	}{
		{"stacked, on points", "round:german/3 ger:DR-1@1803,102@1803,DF@1604 us:117@1501", nil,
			[]string{"move DR-1 1703 102", "move DR-1 1704 102", "move DR-1 1802 102", "move DR-1 1804 102", "move DR-1 1903 102", "move DR-1 1904 102"}},
		{"next to a US unit, whose hex it may not enter", "round:german/3 ger:DR-1@1803,102@1803 us:117@1703", nil,
			[]string{"move DR-1 1704 102", "move DR-1 1802 102", "move DR-1 1804 102", "move DR-1 1903 102", "move DR-1 1904 102"}},
		{"two units stacked with it, each may take it", "round:german/2 ger:DR-1@1102,DR-2@1102,102@1102 us:117@1501", nil,
			[]string{"move DR-1 1101 102", "move DR-1 1103 102", "move DR-1 1201 102", "move DR-1 1202 102",
				"move DR-2 1101 102", "move DR-2 1103 102", "move DR-2 1201 102", "move DR-2 1202 102"}},
		{"on a face card, their stack", "round:german/KS ger:DR-1@1102,102@1102,DF@1604 us:117@1501", nil,
			[]string{"move DR-1 1101 102", "move DR-1 1103 102", "move DR-1 1201 102", "move DR-1 1202 102"}},
		{"on a face card, once another stack acted", "round:german/KS ger:DR-1@1102,102@1102,DF@1604,D@1604 us:117@1501", []string{"move DF 1605"}, nil},
		{"the Tiger already moved this round", "round:german/3 ger:DR-1@1803,102@1703 us:117@1501", []string{"move 102 1803"}, nil},
		{"the Tiger already moved, with the unit's move the round's last", "round:german/2 ger:DR-1@1803,102@1703 us:117@1501", []string{"move 102 1803"}, nil},
		{"not stacked", "round:german/3 ger:DR-1@1803,102@1703 us:117@1501", nil, nil},
		{"no points left", "round:german/1 ger:DR-1@1803,DF@1604,102@1803 us:117@1501 deck:5H", []string{"move DF 1605"}, nil},
		{"the Tiger's own free follow-up is a move of its own", "round:german/1 ger:DR-1@1803,102@1803 us:117@1501 deck:5H", []string{"move DR-1 1703"}, nil},
		{"a US round", "round:us/3 ger:DR-1@1803,102@1803 us:117@1501", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := pos(t, c.pos)
			for _, b := range c.before {
				do(t, &s, b)
			}
			if got := alongListed(&s); !reflect.DeepEqual(got, c.want) {
				t.Errorf("listed %q, want %q", got, c.want)
			}
			// SingleActions: the same but for these, in the same order.
			var singles []Action
			for _, a := range s.LegalActions(nil) {
				if a.Kind != ActMove || a.With == NoUnit {
					singles = append(singles, a)
				}
			}
			if got := s.SingleActions(nil); !reflect.DeepEqual(got, singles) {
				t.Errorf("SingleActions %v, want %v", got, singles)
			}
			for _, text := range c.want {
				// Each is played: the unit and the Tiger end in its hex.
				after := s
				a, err := ParseAction(s.sc, text)
				must(t, err)
				do(t, &after, text)
				if after.Unit(a.Unit).Hex != a.Hex || after.Unit(a.With).Hex != a.Hex {
					t.Errorf("%s: the unit at %s, the Tiger at %s", text, after.Unit(a.Unit).Hex, after.Unit(a.With).Hex)
				}
			}
		})
	}
}

// R4.6: Apply refuses a move with the Tiger along that the rule does not
// allow, naming the rule and changing nothing (mustRefuseAction); when
// the Tiger could not follow, the refusal says why, with that reason's
// own rule.
func TestR4_6_ApplyRefusesTheTigerAlong(t *testing.T) {
	tiger, dr1, stug := uid(t, "102"), uid(t, "DR-1"), uid(t, "17-StuG")
	s := pos(t, "round:german/3 ger:DR-1@1803,102@1803,17-StuG@1803 us:117@1501")
	mustRefuseAction(t, &s, MoveWith(dr1, hex(t, "1703"), stug), "R4.6")       // with: not the Tiger
	mustRefuseAction(t, &s, MoveWith(tiger, hex(t, "1703"), tiger), "R4.6")    // the Tiger with itself
	mustRefuseAction(t, &s, MoveWith(dr1, hex(t, "1703"), UnitID(99)), "R1.3") // no such unit
	mustRefuseAction(t, &s, MoveWith(dr1, hex(t, "1601"), tiger), "R5.1")      // the unit's own move
	s = pos(t, "round:german/3 ger:DR-1@1803,102@1703 us:117@1501")
	mustRefuseAction(t, &s, MoveWith(dr1, hex(t, "1802"), tiger), "R4.6") // not stacked

	// The Tiger moved first (paying): it cannot follow DR-1 (R4.4), not
	// even in the next round, which DR-1's move, the last point's, starts.
	s = pos(t, "round:german/2 ger:DR-1@1803,102@1703 us:117@1501")
	do(t, &s, "move 102 1803")
	before := s
	err := s.Apply(MoveWith(dr1, hex(t, "1802"), tiger), nil)
	var re *RuleError
	if !errors.As(err, &re) || re.Rule != "R4.6" || re.ID != "tiger-cannot-follow" {
		t.Fatalf("refused with %v, want R4.6's tiger-cannot-follow", err)
	}
	why, ok := re.Data["Why"].(*RuleError)
	if !ok || why.Rule != "R4.4" || why.ID != "activated" || re.Data["Rule"] != "R4.4" || re.Data["Unit"] != "DR-1" {
		t.Errorf("the reason: %v", re)
	}
	checkWorded(t, re)
	if s != before {
		t.Error("the refusal changed the state")
	}
	mustRefuseAction(t, &s, MoveWith(dr1, hex(t, "1802"), tiger), "R4.6")
}

// R4.6, R9.2: a move with the Tiger along is the unit's move then the
// Tiger's free one: the same state and events as the two steps, which
// games recorded before it existed hold and still replay; one step, it
// is undone at once.
func TestR4_6_TheTigerAlongIsTheTwoMoves(t *testing.T) {
	setup := []string{"historical", "setup-done", "debug turn 2", "debug place DR-1 1803", "debug place 102 1803", "debug round german 3"}
	old, err := Replay(DefaultScenario(), Options{}, 7, append(append([]string{}, setup...), "move DR-1 1703", "move 102 1703"))
	must(t, err)
	joint, err := Replay(DefaultScenario(), Options{}, 7, append(append([]string{}, setup...), "move DR-1 1703 102"))
	must(t, err)
	if old.State != joint.State {
		t.Error("the joint move's state differs from the two moves'")
	}
	if !reflect.DeepEqual(old.Log, joint.Log) {
		t.Errorf("events: two moves %v, joint %v", kinds(old.Log), kinds(joint.Log))
	}
	last := joint.LastEvents()
	if len(last) != 2 || last[0].Free || !last[1].Free || last[1].Unit != uid(t, "102") {
		t.Errorf("the joint move's events: %+v", last)
	}
	if got := joint.History[len(joint.History)-1]; got != "move DR-1 1703 102" {
		t.Errorf("recorded as %q", got)
	}
	must(t, joint.Undo())
	if dr1 := joint.State.Unit(uid(t, "DR-1")); dr1.Hex != hex(t, "1803") || joint.State.Unit(uid(t, "102")).Hex != hex(t, "1803") {
		t.Errorf("after undo DR-1 is at %s", dr1.Hex)
	}
}

// R4.6: TigerFree tells the Tiger's free activation from one it pays
// for, as the event of playing it says.
func TestR4_6_TigerFree(t *testing.T) {
	tiger := uid(t, "102")
	s := pos(t, "round:german/3 ger:DR-1@1803,102@1803 us:117@1703")
	if s.TigerFree(Move(tiger, hex(t, "1802"))) || s.TigerFree(MoveWith(uid(t, "DR-1"), hex(t, "1802"), tiger)) {
		t.Error("free before any unit stacked with it acted")
	}
	do(t, &s, "move DR-1 1802")
	if !s.TigerFree(Move(tiger, hex(t, "1802"))) || s.TigerFree(Move(tiger, hex(t, "1804"))) || s.TigerFree(Move(uid(t, "DR-1"), hex(t, "1803"))) {
		t.Error("the follow-up to 1802 only is free")
	}
	s = pos(t, "round:german/KS ger:DR-1@1803,102@1803 us:117@1703")
	do(t, &s, "move DR-1 1802")
	if s.TigerFree(Move(tiger, hex(t, "1802"))) {
		t.Error("on a face card the stack's moves are the card's, not R4.6's")
	}
}
