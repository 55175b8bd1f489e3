package ai

import (
	"context"
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/mortain/mortain/rules"
)

// TestTacticsShow is a tool for writing positions, not a test: with
// MORTAIN_TACTICS=show it prints each position of the suite (or only the
// one named by MORTAIN_TACTICS_ONLY) with its units, the heuristic's eight
// best-scored actions (blunders score 1,000 less; for the German with the
// easy and the hard weights) and what easy and hard (100 iterations, one
// thread) play.
func TestTacticsShow(t *testing.T) {
	if os.Getenv("MORTAIN_TACTICS") != "show" {
		t.Skip("set MORTAIN_TACTICS=show")
	}
	ps, err := Tactics()
	if err != nil {
		t.Fatal(err)
	}
	only := os.Getenv("MORTAIN_TACTICS_ONLY")
	for i := range ps {
		p := &ps[i]
		if only != "" && only != p.Name {
			continue
		}
		g, err := p.Game(nil)
		if err != nil {
			t.Fatal(err)
		}
		s := &g.State
		sc := s.Scenario()
		fmt.Printf("== %s (%s) turn %d phase %v side %v points %d face %v drawn %v\n", p.Name, p.Note, s.Turn(), s.Phase(), s.ToAct(), s.PointsLeft(), s.FaceRound(), s.Drawn())
		for u := range sc.Units {
			us := s.Unit(rules.UnitID(u))
			if us.Status == rules.OnMap {
				fmt.Printf("   %s@%s%s", sc.Units[u].ID, us.Hex, map[bool]string{true: "(f)"}[us.Flipped])
			}
		}
		fmt.Println()
		for _, gw := range []*germanWeights{&easyGerman, &hardGerman} {
			v := &view{gw: gw}
			v.reset(s, true)
			legal := s.LegalActions(nil)
			type sa struct {
				a string
				s float64
			}
			var all []sa
			for _, a := range legal {
				all = append(all, sa{a.Format(sc), v.score(a)})
			}
			sort.Slice(all, func(i, j int) bool { return all[i].s > all[j].s })
			for j, x := range all {
				if j < 8 {
					fmt.Printf("   %7.2f %s\n", x.s, x.a)
				}
			}
			if s.ToAct() == rules.US {
				break
			}
			fmt.Println("   -- hard weights")
		}
		for _, lvl := range []string{"easy", "hard"} {
			pl, _ := NewWithBudget(lvl, 1, Budget{Iterations: 100, Workers: 1})
			a, _ := pl.Choose(context.Background(), s)
			fmt.Printf("   %s plays %s: %v\n", lvl, a.Format(sc), p.Judge(a.Format(sc)))
		}
	}
}
