package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

// R9.1: the dealer's cards follow from the seed; a record of an ended game
// lets anyone check them, and any change to it is caught.
func TestR9_1_RecordVerifiesTheDealing(t *testing.T) {
	g := playRandom(t, 42, Options{})
	r := NewRecord(g, "c0ffee", true)
	data, err := json.Marshal(r)
	must(t, err)
	var back Record
	must(t, json.Unmarshal(data, &back))
	if err := back.Verify(); err != nil {
		t.Fatalf("an honest record: %v", err)
	}
	if len(back.Draws) < 10 {
		t.Fatalf("only %d draws recorded", len(back.Draws))
	}

	tampered := func(change func(r *Record), want string) {
		t.Helper()
		var r Record
		must(t, json.Unmarshal(data, &r))
		change(&r)
		err := r.Verify()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("tampered record: %v, want %q", err, want)
		}
	}
	tampered(func(r *Record) {
		if r.Draws[5] == "AS" {
			r.Draws[5] = "2S"
		} else {
			r.Draws[5] = "AS"
		}
	}, "draw 6: the record says")
	tampered(func(r *Record) { r.Salt = "bad" }, "commitment")
	tampered(func(r *Record) { *r.Seed = *r.Seed + 1 }, "commitment")
	tampered(func(r *Record) { r.Draws = r.Draws[:len(r.Draws)-1] }, "the record ends after")

	// While the game runs the record keeps its seed to itself.
	running := NewRecord(g, "c0ffee", false)
	if running.Seed != nil || running.Salt != "" || running.Verify() == nil {
		t.Error("a running game's record reveals or verifies its seed")
	}
	if running.Commitment != r.Commitment || running.Commitment != Commitment(42, "c0ffee") {
		t.Error("the commitment differs from the one of the seed and salt")
	}
}
