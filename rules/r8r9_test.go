package rules

import (
	"bytes"
	"strings"
	"testing"
)

// R8.1: the German side wins at once when its fifth unit exits.
func TestR8_1_FifthExitWins(t *testing.T) {
	s := pos(t, "round:german/3 exit:DF,D,17-37 ger:DR-1@1103,DR-2@1102 us:117@1501")
	do(t, &s, "exit DR-1")
	if s.Over() {
		t.Fatal("four exits won")
	}
	log := do(t, &s, "exit DR-2")
	if !s.Over() || s.Winner() != German || s.WinReason().Rule() != "R8.1" || s.Exited() != 5 {
		t.Fatalf("winner %s (%s)", s.Winner(), s.WinReason())
	}
	if e := one(t, log, EvGameOver); e.Side != German {
		t.Errorf("game over %+v", e)
	}
}

// R8.2: the German side wins at once when no US unit is left on the map or
// in reserve; a unit in reserve keeps the US in the game.
func TestR8_2_NoUSUnitLeft(t *testing.T) {
	s := pos(t, "round:german/3 elim:117,119,120,823,CCA,CCB,CCR us:TD@1703* ger:DR-1@1803 deck:AC")
	do(t, &s, "fire DR-1 TD")
	if !s.Over() || s.Winner() != German || s.WinReason().Rule() != "R8.2" {
		t.Fatalf("winner %s (%s)", s.Winner(), s.WinReason())
	}
	s = pos(t, "round:german/3 elim:117,119,120,823,CCA,CCB res:CCR us:TD@1703* ger:DR-1@1803 deck:AC")
	do(t, &s, "fire DR-1 TD")
	if s.Over() {
		t.Fatal("CCR in reserve: the game must go on")
	}
}

// R8.3: the German side wins at the end of a German round with no US unit on
// the map and a German unit in column 11 — not at the end of a US round.
func TestR8_3_WestEdgeHeld(t *testing.T) {
	s := pos(t, "round:german/1 res:CCA,CCB,CCR elim:117,119,120,823,TD ger:DR-1@1203 deck:5H")
	do(t, &s, "move DR-1 1103")
	if !s.Over() || s.Winner() != German || s.WinReason().Rule() != "R8.3" {
		t.Fatalf("winner %s (%s)", s.Winner(), s.WinReason())
	}
	s = pos(t, "round:us/2 air:used res:CCA,CCB,CCR elim:117,119,120,823,TD ger:DR-1@1103 deck:5S")
	do(t, &s, "pass")
	if s.Over() || s.RoundSide() != German {
		t.Fatal("the end of a US round decided R8.3")
	}
	do(t, &s, "pass")
	if !s.Over() || s.WinReason().Rule() != "R8.3" {
		t.Fatalf("winner %s (%s)", s.Winner(), s.WinReason())
	}
	// A US unit on the map prevents it.
	s = pos(t, "round:german/1 res:CCA,CCB,CCR elim:117,119,120,823 us:TD@1501 ger:DR-1@1203 deck:5H")
	do(t, &s, "move DR-1 1103")
	if s.Over() {
		t.Fatal("won with a US unit on the map")
	}
}

// R8.4: otherwise the US wins when turn 6 ends (by the deck as well as by
// the Joker).
func TestR8_4_USWinsAfterTurn6(t *testing.T) {
	s := pos(t, "turn:6 round:us/1 deck:5S/last us:117@1501 ger:DR-1@1103")
	do(t, &s, "pass")
	log := do(t, &s, "pass")
	if !s.Over() || s.Winner() != US || s.WinReason().Rule() != "R8.4" || s.Turn() != 6 {
		t.Fatalf("winner %s (%s) turn %d", s.Winner(), s.WinReason(), s.Turn())
	}
	kinds := kinds(log)
	if kinds[len(kinds)-1] != "game-over" || kinds[len(kinds)-2] != "turn-end" {
		t.Errorf("log ends %v", kinds)
	}
}

// R9.1: a refused action names a rule and changes nothing; every phase
// refuses what does not belong to it.
func TestR9_1_RefusalNamesRule(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1501")
	bad := Move(uid(t, "117"), hex(t, "1505"))
	mustRefuseAction(t, &s, bad, "R5.1")
	bad = Action{Kind: ActMove, Unit: 200, Hex: hex(t, "1502"), With: NoUnit, Target: NoUnit}
	mustRefuseAction(t, &s, bad, "R1.3")
	bad = Move(uid(t, "117"), Hex(99))
	mustRefuseAction(t, &s, bad, "R1.1")
	bad = Action{Kind: numActionKinds + 3, Unit: uid(t, "117"), With: NoUnit, Target: NoUnit, Hex: NoHex}
	mustRefuseAction(t, &s, bad, "R9.1")
}

// R9.2: the same seed and the same actions give the same game, byte for
// byte; a different seed gives a different deal.
func TestR9_2_SeededReplay(t *testing.T) {
	play := func(seed uint64) []byte {
		g := NewGame(nil, Options{}, seed)
		p := NewRandomPlayer(99)
		for i := 0; i < 200 && !g.State.Over(); i++ {
			a, _ := p.Choose(&g.State)
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		b, err := g.MarshalJSON()
		must(t, err)
		return b
	}
	if !bytes.Equal(play(5), play(5)) {
		t.Error("the same seed and actions gave different games")
	}
	if bytes.Equal(play(5), play(6)) {
		t.Error("different seeds gave the same game")
	}
}

// R9.3: the log records draws, rounds, moves, entries, exits, attacks with
// firers, target, strength, modifiers, card and result, Air/OBA, passes,
// turn ends and victory.
func TestR9_3_EventLog(t *testing.T) {
	g := NewGame(testScenario(t), Options{}, 3)
	steps := []string{
		"historical", "setup-done",
		"debug place DR-1 1802", "debug place 102 1802", "debug place DF 1102",
		"debug round german 3", "debug deck 4C 8H 3D JK",
		"move DF 1103", "fire DR-1 117", "fire 102 117", // 117 at 1701 is 2 away
		"pass", "oba 1802 DR-1",
		"pass",
	}
	for _, st := range steps {
		if _, err := g.ApplyText(st); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
	var attack, oba *Event
	for i := range g.Log {
		e := &g.Log[i]
		if e.Kind == EvAttack && e.Source == SourceGround {
			attack = e
		}
		if e.Kind == EvAttack && e.Source == SourceOBA {
			oba = e
		}
	}
	if attack == nil || oba == nil {
		t.Fatalf("log %v", kinds(g.Log))
	}
	// DR-1 (AI 3) + Tiger (AI 4) on 117 in St-Barthélemy (village +1),
	// not adjacent: N = 7 - 1 = 6; the 4C hits.
	if attack.Firers != 1<<uid(t, "DR-1")|1<<uid(t, "102") || attack.Target != uid(t, "117") || attack.Strength != 7 ||
		attack.Terrain != 1 || attack.Adjacent != 0 || attack.N != 6 || attack.Card != card(t, "4C") || attack.Result != ResultFlipped ||
		attack.To != hex(t, "1701") || attack.Side != German {
		t.Errorf("attack %+v", *attack)
	}
	if oba.Target != uid(t, "DR-1") || oba.Strength != 3 || oba.Card != card(t, "3D") || oba.Result != ResultFlipped {
		t.Errorf("OBA %+v", *oba)
	}
	want := []string{"move", "fire", "fire", "draw", "attack", "pass", "round-end", "draw", "round-start", "draw", "attack", "round-end", "draw", "turn-end", "turn-start"}
	got := strings.Join(kinds(g.Log), " ")
	if !strings.Contains(got, strings.Join(want, " ")) {
		t.Errorf("log %s\nwant the run %s", got, strings.Join(want, " "))
	}
	for _, e := range g.Log {
		if e.Kind == EvRoundEnd || e.Kind == EvTurnEnd || e.Kind == EvGameOver || e.Kind == EvJokerIgnored {
			if !strings.HasPrefix(e.Reason.String(), "R") {
				t.Errorf("%s without a rule: %q", e.Kind, e.Reason)
			}
		}
	}
	if len(g.LastEvents()) == 0 || g.LastEvents()[0].Kind != EvPass {
		t.Errorf("last events %v", kinds(g.LastEvents()))
	}
}

// Every option value is accepted by name, shown, and kept; unknown names
// and values are refused with the choices.
func TestOptions(t *testing.T) {
	for _, spec := range OptionSpecs {
		for i, v := range spec.Values {
			var o Options
			must(t, o.Set(spec.Name, v))
			if o.Get(spec.Name) != v {
				t.Errorf("%s=%s reads back %s", spec.Name, v, o.Get(spec.Name))
			}
			if (i == 0) != (o == Options{}) {
				t.Errorf("%s=%s: default is the first value", spec.Name, v)
			}
			if i > 0 && o.String() != spec.Name+":"+v {
				t.Errorf("String %q", o.String())
			}
			b, err := o.MarshalJSON()
			must(t, err)
			var back Options
			must(t, back.UnmarshalJSON(b))
			if back != o {
				t.Errorf("%s=%s: JSON %s reads back %v", spec.Name, v, b, back)
			}
		}
	}
	var o Options
	if err := o.Set("los", "strict"); err == nil || !strings.Contains(err.Error(), "median or lenient") {
		t.Errorf("bad value: %v", err)
	}
	if err := o.Set("fog", "on"); err == nil || !strings.Contains(err.Error(), "los") {
		t.Errorf("bad name: %v", err)
	}
	if (Options{}).String() != "default rules" {
		t.Error("default String")
	}
	if len(optionSets()) != 2*2*2*3*2 {
		t.Error("optionSets does not cover every combination")
	}
}
