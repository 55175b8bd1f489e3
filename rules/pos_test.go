package rules

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// pos builds a position from a compact notation, as FEN does for chess, so
// that a rule test reads as the situation it tests. Fields are separated by
// spaces, in any order:
//
//	opt:los=lenient,attack=ends-round  options (opt: values of the spec)
//	turn:3                             the turn (default 1)
//	round:german/3  round:us/QH        the round: side and points, or side and card
//	deck:5H,KS,JK                      the next cards drawn, in order
//	deck:5H,KS/last                    ... and they are the last cards of the deck
//	had:us|german|both|none            sides that had a round this turn (default both)
//	us:120@1501,823@1501,TD@1402*      US units on the map (* = flipped)
//	ger:DR-1@1603,102@1603             German units on the map
//	res:CCA,CCB                        units in reserve (also every unit not listed)
//	elim:117,119*                      eliminated units
//	exit:DF,D                          exited German units
//	cov:DR-1                           units under Air cover (R7.5)
//	air:used                           the US used Air or OBA this turn (R7.1)
//
// The position is reached from a real game (historical set-up, turn 1) by
// the engine's debug edits, so it obeys the engine's invariants. The game
// is played with testScenario, so that the combat arithmetic of the rule
// tests does not move with balance changes to the built-in factors.
func pos(t testing.TB, spec string) State {
	t.Helper()
	sc := testScenario(t)
	fields := map[string]string{}
	for _, f := range strings.Fields(spec) {
		k, v, ok := strings.Cut(f, ":")
		if !ok {
			t.Fatalf("pos %q: field %q has no key", spec, f)
		}
		if _, dup := fields[k]; dup {
			t.Fatalf("pos %q: %s given twice", spec, k)
		}
		fields[k] = v
	}
	var opts Options
	if v, ok := fields["opt"]; ok {
		for _, kv := range strings.Split(v, ",") {
			name, val, _ := strings.Cut(kv, "=")
			if err := opts.Set(name, val); err != nil {
				t.Fatalf("pos: %v", err)
			}
		}
	}
	s := NewState(sc, opts, 1)
	must(t, s.Apply(Historical(), nil))
	must(t, s.Apply(SetupDone(), nil))
	for u := range sc.Units {
		must(t, s.DebugPlace(UnitID(u), NoHex))
	}
	unitList := func(key string) []string {
		if v := fields[key]; v != "" {
			return strings.Split(v, ",")
		}
		return nil
	}
	split := func(item string) (UnitID, string, bool) {
		flipped := strings.HasSuffix(item, "*")
		item = strings.TrimSuffix(item, "*")
		id, where, _ := strings.Cut(item, "@")
		return uid(t, id), where, flipped
	}
	for _, key := range []string{"us", "ger"} {
		side := US
		if key == "ger" {
			side = German
		}
		for _, item := range unitList(key) {
			u, where, flipped := split(item)
			if sc.Units[u].Side != side {
				t.Fatalf("pos: %s is not a %s unit", sc.Units[u].ID, side.Title())
			}
			h, err := ParseHex(where)
			must(t, err)
			must(t, s.DebugPlace(u, h))
			s.units[u].Flipped = flipped
		}
	}
	for _, item := range unitList("res") {
		u, _, flipped := split(item)
		s.units[u].Flipped = flipped
	}
	for key, st := range map[string]Status{"elim": Eliminated, "exit": Exited} {
		for _, item := range unitList(key) {
			u, _, flipped := split(item)
			s.setUnit(u, UnitState{Status: st, Hex: NoHex, Flipped: flipped})
		}
	}
	turn := 1
	if v, ok := fields["turn"]; ok {
		n, err := strconv.Atoi(v)
		must(t, err)
		turn = n
	}
	must(t, s.DebugTurn(turn))
	side, what, _ := strings.Cut(fields["round"], "/")
	if side == "" {
		side, what = "us", "5"
	}
	sd, err := ParseSide(side)
	must(t, err)
	if n, err := strconv.Atoi(what); err == nil {
		must(t, s.DebugRound(sd, n, NoCard))
	} else {
		c, err := ParseCard(what)
		must(t, err)
		must(t, s.DebugRound(sd, 0, c))
	}
	if v, ok := fields["deck"]; ok {
		list, last := strings.CutSuffix(v, "/last")
		var cards []Card
		for _, cs := range strings.Split(list, ",") {
			c, err := ParseCard(cs)
			must(t, err)
			cards = append(cards, c)
		}
		must(t, s.DebugDeck(cards))
		if last {
			// Move the undrawn cards not listed to the drawn part, so the
			// listed cards are the last ones.
			rest := append([]Card(nil), s.deck[int(s.drawn)+len(cards):]...)
			drawn := append([]Card(nil), s.deck[:s.drawn]...)
			n := copy(s.deck[:], drawn)
			n += copy(s.deck[n:], rest)
			copy(s.deck[n:], cards)
			s.drawn = uint8(DeckSize - len(cards))
		}
	}
	s.hadRound = [3]bool{false, true, true}
	switch fields["had"] {
	case "", "both":
	case "us":
		s.hadRound[German] = false
	case "german":
		s.hadRound[US] = false
	case "none":
		s.hadRound = [3]bool{}
	default:
		t.Fatalf("pos: had:%s: want us, german, both or none", fields["had"])
	}
	for _, item := range unitList("cov") {
		u, _, _ := split(item)
		s.covered |= 1 << u
	}
	if v, ok := fields["air"]; ok {
		if v != "used" {
			t.Fatalf("pos: air:%s: want air:used", v)
		}
		s.airOBAUsed = true
	}
	for k := range fields {
		switch k {
		case "opt", "turn", "round", "deck", "had", "us", "ger", "res", "elim", "exit", "cov", "air":
		default:
			t.Fatalf("pos: unknown field %q", k)
		}
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
		t.Errorf("%s: refused under %s (%s), want %s", text, re.Rule, re.Msg, rule)
	}
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
