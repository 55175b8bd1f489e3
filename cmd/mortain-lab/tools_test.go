package main

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai/arena"
)

// run starts the real program with args, and returns what it wrote and
// its exit status.
func run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdout: &out, Stderr: &errb}
	code = m.Run(context.Background(), args)
	return out.String(), errb.String(), code
}

// aiFit runs mortain-lab with args, failing unless it exits 0 with
// nothing on stderr, and returns its output.
func aiFit(t *testing.T, args ...string) string {
	t.Helper()
	stdout, stderr, code := run(t, args...)
	if code != 0 || stderr != "" {
		t.Fatalf("mortain-lab %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	return stdout
}

// wantLines fails unless out matches every pattern, each on a line of its
// own.
func wantLines(t *testing.T, out string, patterns ...string) {
	t.Helper()
	for _, p := range patterns {
		if !regexp.MustCompile(`(?m)^` + p + `$`).MatchString(out) {
			t.Errorf("no line matching %q in:\n%s", p, out)
		}
	}
}

const (
	rate   = `[01]\.\d{3}`
	rate4  = `[01]\.\d{4}`
	rates  = `\[[01]\.\d{3}( [01]\.\d{3})*\]`
	number = `-?\d+\.\d{4}`
)

// mortain-lab with no tool, an unknown tool, a bad flag or value or a count
// below 1 is a usage error (exit 2, the usage on stderr); -h prints the
// usage of mortain-lab and of each tool on stdout.
func TestAIFitUsage(t *testing.T) {
	if out := aiFit(t, "-h"); !strings.Contains(out, "Tools:") {
		t.Errorf("mortain-lab -h:\n%s", out)
	}
	for _, tool := range aiTools {
		if out := aiFit(t, tool.name, "--help"); !strings.Contains(out, "mortain-lab "+tool.name+" [") {
			t.Errorf("mortain-lab %s --help:\n%s", tool.name, out)
		}
	}
	for _, args := range [][]string{
		{},
		{"everything"},
		{"value", "--games", "0"},
		{"value", "--nope"},
		{"value", "extra"},
		{"budget", "--side", "both-and-more"},
		{"wait", "--budget", "soon"},
		{"tactics-show", "--only", "no-such-position"},
	} {
		_, stderr, code := run(t, args...)
		if code != 2 || !strings.Contains(stderr, "mortain-lab") || !strings.Contains(stderr, "Usage:") {
			t.Errorf("mortain-lab %q: exit %d, stderr %q; want 2 and the usage", args, code, stderr)
		}
	}
}

// mortain-lab value prints a row of value.go's valueWeights a turn, from turn
// 2.
func TestAIFitValue(t *testing.T) {
	for _, mode := range []string{"--historical=false", "--historical"} {
		out := aiFit(t, "value", "--games", "20", mode)
		for turn := 2; turn <= rules.Turns; turn++ {
			wantLines(t, out, fmt.Sprintf(`\t%d: \{`, turn)+number+strings.Repeat(`, `+number, 6)+`\}, // \d+ positions`)
		}
	}
}

// mortain-lab german prints the search's start, and the checks of the tuned
// weights.
func TestAIFitGerman(t *testing.T) {
	out := aiFit(t, "german", "--candidates", "3", "--games", "10", "--floor-games", "10", "--check-games", "10", "--random-games", "10")
	wantLines(t, out,
		`start `+rate4+` \{move:10 .*\}`,
		`check \(10 games, seed 33\): tuned `+rate4+`, hardGerman `+rate4+`, easyGerman `+rate4,
		`against a random US \(10 games, seed 35\): tuned `+rate4+`, hardGerman `+rate4)
}

// mortain-lab german-robust prints, for both weight sets, the rates as an easy
// player on five set-ups and in the hard German on two; with --tune the
// search first.
func TestAIFitGermanRobust(t *testing.T) {
	out := aiFit(t, "german-robust", "--tune", "--candidates", "1", "--games", "2", "--floor-games", "5", "--check-games", "4", "--hard-games", "1")
	five := `\[` + rate + strings.Repeat(` `+rate, 4) + `\]`
	wantLines(t, out,
		`start `+rate4+` \{move:10 .*\}`,
		`hardGerman as an easy player \(4 games a set-up, seed 33\): German wins `+five,
		`robustGerman as an easy player \(4 games a set-up, seed 33\): German wins `+five,
		`hardGerman in the hard German at 100 iterations \(1 games, seed 7\), historical and first searched set-up: \[`+rate+` `+rate+`\]`,
		`robustGerman in the hard German at 100 iterations \(1 games, seed 7\), historical and first searched set-up: \[`+rate+` `+rate+`\]`)
}

// mortain-lab german-suite prints the weight sets' scores over the 48 tuning
// set-ups, the start, the search and the checks; --scan stops after the
// start.
func TestAIFitGermanSuite(t *testing.T) {
	small := []string{"--score-games", "1", "--games", "1", "--floor-games", "5", "--candidates", "1", "--check-games", "1", "--random-games", "5"}
	out := aiFit(t, append([]string{"german-suite"}, small...)...)
	score := `objective \d\.\d{4} min ` + rate
	wantLines(t, out,
		`easyGerman: `+score+` rates \[.*\]`,
		`robustGerman: `+score+` rates \[.*\]`,
		`hardGerman: `+score+` rates \[.*\]`,
		`start: `+score,
		`start against a random US \(5 games, seed 23\): `+rate4,
		`start \d\.\d{4} \{move:10 .*\}`,
		`tuned, check \(1 games a set-up, seed 33\): `+score+` rates `+rates,
		`robustGerman, check: `+score+` rates `+rates,
		`against a random US \(5 games, seed 35\): tuned `+rate4)
	if m := regexp.MustCompile(`(?m)^hardGerman: .* rates \[(.*)\]$`).FindStringSubmatch(out); m == nil || len(strings.Fields(m[1])) != 48 {
		t.Errorf("hardGerman's rates: want 48 set-ups:\n%s", out)
	}
	out = aiFit(t, append([]string{"german-suite", "--scan"}, small...)...)
	if strings.Contains(out, "tuned") || !strings.Contains(out, "start against a random US") {
		t.Errorf("--scan: want the start's check and no search:\n%s", out)
	}
}

// mortain-lab setups prints the first search's check and the three later
// searches' results.
func TestAIFitSetups(t *testing.T) {
	out := aiFit(t, "setups", "--candidates", "2", "--games", "5", "--check-games", "5", "--hard-games", "5")
	setup := `( \w+@\d{4}){5}`
	wantLines(t, out, `check \(5 games, seed 99\): found`+setup+` `+rate4+`, historical `+rate4)
	for _, rs := range []string{"11", "12", "13"} {
		wantLines(t, out, `against hardGerman, search `+rs+`: US `+rate4+setup)
	}
}

// mortain-lab setup-play prints two lines for each of the historical and the
// found set-up.
func TestAIFitSetupPlay(t *testing.T) {
	out := aiFit(t, "setup-play", "--games", "5", "--hard-games", "1")
	for _, name := range []string{"historical", "found"} {
		wantLines(t, out,
			name+`: easy German \(5 games, seed 99\): US wins `+rate4+`; German exits \d\.\d\d, units lost \d\.\d\d, wins by exits `+rate4,
			name+`: hard German at 100 iterations \(1 games, seed 7\): German wins [01]\.\d\d`)
	}
}

// mortain-lab setup-suite prints each climb's result as a line of setups.txt,
// one the suite's parser reads.
func TestAIFitSetupSuite(t *testing.T) {
	out := aiFit(t, "setup-suite", "--searches", "2", "--candidates", "2", "--games", "5")
	wantLines(t, out,
		`search-1 (\w+@\d{4} ?){5}  # climb from random-1001 \(seed 1001\) against hardGerman as an easy player: easy US `+rate+` of 5`,
		`search-2 (\w+@\d{4} ?){5}  # climb from random-1002 \(seed 1002\) against hardGerman as an easy player: easy US `+rate+` of 5`)
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "search-") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 2 {
		t.Fatalf("want 2 results:\n%s", out)
	}
	if _, err := arena.ParseSetupSpec(strings.Join(strings.Fields(lines[0])[1:6], " "), nil); err != nil {
		t.Errorf("%s: %v", lines[0], err)
	}
}

// mortain-lab budget, at a given rate (no clock), prints each side's rate and
// agreement at every budget.
func TestAIFitBudget(t *testing.T) {
	out := aiFit(t, "budget", "--positions", "1", "--rate", "200")
	for _, side := range []string{"US", "German"} {
		wantLines(t, out,
			side+`: 1 positions, 200 iterations/s \(given, not measured\)`,
			side+`: agreement with a 2 s decision \(400 iterations\): another 2 s decision [01]/1; 100it \(100 it\) [01]/1; 400it \(400 it\) [01]/1; 250ms \(50 it\) [01]/1; 500ms \(100 it\) [01]/1; 1s \(200 it\) [01]/1`)
	}
	if out := aiFit(t, "budget", "--positions", "1", "--rate", "200", "--side", "german"); strings.Contains(out, "US:") {
		t.Errorf("--side german measured the US:\n%s", out)
	}
}

// mortain-lab wait, at an iteration budget, prints each side's decision times
// and waits at five AIDelays.
func TestAIFitWait(t *testing.T) {
	out := aiFit(t, "wait", "--games", "1", "--budget", "5it")
	secs := `p50 \d+\.\d\ds p90 \d+\.\d\ds max \d+\.\d\ds`
	for _, side := range []string{"US", "German"} {
		wantLines(t, out, `person `+side+`, 1 games: \d+ AI decisions at 5it: `+secs)
	}
	for _, d := range []string{"0s", "250ms", "400ms", "500ms", "1s"} {
		wantLines(t, out, `  AIDelay `+d+`: \d+ waits: `+secs)
	}
}

// mortain-lab tactics-show prints a position with its units, scores and the
// levels' play.
func TestAIFitTacticsShow(t *testing.T) {
	ps, err := arena.Tactics()
	if err != nil {
		t.Fatal(err)
	}
	out := aiFit(t, "tactics-show", "--only", ps[0].Name)
	wantLines(t, out,
		`== `+regexp.QuoteMeta(ps[0].Name)+` \(.*\) turn \d+ phase .*`,
		`(   [\w-]+@\d{4}(\(f\))?)+`,
		` +-?\d+\.\d\d .+`,
		`   easy plays .+: (true|false)`,
		`   hard plays .+: (true|false)`)
	if strings.Count(out, "== ") != 1 {
		t.Errorf("--only: want one position:\n%s", out)
	}
}

// mortain-lab losses prints, for the hard German's weights without and with
// its hunt, how the games end and the losses once the exits are lost.
func TestAIFitLosses(t *testing.T) {
	out := aiFit(t, "losses", "--games", "2")
	for _, name := range []string{"hardGerman without hunt", "hardGerman"} {
		wantLines(t, out, name+`: 48 set-ups, 96 games: German wins \d+\.\d% \(R8\.1 \d+, R8\.2 \d+, R8\.3 \d+\), worst set-up \d+\.\d%; losses \d+, after the exits were lost \d+; US units left then \(units: games\) (\d: \d+(, \d: \d+)*)?`)
	}
}

// mortain-lab sparring plays the scripted experts against a level and
// prints each side's wins with the 95% interval and the counts a game;
// an unknown level or a set-up suite is a usage error.
func TestAIFitSparring(t *testing.T) {
	out := aiFit(t, "sparring", "--us", "expert", "--german", "random", "--games", "4", "--seed", "2", "--us-setup", "historical")
	pct := `\d+\.\d%`
	per := `\d+\.\d\d`
	wantLines(t, out,
		`US expert against German random: 4 games, seed 2, hard budget 100it, US set-up historical`,
		`  US      wins +\d+ +`+pct+`  \(95% CI `+pct+`-`+pct+`\)  units lost `+per+` a game`,
		`  German  wins +\d+ +`+pct+`  \(95% CI `+pct+`-`+pct+`\)  units lost `+per+` a game`,
		`    passes with points left and a shot of 40% or better +`+per+` / `+per,
		`    units lost in turn 1 +`+per+` / `+per,
		`    moves ending in the open in reach of 2\+ enemy units +`+per+` / `+per,
		`    German exits +`+per,
		`    US units set up in column 18 \(by the entry edge\) +0\.00`,
		`    US set-ups holding neither Mortain nor Hill 314 +0\.0%`)
	for _, args := range [][]string{
		{"sparring", "--us", "grandmaster"},
		{"sparring", "--us-setup", "suite"},
		{"sparring", "--budget", "soon"},
	} {
		_, stderr, code := run(t, args...)
		if code != 2 || !strings.Contains(stderr, "Usage:") {
			t.Errorf("mortain-lab %q: exit %d, stderr %q; want 2 and the usage", args, code, stderr)
		}
	}
}
