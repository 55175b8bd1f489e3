package rules

import (
	"fmt"
	"strings"
	"testing"
)

// R6.1: an attack is the round side's units firing at one enemy unit on the
// map.
func TestR6_1_FireAtEnemy(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1602,120@1603 ger:DF@1702 deck:9C")
	mustRefuse(t, &s, "fire 117 120", "R6.1")
	mustRefuse(t, &s, "fire CCA DF", "R6.1")
	mustRefuse(t, &s, "fire 117 DR-1", "R6.1")
	mustRefuse(t, &s, "fire DF 117", "R4.2")
	log := do(t, &s, "fire 117 DF")
	if e := one(t, log, EvFire); e.Unit != uid(t, "117") || e.Target != uid(t, "DF") || e.From != hex(t, "1602") || e.To != hex(t, "1702") {
		t.Errorf("fire event %+v", e)
	}
	if s.PointsLeft() != 2 || !s.Activated(uid(t, "117")) || !s.Targeted(uid(t, "DF")) {
		t.Error("firing is an activation")
	}
}

// R6.2: range 2, or 3 from a hill.
func TestR6_2_Range(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1601,119@1502 ger:DF@1604")
	mustRefuse(t, &s, "fire 117 DF", "R6.2")
	s = pos(t, "round:us/3 us:120@1501 ger:DF@1504 deck:4C")
	a := one(t, do(t, &s, "fire 120 DF"), EvAttack)
	if a.Strength != 5 || a.Terrain != 1 || a.N != 4 || a.Result != ResultFlipped {
		t.Errorf("attack from the hill %+v", a)
	}
	s = pos(t, "round:german/3 ger:DR-1@1804 us:117@1801 deck:AC")
	do(t, &s, "fire DR-1 117") // 1804 -> 1801: range 3 from the hill
	s = pos(t, "round:german/3 ger:DR-1@1803 us:117@1503")
	mustRefuse(t, &s, "fire DR-1 117", "R6.2")
}

// R6.3: terrain strictly between firer and target blocks; firing into it
// does not; adjacent units always see each other. The line-of-sight tables
// are in los_test.go.
func TestR6_3_LineOfSight(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1401 ger:DF@1403")
	mustRefuse(t, &s, "fire 117 DF", "R6.3") // through Mortain (city)
	// The refusal names the hex that blocks.
	if err := s.Check(mustAction(t, &s, "fire 117 DF")); err == nil || !strings.Contains(err.Error(), "Blockers=city 1402") {
		t.Errorf("the R6.3 refusal does not name the blocking hex: %v", err)
	}
	s = pos(t, "round:us/3 us:117@1502 ger:DF@1504 deck:AC")
	do(t, &s, "fire 117 DF") // into the forest
	s = pos(t, "round:us/3 us:117@1402 ger:DF@1302 deck:AC")
	do(t, &s, "fire 117 DF") // city to adjacent forest
}

// R6.3 opt:los: a line along the side between Mortain (city) and open 1403
// is blocked under median and clear under lenient.
func TestR6_3_LOSOption(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1303 ger:DF@1503")
	mustRefuse(t, &s, "fire 117 DF", "R6.3")
	s = pos(t, "opt:los=lenient round:us/3 us:117@1303 ger:DF@1503 deck:AC")
	do(t, &s, "fire 117 DF")
	// Along the side between two forests: blocked under both.
	for _, o := range []string{"median", "lenient"} {
		s = pos(t, "opt:los="+o+" round:us/3 us:117@1404 ger:DF@1604")
		mustRefuse(t, &s, "fire 117 DF", "R6.3")
	}
}

// R6.4: strength is the sum of current AT factors against a tank, AI
// factors against infantry or a gun.
func TestR6_4_Strength(t *testing.T) {
	for _, c := range []struct {
		target, spec string
		strength     int8
	}{
		{"DR-1", "ger:DR-1@1702", 2 + 1},    // AT: 117 full 2, 120 flipped 1
		{"DF", "ger:DF@1702", 5 + 3},        // AI: 5 + 3
		{"17-StuG", "ger:17-StuG@1702", 3},  // AT
		{"17-37", "ger:17-37@1702*", 5 + 3}, // AI; the target's side does not matter
	} {
		s := pos(t, "round:us/3 us:117@1602,120@1603* deck:KC "+c.spec+" opt:face-in-combat=miss")
		do(t, &s, "fire 117 "+c.target)
		a := one(t, do(t, &s, "fire 120 "+c.target), EvAttack)
		if a.Strength != c.strength {
			t.Errorf("against %s: strength %d, want %d", c.target, a.Strength, c.strength)
		}
	}
	// A gun is attacked with AI factors.
	s := pos(t, "round:german/3 ger:DR-1@1803 us:823@1703 deck:KC opt:face-in-combat=miss")
	if a := one(t, do(t, &s, "fire DR-1 823"), EvAttack); a.Strength != 3 {
		t.Errorf("against a gun: strength %d, want 3", a.Strength)
	}
}

// R6.5: the Tiger cannot start an attack on a tank, joins one giving -1 to
// M and no AT strength, and uses its AI factor normally.
func TestR6_5_Tiger(t *testing.T) {
	s := pos(t, "round:german/3 ger:102@1803,DR-1@1802 us:TD@1703,117@1704")
	mustRefuse(t, &s, "fire 102 TD", "R6.5")
	do(t, &s, "fire DR-1 TD")
	a := one(t, do(t, &s, "fire 102 TD"), EvAttack)
	// 6 (DR-1) + 0 (Tiger); both adjacent: M = 0 - 1 - 1 = -2, N = 8.
	if a.Strength != 6 || a.TigerMod != -1 || a.Adjacent != -1 || a.N != 8 {
		t.Errorf("attack %+v", a)
	}
	s = pos(t, "round:german/3 ger:102@1803 us:117@1703 deck:9C")
	a = one(t, do(t, &s, "fire 102 117"), EvAttack)
	if a.Strength != 4 || a.TigerMod != 0 || a.N != 5 {
		t.Errorf("Tiger against infantry %+v", a)
	}
}

// R6.6: once a unit fires, every further activation joins the same attack
// until it is resolved.
func TestR6_6_OneAttackAtATime(t *testing.T) {
	s := pos(t, "round:us/4 us:117@1602,120@1603,119@1501 ger:DF@1702,D@1703 deck:9C")
	mustRefuse(t, &s, "resolve", "R6.6")
	do(t, &s, "fire 117 DF")
	target, firers, ok := s.PendingAttack()
	if !ok || target != uid(t, "DF") || len(firers) != 1 || firers[0] != uid(t, "117") {
		t.Fatalf("pending %v %v %v", target, firers, ok)
	}
	mustRefuse(t, &s, "fire 120 D", "R6.6")
	mustRefuse(t, &s, "move 120 1503", "R6.6")
	mustRefuse(t, &s, "move 119 1502", "R6.6")
	do(t, &s, "fire 120 DF")
	// 119 on Hill 314 could still join (1501-1702: range 2, seen through
	// open 1601), so the attack waits for resolve.
	if _, firers, ok := s.PendingAttack(); !ok || len(firers) != 2 {
		t.Fatalf("pending %v %v", firers, ok)
	}
	one(t, do(t, &s, "resolve"), EvAttack)
	// opt:attack=continue: the round goes on with the points left.
	if s.RoundCard() != NoCard || s.PointsLeft() == 0 {
		t.Errorf("round ended after the attack: %d points", s.PointsLeft())
	}
	do(t, &s, "move 119 1502")
}

// R6.6: the attack resolves by itself when no unit can join it.
func TestR6_6_AutoResolve(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1602,120@1401 ger:DF@1702 deck:9C")
	log := do(t, &s, "fire 117 DF")
	one(t, log, EvAttack)
	if _, _, ok := s.PendingAttack(); ok {
		t.Error("still pending")
	}
}

// R6.6 opt:attack=ends-round: resolving an attack ends the round.
func TestR6_6_AttackEndsRound(t *testing.T) {
	s := pos(t, "opt:attack=ends-round round:us/4 us:117@1602,120@1401 ger:DF@1702 deck:9C,5S")
	log := do(t, &s, "fire 117 DF")
	if e := one(t, log, EvRoundEnd); e.Reason != ReasonAttackEndsRound {
		t.Errorf("round end %q", e.Reason)
	}
	if s.RoundCard() != card(t, "5S") {
		t.Errorf("round card %s", s.RoundCard())
	}
	s = pos(t, "opt:attack=continue round:us/4 us:117@1602,120@1401 ger:DF@1702 deck:9C,5S")
	log = do(t, &s, "fire 117 DF")
	if len(events(log, EvRoundEnd)) != 0 || s.PointsLeft() != 3 {
		t.Errorf("continue: round ended or %d points", s.PointsLeft())
	}
}

// R6.7: a unit targeted this round (ground, Air or OBA) is not targeted
// again in the round; next round it may be.
func TestR6_7_NoSecondTargeting(t *testing.T) {
	s := pos(t, "round:us/4 us:117@1602,119@1703 ger:DF@1702,D@1803 deck:9C,8C,7H")
	do(t, &s, "fire 117 DF")
	do(t, &s, "resolve")
	if !s.Targeted(uid(t, "DF")) {
		t.Fatal("DF not marked as targeted")
	}
	mustRefuse(t, &s, "fire 119 DF", "R6.7")
	do(t, &s, "fire 119 D")
	do(t, &s, "pass")
	if s.Targeted(uid(t, "DF")) {
		t.Fatal("targeted carried into the next round")
	}
	do(t, &s, "fire 117 DF")
	// Air and OBA obey R6.7 as well. (A marker is the round's first
	// action, so in play nothing is targeted before it; the mark is set
	// directly here.)
	s = pos(t, "round:us/5H ger:DF@1702,D@1702 us:117@1501 deck:9C")
	s.round.targeted |= 1 << uid(t, "DF")
	mustRefuse(t, &s, "air-attack 1702 DF", "R6.7")
	log := do(t, &s, "air-attack 1702")
	if as := events(log, EvAttack); len(as) != 1 || as[0].Target != uid(t, "D") {
		t.Errorf("stack strike hit %v", as)
	}
	s = pos(t, "round:us/4H ger:DF@1702 us:117@1501 deck:9C")
	s.round.targeted |= 1 << uid(t, "DF")
	mustRefuse(t, &s, "oba 1702", "R6.7")
	mustRefuse(t, &s, "oba 1702 DF", "R6.7")
}

// R6.8: the terrain of the target hex: open 0, forest, hill and village +1,
// city +2.
func TestR6_8_TerrainModifier(t *testing.T) {
	for _, c := range []struct {
		terrain, target, firer string
		mod                    int8
	}{
		{"open", "1702", "1602", 0},
		{"forest", "1604", "1603", 1},
		{"hill", "1804", "1803", 1},
		{"village", "1701", "1601", 1},
		{"city", "1402", "1401", 2},
	} {
		s := pos(t, fmt.Sprintf("round:us/3 us:117@%s ger:DF@%s deck:AC", c.firer, c.target))
		a := one(t, do(t, &s, "fire 117 DF"), EvAttack)
		// 117's AI 5, adjacent: N = 5 - (terrain - 1).
		if a.Terrain != c.mod || a.N != 5-c.mod+1 {
			t.Errorf("%s: terrain %d N %d", c.terrain, a.Terrain, a.N)
		}
	}
}

// R6.8: a target in a city gets +2: 117 (AI 5) two hexes away has N = 3, so
// a 3 hits and a 4 misses.
func TestR6_8_CityModifier(t *testing.T) {
	for c, want := range map[string]Result{"3C": ResultFlipped, "4C": ResultMiss} {
		s := pos(t, "round:us/3 us:117@1404 ger:DF@1402 deck:"+c)
		a := one(t, do(t, &s, "fire 117 DF"), EvAttack)
		if a.Terrain != 2 || a.Adjacent != 0 || a.N != 3 || a.Result != want {
			t.Errorf("%s: %+v", c, a)
		}
	}
}

// R6.8: +1 if any firer is under Air cover; -1 only if every firer is
// adjacent.
func TestR6_8_CoverAndAdjacentModifiers(t *testing.T) {
	s := pos(t, "round:german/3 ger:DR-1@1803,DF@1804 us:117@1703 cov:DF deck:KC opt:face-in-combat=miss")
	do(t, &s, "fire DR-1 117")
	a := one(t, do(t, &s, "fire DF 117"), EvAttack)
	// AI 3 + 4; DR-1 adjacent, DF at 1804 adjacent to 1703? No: only
	// DR-1 is, so no adjacency modifier; DF is covered: M = 0 + 1.
	if a.Strength != 7 || a.Cover != 1 || a.Adjacent != 0 || a.N != 6 || a.Modifier() != 1 {
		t.Errorf("attack %+v", a)
	}
	s = pos(t, "round:german/3 ger:DR-1@1803,DF@1702 us:117@1703 deck:KC opt:face-in-combat=miss")
	do(t, &s, "fire DR-1 117")
	a = one(t, do(t, &s, "fire DF 117"), EvAttack)
	if a.Adjacent != -1 || a.Cover != 0 || a.N != 8 {
		t.Errorf("all adjacent %+v", a)
	}
}

// R6.8: N < 1 misses without drawing a card.
func TestR6_8_AutoMissWithoutDraw(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1404 ger:DR-1@1402 deck:AC")
	left := s.DeckLeft()
	log := do(t, &s, "fire 117 DR-1") // AT 2 - city 2 = 0
	a := one(t, log, EvAttack)
	if a.N != 0 || a.Result != ResultAutoMiss || a.Card != NoCard || len(events(log, EvDraw)) != 0 || s.DeckLeft() != left {
		t.Errorf("attack %+v, %d draws", a, len(events(log, EvDraw)))
	}
}

// R6.8: a number card hits if its value is at most N.
func TestR6_8_NumberCard(t *testing.T) {
	for c, want := range map[string]Result{"AS": ResultFlipped, "6H": ResultFlipped, "7D": ResultMiss, "10C": ResultMiss} {
		s := pos(t, "round:us/3 us:117@1602 ger:DF@1702 deck:"+c)
		log := do(t, &s, "fire 117 DF")
		d := one(t, log, EvDraw)
		a := one(t, log, EvAttack)
		if !d.Combat || d.Card != card(t, c) || a.N != 6 || a.Card != card(t, c) || a.Result != want {
			t.Errorf("%s: %+v", c, a)
		}
		if status(t, &s, "DF").Flipped != (want == ResultFlipped) {
			t.Errorf("%s: flipped %v", c, status(t, &s, "DF").Flipped)
		}
	}
}

// R6.8 opt:face-in-combat=choose: the firing player chooses redraw or miss.
func TestR6_8_FaceCardChoose(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1602,119@1401 ger:DF@1702 deck:QC,2C")
	log := do(t, &s, "fire 117 DF")
	if e := one(t, log, EvFaceCard); e.Card != card(t, "QC") {
		t.Errorf("face event %+v", e)
	}
	if s.Phase() != PhaseFaceChoice || s.FaceCardPending() != card(t, "QC") || s.ToAct() != US {
		t.Fatalf("phase %s pending %s", s.Phase(), s.FaceCardPending())
	}
	mustRefuse(t, &s, "move 119 1402", "R6.8")
	mustRefuse(t, &s, "pass", "R6.8")
	before := s
	a := one(t, do(t, &s, "redraw"), EvAttack)
	if a.Card != card(t, "2C") || a.Result != ResultFlipped {
		t.Errorf("redraw: %+v", a)
	}
	s = before
	a = one(t, do(t, &s, "miss"), EvAttack)
	if a.Card != card(t, "QC") || a.Result != ResultMiss || status(t, &s, "DF").Flipped {
		t.Errorf("miss: %+v", a)
	}
	mustRefuse(t, &s, "redraw", "R6.8")
	mustRefuse(t, &s, "miss", "R6.8")
}

// R6.8 opt:face-in-combat=redraw and =miss.
func TestR6_8_FaceCardOptions(t *testing.T) {
	s := pos(t, "opt:face-in-combat=redraw round:us/3 us:117@1602 ger:DF@1702 deck:QC,KD,2C")
	log := do(t, &s, "fire 117 DF")
	if a := one(t, log, EvAttack); a.Card != card(t, "2C") || a.Result != ResultFlipped || len(events(log, EvDraw)) != 3 {
		t.Errorf("redraw: %+v", a)
	}
	s = pos(t, "opt:face-in-combat=miss round:us/3 us:117@1602 ger:DF@1702 deck:JH,2C")
	if a := one(t, do(t, &s, "fire 117 DF"), EvAttack); a.Card != card(t, "JH") || a.Result != ResultMiss {
		t.Errorf("miss: %+v", a)
	}
}

// R6.9: a hit flips a full-strength target and eliminates a flipped one.
func TestR6_9_Hit(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1602 ger:DF@1702 deck:AC")
	do(t, &s, "fire 117 DF")
	if status(t, &s, "DF") != (UnitState{OnMap, hex(t, "1702"), true}) {
		t.Errorf("DF %+v", status(t, &s, "DF"))
	}
	s = pos(t, "round:us/3 us:117@1602 ger:DF@1702* deck:AC")
	a := one(t, do(t, &s, "fire 117 DF"), EvAttack)
	if a.Result != ResultEliminated || status(t, &s, "DF").Status != Eliminated || len(s.UnitsAt(hex(t, "1702"))) != 0 {
		t.Errorf("flipped DF: %+v", a)
	}
}

// R6.8: PendingOdds shows a pending attack's strength, modifiers and N
// before its card is drawn, as the resolution will count them.
func TestR6_8_PendingOddsMatchResolution(t *testing.T) {
	s := pos(t, "round:german/3 ger:DR-1@1803,102@1803,DR-2@1802 us:TD@1703 deck:2C")
	if _, ok := s.PendingOdds(); ok {
		t.Fatal("odds without an attack")
	}
	do(t, &s, "fire DR-1 TD")
	odds, ok := s.PendingOdds()
	// AT 6, the Tiger joins free next: before it, M = -1 (adjacent).
	if !ok || odds.Strength != 6 || odds.Adjacent != -1 || odds.TigerMod != 0 || odds.N != 7 {
		t.Fatalf("odds %+v", odds)
	}
	do(t, &s, "fire 102 TD")
	odds, _ = s.PendingOdds()
	a := one(t, do(t, &s, "resolve"), EvAttack)
	if odds.Strength != a.Strength || odds.N != a.N || odds.TigerMod != -1 || odds.Firers != a.Firers {
		t.Fatalf("odds %+v, resolved %+v", odds, a)
	}
}

// R7.1: which red cards allow Air and which OBA.
func TestR7_1_CardMarkers(t *testing.T) {
	for text, want := range map[string][2]bool{
		"AH": {true, false}, "3D": {true, false}, "9H": {true, false}, "JD": {true, false},
		"2H": {false, true}, "10D": {false, true}, "QH": {false, true}, "KD": {false, true},
		"5S": {false, false}, "JC": {false, false}, "JK": {false, false},
	} {
		c, err := ParseCard(text)
		must(t, err)
		if air, oba := c.Markers(); air != want[0] || oba != want[1] {
			t.Errorf("%s: air %v oba %v, want %v", text, air, oba, want)
		}
	}
}

// mustAction parses an action in s's scenario.
func mustAction(t testing.TB, s *State, text string) Action {
	t.Helper()
	a, err := ParseAction(s.sc, text)
	must(t, err)
	return a
}
