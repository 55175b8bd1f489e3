package ai

import (
	"context"
	"math"
	"sort"
	"sync"
	"time"

	"github.com/mortain/mortain/rules"
)

// Search parameters of the hard level.
const (
	germanWidth = 5    // German actions searched, one per unit
	rootWidth   = 10   // actions searched at the root, best-scored first
	treeWidth   = 5    // actions searched below the root
	treeDepth   = 8    // deepest tree level
	explore     = 0.7  // UCB exploration constant
	playoutEps  = 0.15 // chance a playout move is a random sensible one
)

// hardPlayer searches over samples of the hidden cards (determinisation),
// with heuristic playouts. For the US it is Monte Carlo tree search
// (information-set style): each iteration deals the hidden cards anew,
// walks a tree of both sides' decisions (UCB over the heuristic's best
// actions, counting how often each was available), and finishes the game
// with a noisy heuristic playout; root parallelism: each worker grows its
// own tree from its own random stream, and the root visit counts are
// summed. For the German it is sequential halving (halving.go), which
// arena games showed to suit the German's many near-equal moves better.
type hardPlayer struct {
	seed      uint64
	budget    Budget
	decisions uint64
	easy      *easyPlayer
	// gw are the German weights of its candidates and of the German's
	// moves in its playouts (hardGerman).
	gw *germanWeights
}

func newHard(seed uint64, b Budget) *hardPlayer {
	return &hardPlayer{seed: seed, budget: b, easy: newEasy(seed), gw: &hardGerman}
}

func (p *hardPlayer) Choose(ctx context.Context, s *rules.State) (rules.Action, error) {
	begin := time.Now()
	if s.Over() {
		return rules.Action{}, ErrGameOver
	}
	if s.Phase() == rules.PhaseSetup {
		return setupAction(s), nil
	}
	legal := s.LegalActions(nil)
	if len(legal) == 1 {
		return legal[0], nil
	}
	v := &view{}
	if s.ToAct() == rules.German {
		v.gw = p.gw
	}
	v.reset(s, true)
	cands := topActions(v, legal, rootWidth, nil)

	if len(cands) == 1 {
		return cands[0], nil
	}
	p.decisions++
	dseed := mix(p.seed, p.decisions)
	smp := newSampler(s)
	if s.ToAct() == rules.German {
		cands = diverse(v, legal, germanWidth)
		if len(cands) == 1 {
			return cands[0], nil
		}
		return cands[p.halving(ctx, smp, cands, rules.German, dseed, p.searchTime(begin))], nil
	}
	workers := p.budget.Workers
	if workers < 1 {
		workers = defaultWorkers()
	}
	var deadline time.Time
	if p.budget.Iterations == 0 {
		deadline = begin.Add(p.searchTime(begin))
	}
	if dl, ok := ctx.Deadline(); ok && (deadline.IsZero() || dl.Before(deadline)) {
		deadline = dl
	}
	results := make([][]kid, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		iters := 0
		if p.budget.Iterations > 0 {
			iters = p.budget.Iterations / workers
			if w < p.budget.Iterations%workers {
				iters++
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sr := newSearcher(smp, cands, mix(dseed, uint64(1000+w)))
			results[w] = sr.run(ctx, iters, deadline)
		}()
	}
	wg.Wait()
	// Merge the root statistics and take the most visited action.
	visits := make([]float64, len(cands))
	wins := make([]float64, len(cands))
	for _, res := range results {
		for i, k := range res {
			visits[i] += float64(k.n)
			wins[i] += k.w
		}
	}
	best := 0
	for i := range cands {
		if visits[i] > visits[best] || visits[i] == visits[best] && wins[i] > wins[best] {
			best = i
		}
	}
	return cands[best], nil
}

// topActions returns up to k legal actions, best-scored first; the pass and
// the resolve are always kept, since the search must be free to stop.
func topActions(v *view, legal []rules.Action, k int, out []rules.Action) []rules.Action {
	type scored struct {
		a rules.Action
		s float64
	}
	sc := make([]scored, len(legal))
	for i, a := range legal {
		sc[i] = scored{a, v.score(a)}
	}
	sort.SliceStable(sc, func(i, j int) bool { return sc[i].s > sc[j].s })
	out = out[:0]
	for i, x := range sc {
		if i < k || x.a.Kind == rules.ActPass || x.a.Kind == rules.ActResolve {
			out = append(out, x.a)
		}
	}
	return out
}

// kid is an action's statistics at a tree node; w counts the wins of the
// side that chose it.
type kid struct {
	a        rules.Action
	n, avail int32
	w        float64
	child    *node
}

// node is a tree node: the actions tried there in any determinisation.
type node struct{ kids []kid }

// find returns the index of a's statistics, adding them if new.
func (n *node) find(a rules.Action) int {
	for i := range n.kids {
		if n.kids[i].a == a {
			return i
		}
	}
	n.kids = append(n.kids, kid{a: a})
	return len(n.kids) - 1
}

// searcher is one worker's search.
type searcher struct {
	smp   *sampler
	root  *node
	roots []rules.Action
	r     rng
	v     view
	legal []rules.Action
	cands []rules.Action
	avail []int
	st    rules.State
}

type step struct {
	n    *node
	i    int
	side rules.Side
}

func newSearcher(smp *sampler, roots []rules.Action, seed uint64) *searcher {
	sr := &searcher{smp: smp, roots: roots, r: rng(seed), root: &node{}}
	for _, a := range roots {
		sr.root.find(a)
	}
	return sr
}

// run searches for iters iterations, or until the deadline when iters is
// zero, and returns the root's statistics in the order of the root actions.
func (sr *searcher) run(ctx context.Context, iters int, deadline time.Time) []kid {
	path := make([]step, 0, treeDepth)
	for it := 0; iters == 0 || it < iters; it++ {
		if iters == 0 || it&15 == 0 {
			if ctx.Err() != nil || (!deadline.IsZero() && it > 0 && time.Now().After(deadline)) {
				break
			}
		}
		sr.smp.sample(&sr.st, &sr.r)
		path = sr.descend(path[:0])
		winner := sr.playout()
		for _, p := range path {
			k := &p.n.kids[p.i]
			k.n++
			if winner == p.side {
				k.w++
			}
		}
	}
	return sr.root.kids
}

// descend walks the tree from the root, applying the chosen actions to the
// determinisation, and expands one new action.
func (sr *searcher) descend(path []step) []step {
	st := &sr.st
	n := sr.root
	for depth := 0; depth < treeDepth && !st.Over(); depth++ {
		var cands []rules.Action
		if depth == 0 {
			cands = sr.roots
		} else {
			sr.legal = st.LegalActions(sr.legal[:0])
			if len(sr.legal) == 1 {
				cands = sr.legal
			} else {
				sr.v.reset(st, false)
				sr.cands = topActions(&sr.v, sr.legal, treeWidth, sr.cands)
				cands = sr.cands
			}
		}
		sr.avail = sr.avail[:0]
		for _, a := range cands {
			i := n.find(a)
			n.kids[i].avail++
			sr.avail = append(sr.avail, i)
		}
		pick, fresh := -1, false
		bestU := math.Inf(-1)
		for _, i := range sr.avail {
			k := &n.kids[i]
			if k.n == 0 {
				pick, fresh = i, true
				break
			}
			u := k.w/float64(k.n) + explore*math.Sqrt(math.Log(float64(k.avail))/float64(k.n))
			if u > bestU {
				pick, bestU = i, u
			}
		}
		side := st.ToAct()
		if err := st.Apply(n.kids[pick].a, nil); err != nil {
			// Cannot happen: every candidate came from LegalActions.
			break
		}
		path = append(path, step{n: n, i: pick, side: side})
		if fresh {
			break
		}
		if n.kids[pick].child == nil {
			n.kids[pick].child = &node{}
		}
		n = n.kids[pick].child
	}
	return path
}

// playout finishes the game with the heuristic, now and then choosing a
// random sensible action instead of the best one, and returns the winner.
func (sr *searcher) playout() rules.Side {
	sr.legal = playOn(&sr.st, &sr.v, sr.legal, &sr.r, playoutEps, false)
	return sr.st.Winner()
}

// playOn plays st on with the heuristic of v, choosing with chance eps a
// random sensible action instead of the best one, until the game ends or,
// if toNextTurn, the next turn begins. legal is scratch space, returned for
// reuse.
func playOn(st *rules.State, v *view, legal []rules.Action, r *rng, eps float64, toNextTurn bool) []rules.Action {
	turn := st.Turn()
	for !st.Over() && (!toNextTurn || st.Turn() == turn) {
		legal = st.LegalActions(legal[:0])
		a := legal[0]
		if len(legal) > 1 {
			v.reset(st, false)
			a = playoutAction(v, legal, r, eps)
		}
		if err := st.Apply(a, nil); err != nil {
			break
		}
	}
	return legal
}

// playoutAction is the heuristic's choice with some noise.
func playoutAction(v *view, legal []rules.Action, r *rng, eps float64) rules.Action {
	if r.Float64() < eps {
		// A random action among those better than passing.
		n := 0
		var pick rules.Action
		for _, a := range legal {
			if v.score(a) > passScore {
				n++
				if r.IntN(n) == 0 {
					pick = a
				}
			}
		}
		if n > 0 {
			return pick
		}
	}
	a, _ := bestAction(v, legal, r)
	return a
}

// diverse returns up to k legal actions, best-scored first, with at most
// one per unit (the best), so that the search compares different plans
// rather than the same move by equivalent units; the resolve is always kept.
func diverse(v *view, legal []rules.Action, k int) []rules.Action {
	all := topActions(v, legal, len(legal), nil)
	var seen uint64
	var out []rules.Action
	for _, a := range all {
		if a.Kind == rules.ActResolve {
			out = append(out, a)
			continue
		}
		if len(out) >= k {
			continue
		}
		if a.Unit != rules.NoUnit {
			if seen&(1<<a.Unit) != 0 {
				continue
			}
			seen |= 1 << a.Unit
		}
		out = append(out, a)
	}
	return out
}

// searchTime is the time the search may take for a decision begun at
// begin under a time budget: the budget less what the preparation took and
// a margin for finishing the last playouts, so that the whole decision
// stays within the budget.
func (p *hardPlayer) searchTime(begin time.Time) time.Duration {
	d := p.budget.Time
	if d <= 0 {
		d = DefaultTime
	}
	margin := min(d/20, 60*time.Millisecond)
	return max(d/2, d-margin-time.Since(begin))
}
