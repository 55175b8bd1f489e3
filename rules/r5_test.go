package rules

import "testing"

// R5.1: a move is to an adjacent hex, whatever its terrain, never into an
// enemy hex.
func TestR5_1_MoveToAdjacentHex(t *testing.T) {
	s := pos(t, "round:german/5 ger:DR-1@1803,DR-2@1605,DF@1503 us:117@1703")
	mustRefuse(t, &s, "move DR-1 1603", "R5.1")
	mustRefuse(t, &s, "move DR-1 1803", "R5.1")
	mustRefuse(t, &s, "move DR-1 1703", "R3.2")
	log := do(t, &s, "move DR-1 1804") // hill
	if e := one(t, log, EvMove); e.From != hex(t, "1803") || e.To != hex(t, "1804") || e.Free {
		t.Errorf("move event %+v", e)
	}
	do(t, &s, "move DR-2 1604") // forest
	do(t, &s, "move DF 1402")   // city
	if s.PointsLeft() != 2 {
		t.Errorf("terrain changed the cost: %d points left", s.PointsLeft())
	}
}

// R5.2: US units never enter column 19.
func TestR5_2_USNeverInColumn19(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1803")
	mustRefuse(t, &s, "move 117 1903", "R5.2")
	mustRefuse(t, &s, "move 117 1904", "R5.2")
	do(t, &s, "move 117 1802")
}

// R5.3: a reserve unit enters on its edge: German column 19 from turn 1, US
// column 11 from turn 2; entering is its activation.
func TestR5_3_Entry(t *testing.T) {
	s := pos(t, "round:german/3 us:117@1501")
	mustRefuse(t, &s, "enter DR-1 1803", "R5.3")
	log := do(t, &s, "enter DR-1 1903")
	if e := one(t, log, EvEnter); e.Unit != uid(t, "DR-1") || e.To != hex(t, "1903") || e.With != NoUnit {
		t.Errorf("enter event %+v", e)
	}
	if status(t, &s, "DR-1") != (UnitState{OnMap, hex(t, "1903"), false}) || s.PointsLeft() != 2 {
		t.Errorf("after entry %+v, %d points", status(t, &s, "DR-1"), s.PointsLeft())
	}
	mustRefuse(t, &s, "move DR-1 1803", "R4.4")
	mustRefuse(t, &s, "enter DR-1 1902", "R4.4")
	mustRefuse(t, &s, "move DR-2 1903", "R5.3")
	s = pos(t, "turn:2 round:us/3 us:117@1501")
	mustRefuse(t, &s, "enter CCA 1203", "R5.3")
	mustRefuse(t, &s, "enter CCA 1903", "R5.3")
	do(t, &s, "enter CCA 1103")
	s = pos(t, "turn:2 round:german/3 us:117@1501")
	mustRefuse(t, &s, "enter CCA 1103", "R4.2")
}

// R5.4 opt:stack-entry=tiger-only: the Tiger and one other unit enter
// together for one point; no other pair, even with a face card.
func TestR5_4_TigerPairEntry(t *testing.T) {
	s := pos(t, "round:german/2 us:117@1501")
	log := do(t, &s, "enter DR-1 1903 102")
	if e := one(t, log, EvEnter); e.Unit != uid(t, "DR-1") || e.With != uid(t, "102") {
		t.Errorf("enter event %+v", e)
	}
	if s.PointsLeft() != 1 || !s.Activated(uid(t, "102")) || status(t, &s, "102").Hex != hex(t, "1903") {
		t.Errorf("pair entry: %d points left", s.PointsLeft())
	}
	mustRefuse(t, &s, "enter DR-2 1902 DF", "R5.4")
	s = pos(t, "round:german/KS us:117@1501")
	mustRefuse(t, &s, "enter DR-1 1903 DR-2", "R5.4")
	mustRefuse(t, &s, "enter DR-1 1903 DR-1", "R5.4")
	mustRefuse(t, &s, "enter DR-1 1903 CCA", "R5.4")
	do(t, &s, "enter 102 1903 DF")
	// The pair obeys stacking: two counting units into a hex with one.
	s = pos(t, "opt:stack-entry=any-pair round:german/KS ger:DF@1903 us:117@1501")
	mustRefuse(t, &s, "enter DR-1 1903 DR-2", "R3.1")
	do(t, &s, "enter DR-1 1903 102")
}

// R5.4 opt:stack-entry=any-pair: with a face card any two reserve units of
// a side enter together; with a number card only the Tiger pair.
func TestR5_4_AnyPairEntry(t *testing.T) {
	s := pos(t, "opt:stack-entry=any-pair round:german/KS us:117@1501")
	do(t, &s, "enter DR-1 1903 DR-2")
	if len(s.UnitsAt(hex(t, "1903"))) != 2 {
		t.Error("pair not on 1903")
	}
	s = pos(t, "opt:stack-entry=any-pair round:german/5 us:117@1501")
	mustRefuse(t, &s, "enter DR-1 1903 DR-2", "R5.4")
	do(t, &s, "enter DR-1 1903 102")
	s = pos(t, "opt:stack-entry=any-pair turn:2 round:us/QD us:117@1501")
	do(t, &s, "enter CCA 1103 CCB")
	s = pos(t, "opt:stack-entry=any-pair turn:1 round:us/QD us:117@1501")
	mustRefuse(t, &s, "enter CCA 1103 CCB", "R5.3")
}

// R5.5: a German unit in column 11 moves off the west edge and never
// returns; US units never exit.
func TestR5_5_Exit(t *testing.T) {
	s := pos(t, "round:german/3 ger:DR-1@1103,DR-2@1203 us:117@1501")
	log := do(t, &s, "exit DR-1")
	if e := one(t, log, EvExit); e.Unit != uid(t, "DR-1") || e.From != hex(t, "1103") {
		t.Errorf("exit event %+v", e)
	}
	if status(t, &s, "DR-1").Status != Exited || s.Exited() != 1 || s.PointsLeft() != 2 {
		t.Errorf("after exit: %+v, %d exited", status(t, &s, "DR-1"), s.Exited())
	}
	mustRefuse(t, &s, "exit DR-2", "R5.5")
	mustRefuse(t, &s, "enter DR-1 1903", "R4.4")
	do(t, &s, "pass")
	s = pos(t, "round:german/3 exit:DR-1 us:117@1501")
	mustRefuse(t, &s, "enter DR-1 1903", "R5.3")
	mustRefuse(t, &s, "move DR-1 1903", "R1.3")
	s = pos(t, "round:us/3 us:117@1103")
	mustRefuse(t, &s, "exit 117", "R5.5")
	// The Tiger exits free with a stacked unit (R4.6).
	s = pos(t, "round:german/1 ger:DR-1@1103,102@1103 us:117@1501")
	do(t, &s, "exit DR-1")
	if e := one(t, do(t, &s, "exit 102"), EvExit); !e.Free {
		t.Error("the Tiger's exit with DR-1 was not free")
	}
}
