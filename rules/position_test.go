package rules

import (
	"slices"
	"strings"
	"testing"
)

// The notation round-trips: a position written by Position parses back to
// the same units, turn, round, deck and markers, and writes the same text
// again; checked at every round start of random games.
func TestPositionRoundTrips(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 20; seed++ {
		g := NewGame(nil, Options{}, seed)
		if seed%3 == 0 {
			g = NewGame(nil, Options{LOS: 1, EarlyJoker: 1}, seed)
		}
		p := NewRandomPlayer(seed * 31)
		for !g.State.Over() {
			s := &g.State
			if s.Phase() == PhaseRound && s.round.activated == 0 && !s.attackPending() {
				checkRoundTrip(t, s)
				checked++
			}
			a, ok := p.Choose(s)
			if !ok {
				t.Fatal("no legal action")
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d positions checked", checked)
	}
}

func checkRoundTrip(t *testing.T, s *State) {
	t.Helper()
	text := s.Position()
	got, err := ParsePosition(s.Scenario(), text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if again := got.Position(); again != text {
		t.Fatalf("written again differently:\n%s\n%s", text, again)
	}
	for u := range s.sc.Units {
		if got.units[u] != s.units[u] {
			t.Fatalf("%s: unit %s is %+v, was %+v", text, s.sc.Units[u].ID, got.units[u], s.units[u])
		}
	}
	drawn, gotDrawn := slices.Clone(s.deck[:s.drawn]), slices.Clone(got.deck[:got.drawn])
	slices.Sort(drawn)
	slices.Sort(gotDrawn)
	if got.turn != s.turn || got.round.side != s.round.side || got.round.points != s.round.points || got.round.face != s.round.face ||
		got.options != s.options || got.hadRound != s.hadRound || got.covered != s.covered || got.airOBAUsed != s.airOBAUsed ||
		!slices.Equal(got.deck[got.drawn:], s.deck[s.drawn:]) || !slices.Equal(drawn, gotDrawn) {
		t.Fatalf("%s: parsed to another position", text)
	}
	if s.round.card != NoCard && got.round.card != s.round.card {
		t.Fatalf("%s: the round's card is %s, was %s", text, got.round.card, s.round.card)
	}
}

// A malformed notation is an error naming the field, and an edit the
// rules refuse names the rule.
func TestPositionErrors(t *testing.T) {
	sc := DefaultScenario()
	for text, want := range map[string]string{
		"turn:x":                        "turn:x",
		"round:us/KS":                   "card-side (Card=KS, CardSide=german",
		"us:DR-1@1501":                  "not a US unit",
		"us:117@1901":                   "R5.2",
		"us:117@1501,119@1501,120@1501": "R3.1",
		"exit:117":                      "R5.5",
		"deck:5H,5H":                    "twice",
		"foo:1":                         "unknown field",
		"had:maybe":                     "had:maybe",
		"round:us/7D/9":                 "points left",
		"opt:los=sideways":              "opt:",
	} {
		if _, err := ParsePosition(sc, text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to say %q", text, err, want)
		}
	}
}
