package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/command"
)

// run starts the real program with args and stdin, and returns what it
// wrote and its exit status.
func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	home := t.TempDir()
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string {
			if k == "HOME" {
				return home
			}
			return ""
		}}
	code = m.Run(context.Background(), args)
	if err := m.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	return out.String(), errb.String(), code
}

// state decodes the --json output, failing unless stdout holds exactly one
// JSON object.
func state(t *testing.T, stdout string) command.StateView {
	t.Helper()
	var v command.StateView
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("stdout is not the state JSON: %v\n%s", err, stdout)
	}
	if dec.More() {
		t.Fatalf("stdout holds more than the JSON:\n%s", stdout)
	}
	return v
}

func unit(t *testing.T, v command.StateView, id string) command.UnitView {
	t.Helper()
	for _, u := range v.Units {
		if u.ID == id {
			return u
		}
	}
	t.Fatalf("no unit %s in the JSON", id)
	return command.UnitView{}
}

func writeScript(t *testing.T, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "script.txt")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A complete game against the AI, played to its end by a script: the US
// sets up, then passes every round; the JSON names the winner.
func TestLocalCompleteGameAgainstAI(t *testing.T) {
	lines := []string{"# a whole game", "new opponent:ai level:random side:us", "setup preset:historical", "setup done"}
	for range 400 {
		lines = append(lines, "pass")
	}
	db := filepath.Join(t.TempDir(), "g.db")
	stdout, stderr, code := run(t, "", "local", "--script", writeScript(t, lines...), "--seed", "7", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	v := state(t, stdout)
	if v.Phase != "over" || (v.Winner != "us" && v.Winner != "german") {
		t.Fatalf("the game did not end: phase %q winner %q", v.Phase, v.Winner)
	}
	if v.Winner == "us" && (v.Turn != 6 || !strings.Contains(v.WinReason, "R8.4")) {
		t.Errorf("US win at turn %d for %q, want R8.4 after turn 6", v.Turn, v.WinReason)
	}
	if !strings.Contains(stderr, "Game over") || !strings.Contains(stderr, "wins") {
		t.Errorf("no final result in the narration:\n%s", tail(stderr))
	}
	// Every turn was narrated, with the AI's activations.
	for _, want := range []string{"turn 1 begins", "turn 6 begins", "German round", "enters at"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("narration lacks %q", want)
		}
	}
	// Commands after the end are refused with the result, not a new game.
	if !strings.Contains(stderr, "is over") {
		t.Errorf("passes after the end were not refused as over:\n%s", tail(stderr))
	}
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

// Illegal and malformed commands each get a reason, naming the rule, and
// leave the state exactly as it was.
func TestLocalIllegalCommandsChangeNothing(t *testing.T) {
	setup := []string{"new opponent:hotseat", "setup preset:historical", "setup done"}
	before, _, code := run(t, "", "local", "--script", writeScript(t, setup...), "--seed", "11", "--json", "--db", filepath.Join(t.TempDir(), "a.db"))
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	bv := state(t, before)
	us := bv.Round.Side == "us"
	own, enemy := "TD", "DR-1"
	if !us {
		own, enemy = "DR-1", "TD"
	}
	illegal := []struct{ cmd, want string }{
		{"move unit:" + own + " to:1105", "R5"},              // not adjacent, or in reserve
		{"move unit:" + enemy + " to:1403", "R4.2"},          // the other side's unit
		{"setup unit:120 hex:1502", "R2.1"},                  // the set-up is over
		{"exit unit:117", "R"},                               // a US unit cannot exit
		{"redraw", "R6.8"},                                   // no face card waits
		{"resolve", "R6.6"},                                  // no attack pending
		{"oba hex:1903", "R7"},                               // no German there / not a US OBA card
		{"enter unit:CCA to:1103", "R"},                      // before turn 2, or the wrong side
		{"move unit:nosuch to:1403", "no unit"},              // unknown unit
		{"move unit:TD to:2203", "off the map"},              // no such hex
		{"move unit:TD", "needs to:"},                        // missing option
		{"fly unit:TD", "unknown command"},                   // no such command
		{"move unit:TD to:1403 speed:2", "no option"},        // no such option
		{"debug flip unit:TD", "--debug"},                    // debug is off
		{"undo", "Nothing to undo"},                          // a card was drawn
		{"abort extra", "unexpected"},                        // a stray word
		{"new opponent:nobody-at-all", "choose ai, hotseat"}, // a bad new keeps the game
	}
	lines := append([]string{}, setup...)
	for _, c := range illegal {
		lines = append(lines, c.cmd)
	}
	after, stderr, code := run(t, "", "local", "--script", writeScript(t, lines...), "--seed", "11", "--json", "--db", filepath.Join(t.TempDir(), "b.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	refusals := strings.Count(stderr, "refused: ")
	if refusals != len(illegal) {
		t.Errorf("%d refusals for %d illegal commands:\n%s", refusals, len(illegal), stderr)
	}
	for _, c := range illegal[:8] {
		if !strings.Contains(stderr, "> "+c.cmd+"\nrefused: ") {
			t.Errorf("%q was not refused at once", c.cmd)
		}
	}
	for _, c := range illegal[:7] {
		_, rest, _ := strings.Cut(stderr, "> "+c.cmd+"\nrefused: ")
		line, _, _ := strings.Cut(rest, "\n")
		if !strings.Contains(line, "rule "+c.want) && !strings.Contains(line, c.want) {
			t.Errorf("%q: reason %q does not name %s", c.cmd, line, c.want)
		}
		if !strings.Contains(line, "rule R") {
			t.Errorf("%q: reason %q names no rule", c.cmd, line)
		}
	}
	if strings.Contains(stderr, "Something went wrong") || strings.Contains(stderr, "runtime error") {
		t.Errorf("an internal error reached the player:\n%s", stderr)
	}
	if !strings.Contains(stderr, "choose ai, hotseat") || strings.Contains(stderr, "abandoned") {
		t.Errorf("a refused new touched the running game:\n%s", tail(stderr))
	}
	if after != before {
		t.Errorf("the state changed:\nbefore %s\nafter  %s", before, after)
	}
}
