package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
)

// The tools behind the AI-speed figures of docs/ai.md (docs/journal/2026-11-23-speed.md) and
// docs/benchmarks.md: mortain-lab budget and wait.

// openPositions returns n positions where side is to act and the hard
// level would search, from games of the easy heuristic (the hard German's
// weights for the German) from seed on.
func openPositions(side rules.Side, n int, seed uint64) []rules.State {
	var out []rules.State
	for g := seed; len(out) < n; g++ {
		s := rules.NewState(nil, rules.Options{}, g)
		us, ger := newEasy(g), hooks.NewEasy(g+1, &hardGerman)
		r := rng(g)
		for i := 0; !s.Over(); i++ {
			if s.ToAct() == side && s.Phase() != rules.PhaseSetup && r.IntN(12) == 0 && len(out) < n {
				if ai.Thinks("hard", &s) {
					out = append(out, s)
				}
			}
			p := us
			if s.ToAct() == rules.German {
				p = ger
			}
			a, _ := p.Choose(context.Background(), &s)
			if s.Apply(a, nil) != nil {
				break
			}
		}
	}
	return out
}

// BudgetOptions are the settings of BudgetAgreement.
type BudgetOptions struct {
	// Sides are the sides measured (both, the US first).
	Sides []rules.Side
	// Positions is the number of positions a side (40), from games of
	// seed 500 on.
	Positions int
	// Rate, when above zero, is the iterations per second the budgets are
	// converted at, instead of the rate measured on the positions at a
	// 500 ms budget: the run then takes no time budget at all.
	Rate float64
}

// DefaultBudget returns the settings of the journal's figures.
func DefaultBudget() BudgetOptions {
	return BudgetOptions{Sides: []rules.Side{rules.US, rules.German}, Positions: 40}
}

// BudgetAgreement measures, for each side, the hard level's iterations per
// second on one worker at a time budget, then how often its decision at
// the iterations of smaller budgets agrees with its decision at the
// iterations of 2 s, against how often two 2 s decisions with other seeds
// agree (the noise floor). It writes two lines a side: the rate, and the
// agreement at each budget.
func BudgetAgreement(ctx context.Context, out io.Writer, o BudgetOptions) error {
	if o.Positions < 1 {
		return errors.New("give at least one position")
	}
	n := o.Positions
	for _, side := range o.Sides {
		pos := openPositions(side, n, 500)
		rate := o.Rate
		if rate > 0 {
			fmt.Fprintf(out, "%s: %d positions, %.0f iterations/s (given, not measured)\n", side.Title(), len(pos), rate)
		} else {
			// Iterations per second on one worker, at a 500 ms budget.
			p := newHard(1, ai.Budget{Time: 500 * time.Millisecond, Workers: 1})
			start := time.Now()
			for i := range pos {
				c := pos[i]
				if _, err := p.Choose(ctx, &c); err != nil {
					return err
				}
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			searches, iterations := p.Counts()
			rate = float64(iterations) / time.Since(start).Seconds()
			fmt.Fprintf(out, "%s: %d positions, %.0f iterations/s on one worker at 500 ms (%d searches)\n", side.Title(), len(pos), rate, searches)
		}
		at := func(d time.Duration) int { return max(1, int(rate*d.Seconds())) }
		// 100 and 400 iterations: budgets whose strength differs in the
		// arena (docs/ai.md), to see whether agreement tells them apart.
		budgets := []struct {
			name  string
			iters int
		}{{"100it", 100}, {"400it", 400}}
		for _, d := range []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second} {
			budgets = append(budgets, struct {
				name  string
				iters int
			}{d.String(), at(d)})
		}
		choose := func(s rules.State, iters int, seed uint64) (rules.Action, error) {
			p := newHard(seed, ai.Budget{Iterations: iters, Workers: 1})
			a, err := p.Choose(ctx, &s)
			if err == nil {
				err = ctx.Err()
			}
			return a, err
		}
		floor, agree := 0, make([]int, len(budgets))
		for i, s := range pos {
			ref, err := choose(s, at(2*time.Second), uint64(i)+1)
			if err != nil {
				return err
			}
			a, err := choose(s, at(2*time.Second), uint64(i)+1001)
			if err != nil {
				return err
			}
			if a == ref {
				floor++
			}
			for j, b := range budgets {
				a, err := choose(s, b.iters, uint64(i)+2001+uint64(j)*1000)
				if err != nil {
					return err
				}
				if a == ref {
					agree[j]++
				}
			}
		}
		line := fmt.Sprintf("%s: agreement with a 2 s decision (%d iterations): another 2 s decision %d/%d", side.Title(), at(2*time.Second), floor, len(pos))
		for j, b := range budgets {
			line += fmt.Sprintf("; %s (%d it) %d/%d", b.name, b.iters, agree[j], len(pos))
		}
		fmt.Fprintln(out, line)
	}
	return nil
}

// WaitOptions are the settings of PersonWait.
type WaitOptions struct {
	// Games is the number of games a side (4), seeds 1 on.
	Games int
	// Budget is the hard level's budget per decision (zero: the default,
	// ai.DefaultTime).
	Budget ai.Budget
}

// DefaultWait returns the settings of the journal's figures.
func DefaultWait() WaitOptions {
	return WaitOptions{Games: 4}
}

// PersonWait plays whole games of the hard level against an easy player
// standing in for the person, and reports the person's wait: the wall
// time from one of the person's decisions to the next, made of the AI's
// decisions between them and the bot's pauses between two AI steps in a
// row (bot.Bot.aiDelay: AIDelay less the time the step took, and none
// after a step that completed nothing yet, see Ends), for several
// AIDelays. The posts' storing and drawing (tens of ms) are not counted.
// It writes, for each side of the person, the AI's decision times and the
// waits at each AIDelay.
func PersonWait(ctx context.Context, out io.Writer, o WaitOptions) error {
	if o.Games < 1 {
		return errors.New("give at least one game")
	}
	delays := []time.Duration{0, 250 * time.Millisecond, 400 * time.Millisecond, 500 * time.Millisecond, time.Second}
	// step is one AI decision between two of the person's: its time, and
	// whether it completed nothing yet (no pause after it).
	type step struct {
		think   time.Duration
		pending bool
	}
	pc := func(x []time.Duration, p int) time.Duration { return x[(len(x)*p+99)/100-1] }
	for _, person := range []rules.Side{rules.US, rules.German} {
		var all [][]step
		var thinks []time.Duration
		for g := uint64(1); g <= uint64(o.Games); g++ {
			s := rules.NewState(nil, rules.Options{}, g)
			hard, _ := ai.NewWithBudget("hard", g, o.Budget)
			easy, _ := ai.New("easy", g+7)
			var cur []step
			var events []rules.Event
			for !s.Over() {
				if err := ctx.Err(); err != nil {
					return err
				}
				if s.ToAct() == person {
					if len(cur) > 0 {
						all = append(all, cur)
					}
					cur = nil
					a, _ := easy.Choose(ctx, &s)
					watch(hard, &s, a)
					if err := s.Apply(a, nil); err != nil {
						return err
					}
					continue
				}
				t0 := time.Now()
				a, err := hard.Choose(ctx, &s)
				d := time.Since(t0)
				if err != nil {
					return err
				}
				thinks = append(thinks, d)
				watch(hard, &s, a)
				events = events[:0]
				if err := s.Apply(a, &events); err != nil {
					return err
				}
				cur = append(cur, step{think: d, pending: ai.Ends(events) == ai.PaceNone})
			}
		}
		if len(thinks) == 0 || len(all) == 0 {
			return errors.New("the games gave no AI decision to time")
		}
		slices.Sort(thinks)
		fmt.Fprintf(out, "person %s, %d games: %d AI decisions at %v: p50 %.2fs p90 %.2fs max %.2fs\n", person.Title(), o.Games, len(thinks), o.Budget,
			pc(thinks, 50).Seconds(), pc(thinks, 90).Seconds(), thinks[len(thinks)-1].Seconds())
		for _, delay := range delays {
			var waits []time.Duration
			for _, steps := range all {
				var w time.Duration
				for i, st := range steps {
					w += st.think
					if i < len(steps)-1 && !st.pending {
						w += max(0, delay-st.think)
					}
				}
				waits = append(waits, w)
			}
			slices.Sort(waits)
			fmt.Fprintf(out, "  AIDelay %v: %d waits: p50 %.2fs p90 %.2fs max %.2fs\n", delay, len(waits),
				pc(waits, 50).Seconds(), pc(waits, 90).Seconds(), waits[len(waits)-1].Seconds())
		}
	}
	return nil
}

// watch shows p the action a about to be played in before, if p is a
// Watcher.
func watch(p ai.Player, before *rules.State, a rules.Action) {
	if w, ok := p.(ai.Watcher); ok {
		w.Watch(before, a)
	}
}
