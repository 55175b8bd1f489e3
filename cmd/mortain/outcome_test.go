package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
)

// swapResult writes a copy of the record at path whose result names the
// other side ("US" and "German" swapped), and returns its path and the
// changed result.
func swapResult(t *testing.T, path string) (string, string) {
	t.Helper()
	var r map[string]any
	dec := json.NewDecoder(strings.NewReader(string(mustRead(t, path))))
	dec.UseNumber() // the seed is a 64-bit number
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	result, _ := r["result"].(string)
	swapped := strings.NewReplacer("US", "German", "German", "US").Replace(result)
	if swapped == result {
		t.Fatalf("the result %q names no side", result)
	}
	r["result"] = swapped
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "changed.json")
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return out, swapped
}

// A resigned game's exported record is honest as it is; with its result
// changed to the other side, verify refuses it (exit 1) and names both
// results.
func TestVerifyRefusesAResignedGameWithAnotherWinner(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "g.db")
	script := writeScript(t, "new mode:hotseat", "setup preset:historical", "setup done", "resign confirm:yes")
	if _, stderr, code := run(t, "", "local", "--script", script, "--db", db); code != 0 {
		t.Fatalf("local: exit %d\n%s", code, stderr)
	}
	out := filepath.Join(dir, "game.json")
	if stdout, stderr, code := run(t, "", "export", "--db", db, "--out", out); code != 0 {
		t.Fatalf("export: exit %d\n%s%s", code, stdout, stderr)
	}
	stdout, stderr, code := run(t, "", "verify", out)
	if code != 0 || !strings.Contains(stdout, "honest") || !strings.Contains(stdout, "side resigned") {
		t.Fatalf("verify of the resigned game's record: exit %d\n%s%s", code, stdout, stderr)
	}
	// Its replay ends on the resignation (of the side whose round the
	// seed dealt first), worded in the reader's language.
	stdout, stderr, code = run(t, "", "local", "--replay", out)
	if code != 0 || !strings.Contains(stdout, "Result: German won: the US side resigned") && !strings.Contains(stdout, "Result: US won: the German side resigned") {
		t.Errorf("replay: exit %d\n%s%s", code, stdout, stderr)
	}
	stdout, _, _ = runIn(t, "ja_JP.UTF-8", false, "", "local", "--replay", out)
	if !strings.Contains(stdout, "米軍が投了") && !strings.Contains(stdout, "独軍が投了") {
		t.Errorf("the Japanese replay:\n%s", stdout)
	}
	stdout, stderr, code = runIn(t, "pseudo", false, "", "local", "--replay", out)
	if bare := i18n.Bare(stdout + stderr); code != 0 || len(bare) > 0 {
		t.Errorf("pseudo replay: exit %d, bare lines %q", code, bare)
	}

	bad, swapped := swapResult(t, out)
	stdout, stderr, code = run(t, "", "verify", bad)
	if code != 1 || strings.Contains(stdout, "honest") || !strings.Contains(stderr, swapped) || !strings.Contains(stderr, "resign") {
		t.Errorf("verify of the record with the other side winning: exit %d\n%s%s", code, stdout, stderr)
	}
}

// Records exported by the release before a game's end was a step of its
// history (testdata/release-ends): a game played out still verifies
// (exit 0); a resigned, lost on time or aborted one is reported as of the
// older format with its result not checked (exit 3), never as honest,
// and so is the same record with its result changed.
func TestVerifyReportsOlderRecordsAsUnchecked(t *testing.T) {
	dir := filepath.Join("testdata", "release-ends")
	stdout, stderr, code := run(t, "", "verify", filepath.Join(dir, "played-out.json"))
	if code != 0 || !strings.Contains(stdout, "honest") || !strings.Contains(stdout, "R8.4") {
		t.Errorf("verify of a game played out: exit %d\n%s%s", code, stdout, stderr)
	}
	bad, _ := swapResult(t, filepath.Join(dir, "played-out.json"))
	if _, stderr, code := run(t, "", "verify", bad); code != 1 || !strings.Contains(stderr, "the replay ends") {
		t.Errorf("verify of a game played out with the other winner: exit %d\n%s", code, stderr)
	}
	for _, name := range []string{"resigned-us.json", "on-time-german.json", "aborted.json"} {
		path := filepath.Join(dir, name)
		paths := []string{path}
		if name != "aborted.json" { // which names no side
			changed, _ := swapResult(t, path)
			paths = append(paths, changed)
		}
		for _, p := range paths {
			stdout, stderr, code := run(t, "", "verify", p)
			if code != 3 || strings.Contains(stdout+stderr, "honest") || !strings.Contains(stderr, "older format") || !strings.Contains(stderr, "not checked") {
				t.Errorf("verify of %s: exit %d\n%s%s", p, code, stdout, stderr)
			}
		}
	}
}
