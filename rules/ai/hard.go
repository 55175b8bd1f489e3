package ai

import (
	"context"
	"math"
	"strings"
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
// with heuristic playouts. For the US against a German that walks west
// (style.go) it is Monte Carlo tree search
// (information-set style): each iteration deals the hidden cards anew,
// walks a tree of both sides' decisions (UCB over the heuristic's best
// actions, counting how often each was available), and finishes the game
// with a noisy heuristic playout; root parallelism: each worker grows its
// own tree from its own random stream, and the root visit counts are
// summed. For the German, and for the US against a German that hunts, it
// is sequential halving (halving.go), which arena games showed to suit the
// German's many near-equal moves better, and with which the US holds the
// hunt better than with the tree (docs/ai.md).
type hardPlayer struct {
	seed      uint64
	budget    Budget
	decisions uint64
	// searches counts the decisions that ran a search (not forced), and
	// iterations their iterations (the US) or playouts (the German).
	searches   int
	iterations int
	easy       *easyPlayer
	// gw are the German weights of its candidates and of the German's
	// moves in its playouts (hardGerman).
	gw *germanWeights
	// style reads the German's play, for the US (style.go).
	style styleReader
	// side is the side the player last chose for.
	side rules.Side
	// planned says the player plays the US by the plan (plan.go).
	planned bool
}

// Watch weighs the German's moves, to tell a hunt from a walk west
// (style.go).
func (p *hardPlayer) Watch(before *rules.State, a rules.Action) {
	if p.side != rules.German {
		p.style.watch(before, a)
	}
}

func newHard(seed uint64, b Budget) *hardPlayer {
	return &hardPlayer{seed: seed, budget: b, easy: newEasy(seed), gw: &hardGerman}
}

func (p *hardPlayer) Choose(ctx context.Context, s *rules.State) (rules.Action, error) {
	begin := time.Now()
	if s.Over() {
		return rules.Action{}, ErrGameOver
	}
	p.side = s.ToAct()
	a, cands := p.plan(s)
	if cands == nil {
		return a, nil
	}
	p.decisions++
	p.searches++
	dseed := mix(p.seed, p.decisions)
	smp := newSampler(s)
	if s.ToAct() == rules.German {
		return cands[p.halving(ctx, smp, cands, rules.German, dseed, p.searchTime(begin))], nil
	}
	if p.style.hunts() {
		// Against a German that hunts, sequential halving with the hunter
		// (gw) in the playouts (style.go).
		return cands[p.halving(ctx, smp, cands, rules.US, dseed, p.searchTime(begin))], nil
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
	done := make([]int, workers)
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
			sr.v.plan = p.planned
			results[w] = sr.run(ctx, iters, deadline)
			done[w] = sr.iters
		}()
	}
	wg.Wait()
	for _, n := range done {
		p.iterations += n
	}
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
	if !overrules(wins[best], visits[best], wins[0], visits[0]) {
		best = 0
	}
	return cands[best], nil
}

// usTrustZ is the evidence the US tree search needs to play another action
// than the heuristic's best (a one-sided z of the difference of their win
// rates). With few iterations spread over ten candidates the most visited
// one is mostly noise, and a set-up chosen for the heuristic (aiSetups)
// is lost by moves it would not make.
const usTrustZ = 1.0

// overrules reports whether a root action won w of n playouts clearly more
// often than the heuristic's best, which won w0 of n0.
func overrules(w, n, w0, n0 float64) bool {
	if n == 0 || n0 == 0 {
		return n > 0 && n0 == 0
	}
	p, p0 := w/n, w0/n0
	pool := (w + w0) / (n + n0)
	se := math.Sqrt(pool * (1 - pool) * (1/n + 1/n0))
	if se == 0 {
		return p > p0
	}
	return (p-p0)/se >= usTrustZ
}

// plan returns the candidates the hard level searches over in s (the
// heuristic's best actions: one per unit for the German), or nil and the
// action to play at once when the decision is forced or the heuristic
// leaves a single candidate.
func (p *hardPlayer) plan(s *rules.State) (rules.Action, []rules.Action) {
	v := &view{plan: p.usPlan(s.ToAct())}
	if s.ToAct() == rules.German {
		v.gw = p.gw
	}
	v.reset(s, true)
	legal := s.SingleActions(nil)
	if a, ok := forced(s, v, legal); ok {
		return a, nil
	}
	var cands []rules.Action
	if s.ToAct() == rules.German {
		cands = diverse(v, legal, germanWidth)
	} else {
		cands = topActions(v, legal, rootWidth, nil, nil)
	}
	if len(cands) == 1 {
		return cands[0], nil
	}
	return rules.Action{}, cands
}

// Thinks reports whether a player of the level searches before it acts in
// s, and so may take up to its time budget: only the hard level does, and
// not when the decision is forced (see forced) or the heuristic leaves it
// one candidate. Front ends use it to show that the AI is thinking.
func Thinks(level string, s *rules.State) bool {
	if strings.ToLower(strings.TrimSpace(level)) != "hard" || s.Over() {
		return false
	}
	_, cands := newHard(0, Budget{}).plan(s)
	return cands != nil
}

// forced returns the hard level's action at once, without a search, when
// the decision is forced, and whether it is. v is the view of s and legal
// its legal actions. Forced are:
//   - the US set-up (the historical placement, setup.go);
//   - a decision with one legal action;
//   - the German's race to five exits within reach (R8.1, exitRace);
//   - the Tiger's free follow-up (R4.6): after a German unit stacked with
//     the Tiger moved, exited or fired, the Tiger may do the same at no
//     cost; it does so at once when the heuristic rates that above passing
//     (a free shot that would not raise the chance to hit, or lowers it as
//     against a tank (R6.8), is not forced);
//   - resolving a pending attack (R6.6) when no firer that may still join
//     it would raise the chance to hit (R6.8): joining would only spend an
//     activation, and resolving keeps the points that passing gives up.
func forced(s *rules.State, v *view, legal []rules.Action) (rules.Action, bool) {
	if s.Phase() == rules.PhaseSetup {
		return setupAction(s), true
	}
	if len(legal) == 1 {
		return legal[0], true
	}
	if a, ok := exitRace(s, legal); ok {
		return a, true
	}
	if a, ok := tigerFollowUp(s, v, legal); ok {
		return a, true
	}
	return idleResolve(s, v, legal)
}

// tigerFollowUp returns the Tiger's free action (R4.6) when the heuristic
// rates it above passing.
func tigerFollowUp(s *rules.State, v *view, legal []rules.Action) (rules.Action, bool) {
	tiger := s.Scenario().Tiger
	if tiger == rules.NoUnit || s.ToAct() != rules.German || s.FaceRound() {
		return rules.Action{}, false
	}
	for _, a := range legal {
		if a.Unit == tiger && s.TigerFree(a) && v.score(a) > passScore {
			return a, true
		}
	}
	return rules.Action{}, false
}

// idleResolve returns the resolve of the pending attack when no firer that
// may still join it would raise the chance to hit.
func idleResolve(s *rules.State, v *view, legal []rules.Action) (rules.Action, bool) {
	t, firers, ok := s.PendingAttack()
	if !ok {
		return rules.Action{}, false
	}
	var m uint32
	for _, f := range firers {
		m |= 1 << f
	}
	before := v.pHit(attackN(s, m, t))
	found := false
	for _, a := range legal {
		switch a.Kind {
		case rules.ActResolve:
			found = true
		case rules.ActPass:
		case rules.ActFire:
			if a.Target != t || v.pHit(attackN(s, m|1<<a.Unit, t)) > before {
				return rules.Action{}, false
			}
		default:
			return rules.Action{}, false
		}
	}
	return rules.Resolve(), found
}

// scored is an action with the heuristic's score.
type scored struct {
	a rules.Action
	s float64
}

// topActions returns up to k legal actions, best-scored first (equal
// scores in the order of legal); the pass and the resolve are always kept,
// since the search must be free to stop, unless they are blunders: the
// blunders (blunder.go) are left out unless every legal action is one. out and scratch (may be nil) are
// reused, so that the search's tree walk does not allocate.
func topActions(v *view, legal []rules.Action, k int, out []rules.Action, scratch *[]scored) []rules.Action {
	var buf []scored
	if scratch != nil {
		buf = (*scratch)[:0]
	}
	for _, a := range legal {
		// A stable insertion sort, best first: the lists are short.
		x := scored{a, v.score(a)}
		i := len(buf)
		buf = append(buf, x)
		for i > 0 && buf[i-1].s < x.s {
			buf[i] = buf[i-1]
			i--
		}
		buf[i] = x
	}
	if scratch != nil {
		*scratch = buf
	}
	out = out[:0]
	for i, x := range buf {
		if x.s < buf[0].s-blunderCost/2 {
			break // the rest are blunders (blunder.go): never searched
		}
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
	sc    []scored
	avail []int
	iters int // iterations run
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
	// Under a deadline, stop when the time left is shorter than the
	// longest iteration so far, so that the last one ends in time.
	var last time.Time
	var longest time.Duration
	if !deadline.IsZero() {
		last = time.Now()
	}
	for it := 0; iters == 0 || it < iters; it++ {
		if !deadline.IsZero() {
			now := time.Now()
			longest = max(longest, now.Sub(last))
			last = now
			if now.Add(longest).After(deadline) {
				break
			}
		}
		if (iters == 0 || it&15 == 0) && ctx.Err() != nil {
			break
		}
		sr.iters++
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
			sr.legal = st.SingleActions(sr.legal[:0])
			if len(sr.legal) == 1 {
				cands = sr.legal
			} else {
				sr.v.reset(st, false)
				sr.cands = topActions(&sr.v, sr.legal, treeWidth, sr.cands, &sr.sc)
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
		legal = st.SingleActions(legal[:0])
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
	all := topActions(v, legal, len(legal), nil, nil)
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
// a margin for the merging of the results, so that the whole decision
// stays within the budget. It is a hard stop: when nothing is left (the
// process was stalled), the search stops at once and the heuristic's
// choice is played.
func (p *hardPlayer) searchTime(begin time.Time) time.Duration {
	d := p.budget.Time
	if d <= 0 {
		d = DefaultTime
	}
	margin := min(d/20, 20*time.Millisecond)
	return max(0, d-margin-time.Since(begin))
}
