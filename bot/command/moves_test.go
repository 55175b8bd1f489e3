package command

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
)

// moves lists the legal commands as typed, grouped by unit, with the odds
// of each shot; fire's post and the Resolve button show the same chance.
func TestMovesListsLegalCommandsWithTheOdds(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical done")
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1601")
	mustDo(t, s, ann, "debug round side:us points:3")
	r := mustDo(t, s, eve, "moves unit:117") // anyone may ask
	for _, want := range []string{"117 at 1701 (St-Barthélemy): ", "move to:1702/1801", "fire unit:117 target:DR-1 — N 3, 30% to hit"} {
		if !strings.Contains(r.Private, want) {
			t.Errorf("moves unit:117 lacks %q:\n%s", want, r.Private)
		}
	}
	if strings.Contains(r.Private, "120 at") {
		t.Errorf("moves unit:117 lists other units:\n%s", r.Private)
	}
	// Every listed line reads back as commands that parse with valid
	// options (expandMoves checks them).
	all := mustDo(t, s, ann, "moves")
	if n := len(expandMoves(t, all.Private)); n < 10 {
		t.Errorf("only %d commands listed:\n%s", n, all.Private)
	}
	f := mustDo(t, s, ann, "fire unit:117 target:DR-1")
	if !strings.Contains(f.Posts[0].Text, "N 3, 30% to hit") {
		t.Errorf("fire's post: %q", f.Posts[0].Text)
	}
	found := false
	for _, b := range f.Posts[0].Buttons {
		found = found || b.Label == "Resolve (30% to hit)"
	}
	if !found {
		t.Errorf("no Resolve button with the chance: %+v", f.Posts[0].Buttons)
	}
	mustRefuse(t, s, st, ann, "moves unit:XX", "There is no unit")
}

// moves says its lines are written exactly as typed: a line pasted whole,
// its odds included, is the command it lists.
func TestAPastedMovesLineIsTheCommand(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical done")
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1601")
	mustDo(t, s, ann, "debug round side:us points:3")
	r := mustDo(t, s, ann, "moves unit:117")
	var pasted string
	for _, line := range strings.Split(r.Private, "\n") {
		if strings.Contains(line, "fire unit:117 target:DR-1 — ") {
			pasted = strings.TrimSpace(line)
		}
	}
	if pasted == "" {
		t.Fatalf("no shot listed:\n%s", r.Private)
	}
	f := mustDo(t, s, ann, pasted)
	if len(f.Posts) == 0 || !strings.Contains(f.Posts[0].Text, "to hit") {
		t.Errorf("%q did not fire: %+v", pasted, f)
	}
}
