package rules

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// pos builds a position from its notation (ParsePosition), so that a rule
// test reads as the situation it tests. The game is played with
// testScenario, so that the combat arithmetic of the rule tests does not
// move with balance changes to the built-in factors.
func pos(t testing.TB, spec string) State {
	t.Helper()
	s, err := ParsePosition(testScenario(t), spec)
	if err != nil {
		t.Fatalf("pos %q: %v", spec, err)
	}
	checkInvariants(t, &s)
	return s
}

// testScenario is the scenario of the position tests
// (testdata/reconstruction.json): the built-in map and units with the
// factors of the first reconstruction, before the balance change recorded
// in docs/balance.md.
func testScenario(t testing.TB) *Scenario {
	t.Helper()
	sc, err := loadTestScenario()
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// loadTestScenario reads the file once and checks that it differs from the
// built-in scenario in factors only: the same map and the same units in
// the same order, so that helpers such as uid hold for both.
var loadTestScenario = sync.OnceValues(func() (*Scenario, error) {
	sc, err := loadScenarioFile(filepath.Join("testdata", "reconstruction.json"))
	if err != nil {
		return nil, err
	}
	def := DefaultScenario()
	if sc.Terrain != def.Terrain || len(sc.Units) != len(def.Units) {
		return nil, errors.New("testdata/reconstruction.json: the map or the unit count differs from the built-in scenario")
	}
	for i, d := range sc.Units {
		b := def.Units[i]
		if d.ID != b.ID || d.Side != b.Side || d.Type != b.Type || d.Reserve != b.Reserve || d.Historical != b.Historical {
			return nil, fmt.Errorf("testdata/reconstruction.json: unit %d is %s, the built-in has %s", i, d.ID, b.ID)
		}
	}
	return sc, nil
})

// loadScenarioFile reads a scenario file.
func loadScenarioFile(path string) (*Scenario, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseScenario(b)
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// uid is the unit with id in the default scenario.
func uid(t testing.TB, id string) UnitID {
	t.Helper()
	u, ok := DefaultScenario().UnitByID(id)
	if !ok {
		t.Fatalf("no unit %q", id)
	}
	return u
}

// hex reads a CCRR hex.
func hex(t testing.TB, s string) Hex {
	t.Helper()
	h, err := ParseHex(s)
	must(t, err)
	return h
}

// card reads a card in R1.4 notation.
func card(t testing.TB, s string) Card {
	t.Helper()
	c, err := ParseCard(s)
	must(t, err)
	return c
}

// do applies an action written in notation, which must be legal, checks the
// invariants, and returns its events.
func do(t testing.TB, s *State, text string) []Event {
	t.Helper()
	a, err := ParseAction(s.sc, text)
	must(t, err)
	if !isListed(s, a) {
		t.Errorf("%q is not listed by LegalActions", text)
	}
	var log []Event
	if err := s.Apply(a, &log); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	checkInvariants(t, s)
	return log
}

// mustRefuse applies an action that must be refused under rule; the state
// must not change and LegalActions must not list it.
func mustRefuse(t testing.TB, s *State, text, rule string) {
	t.Helper()
	a, err := ParseAction(s.sc, text)
	must(t, err)
	mustRefuseAction(t, s, a, rule)
}

// mustRefuseAction is mustRefuse for an action given as data.
func mustRefuseAction(t testing.TB, s *State, a Action, rule string) {
	t.Helper()
	text := a.Format(s.sc)
	if isListed(s, a) {
		t.Errorf("%q is listed by LegalActions but must be refused", text)
	}
	before := *s
	var log []Event
	err := s.Apply(a, &log)
	if err == nil {
		t.Fatalf("%s: accepted, want refused under %s", text, rule)
	}
	var re *RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: error %v is not a *RuleError", text, err)
	}
	if re.Rule != rule {
		t.Errorf("%s: refused under %s (%s), want %s", text, re.Rule, re.Error(), rule)
	}
	checkWorded(t, re)
	if *s != before {
		t.Errorf("%s: refused but the state changed", text)
	}
	if len(log) != 0 {
		t.Errorf("%s: refused but logged %d events", text, len(log))
	}
}

func isListed(s *State, a Action) bool {
	for _, l := range s.LegalActions(nil) {
		if l == a {
			return true
		}
	}
	return false
}

// events returns the events of kind k.
func events(log []Event, k EventKind) []Event {
	var out []Event
	for _, e := range log {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// one returns the single event of kind k.
func one(t testing.TB, log []Event, k EventKind) Event {
	t.Helper()
	es := events(log, k)
	if len(es) != 1 {
		t.Fatalf("want one %s event, got %d in %v", k, len(es), kinds(log))
	}
	return es[0]
}

func kinds(log []Event) []string {
	var out []string
	for _, e := range log {
		out = append(out, e.Kind.String())
	}
	return out
}

// status is the state of unit id.
func status(t testing.TB, s *State, id string) UnitState {
	t.Helper()
	return s.units[uid(t, id)]
}

// TestPosNotation checks the test notation itself.
func TestPosNotation(t *testing.T) {
	s := pos(t, "opt:los=lenient,attack=ends-round turn:2 round:german/3 deck:5H,KS,JK had:us us:120@1501,823@1501,TD@1402* ger:DR-1@1603,102@1603 res:CCA elim:117 exit:DF cov:DR-1 air:used")
	if s.options.LOS != LOSLenient || s.options.Attack != AttackEndsRound || s.options.FaceInCombat != FaceChoose {
		t.Errorf("options %v", s.options)
	}
	if s.Turn() != 2 || s.RoundSide() != German || s.PointsLeft() != 3 || s.FaceRound() {
		t.Errorf("turn %d round %s points %d", s.Turn(), s.RoundSide(), s.PointsLeft())
	}
	for i, c := range []string{"5H", "KS", "JK"} {
		if s.deck[int(s.drawn)+i] != card(t, c) {
			t.Errorf("deck[%d] = %s, want %s", i, s.deck[int(s.drawn)+i], c)
		}
	}
	if !s.hadRound[US] || s.hadRound[German] {
		t.Errorf("had %v", s.hadRound)
	}
	want := map[string]UnitState{
		"120": {OnMap, hex(t, "1501"), false}, "823": {OnMap, hex(t, "1501"), false},
		"TD": {OnMap, hex(t, "1402"), true}, "DR-1": {OnMap, hex(t, "1603"), false},
		"102": {OnMap, hex(t, "1603"), false}, "CCA": {InReserve, NoHex, false},
		"117": {Eliminated, NoHex, false}, "DF": {Exited, NoHex, false}, "D": {InReserve, NoHex, false},
		"119": {InReserve, NoHex, false},
	}
	for id, w := range want {
		if got := status(t, &s, id); got != w {
			t.Errorf("%s: %+v, want %+v", id, got, w)
		}
	}
	if !s.Covered(uid(t, "DR-1")) || s.Covered(uid(t, "102")) || !s.AirOBAUsed() {
		t.Error("cover or air")
	}
	s = pos(t, "deck:5H,KS/last")
	if s.DeckLeft() != 2 || s.deck[51] != card(t, "5H") || s.deck[52] != card(t, "KS") {
		t.Errorf("deck/last: %d left, %v", s.DeckLeft(), s.deck[51:])
	}
	checkInvariants(t, &s)
}
