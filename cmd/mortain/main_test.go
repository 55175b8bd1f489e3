package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
		{"move unit:" + own + " to:1105", "R5"},          // not adjacent, or in reserve
		{"move unit:" + enemy + " to:1403", "R4.2"},      // the other side's unit
		{"setup unit:120 hex:1502", "R2.1"},              // the set-up is over
		{"exit unit:117", "R"},                           // a US unit cannot exit
		{"redraw", "R6.8"},                               // no face card waits
		{"resolve", "R6.6"},                              // no attack pending
		{"oba hex:1903", "R7"},                           // no German there / not a US OBA card
		{"enter unit:CCA to:1103", "R"},                  // before turn 2, or the wrong side
		{"move unit:nosuch to:1403", "no unit"},          // unknown unit
		{"move unit:TD to:2203", "off the map"},          // no such hex
		{"move unit:TD", "needs to:"},                    // missing option
		{"fly unit:TD", "unknown command"},               // no such command
		{"move unit:TD to:1403 speed:2", "no option"},    // no such option
		{"debug flip unit:TD", "--debug"},                // debug is off
		{"undo", "Nothing to undo"},                      // a card was drawn
		{"abort extra", "unexpected"},                    // a stray word
		{"new mode:nobody-at-all", "choose ai, hotseat"}, // a bad new keeps the game
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

// A position set up in debug mode: with the combat card fixed, an adjacent
// TD (AT 5, -1 adjacent: N 6) hits DR-1 in the open with a 5: it flips
// (R6.8, R6.9).
func TestLocalDebugPositionCombatOutcome(t *testing.T) {
	script := writeScript(t,
		"new opponent:hotseat",
		"setup preset:historical",
		"setup done",
		"debug round side:us points:3",
		"debug place unit:dr-1 hex:1403",
		`debug deck cards:"5H 7H"`,
		"fire unit:TD target:DR-1", // no other unit can join: resolved at once (R6.6)
	)
	stdout, stderr, code := run(t, "", "local", "--debug", "--strict", "--script", script, "--seed", "5", "--json", "--db", filepath.Join(t.TempDir(), "d.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	v := state(t, stdout)
	dr := unit(t, v, "DR-1")
	if !dr.Flipped || dr.Status != "map" || dr.Hex != "1403" {
		t.Fatalf("DR-1 after a hit: %+v, want flipped on 1403", dr)
	}
	if !dr.Targeted || dr.Suppressed {
		t.Errorf("DR-1 was targeted this round (R6.7), not put under Air cover: %+v", dr)
	}
	if !strings.Contains(stderr, "TD → DR-1 at 1403: strength 5, M -1 (-1 adjacent), N 6; card 5H: hit: DR-1 flipped") {
		t.Errorf("the attack was not narrated with its figures:\n%s", stderr)
	}
	if v.Round.Side != "us" || v.Round.PointsLeft != 2 {
		t.Errorf("round after one activation: %+v, want US with 2 points", v.Round)
	}
	// The debug edits are in the history, so the game replays.
	if v.Steps != 2+3+1 {
		t.Errorf("%d steps recorded, want 6 (the debug edits included)", v.Steps)
	}
}

// Debug commands are refused without --debug.
func TestLocalDebugNeedsFlag(t *testing.T) {
	_, stderr, code := run(t, "", "local", "--strict", "--script", writeScript(t, "new opponent:hotseat", "debug turn n:3"), "--db", filepath.Join(t.TempDir(), "d.db"))
	if code != 1 || !strings.Contains(stderr, "--debug") {
		t.Fatalf("exit %d, stderr %q: want 1 and a reason naming --debug", code, stderr)
	}
}

// --strict stops at the first refused command with status 1 and the reason
// on stderr; the commands after it are not run.
func TestLocalStrict(t *testing.T) {
	script := writeScript(t, "new opponent:hotseat", "setup unit:120 hex:1901", "setup unit:117 hex:1701")
	stdout, stderr, code := run(t, "", "local", "--strict", "--script", script, "--json", "--db", filepath.Join(t.TempDir(), "s.db"))
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if !strings.Contains(stderr, "refused: Not allowed by rule R2.1") {
		t.Errorf("no reason on stderr:\n%s", stderr)
	}
	if strings.Contains(stderr, "117 set up") {
		t.Errorf("a command after the refusal was run")
	}
	v := state(t, stdout)
	if u := unit(t, v, "117"); u.Status != "reserve" {
		t.Errorf("117 is %s, want still in reserve", u.Status)
	}
	// Without --strict the same script goes on.
	_, _, code = run(t, "", "local", "--script", script, "--db", filepath.Join(t.TempDir(), "s2.db"))
	if code != 0 {
		t.Errorf("without --strict: exit %d, want 0", code)
	}
}

// A local game is kept in the database and resumes when the program
// starts again; commands can come on stdin.
func TestLocalResume(t *testing.T) {
	db := filepath.Join(t.TempDir(), "r.db")
	_, stderr, code := run(t, "new opponent:hotseat\nsetup unit:120 hex:1501\nsetup unit:120 hex:1502\n", "local", "--strict", "--seed", "9", "--db", db)
	if code != 0 {
		t.Fatalf("first run: exit %d\n%s", code, stderr)
	}
	stdout, stderr, code := run(t, "setup unit:117 hex:1701\nsetup preset:historical\nsetup done\n", "local", "--strict", "--script", "-", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("second run: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "Resuming your game (1 step so far)") {
		t.Errorf("the game was not resumed:\n%s", stderr)
	}
	v := state(t, stdout)
	if v.Phase != "round" || v.Turn != 1 || v.Seed != nil {
		t.Errorf("after resuming and finishing the set-up: phase %s turn %d seed %v (a running game's seed is never shown)", v.Phase, v.Turn, v.Seed)
	}
	if u := unit(t, v, "120"); u.Hex != "1501" {
		t.Errorf("120 on %s, want 1501 (the preset after the re-placement)", u.Hex)
	}
}

// Re-placing a unit at set-up moves it (the engine refuses placing twice).
func TestLocalSetupReplace(t *testing.T) {
	stdout, stderr, code := run(t, "new opponent:hotseat\nsetup unit:120 hex:1501\nsetup unit:823 hex:1501\nsetup unit:120 hex:1302\n", "local", "--strict", "--json", "--db", filepath.Join(t.TempDir(), "p.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	v := state(t, stdout)
	if a, b := unit(t, v, "120"), unit(t, v, "823"); a.Hex != "1302" || b.Hex != "1501" {
		t.Errorf("120 on %s and 823 on %s, want 1302 and 1501", a.Hex, b.Hex)
	}
}

// With --out, the map after every activation is written as a PNG to the
// folder named in the narration.
func TestLocalMapsWritten(t *testing.T) {
	out := filepath.Join(t.TempDir(), "maps")
	stdout, stderr, code := run(t, "new opponent:hotseat\nsetup preset:historical\nsetup done\n", "local", "--strict", "--out", out, "--db", filepath.Join(t.TempDir(), "m.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, out) {
		t.Errorf("the narration does not name the maps folder %s", out)
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.png"))
	if len(files) != 3 {
		t.Fatalf("%d maps written, want 3 (new, preset, done): %v", len(files), files)
	}
	b, err := os.ReadFile(files[len(files)-1])
	if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("%s is not a PNG (%v)", files[len(files)-1], err)
	}
}

// The program's subcommands and flags.
func TestMainDispatch(t *testing.T) {
	if out, _, code := run(t, "", "help"); code != 0 || !strings.Contains(out, "--script FILE") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
	if _, errs, code := run(t, "", "frobnicate"); code != 2 || !strings.Contains(errs, "unknown command") {
		t.Errorf("unknown subcommand: exit %d %q", code, errs)
	}
	if _, _, code := run(t, "", "local", "--no-such-flag"); code != 2 {
		t.Errorf("bad flag: exit %d, want 2", code)
	}
	// No token: plain "mortain" is local play.
	if out, errs, code := run(t, "help\n", "--db", filepath.Join(t.TempDir(), "h.db")); code != 0 || !strings.Contains(out, "Commands") {
		t.Errorf("default mode without a token: exit %d\n%s\n%s", code, out, errs)
	}
}

// A token in the config file (or DISCORD_TOKEN) selects the bot; an empty
// one does not.
func TestConfiguredToken(t *testing.T) {
	dir := t.TempDir()
	with := filepath.Join(dir, "with.yaml")
	empty := filepath.Join(dir, "empty.yaml")
	os.WriteFile(with, []byte("# settings\ntoken: \"abc.def\"\napplication_id: 1\n"), 0o600)
	os.WriteFile(empty, []byte("token: \"\"   # set DISCORD_TOKEN instead\n"), 0o600)
	m := &Main{Getenv: func(string) string { return "" }}
	for _, c := range []struct {
		args []string
		want bool
		err  bool
	}{
		{[]string{"--config", with}, true, false},
		{[]string{"--config=" + empty}, false, false},
		{[]string{"--config", filepath.Join(dir, "missing.yaml")}, false, true},
	} {
		got, err := m.configuredToken(c.args)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("%v: %v, %v", c.args, got, err)
		}
	}
	m.Getenv = func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "x"
		}
		return ""
	}
	if got, _ := m.configuredToken(nil); !got {
		t.Errorf("DISCORD_TOKEN is not seen")
	}
}

// Air cover (R7.5) suppresses the German units in the hex and around it:
// --json marks them suppressed, and not the ones further away.
func TestLocalAirCoverMarksSuppressed(t *testing.T) {
	script := writeScript(t,
		"new opponent:hotseat",
		"setup preset:historical",
		"setup done",
		"debug place unit:dr-1 hex:1803",
		"debug place unit:df hex:1804",
		"debug place unit:d hex:1905",
		"debug round side:us card:AH",
		"air mode:cover hex:1803",
	)
	stdout, stderr, code := run(t, "", "local", "--debug", "--strict", "--script", script, "--seed", "5", "--json", "--db", filepath.Join(t.TempDir(), "c.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	v := state(t, stdout)
	for id, want := range map[string]bool{"DR-1": true, "DF": true, "D": false} {
		if u := unit(t, v, id); u.Suppressed != want {
			t.Errorf("%s suppressed = %v, want %v (%+v)", id, u.Suppressed, want, u)
		}
	}
	if !v.AirOBAUsed {
		t.Error("the Air marker is not marked used")
	}
}

// --scenario plays new games on another scenario file of the same format;
// a malformed file is refused with the entry at fault, before anything is
// played.
func TestLocalScenarioFile(t *testing.T) {
	builtin, err := os.ReadFile("../../rules/scenarios/mortain.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// The printed-values case: TD with other factors.
	custom := filepath.Join(dir, "custom.json")
	changed := strings.Replace(string(builtin), `"full": "5-2", "flipped": "3-1", "start": "map", "historical": "1402"`, `"full": "7-3", "flipped": "4-2", "start": "map", "historical": "1402"`, 1)
	if changed == string(builtin) {
		t.Fatal("the TD entry of the scenario file was not found")
	}
	if err := os.WriteFile(custom, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	script := writeScript(t, "new opponent:hotseat", "setup preset:historical", "units")
	stdout, stderr, code := run(t, "", "local", "--strict", "--scenario", custom, "--script", script, "--db", filepath.Join(dir, "s.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "factors 7-3") {
		t.Errorf("the units list does not show the scenario's TD factors 7-3:\n%s", stdout)
	}

	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(strings.Replace(string(builtin), `"terrain": "hill"`, `"terrain": "mountain"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = run(t, "", "local", "--scenario", bad, "--script", script, "--db", filepath.Join(dir, "b.db"))
	if code != 2 || !strings.Contains(stderr, `terrain[0]`) || !strings.Contains(stderr, `"mountain"`) {
		t.Errorf("a malformed scenario: exit %d, stderr:\n%s", code, stderr)
	}
}

// In local play the person at the terminal holds every human seat: a
// Discord member (opponent:, seat) is refused, and the game goes on.
func TestLocalRefusesDiscordMembers(t *testing.T) {
	script := writeScript(t, "new mode:hotseat", "new opponent:<@123>", "seat side:german user:<@123>", "setup preset:historical")
	_, stderr, code := run(t, "", "local", "--script", script, "--db", filepath.Join(t.TempDir(), "u.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if n := strings.Count(stderr, "Discord member") + strings.Count(stderr, "seat hands a seat to another member in Discord"); n != 2 {
		t.Errorf("%d refusals of Discord members, want 2:\n%s", n, stderr)
	}
	if strings.Count(stderr, "refused: ") != 2 {
		t.Errorf("the hotseat game did not go on:\n%s", stderr)
	}
}

// Local play deals from the cryptographic generator: a game's seed, shown
// once it ended, is nowhere near the clock; a running game's --json holds
// no seed; a game started with --seed says its seed is not secret.
func TestLocalSeedsAreSecretUnlessGiven(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	stdout, stderr, code := run(t, "new mode:hotseat\n", "local", "--strict", "--script", "-", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if v := state(t, stdout); v.Seed != nil || !strings.Contains(stderr, "secret seed") {
		t.Errorf("a running game: seed %v in --json; announced %q", v.Seed, stderr)
	}
	stdout, stderr, code = run(t, "resign confirm:yes\n", "local", "--strict", "--script", "-", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	v := state(t, stdout)
	if v.Seed == nil {
		t.Fatalf("the ended game's seed is not shown:\n%s", stdout)
	}
	now := uint64(time.Now().UnixNano())
	if d := max(*v.Seed, now) - min(*v.Seed, now); d < uint64(24*time.Hour) {
		t.Errorf("the seed %d is within %v of the clock: it comes from the time", *v.Seed, time.Duration(d))
	}
	out, _, _ := run(t, "new mode:hotseat\n", "local", "--seed", "7", "--script", "-", "--db", filepath.Join(t.TempDir(), "g.db"))
	if !strings.Contains(out, "not secret") {
		t.Errorf("a game started with --seed does not say its seed is not secret:\n%s", out)
	}
}

// map size:small writes the compact map in local play; map, the full one.
func TestLocalMapSmallIsTheCompactMap(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "maps")
	if _, stderr, code := run(t, "new mode:hotseat\nmap size:small\nmap\n", "local", "--strict", "--script", "-", "--out", out, "--db", filepath.Join(dir, "m.db")); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	widths := map[string]int{}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		f, err := os.Open(filepath.Join(out, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		widths[e.Name()] = cfg.Width
	}
	if widths["0002-map.png"] != 550 || widths["0003-map.png"] != 1200 {
		t.Errorf("map widths %v: want 0002 (map size:small) 550 and 0003 (map) 1200", widths)
	}
}

// A refusal repeats at most the first 80 characters of what was typed.
func TestAVeryLongLineIsNotEchoedWhole(t *testing.T) {
	long := strings.Repeat("x", 10_000)
	for _, line := range []string{long, "move unit:117 to:" + long, "pass " + long, "help " + long} {
		stdout, stderr, _ := run(t, "new mode:hotseat\n"+line+"\n", "local", "--script", "-", "--db", filepath.Join(t.TempDir(), "l.db"))
		if len(stderr) > 2000 || strings.Contains(stdout, long[:200]) {
			t.Errorf("a line of %d echoed whole: %d bytes of refusal, %d of narration", len(line), len(stderr), len(stdout))
		}
	}
}

// In the terminal export writes mortain-game-N.json in the current folder
// (or out:) and says where; help lists the terminal's commands, quit
// among them and no server command; a bare new is a game against the AI.
func TestLocalExportHelpAndNewSpeakForTheTerminal(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	stdout, stderr, code := run(t, "new\nexport\nexport out:other.json\nhelp\nresign confirm:yes\nstatus\npass\nnew mode:open\nhelp command:new\nhelp command:export\nhelp command:games\n", "local", "--script", "-", "--db", filepath.Join(dir, "l.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, f := range []string{"mortain-game-1.json", "other.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil || !strings.Contains(stdout, "written to "+f) {
			t.Errorf("export did not write %s here and say so: %v", f, err)
		}
	}
	if !strings.Contains(stdout, "German: the AI") {
		t.Errorf("a bare new is not a game against the AI:\n%s", stdout)
	}
	if !strings.Contains(stderr, "refused: mode:open waits for another member") {
		t.Errorf("a game waiting for a seat nobody can take was not refused:\n%s", stderr)
	}
	help := stdout[strings.Index(stdout, "Commands (help"):]
	for _, want := range []string{"  quit ", "  resume ", "How to play your first game"} {
		if !strings.Contains(help, want) {
			t.Errorf("local help lacks %q", want)
		}
	}
	for _, not := range []string{"  join ", "  seat ", "  abort ", "  stats ", "this channel"} {
		if strings.Contains(help[:strings.Index(help, "How to play")], not) {
			t.Errorf("local help lists %q", not)
		}
	}
	for _, not := range []string{"you resigns", "this channel", "this server", "Discord's list", "open (the default"} {
		if strings.Contains(stdout+stderr, not) {
			t.Errorf("the terminal says %q:\n%s\n%s", not, stdout, stderr)
		}
	}
}

// next: offers commands as they are typed: the likeliest shots, then the
// buttons' steps, never a button's label.
func TestLocalNextOffersTypedCommands(t *testing.T) {
	stdout, stderr, code := run(t, "new mode:hotseat\nsetup preset:historical\ndebug place unit:DR-1 hex:1601\n", "local", "--debug", "--script", "-", "--db", filepath.Join(t.TempDir(), "n.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, line := range strings.Split(stdout, "\n") {
		if !strings.HasPrefix(line, "  next: ") {
			continue
		}
		for _, c := range strings.Split(strings.TrimPrefix(line, "  next: "), " · ") {
			cmd, _, _ := strings.Cut(c, " — ")
			cmd = strings.TrimSuffix(cmd, " (every legal command)")
			if _, _, err := command.Parse(cmd); err != nil {
				t.Errorf("next: offers %q, which is not a command: %v", c, err)
			}
		}
	}
	if !strings.Contains(stdout, "setup done") {
		t.Errorf("next: never offers setup done:\n%s", stdout)
	}
}
