package rules

import "testing"

// R2.1: the US places its five map units anywhere but column 19, obeying
// stacking; a unit is placed once (undo to change it); the set-up ends only
// when all five are placed.
func TestR2_1_SetupPlacement(t *testing.T) {
	s := NewState(nil, Options{}, 1)
	if s.Phase() != PhaseSetup || s.ToAct() != US || s.Turn() != 0 {
		t.Fatalf("phase %s, to act %s", s.Phase(), s.ToAct())
	}
	mustRefuse(t, &s, "setup-done", "R2.1")
	mustRefuse(t, &s, "place 117 1903", "R2.1")
	mustRefuse(t, &s, "place DR-1 1503", "R2.3")
	mustRefuse(t, &s, "place CCA 1103", "R2.2")
	mustRefuse(t, &s, "move 117 1503", "R2.1")
	mustRefuse(t, &s, "pass", "R2.1")
	do(t, &s, "place 117 1803")
	mustRefuse(t, &s, "place 117 1802", "R2.1")
	do(t, &s, "place 119 1803")
	mustRefuse(t, &s, "place 120 1803", "R3.1")
	do(t, &s, "place 120 1105")
	do(t, &s, "place 823 1101")
	mustRefuse(t, &s, "setup-done", "R2.1")
	do(t, &s, "place TD 1402")
	log := do(t, &s, "setup-done")
	one(t, log, EvSetupDone)
	one(t, log, EvTurnStart)
	if s.Turn() != 1 || s.Phase() != PhaseRound {
		t.Fatalf("after set-up: turn %d phase %s", s.Turn(), s.Phase())
	}
	if status(t, &s, "117").Hex != hex(t, "1803") || status(t, &s, "TD").Hex != hex(t, "1402") {
		t.Error("placements lost")
	}
	if s.ToAct() != s.RoundSide() || s.ToAct() == NoSide {
		t.Errorf("to act %s in a %s round", s.ToAct(), s.RoundSide())
	}
	mustRefuse(t, &s, "place CCA 1103", "R2.1")
	mustRefuse(t, &s, "historical", "R2.1")
}

// R2.1: the historical preset puts the five units on the table's hexes, even
// over a partial placement.
func TestR2_1_HistoricalPreset(t *testing.T) {
	s := NewState(nil, Options{}, 1)
	do(t, &s, "place 117 1501")
	do(t, &s, "place 119 1501")
	log := do(t, &s, "historical")
	if n := len(events(log, EvPlace)); n != 5 {
		t.Errorf("%d placements logged", n)
	}
	for id, hx := range map[string]string{"117": "1701", "119": "1101", "120": "1501", "823": "1501", "TD": "1402"} {
		if got := status(t, &s, id); got != (UnitState{OnMap, hex(t, hx), false}) {
			t.Errorf("%s: %+v, want %s", id, got, hx)
		}
	}
	do(t, &s, "setup-done")
}

// R2.2: CCA, CCB and CCR start in the US reserve and enter from turn 2.
func TestR2_2_USReserveFromTurn2(t *testing.T) {
	s := NewState(nil, Options{}, 1)
	for _, id := range []string{"CCA", "CCB", "CCR"} {
		if status(t, &s, id).Status != InReserve {
			t.Errorf("%s not in reserve", id)
		}
	}
	s = pos(t, "turn:1 round:us/3 us:117@1501")
	mustRefuse(t, &s, "enter CCA 1103", "R5.3")
	s = pos(t, "turn:2 round:us/3 us:117@1501")
	do(t, &s, "enter CCA 1103")
}

// R2.3: all German units start in the German reserve and may enter on turn 1.
func TestR2_3_GermanReserve(t *testing.T) {
	s := NewState(nil, Options{}, 1)
	for u, d := range s.sc.Units {
		if d.Side == German && s.units[u].Status != InReserve {
			t.Errorf("%s starts %s", d.ID, s.units[u].Status)
		}
	}
	s = pos(t, "turn:1 round:german/3 us:117@1501")
	do(t, &s, "enter DR-1 1903")
}

// R3.1: at most two friendly units in a hex, for moves, entries and set-up.
func TestR3_1_StackingLimit(t *testing.T) {
	s := pos(t, "round:german/3 ger:DR-1@1703,DR-2@1703,DF@1803,D@1903 us:117@1501,119@1401,120@1402")
	mustRefuse(t, &s, "move DF 1703", "R3.1")
	mustRefuse(t, &s, "enter DF 1903", "R5.3") // DF is on the map
	s = pos(t, "round:german/3 ger:DR-1@1903,DR-2@1903 us:117@1501")
	mustRefuse(t, &s, "enter DF 1903", "R3.1")
	s = pos(t, "round:us/3 us:117@1701,119@1701,120@1601")
	mustRefuse(t, &s, "move 120 1701", "R3.1")
	do(t, &s, "move 120 1602")
}

// R3.1: the Tiger does not count against the limit: it joins a full stack,
// and a unit joins a hex holding one unit and the Tiger.
func TestR3_1_StackingLimitTigerFree(t *testing.T) {
	s := pos(t, "round:german/3 ger:DR-1@1703,DR-2@1703,102@1803,DF@1802,D@1702 us:117@1501")
	do(t, &s, "move 102 1703")
	if len(s.UnitsAt(hex(t, "1703"))) != 3 {
		t.Fatalf("1703 holds %d units", len(s.UnitsAt(hex(t, "1703"))))
	}
	mustRefuse(t, &s, "move DF 1703", "R3.1")
	s = pos(t, "round:german/3 ger:DR-1@1703,102@1703,DF@1802 us:117@1501")
	do(t, &s, "move DF 1703")
	s = pos(t, "round:german/3 ger:DR-1@1903,DR-2@1903 us:117@1501")
	do(t, &s, "enter 102 1903")
	s = pos(t, "round:german/3 ger:DR-1@1903 us:117@1501")
	do(t, &s, "enter 102 1903 DR-2")
	if len(s.UnitsAt(hex(t, "1903"))) != 3 {
		t.Fatalf("1903 holds %d units", len(s.UnitsAt(hex(t, "1903"))))
	}
}

// R3.2: US and German units never share a hex, by move or by entry.
func TestR3_2_NoSharingWithEnemy(t *testing.T) {
	s := pos(t, "round:german/3 ger:DR-1@1803 us:117@1703")
	mustRefuse(t, &s, "move DR-1 1703", "R3.2")
	s = pos(t, "round:us/3 ger:DR-1@1803 us:117@1703")
	mustRefuse(t, &s, "move 117 1803", "R3.2")
	s = pos(t, "turn:2 round:us/3 ger:DF@1103 us:117@1501")
	mustRefuse(t, &s, "enter CCA 1103", "R3.2")
	do(t, &s, "enter CCA 1104")
}
