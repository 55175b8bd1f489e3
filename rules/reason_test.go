package rules

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestReasonsDistinct checks that every reason has its own id, a rule
// (but the ends no rule gives: a resignation, a loss on time) and English,
// and reads back from its id and its English.
func TestReasonsDistinct(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Reasons() {
		ruled := r != ReasonResigned && r != ReasonLostOnTime
		if r.ID() == "" || seen[r.ID()] || ruled && (!strings.HasPrefix(r.String(), r.Rule()+": ") || r.Rule() == "") || !ruled && r.Rule() != "" {
			t.Errorf("reason %d: id %q rule %q text %q", r, r.ID(), r.Rule(), r.String())
		}
		seen[r.ID()] = true
		for _, s := range []string{r.ID(), r.String()} {
			if got, ok := ParseReason(s); !ok || got != r {
				t.Errorf("ParseReason(%q) = %v, %v; want %v", s, got, ok, r)
			}
		}
	}
}

// TestPreviousReleaseGameLoads reads a finished game saved by the release
// before typed reasons (the reasons as English text, R9.2): it loads with
// its reasons typed, and saves them as ids that load back the same.
func TestPreviousReleaseGameLoads(t *testing.T) {
	raw, err := os.ReadFile("testdata/previous/game-over.json")
	if err != nil {
		t.Fatal(err)
	}
	var g Game
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatalf("the previous release's save: %v", err)
	}
	if g.State.WinReason() != ReasonR8_4 || g.State.Winner() != US {
		t.Fatalf("win reason %v, winner %v; want R8.4 for the US", g.State.WinReason(), g.State.Winner())
	}
	ends := 0
	for _, e := range g.Log {
		switch e.Kind {
		case EvRoundEnd, EvTurnEnd, EvJokerIgnored, EvGameOver:
			if e.Reason == NoReason {
				t.Errorf("%s at turn %d lost its reason", e.Kind, e.Turn)
			}
			ends++
		}
	}
	if ends < 100 {
		t.Fatalf("%d events with a reason, want the fixture's 124", ends)
	}
	again, err := json.Marshal(&g)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(again), "R4.5: passed") {
		t.Errorf("saved again with the English text, want the ids")
	}
	var back Game
	if err := json.Unmarshal(again, &back); err != nil {
		t.Fatal(err)
	}
	for i := range g.Log {
		if back.Log[i] != g.Log[i] {
			t.Fatalf("event %d: %+v, saved and read back %+v", i, g.Log[i], back.Log[i])
		}
	}
	if back.State.WinReason() != ReasonR8_4 {
		t.Errorf("win reason read back: %v", back.State.WinReason())
	}
}

// TestPreviousReleaseRecordVerifies checks an exported record written by
// the release before typed reasons: its result, "US wins: R8.4: ...",
// still verifies (R9.2).
func TestPreviousReleaseRecordVerifies(t *testing.T) {
	raw, err := os.ReadFile("testdata/previous/record.json")
	if err != nil {
		t.Fatal(err)
	}
	var r Record
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	if err := r.Verify(); err != nil {
		t.Fatalf("the previous release's record: %v", err)
	}
	if !r.RulesResult() || !strings.HasPrefix(r.Result, "US wins: R8.4") {
		t.Errorf("result %q", r.Result)
	}
}

// TestSaveUnknownReason refuses a save whose reason no release wrote.
func TestSaveUnknownReason(t *testing.T) {
	raw, err := os.ReadFile("testdata/previous/game-over.json")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(raw), `"R8.4: turn 6 ended without a German victory"`, `"R8.4: because"`, 1)
	var g Game
	if err := json.Unmarshal([]byte(bad), &g); err == nil || !strings.Contains(err.Error(), "R8.4: because") {
		t.Errorf("an unknown reason: %v, want it named", err)
	}
}

// TestEngineImportsOnlyStandardLibrary checks that the engine and its AI
// depend on nothing but the standard library and the rules' own
// packages: importing them costs no catalog, no YAML.
func TestEngineImportsOnlyStandardLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".", "./ai").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if !strings.HasPrefix(p, "github.com/mortain/mortain/rules") {
			t.Errorf("the engine imports %s", p)
		}
	}
}
