package ai

import (
	"context"
	"testing"

	"github.com/mortain/mortain/rules"
)

// BenchmarkPlayout plays one heuristic playout from the start of turn 1, as
// the hard level does at every iteration.
func BenchmarkPlayout(b *testing.B) {
	s := rules.NewState(nil, rules.Options{}, 1)
	_ = s.Apply(rules.Historical(), nil)
	_ = s.Apply(rules.SetupDone(), nil)
	smp := newSampler(&s)
	sr := newSearcher(smp, []rules.Action{rules.Pass()}, 1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		smp.sample(&sr.st, &sr.r)
		sr.playout()
	}
}

// BenchmarkHardDecision is one hard US decision at 200 iterations on one
// worker.
func BenchmarkHardDecision(b *testing.B) {
	s := rules.NewState(nil, rules.Options{}, 1)
	_ = s.Apply(rules.Historical(), nil)
	_ = s.Apply(rules.SetupDone(), nil)
	for s.ToAct() != rules.US || len(s.LegalActions(nil)) < 3 {
		_ = s.Apply(rules.Pass(), nil)
	}
	p := newHard(1, Budget{Iterations: 200, Workers: 1})
	for i := 0; i < b.N; i++ {
		if _, err := p.Choose(context.Background(), &s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeterminise deals one determinisation of a position, as every
// search iteration does.
func BenchmarkDeterminise(b *testing.B) {
	s := rules.NewState(nil, rules.Options{}, 1)
	_ = s.Apply(rules.Historical(), nil)
	_ = s.Apply(rules.SetupDone(), nil)
	smp := newSampler(&s)
	r := rng(1)
	var dst rules.State
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		smp.sample(&dst, &r)
	}
}
