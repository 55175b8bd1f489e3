package rules

import (
	"strings"
	"testing"
)

// R9.1: a game whose undrawn cards were shown by a debug read ("debug
// position") keeps the read in its history; it replays (the read changes
// nothing), and Verify names it and never calls the record honest.
func TestR9_1_ARecordWithADebugReadIsNotHonest(t *testing.T) {
	g := NewGame(nil, Options{}, 7)
	p := NewRandomPlayer(7)
	for g.State.Phase() != PhaseRound {
		a, _ := p.Choose(&g.State)
		_, err := g.Apply(a)
		must(t, err)
	}
	before := g.State.Position()
	must(t, g.Debug("debug position"))
	if g.State.Position() != before || g.CanUndo() {
		t.Fatal("debug position changed the position, or left the step before it to undo")
	}
	for steps := 0; !g.State.Over(); steps++ {
		if steps > 20000 {
			t.Fatal("the game does not end")
		}
		a, _ := p.Choose(&g.State)
		_, err := g.Apply(a)
		must(t, err)
	}
	r := NewRecord(g, "salt", true)
	err := r.Verify()
	if err == nil || !strings.Contains(err.Error(), `"debug position", is a debug read`) || !strings.Contains(err.Error(), "not secret") {
		t.Fatalf("a record with a debug read: %v", err)
	}
	if _, err := Replay(nil, Options{}, 7, g.History); err != nil {
		t.Fatalf("the history with its read does not replay: %v", err)
	}
	if err := g.Debug("debug position now"); err == nil {
		t.Error("debug position with more words was accepted")
	}
}
