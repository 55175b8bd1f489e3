package lab

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/arena"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
)

// ShowTactics is a tool for writing positions of the tactics suite
// (tactics.txt), not a measure: it writes each position of the suite (or
// only the one named only, when not empty) with its units, the heuristic's
// eight best-scored actions (blunders score below every other action; for
// the German with the easy and the hard weights) and what easy and hard
// (100 iterations, one thread) play, with whether that solves it.
// mortain-lab tactics-show.
func ShowTactics(ctx context.Context, out io.Writer, only string) error {
	ps, err := arena.Tactics()
	if err != nil {
		return err
	}
	found := false
	for i := range ps {
		p := &ps[i]
		if only != "" && only != p.Name {
			continue
		}
		found = true
		if err := ctx.Err(); err != nil {
			return err
		}
		st, err := p.State(nil)
		if err != nil {
			return err
		}
		s := &st
		sc := s.Scenario()
		fmt.Fprintf(out, "== %s (%s) turn %d phase %v side %v points %d face %v drawn %v\n", p.Name, p.Note, s.Turn(), s.Phase(), s.ToAct(), s.PointsLeft(), s.FaceRound(), s.Drawn())
		for u := range sc.Units {
			us := s.Unit(rules.UnitID(u))
			if us.Status == rules.OnMap {
				fmt.Fprintf(out, "   %s@%s%s", sc.Units[u].ID, us.Hex, map[bool]string{true: "(f)"}[us.Flipped])
			}
		}
		fmt.Fprintln(out)
		for _, gw := range []*germanWeights{&easyGerman, &hardGerman} {
			legal := s.LegalActions(nil)
			scores := hooks.Scores(s, gw, legal)
			type sa struct {
				a string
				s float64
			}
			var all []sa
			for i, a := range legal {
				all = append(all, sa{a.Format(sc), scores[i]})
			}
			sort.Slice(all, func(i, j int) bool { return all[i].s > all[j].s })
			for j, x := range all {
				if j < 8 {
					fmt.Fprintf(out, "   %7.2f %s\n", x.s, x.a)
				}
			}
			if s.ToAct() == rules.US {
				break
			}
			fmt.Fprintln(out, "   -- hard weights")
		}
		for _, lvl := range []string{"easy", "hard"} {
			pl, _ := ai.NewWithBudget(lvl, 1, ai.Budget{Iterations: 100, Workers: 1})
			a, _ := pl.Choose(ctx, s)
			fmt.Fprintf(out, "   %s plays %s: %v\n", lvl, a.Format(sc), p.Judge(a.Format(sc)))
		}
	}
	if !found {
		return fmt.Errorf("no position %q in the tactics suite", only)
	}
	return nil
}
