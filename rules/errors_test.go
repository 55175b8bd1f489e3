package rules

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
)

// refusalsSeen are the catalog ids of the refusals the tests provoked
// (checkWorded records them).
var refusalsSeen sync.Map

// wordRefusal and wordDebug check that a refusal is worded from the
// catalog in every language; words_test.go (package rules_test, which
// may import the catalog) sets them.
var (
	wordRefusal func(testing.TB, *RuleError)
	wordDebug   func(t testing.TB, what string, de *DebugError)
)

// checkWorded records a refusal a test provoked, checks that Error says
// its rule and reason without the catalog, and that the catalog words it
// in every language (wordRefusal).
func checkWorded(t testing.TB, re *RuleError) {
	t.Helper()
	refusalsSeen.Store(re.ID, true)
	if !strings.HasPrefix(re.Error(), re.Rule+": "+re.ID) {
		t.Errorf("%s: Error() is %q, want the rule and the reason", re.ID, re.Error())
	}
	wordRefusal(t, re)
}

// refuseCall finds the catalog id of each refusal in the rules' source.
var refuseCall = regexp.MustCompile(`refuseT\("(R[0-9.]+)", "([a-z0-9-]+)"`)

func sourceRefusals() ([]string, error) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		return nil, err
	}
	set := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, m := range refuseCall.FindAllStringSubmatch(string(src), -1) {
			set[m[2]] = true
		}
	}
	var ids []string
	for id := range set {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids, nil
}

// TestRefusalsWorded provokes the refusals the rule tests do not (their
// mustRefuse checks the others with checkWorded), and the wordings of
// what blocks a line of sight.
func TestRefusalsWorded(t *testing.T) {
	refused := func(err error, rule string) {
		t.Helper()
		var re *RuleError
		if !errors.As(err, &re) {
			t.Fatalf("%v: not a refusal, want one under %s", err, rule)
		}
		if re.Rule != rule {
			t.Errorf("%v: want rule %s", err, rule)
		}
		checkWorded(t, re)
	}
	sc := testScenario(t)
	unit := func(id string) UnitID {
		u, ok := sc.UnitByID(id)
		if !ok {
			t.Fatalf("no unit %s", id)
		}
		return u
	}
	s := pos(t, "round:us/AH ger:DR-1@1803 us:117@1501")
	refused(s.Check(AirAttack(NoHex, NoUnit)), "R7.2")
	refused(s.Check(Fire(unit("117"), UnitID(sc.NumUnits()))), "R1.3")
	s = pos(t, "round:us/3 us:117@1501,120@1601")
	refused(s.DebugPlace(unit("119"), hex(t, "1901")), "R5.2")
	s = pos(t, "round:us/3 us:117@1501,120@1501")
	refused(s.DebugPlace(unit("119"), hex(t, "1501")), "R3.1")

	// A game over without a winner (which the rules never end) is still
	// worded.
	checkWorded(t, &RuleError{Rule: "R8", ID: "game-over", Data: map[string]any{"Side": NoSide}})
}

// TestMain runs the tests, then, when all of them ran and passed, fails
// if a refusal of the rules' source was never provoked: the rule tests
// and TestRefusalsWorded must show every refusal worded in every language.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code == 0 && flag.Lookup("test.run").Value.String() == "" && !testing.Short() {
		ids, err := sourceRefusals()
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		for _, id := range ids {
			if _, ok := refusalsSeen.Load(id); !ok {
				fmt.Printf("refusal refuse.%s: no test provokes it (checkWorded checks every refusal a test provokes)\n", id)
				code = 1
			}
		}
	}
	os.Exit(code)
}

// debugCall finds the catalog id of each debug edit's refusal in the
// rules' source.
var debugCall = regexp.MustCompile(`debugErr\("([a-z0-9-]+)"`)

// TestDebugRefusalsWorded provokes every refusal of a debug edit and
// checks it is worded in every language, as checkWorded does for the
// rules' refusals.
func TestDebugRefusalsWorded(t *testing.T) {
	src, err := os.ReadFile("debug.go")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, m := range debugCall.FindAllStringSubmatch(string(src), -1) {
		want[m[1]] = true
	}
	seen := map[string]bool{}
	refused := func(what string, err error) {
		t.Helper()
		var de *DebugError
		if !errors.As(err, &de) {
			t.Errorf("%s: %v, want a debug edit's refusal", what, err)
			return
		}
		seen[de.ID] = true
		if !strings.HasPrefix(de.Error(), "debug: "+de.ID) {
			t.Errorf("%s: Error() is %q, want the reason", what, de.Error())
		}
		wordDebug(t, what, de)
	}
	g := NewGame(testScenario(t), Options{}, 3)
	for _, text := range []string{"debug turn 3", "debug round us 3", "nonsense x", "debug place", "debug place XX 1803",
		"debug place DR-1 18", "debug place DR-1 2203", "debug flip", "debug turn", "debug turn x", "debug round us",
		"debug round french 3", "debug round us ZZ", "debug deck KS QQ", "debug fly", "debug position now"} {
		refused(text, g.State.ApplyDebug(text))
	}
	for _, text := range []string{"historical", "setup-done"} {
		if _, err := g.ApplyText(text); err != nil {
			t.Fatal(err)
		}
	}
	s := &g.State
	n := UnitID(s.Scenario().NumUnits())
	refused("place", s.DebugPlace(n, NoHex))
	refused("place off the map", s.DebugPlace(0, Hex(NumHexes)))
	refused("eliminate", s.DebugEliminate(n))
	refused("flip", s.DebugFlip(n))
	refused("turn 9", s.DebugTurn(9))
	refused("round nobody", s.DebugRound(NoSide, 3, NoCard))
	refused("round joker", s.DebugRound(US, 0, Joker))
	refused("round black", s.DebugRound(US, 0, card(t, "5S")))
	refused("round points", s.DebugRound(US, 9, NoCard))
	refused("deck not a card", s.DebugDeck([]Card{Joker + 1}))
	refused("deck twice", s.DebugDeck([]Card{card(t, "5S"), card(t, "5S")}))
	for _, id := range []string{"117", "119", "120", "823", "CCA", "CCB", "CCR"} {
		if err := g.Debug("debug place " + id + " eliminated"); err != nil {
			t.Fatalf("eliminate %s: %v", id, err)
		}
	}
	refused("the last unit", g.Debug("debug place TD eliminated"))
	for id := range want {
		if !seen[id] {
			t.Errorf("refuse.debug.%s: no case provokes it", id)
		}
	}
}
