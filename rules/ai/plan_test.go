package ai

import (
	"context"
	"testing"

	"github.com/mortain/mortain/rules"
)

// TestHardGermanExitsWhenFiveExitsAreInReach checks R8.1 against the
// hunt (R8.2): with five German units in columns 11 and 12 the hard
// German walks them off the west edge instead of turning on the US units
// behind it, and exits the unit already in column 11.
func TestHardGermanExitsWhenFiveExitsAreInReach(t *testing.T) {
	edits := []string{
		"debug place 119 1504",
		"debug place DR-1 1101", "debug place DR-2 1202", "debug place DF 1203",
		"debug place D 1204", "debug place 17-StuG 1205",
		"debug round german 5", "debug deck 5H",
	}
	s := debugPos(t, edits)
	p, _ := NewWithBudget("hard", 3, Budget{Iterations: 100, Workers: 1})
	var events []rules.Event
	for i := 0; i < 5 && s.ToAct() == rules.German && !s.Over(); i++ {
		a, err := p.Choose(context.Background(), &s)
		if err != nil {
			t.Fatal(err)
		}
		if a.Kind != rules.ActExit && (a.Kind != rules.ActMove || a.Hex.Col() != rules.FirstCol) {
			t.Fatalf("action %d: %s, want an exit or a move into column 11 (R8.1)", i, a.Format(s.Scenario()))
		}
		if err := s.Apply(a, &events); err != nil {
			t.Fatal(err)
		}
	}
	if s.Exited() == 0 {
		t.Errorf("no German unit exited in the round (R5.5)")
	}
}

// inLanes reports whether a (a US move or entry) ends in the open within
// range and line of sight (R6.2, R6.3) of two or more German units.
func inLanes(s *rules.State, a rules.Action) bool {
	if a.Kind != rules.ActMove && a.Kind != rules.ActEnter {
		return false
	}
	sc := s.Scenario()
	if sc.Terrain[a.Hex] != rules.Open {
		return false
	}
	n := 0
	for _, g := range sc.Units {
		id, _ := sc.UnitByID(g.ID)
		if gs := s.Unit(id); g.Side == rules.German && gs.Status == rules.OnMap && sc.InRange(gs.Hex, a.Hex, s.Options().LOS) {
			n++
		}
	}
	return n >= 2
}

// TestHardUSKeepsOutOfTheFireLanes checks the hard US's plan: in the
// positions where the easy US steps into the open within reach of two or
// more German units (none of them activated in a US round), the hard US
// does not.
func TestHardUSKeepsOutOfTheFireLanes(t *testing.T) {
	ctx := context.Background()
	found := 0
	for g := uint64(1); g <= 40 && found < 6; g++ {
		s := rules.NewState(nil, rules.Options{}, g)
		us, ge := &placedEasy{newEasy(g), aiPlacer(g, hardSetups())}, easyWith(&hardGerman)(g+100)
		for !s.Over() && found < 6 {
			var p Player = ge
			if s.ToAct() == rules.US {
				p = us
			}
			a, err := p.Choose(ctx, &s)
			if err != nil {
				t.Fatal(err)
			}
			if s.ToAct() == rules.US && s.Phase() != rules.PhaseSetup && inLanes(&s, a) {
				found++
				h, _ := NewWithBudget("hard", g, Budget{Iterations: 50, Workers: 1})
				c := s
				if b, _ := h.Choose(ctx, &c); inLanes(&s, b) {
					t.Errorf("game %d turn %d: the hard US plays %s, into the German fire lanes in the open (the easy US: %s)", g, s.Turn(), b.Format(s.Scenario()), a.Format(s.Scenario()))
				}
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found < 3 {
		t.Fatalf("%d positions found, want 3 or more", found)
	}
}

// TestHardUSNeverPassesWithAUsefulShot checks the hard US's plan: with
// a shot of 40% or better legal to a unit alone (R6.8), passing is a
// blunder, never searched, while the easy US's heuristic keeps it.
func TestHardUSNeverPassesWithAUsefulShot(t *testing.T) {
	s := debugPos(t, []string{"debug place DR-1 1403", "debug round us 1", "debug deck 5C"})
	v := &view{plan: true}
	v.reset(&s, true)
	best := 0.0
	for _, a := range s.LegalActions(nil) {
		if a.Kind == rules.ActFire {
			best = max(best, v.pHit(attackN(&s, 1<<a.Unit, a.Target)))
		}
	}
	if best < usefulShot {
		t.Fatalf("best shot %.2f, want a position with one of %.2f or better", best, usefulShot)
	}
	if !v.blunder(rules.Pass()) {
		t.Errorf("passing with a %.0f%% shot is not a blunder of the plan", 100*best)
	}
	for _, a := range topActions(v, s.LegalActions(nil), rootWidth, nil, nil) {
		if a.Kind == rules.ActPass {
			t.Errorf("the hard US searches a pass with a %.0f%% shot", 100*best)
		}
	}
	easy := &view{}
	easy.reset(&s, true)
	if easy.blunder(rules.Pass()) {
		t.Errorf("the easy US counts the pass a blunder: the plan is the hard US's alone")
	}
}

// TestHuntingGermanPastTheUSWalksToTheExits checks the hard German's
// heuristic: a unit west of every US unit on the map walks on to the west
// edge (R5.5, R8.1) rather than turning back east to hunt them (R8.2),
// while a unit among the US units still closes in on them.
func TestHuntingGermanPastTheUSWalksToTheExits(t *testing.T) {
	s := debugPos(t, []string{"debug place 119 1504", "debug place DR-1 1205", "debug place DR-2 1604", "debug round german 3", "debug deck 5C"})
	v := &view{gw: &hardGerman}
	v.reset(&s, true)
	dr1, _ := s.Scenario().UnitByID("DR-1")
	from := rules.HexAt(12, 5)
	west, east := v.germanMove(dr1, from, rules.HexAt(11, 5)), v.germanMove(dr1, from, rules.HexAt(13, 5))
	if west <= east {
		t.Errorf("DR-1 past the US units: west to 1105 scores %.1f, east to 1305 %.1f; want west", west, east)
	}
	dr2, _ := s.Scenario().UnitByID("DR-2")
	from = rules.HexAt(16, 4)
	if w, e := v.germanMove(dr2, from, rules.HexAt(17, 4)), v.germanMove(dr2, from, rules.HexAt(15, 5)); w >= e {
		t.Errorf("DR-2 among the US units: away to 1704 scores %.1f, towards them to 1505 %.1f; want the hunt", w, e)
	}
}
