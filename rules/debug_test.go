package rules

import (
	"strings"
	"testing"
)

// Debug edits: "debug place UNIT eliminated" takes a unit out of the game,
// as R6.9 would, and is kept in the history so that a replay repeats it;
// it never takes a side's last unit, which would decide the game (R8.2).
func TestDebugEliminate(t *testing.T) {
	g := NewGame(testScenario(t), Options{}, 3)
	for _, st := range []string{"historical", "setup-done", "debug place DR-1 1802", "debug place DR-1 eliminated"} {
		if _, err := g.ApplyText(st); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
	s := &g.State
	dr1, _ := s.Scenario().UnitByID("DR-1")
	if st := s.Unit(dr1); st.Status != Eliminated || st.Hex != NoHex {
		t.Fatalf("DR-1 is %+v after the edit, want eliminated", st)
	}
	if err := s.Check(Move(dr1, HexAt(17, 2))); err == nil {
		t.Error("an eliminated unit may still move")
	}

	// The US side down to its last unit: the edit refuses it.
	for _, id := range []string{"117", "119", "120", "823", "CCA", "CCB"} {
		if _, err := g.ApplyText("debug place " + id + " eliminated"); err != nil {
			t.Fatalf("eliminate %s: %v", id, err)
		}
	}
	if _, err := g.ApplyText("debug place CCR eliminated"); err != nil {
		t.Fatalf("eliminate CCR with the TD still in the game: %v", err)
	}
	_, err := g.ApplyText("debug place TD eliminated")
	if err == nil || !strings.Contains(err.Error(), "debug: last-unit") {
		t.Fatalf("eliminating the last US unit: %v, want a refusal", err)
	}
	if g.State.Over() {
		t.Fatal("a debug edit ended the game")
	}
}
