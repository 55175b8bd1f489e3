package ai

import (
	"context"
	"math"
	"sort"
	"sync"
	"time"

	"github.com/mortain/mortain/rules"
)

// Parameters of sequential halving.
const (
	halvingEps = 0.05 // chance a playout move is a random sensible one
	signZ      = 0.5  // evidence needed to overrule the heuristic (sign test z)
	// germanPlayouts caps the German's playouts a decision under a time
	// budget. Its strength did not grow past 100 playouts (docs/journal/
	// 2026-11-25-german-playouts-capped.md), and the cap makes it answer in tens
	// of milliseconds and play the same under any time budget as at 100
	// iterations, however loaded the machine (unless the time runs out
	// first).
	germanPlayouts = 100
	// usHuntPlayouts caps, in the same way, the hard US's playouts a
	// decision against a hunting German (style.go): 100, 400 and 1,600
	// played alike at the default budget (docs/journal/
	// 2026-11-25-us-reads-style.md).
	usHuntPlayouts = 400
)

// Sequential halving with common random numbers, the German side's search
// and the US's against a German that hunts (style.go; its playouts' German
// is the hunter, gw, and the value is 1 less the German's).
// Each sample deals the hidden cards anew (see sampler); every action still
// in the running is tried on that same deal and played on with the same
// heuristic playout stream to the start of the next turn, where the value
// model (value.go) rates the position, so that the actions are compared on
// equal luck;
// after each share of the budget the worse half is dropped. The heuristic's
// own choice is never dropped, and is overruled only on clear evidence. The
// playouts of a sample are shared out among the workers; each has its own
// random stream fixed by the seed, the decision and the sample.

// halving runs sequential halving over the candidates (best-scored first)
// for side and returns the index of the chosen one.
func (p *hardPlayer) halving(ctx context.Context, smp *sampler, cands []rules.Action, side rules.Side, dseed uint64, limit time.Duration) int {
	workers := p.budget.Workers
	if workers < 1 {
		workers = defaultWorkers()
	}
	start := time.Now()
	if dl, ok := ctx.Deadline(); ok && p.budget.Iterations == 0 {
		limit = min(limit, time.Until(dl))
	}
	timed := p.budget.Iterations == 0
	playouts := p.budget.Iterations
	if timed {
		playouts = germanPlayouts
		if side == rules.US {
			playouts = usHuntPlayouts
		}
	}
	// spent is the share of the budget used after used playouts: of the
	// playouts, or of the time if that is more.
	spent := func(used int) float64 {
		f := float64(used) / float64(playouts)
		if timed {
			f = max(f, float64(time.Since(start))/float64(limit))
		}
		return f
	}
	alive := make([]int, len(cands))
	for i := range alive {
		alive[i] = i
	}
	// wins[c] sums side's value after c over the samples; better[c] and
	// worse[c] count the samples where c did better than the heuristic's
	// choice (cands[0]), and worse.
	wins := make([]float64, len(cands))
	better := make([]int, len(cands))
	worse := make([]int, len(cands))
	rounds := max(1, int(math.Ceil(math.Log2(float64(len(cands))))))
	round, used := 0, 0
	ws := make([]*worker, workers)
	for w := range ws {
		ws[w] = &worker{v: view{gw: p.gw, plan: p.usPlan(side)}}
	}
	winners := make([]float64, len(cands))
	var base rules.State
	// Under a time budget, no sample starts that would not end in time,
	// judging by the longest so far.
	var longest time.Duration
	for sample := uint64(1); len(alive) > 1; sample++ {
		t0 := time.Now()
		if timed && t0.Sub(start)+longest >= limit {
			break
		}
		sseed := mix(dseed, sample)
		r := rng(sseed)
		smp.sample(&base, &r)
		runBatch(ws, &base, cands, alive, mix(sseed, 1), winners)
		for _, c := range alive {
			wins[c] += winners[c]
			switch {
			case winners[c] > winners[0]+1e-9:
				better[c]++
			case winners[c] < winners[0]-1e-9:
				worse[c]++
			}
		}
		used += len(alive)
		longest = max(longest, time.Since(t0))
		f := spent(used)
		if ctx.Err() != nil || f >= 1 {
			break
		}
		if f >= float64(round+1)/float64(rounds) {
			// Keep the better half, and always the heuristic's choice.
			rest := alive[1:]
			sort.SliceStable(rest, func(i, j int) bool { return wins[rest[i]] > wins[rest[j]] })
			alive = alive[:max(1, len(alive)/2)]
			round++
		}
	}
	p.iterations += used
	// Depart from the heuristic's choice only on clear evidence: a paired
	// sign test on the samples where the two differed.
	best, bestGain := 0, 0.0
	for _, c := range alive[1:] {
		d := float64(better[c] - worse[c])
		if d > signZ*math.Sqrt(float64(better[c]+worse[c])) && d > bestGain {
			best, bestGain = c, d
		}
	}
	return best
}

// worker is one search thread's scratch space.
type worker struct {
	st    rules.State
	legal []rules.Action
	v     view
}

// runBatch plays, for each alive candidate, the candidate on a copy of the
// deal base and a playout from pseed, and records the outcomes (1: the side
// to act won).
func runBatch(ws []*worker, base *rules.State, cands []rules.Action, alive []int, pseed uint64, winners []float64) {
	if len(ws) == 1 {
		for _, c := range alive {
			winners[c] = ws[0].try(base, cands[c], pseed)
		}
		return
	}
	var wg sync.WaitGroup
	for w, wk := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(alive); i += len(ws) {
				c := alive[i]
				winners[c] = wk.try(base, cands[c], pseed)
			}
		}()
	}
	wg.Wait()
}

// try plays a on a copy of base, then the playout to the next turn, and
// returns the chance that the side to act in base wins from there.
func (wk *worker) try(base *rules.State, a rules.Action, pseed uint64) float64 {
	side := base.ToAct()
	wk.st = *base
	if err := wk.st.Apply(a, nil); err != nil {
		// Cannot happen: a came from LegalActions, and legality does not
		// depend on the hidden cards.
		return 0
	}
	r := rng(pseed)
	v := wk.playoutTurn(&r)
	if side == rules.German {
		return v
	}
	return 1 - v
}

// playoutTurn plays on with the heuristic to the start of the next turn
// (or the end of the game) and returns the German side's value there.
func (wk *worker) playoutTurn(r *rng) float64 {
	wk.legal = playOn(&wk.st, &wk.v, wk.legal, r, halvingEps, true)
	return germanValue(&wk.st)
}
