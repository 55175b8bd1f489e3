package rules

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzParseAction: decoding any text never panics, and an action that parses
// formats back to text that parses to the same action.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{
		"move DR-1 1803", "enter DR-1 1903 102", "enter cca 1103", "exit DR-1", "fire TD DR-1",
		"air-attack 1803", "oba 1803 DR-1", "air-cover 1402", "pass", "resolve", "redraw", "miss",
		"place 117 1701", "historical", "setup-done", "MOVE dr-1   1803", "fire", "enter DR-1 1903 102 x",
		"oba 1905 102", "move 17-StuG 1100", "debug place DR-1 1803",
	} {
		f.Add(s)
	}
	sc := DefaultScenario()
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ParseAction(sc, text)
		if err != nil {
			return
		}
		back := a.Format(sc)
		b, err := ParseAction(sc, back)
		if err != nil {
			t.Fatalf("%q parsed as %+v, formats as %q, which does not parse: %v", text, a, back, err)
		}
		if b != a {
			t.Fatalf("%q parsed as %+v, formats as %q, which parses as %+v", text, a, back, b)
		}
	})
}

// FuzzApply: from a random state (a seed and some random legal steps),
// applying an arbitrary action never panics; a refused action names a rule,
// is not listed by LegalActions and changes nothing; an accepted one is
// listed and keeps the invariants.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint16(0), uint8(ActHistorical), uint8(0), uint8(255), uint8(255), uint8(255))
	f.Add(uint64(2), uint16(2), uint8(ActMove), uint8(0), uint8(255), uint8(255), uint8(20))
	f.Add(uint64(3), uint16(30), uint8(ActFire), uint8(8), uint8(255), uint8(0), uint8(255))
	f.Add(uint64(4), uint16(60), uint8(ActEnter), uint8(15), uint8(8), uint8(255), uint8(42))
	f.Add(uint64(5), uint16(90), uint8(ActAirAttack), uint8(255), uint8(255), uint8(9), uint8(38))
	f.Add(uint64(6), uint16(120), uint8(ActOBA), uint8(255), uint8(255), uint8(255), uint8(200))
	f.Add(uint64(7), uint16(400), uint8(ActPass), uint8(3), uint8(3), uint8(3), uint8(3))
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, kind, unit, with, target, hex uint8) {
		opts := optionSets()
		s := NewState(nil, opts[seed%uint64(len(opts))], seed)
		p := NewRandomPlayer(seed)
		for i := 0; i < int(steps%600) && !s.Over(); i++ {
			a, _ := p.Choose(&s)
			if err := s.Apply(a, nil); err != nil {
				t.Fatalf("listed %s refused: %v", a.Format(s.sc), err)
			}
		}
		a := Action{Kind: ActionKind(kind), Unit: UnitID(unit), With: UnitID(with), Target: UnitID(target), Hex: Hex(hex)}
		listed := false
		for _, l := range s.LegalActions(nil) {
			listed = listed || l == a.Canonical()
		}
		before := s
		var log []Event
		err := s.Apply(a, &log)
		if err != nil {
			var re *RuleError
			if !errors.As(err, &re) || re.Rule == "" {
				t.Fatalf("%+v: error %v does not name a rule", a, err)
			}
			if s != before || len(log) != 0 {
				t.Fatalf("%+v refused (%v) but changed the state", a, err)
			}
			if listed {
				t.Fatalf("%+v is listed but refused: %v", a, err)
			}
			return
		}
		if !listed {
			t.Fatalf("%+v accepted but not listed", a)
		}
		if err := invariantError(&s); err != nil {
			t.Fatalf("after %s: %v", a.Format(s.sc), err)
		}
	})
}

// FuzzUnmarshalGame: loading any bytes as a saved game never panics, and a
// game that loads can be played on: every listed action applies and keeps
// the invariants.
// maxFuzzSeed bounds the size of FuzzUnmarshalGame's seeds.
const maxFuzzSeed = 2048

func FuzzUnmarshalGame(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3} {
		g := NewGame(nil, optionSets()[seed], seed)
		p := NewRandomPlayer(seed)
		for i := 0; i < int(seed)*60 && !g.State.Over(); i++ {
			a, _ := p.Choose(&g.State)
			if _, err := g.Apply(a); err != nil {
				f.Fatal(err)
			}
		}
		b, err := g.MarshalJSON()
		if err != nil {
			f.Fatal(err)
		}
		// Keep the position only: the log, the history and the embedded
		// scenario (3.5 KB; a game without one plays the default) make
		// large inputs, which the fuzzer's minimizer takes long over.
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			f.Fatal(err)
		}
		delete(m, "log")
		delete(m, "scenario")
		m["history"], m["marks"] = json.RawMessage("[]"), json.RawMessage("[]")
		if b, err = json.Marshal(m); err != nil {
			f.Fatal(err)
		}
		if len(b) > maxFuzzSeed {
			f.Fatalf("a seed of %d bytes: keep them under %d, or the fuzzer stalls minimizing them", len(b), maxFuzzSeed)
		}
		var back Game
		if err := back.UnmarshalJSON(b); err != nil {
			f.Fatalf("a seed does not load: %v", err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var g Game
		if err := g.UnmarshalJSON(b); err != nil {
			return
		}
		for _, a := range g.State.LegalActions(nil) {
			s := g.State
			if err := s.Apply(a, nil); err != nil {
				t.Fatalf("listed %s refused after loading: %v", a.Format(s.sc), err)
			}
		}
		if _, err := g.MarshalJSON(); err != nil {
			t.Fatal(err)
		}
	})
}
