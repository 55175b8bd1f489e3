package ai

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
)

// The tools behind the AI-speed figures of docs/ai.md and
// docs/benchmarks.md; they print rather than assert and run only with
// MORTAIN_FIT set:
//
//	MORTAIN_FIT=1 go test ./rules/ai -run TestBudgetAgreement -v -timeout 1h
//	MORTAIN_FIT=us MORTAIN_POSITIONS=60 go test ./rules/ai -run TestBudgetAgreement -v -timeout 1h
//	MORTAIN_FIT=1 go test ./rules/ai -run TestPersonWait -v -timeout 1h

// openPositions returns n positions where side is to act and the hard
// level would search, from games of the easy heuristic (the hard German's
// weights for the German) from seed on.
func openPositions(side rules.Side, n int, seed uint64) []rules.State {
	var out []rules.State
	for g := seed; len(out) < n; g++ {
		s := rules.NewState(nil, rules.Options{}, g)
		us, ger := newEasy(g), newEasy(g+1)
		ger.v.gw = &hardGerman
		r := rng(g)
		for i := 0; !s.Over(); i++ {
			if s.ToAct() == side && s.Phase() != rules.PhaseSetup && r.IntN(12) == 0 && len(out) < n {
				if Thinks("hard", &s) {
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

// TestBudgetAgreement measures, for each side, the hard level's
// iterations per second on one worker at a time budget, then how often its
// decision at the iterations of smaller budgets agrees with its decision
// at the iterations of 2 s, against how often two 2 s decisions with other
// seeds agree (the noise floor).
func TestBudgetAgreement(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("a measuring tool: MORTAIN_FIT=1")
	}
	n := 40
	for _, side := range []rules.Side{rules.US, rules.German} {
		// MORTAIN_FIT=us or german measures one side only.
		if f := os.Getenv("MORTAIN_FIT"); f != "1" && !strings.EqualFold(f, side.String()) {
			continue
		}
		if m, err := strconv.Atoi(os.Getenv("MORTAIN_POSITIONS")); err == nil && m > 0 {
			n = m
		}
		pos := openPositions(side, n, 500)
		// Iterations per second on one worker, at a 500 ms budget.
		p := newHard(1, Budget{Time: 500 * time.Millisecond, Workers: 1})
		start := time.Now()
		for i := range pos {
			c := pos[i]
			if _, err := p.Choose(context.Background(), &c); err != nil {
				t.Fatal(err)
			}
		}
		rate := float64(p.iterations) / time.Since(start).Seconds()
		t.Logf("%s: %d positions, %.0f iterations/s on one worker at 500 ms (%d searches)", side.Title(), len(pos), rate, p.searches)
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
		choose := func(s rules.State, iters int, seed uint64) rules.Action {
			p := newHard(seed, Budget{Iterations: iters, Workers: 1})
			a, err := p.Choose(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		floor, agree := 0, make([]int, len(budgets))
		for i, s := range pos {
			ref := choose(s, at(2*time.Second), uint64(i)+1)
			if choose(s, at(2*time.Second), uint64(i)+1001) == ref {
				floor++
			}
			for j, b := range budgets {
				if choose(s, b.iters, uint64(i)+2001+uint64(j)*1000) == ref {
					agree[j]++
				}
			}
		}
		line := fmt.Sprintf("%s: agreement with a 2 s decision (%d iterations): another 2 s decision %d/%d", side.Title(), at(2*time.Second), floor, len(pos))
		for j, b := range budgets {
			line += fmt.Sprintf("; %s (%d it) %d/%d", b.name, b.iters, agree[j], len(pos))
		}
		t.Log(line)
	}
}

// TestPersonWait plays whole games of the hard level at the default budget
// against an easy player standing in for the person, and reports the
// person's wait: the wall time from one of the person's decisions to the
// next, made of the AI's decisions between them and the bot's pause
// between two AI activations in a row (bot.Bot.aiDelay: AIDelay, 1 s by
// default, less the budget when the AI searches), for several AIDelays.
// The posts' storing and drawing (tens of ms) are not counted.
func TestPersonWait(t *testing.T) {
	if os.Getenv("MORTAIN_FIT") == "" {
		t.Skip("a measuring tool: MORTAIN_FIT=1")
	}
	delays := []time.Duration{0, 250 * time.Millisecond, 500 * time.Millisecond, time.Second}
	// stretch is the AI's time between two of the person's decisions: its
	// thinking, and its steps after the first, searched or not.
	type stretch struct {
		think           time.Duration
		searched, quick int
	}
	pc := func(x []time.Duration, p int) time.Duration { return x[(len(x)*p+99)/100-1] }
	for _, person := range []rules.Side{rules.US, rules.German} {
		var all []stretch
		var thinks []time.Duration
		for g := uint64(1); g <= 2; g++ {
			s := rules.NewState(nil, rules.Options{}, g)
			hard, _ := New("hard", g)
			easy, _ := New("easy", g+7)
			var cur stretch
			steps := 0
			for !s.Over() {
				if s.ToAct() == person {
					if steps > 0 {
						all = append(all, cur)
					}
					cur, steps = stretch{}, 0
					a, _ := easy.Choose(context.Background(), &s)
					if err := s.Apply(a, nil); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if steps > 0 {
					if Thinks("hard", &s) {
						cur.searched++
					} else {
						cur.quick++
					}
				}
				t0 := time.Now()
				a, err := hard.Choose(context.Background(), &s)
				d := time.Since(t0)
				if err != nil {
					t.Fatal(err)
				}
				thinks = append(thinks, d)
				cur.think += d
				steps++
				if err := s.Apply(a, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
		slices.Sort(thinks)
		t.Logf("person %s, 2 games: %d AI decisions at %v: p50 %.2fs p90 %.2fs max %.2fs", person.Title(), len(thinks), DefaultTime,
			pc(thinks, 50).Seconds(), pc(thinks, 90).Seconds(), thinks[len(thinks)-1].Seconds())
		for _, delay := range delays {
			var waits []time.Duration
			for _, st := range all {
				w := st.think + time.Duration(st.quick)*delay + time.Duration(st.searched)*max(0, delay-DefaultTime)
				waits = append(waits, w)
			}
			slices.Sort(waits)
			t.Logf("  AIDelay %v: %d waits: p50 %.2fs p90 %.2fs max %.2fs", delay, len(waits),
				pc(waits, 50).Seconds(), pc(waits, 90).Seconds(), waits[len(waits)-1].Seconds())
		}
	}
}
