package rules

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// roundTrip saves g, loads it back, and checks the loaded game is identical:
// the same State value, history and log, and the same bytes when saved again.
func roundTrip(t *testing.T, g *Game) *Game {
	t.Helper()
	b, err := g.MarshalJSON()
	must(t, err)
	if !bytes.Contains(b, []byte(`"schema":1,`)) {
		t.Fatalf("no schema version in %.80s", b)
	}
	var back Game
	must(t, back.UnmarshalJSON(b))
	if back.State != g.State {
		t.Fatalf("loaded state differs (phase %s turn %d)", g.State.Phase(), g.State.Turn())
	}
	if !reflect.DeepEqual(back.History, g.History) || len(back.Log) != len(g.Log) || back.Seed != g.Seed || back.UndoFloor != g.UndoFloor {
		t.Fatal("loaded history, log, seed or undo floor differ")
	}
	for i := range g.Log {
		if back.Log[i] != g.Log[i] {
			t.Fatalf("log[%d]: %+v, want %+v", i, back.Log[i], g.Log[i])
		}
	}
	b2, err := back.MarshalJSON()
	must(t, err)
	if !bytes.Equal(b, b2) {
		t.Fatal("saving the loaded game gives other bytes")
	}
	return &back
}

// A game saves with its schema version and loads back identical at set-up,
// mid-game, while a face card waits for a choice, and when over; the loaded
// game plays on exactly as the original.
func TestJSONRoundTrip(t *testing.T) {
	g := NewGame(nil, Options{LOS: LOSLenient, FaceInCombat: FaceChoose}, 11)
	roundTrip(t, g)
	// Mid-game, with units flipped, eliminated, covered, in an attack.
	p := NewRandomPlayer(3)
	for i := 0; i < 150 && !g.State.Over(); i++ {
		a, _ := p.Choose(&g.State)
		_, err := g.Apply(a)
		must(t, err)
		if i%10 == 0 {
			roundTrip(t, g)
		}
	}
	back := roundTrip(t, g)
	q := NewRandomPlayer(4)
	for i := 0; i < 100 && !g.State.Over(); i++ {
		a, _ := q.Choose(&g.State)
		_, err1 := g.Apply(a)
		_, err2 := back.Apply(a)
		if err1 != nil || err2 != nil || back.State != g.State {
			t.Fatalf("the loaded game plays differently at step %d: %v %v", i, err1, err2)
		}
	}
	// The face-card choice (R6.8).
	f := NewGame(nil, Options{}, 12)
	for _, st := range []string{"historical", "setup-done", "debug place DR-1 1803", "debug place 102 1803",
		"debug place TD 1703", "debug round german 3", "debug deck QC 2C", "fire DR-1 TD", "resolve"} {
		_, err := f.ApplyText(st)
		must(t, err)
	}
	if f.State.Phase() != PhaseFaceChoice {
		t.Fatalf("phase %s", f.State.Phase())
	}
	back = roundTrip(t, f)
	if back.State.FaceCardPending() != card(t, "QC") {
		t.Error("the pending face card was lost")
	}
	// Over.
	o := playRandom(t, 77, Options{Attack: AttackEndsRound})
	roundTrip(t, o)
}

// A saved game of a newer schema, or with none, is refused with a clear
// message; so is a damaged one.
func TestJSONSchemaRefused(t *testing.T) {
	g := NewGame(nil, Options{}, 1)
	b, err := g.MarshalJSON()
	must(t, err)
	for _, c := range []struct{ old, new, want string }{
		{`"schema":1,`, `"schema":2,`, "schema 2 is newer than this program understands (1): upgrade the program"},
		{`"schema":1,`, ``, "no schema version"},
		{`"phase":"setup"`, `"phase":"lunch"`, `phase "lunch" unknown`},
		{`"turn":0`, `"turn":9`, "turn 9 out of range"},
		{`{"id":"DR-1","status":"reserve"`, `{"id":"DR-9","status":"reserve"`, `units[8] is "DR-9"`},
		{`"schema":1,`, `"schema":1,"seed":"x",`, "saved game"},
		{`"units":[{"id":"117","status":"reserve","hex":""`, `"units":[{"id":"117","status":"map","hex":""`, "units[0] (117): on the map without a hex"},
		{`{"id":"DR-1","status":"reserve","hex":""`, `{"id":"DR-1","status":"reserve","hex":"1501"`, "units[8] (DR-1): reserve but at hex 1501"},
	} {
		bad := bytes.Replace(b, []byte(c.old), []byte(c.new), 1)
		if bytes.Equal(bad, b) {
			t.Fatalf("%s: the mutation does not apply", c.old)
		}
		var back Game
		err := back.UnmarshalJSON(bad)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s -> %s: error %v, want %q", c.old, c.new, err, c.want)
		}
	}
}

// A game of another scenario saves its scenario and loads with it.
func TestJSONCustomScenario(t *testing.T) {
	src := strings.Replace(string(defaultScenarioFile), `"name": "Stand at Mortain"`, `"name": "Mortain, printed values"`, 1)
	sc, err := ParseScenario([]byte(src))
	must(t, err)
	g := NewGame(sc, Options{}, 5)
	_, err = g.ApplyText("historical")
	must(t, err)
	b, err := g.MarshalJSON()
	must(t, err)
	var back Game
	must(t, back.UnmarshalJSON(b))
	if back.State.Scenario().Name != "Mortain, printed values" || back.State.Unit(uid(t, "117")) != g.State.Unit(uid(t, "117")) {
		t.Error("custom scenario lost")
	}
}

// A malformed scenario file gets an error naming the wrong entry.
func TestScenarioMalformed(t *testing.T) {
	src := string(defaultScenarioFile)
	for _, c := range []struct{ name, old, new, want string }{
		{"hex off the map", `{"hex": "1501", "terrain": "hill"`, `{"hex": "2001", "terrain": "hill"`, `terrain[0]: hex "2001" is off the map`},
		{"hex twice", `{"hex": "1804", "terrain": "hill"}`, `{"hex": "1501", "terrain": "hill"}`, `terrain[1]: hex 1501 is listed twice`},
		{"unknown terrain", `{"hex": "1804", "terrain": "hill"}`, `{"hex": "1804", "terrain": "mountain"}`, `terrain[1] (hex 1804): terrain "mountain"`},
		{"road gap", `"hexes": ["1103", "1203"`, `"hexes": ["1103", "1303"`, `roads[0].hexes[1]: 1303 is not next to 1103`},
		{"bad factors", `"full": "7-5", "flipped": "4-4", "start": "reserve"},
    {"id": "DR-2"`, `"full": "six-5", "flipped": "4-4", "start": "reserve"},
    {"id": "DR-2"`, `units[8] (id "DR-1"): full: "six-5" is not AT-AI factors`},
		{"bad side", `{"id": "DF", "name": "2nd SS Panzer, KG Der Führer", "side": "german"`, `{"id": "DF", "name": "2nd SS Panzer, KG Der Führer", "side": "soviet"`, `units[10] (id "DF"): side "soviet"`},
		{"id twice", `{"id": "DR-2"`, `{"id": "DR-1"`, `units[9] (id "DR-1"): id is used twice`},
		{"bad type", `"id": "D", "name": "2nd SS Panzer, KG Deutschland", "side": "german", "type": "infantry"`, `"id": "D", "name": "2nd SS Panzer, KG Deutschland", "side": "german", "type": "cavalry"`, `units[11] (id "D"): type "cavalry"`},
		{"column 19 set-up", `"historical": "1701"`, `"historical": "1901"`, `units[0] (id "117"): historical: 1901 is in column 19`},
		{"stacked set-up", `"historical": "1701"`, `"historical": "1501"`, `more than 2 units in 1501 (R3.1)`},
		{"German on the map", `"start": "reserve", "tiger": true`, `"start": "map", "tiger": true`, `units[15] (id "102"): start: only US units start on the map`},
		{"two Tigers", `"id": "DR-2", "name": "2nd SS Panzer, armoured Kampfgruppe 2", "side": "german", "type": "tank", "color": "black", "full": "7-5", "flipped": "4-4", "start": "reserve"`, `"id": "DR-2", "name": "2nd SS Panzer, armoured Kampfgruppe 2", "side": "german", "type": "tank", "color": "black", "full": "7-5", "flipped": "4-4", "start": "reserve", "tiger": true`, `units[15] (id "102"): tiger: only one unit may be the Tiger`},
		{"enter turn", `"start": "reserve", "enter_turn": 2},
    {"id": "CCB"`, `"start": "reserve", "enter_turn": 9},
    {"id": "CCB"`, `units[5] (id "CCA"): enter_turn 9`},
		{"unknown field", `"color": "light-green", "full": "2-4"`, `"colour": "light-green", "full": "2-4"`, `units[0]: "colour": this format has no such field`},
		{"wrong type", `"enter_turn": 2}`, `"enter_turn": "2"}`, `units[5]: enter_turn: want a whole number, not a JSON string`},
		{"huge factor", `"full": "2-4"`, `"full": "99999999999999999999-2"`, `units[0] (id "117"): full: "99999999999999999999-2": a factor is at most 20`},
		{"negative factors", `"full": "2-4"`, `"full": "-5--5"`, `units[0] (id "117"): full: "-5--5": a factor is at least 0`},
		{"-1 AT not the Tiger", `"full": "2-4"`, `"full": "-1-4"`, `only the Tiger's AT factor is -1`},
		{"long id", `"id": "117"`, `"id": "` + strings.Repeat("X", 5000) + `"`, `id must be 1-16 letters, digits`},
		{"flipped stronger than full", `"full": "2-4", "flipped": "1-2"`, `"full": "2-4", "flipped": "9-9"`, `units[0] (id "117"): flipped 9-9 is stronger than full 2-4`},
		{"flipped AI stronger", `"full": "2-4", "flipped": "1-2"`, `"full": "2-4", "flipped": "1-5"`, `units[0] (id "117"): flipped 1-5 is stronger than full 2-4`},
		{"id reserve", `"id": "117"`, `"id": "reserve"`, `units[0] (id "reserve"): id "reserve" is a word the commands use`},
		{"id eliminated", `"id": "117"`, `"id": "Eliminated"`, `units[0] (id "Eliminated"): id "Eliminated" is a word the commands use`},
		{"syntax", `"terrain": [`, `"terrain": [,`, `scenario: line 4:`},
		{"no name", `"name": "Stand at Mortain"`, `"name": ""`, `name: missing`},
	} {
		bad := strings.Replace(src, c.old, c.new, 1)
		if bad == src {
			t.Fatalf("%s: the mutation does not apply", c.name)
		}
		_, err := ParseScenario([]byte(bad))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := ParseScenario(defaultScenarioFile); err != nil {
		t.Fatalf("the embedded scenario: %v", err)
	}
}

// A damaged position in a saved game is refused, naming what is wrong,
// instead of being played.
func TestJSONDamagedPositionRefused(t *testing.T) {
	g := NewGame(nil, Options{}, 1)
	for _, st := range []string{"historical", "setup-done"} {
		_, err := g.ApplyText(st)
		must(t, err)
	}
	b, err := g.MarshalJSON()
	must(t, err)
	for _, c := range []struct{ old, new, want string }{
		{`{"id":"DR-1","status":"reserve","hex":""`, `{"id":"DR-1","status":"map","hex":"1701"`, "units[8] (DR-1): shares 1701 with enemy units (R3.2)"},
		{`{"id":"117","status":"map","hex":"1701"`, `{"id":"117","status":"map","hex":"1501"`, "units[3] (823): more than 2 units in 1501 (R3.1)"},
		{`{"id":"117","status":"map","hex":"1701"`, `{"id":"117","status":"map","hex":"1901"`, "units[0] (117): a US unit in column 19 (R5.2)"},
		{`"tiger_credit_hex":""`, `"tiger_credit":1,"tiger_credit_hex":""`, "the Tiger's free move has no hex"},
		{`"strike_hex":""`, `"attack_firers":["CCA"],"strike_hex":""`, "firers without an attack"},
	} {
		bad := bytes.Replace(b, []byte(c.old), []byte(c.new), 1)
		if bytes.Equal(bad, b) {
			t.Fatalf("%s: the mutation does not apply", c.old)
		}
		var back Game
		if err := back.UnmarshalJSON(bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.new, err, c.want)
		}
	}
}

// Every position of a set of random games, under every option set, saves
// and loads back as the same State (the damaged-game checks accept all
// positions that play can reach).
func TestJSONEveryPositionRoundTrips(t *testing.T) {
	for i := 0; i < 40/propertyScale()+1; i++ {
		g := NewGame(nil, optionSets()[i%40], uint64(900+i))
		p := NewRandomPlayer(uint64(i))
		for !g.State.Over() {
			a, _ := p.Choose(&g.State)
			_, err := g.Apply(a)
			must(t, err)
			var st State
			if err := st.fromJSON(g.State.sc, g.State.toJSON()); err != nil || st != g.State {
				t.Fatalf("game %d after %s: loads back differently (%v)", i, a.Format(g.State.sc), err)
			}
		}
	}
}
