package lab

import (
	"testing"

	"github.com/mortain/mortain/rules"
)

// position parses a position of the default scenario (docs/engine.md,
// "Positions").
func position(t *testing.T, text string) rules.State {
	t.Helper()
	s, err := rules.ParsePosition(rules.DefaultScenario(), text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// act parses an action of the default scenario.
func act(t *testing.T, text string) rules.Action {
	t.Helper()
	a, err := rules.ParseAction(rules.DefaultScenario(), text)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// watched is what a counter of side counts when shown action text in
// the position pos.
func watched(t *testing.T, side rules.Side, pos, text string) Blunders {
	t.Helper()
	s := position(t, pos)
	c := &counter{side: side, tally: &tally{}}
	c.Watch(&s, act(t, text))
	return c.b
}

// A pass with points left (R4.5) counts when a legal shot had a chance to
// hit of 40% or better (R6.8): TD next to DR-1 in the open fires at N 6.
// Not when the best shot is poorer (117, AT 2, at DR-1 in Mortain: N 1),
// nor the other side's pass.
func TestCountsPassWithAShot(t *testing.T) {
	useful := "turn:2 round:us/3 us:TD@1303,117@1302 ger:DR-1@1403"
	if got := watched(t, rules.US, useful, "pass").Passes; got != 1 {
		t.Errorf("pass with a shot at N 6: counted %d, want 1", got)
	}
	poor := "turn:2 round:us/3 us:117@1302 ger:DR-1@1402"
	if got := watched(t, rules.US, poor, "pass").Passes; got != 0 {
		t.Errorf("pass with a shot at N 1: counted %d, want 0", got)
	}
	if got := watched(t, rules.German, useful, "pass").Passes; got != 0 {
		t.Errorf("a US pass counted for the German: %d", got)
	}
}

// A move counts when it ends in the open within range and sight of two
// or more enemy units (R6.2, R6.3): not into cover, not within one.
func TestCountsMovesIntoFireLanes(t *testing.T) {
	pos := "turn:2 round:german/3 us:TD@1402,117@1501 ger:DR-1@1603,DF@1405"
	for _, c := range []struct {
		move string
		want int
	}{
		{"move DR-1 1602", 1}, // open, in reach of TD and 117
		{"move DR-1 1604", 0}, // forest
		{"move DF 1404", 0},   // open, in reach of TD alone
	} {
		if got := watched(t, rules.German, pos, c.move).Exposed; got != c.want {
			t.Errorf("%s: counted %d, want %d", c.move, got, c.want)
		}
	}
}

// Exits (R5.5) count for the German; units eliminated in turn 1 count
// for their side, from the action that eliminates them (R6.9).
func TestCountsExitsAndTurnOneLosses(t *testing.T) {
	if got := watched(t, rules.German, "turn:3 round:german/2 us:TD@1402 ger:DR-1@1103", "exit DR-1").Exits; got != 1 {
		t.Errorf("exit: counted %d, want 1", got)
	}
	// DR-1 alone fires at the flipped 117 at N 4; no unit can join, so
	// the attack resolves at once (R6.6) and the ace hits.
	killed := "turn:1 round:german/3 us:117@1403*,TD@1402 ger:DR-1@1404 deck:AS"
	if got := watched(t, rules.US, killed, "fire DR-1 117").LostTurn1; got != 1 {
		t.Errorf("117 eliminated in turn 1: counted %d, want 1", got)
	}
	later := "turn:2 round:german/3 us:117@1403*,TD@1402 ger:DR-1@1404 deck:AS"
	if got := watched(t, rules.US, later, "fire DR-1 117").LostTurn1; got != 0 {
		t.Errorf("117 eliminated in turn 2: counted %d in turn 1, want 0", got)
	}
}

// The US set-up counts the units in column 18, by the German entry edge,
// and a set-up holding neither Mortain nor Hill 314 (R2.1).
func TestCountsUSSetup(t *testing.T) {
	b := watched(t, rules.US, "turn:1 round:us/3 us:117@1804,119@1805,120@1301,823@1302,TD@1303", "pass")
	if b.EdgeUnits != 2 || b.NoKeyHex != 1 {
		t.Errorf("counted %d units in column 18 and %d set-ups without a key hex, want 2 and 1", b.EdgeUnits, b.NoKeyHex)
	}
	b = watched(t, rules.US, "turn:1 round:us/3 us:117@1402,119@1204,120@1501,823@1501,TD@1402", "pass")
	if b.EdgeUnits != 0 || b.NoKeyHex != 0 {
		t.Errorf("historical-like set-up: counted %d and %d, want 0 and 0", b.EdgeUnits, b.NoKeyHex)
	}
}
