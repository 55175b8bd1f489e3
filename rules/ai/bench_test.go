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
// worker: the tree search, against a German that walks west (style.go).
func BenchmarkHardDecision(b *testing.B) {
	benchmarkHardUS(b, -1)
}

// BenchmarkHardDecisionHunt is the same decision against a German that
// hunts: sequential halving over 200 playouts.
func BenchmarkHardDecisionHunt(b *testing.B) {
	benchmarkHardUS(b, 1)
}

// benchmarkHardUS times a hard US decision with the evidence hunt of the
// German's style.
func benchmarkHardUS(b *testing.B, hunt int) {
	s := rules.NewState(nil, rules.Options{}, 1)
	_ = s.Apply(rules.Historical(), nil)
	_ = s.Apply(rules.SetupDone(), nil)
	for s.ToAct() != rules.US || len(s.LegalActions(nil)) < 3 {
		_ = s.Apply(rules.Pass(), nil)
	}
	p := newHard(1, Budget{Iterations: 200, Workers: 1})
	p.style.hunt = hunt
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

// BenchmarkWatchGame replays a game of the easy US against the hunter's
// heuristic, up to the US's last decision, to a fresh hard US (WatchGame),
// as the bot does before each of the US's decisions.
func BenchmarkWatchGame(b *testing.B) {
	g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, 3)
	us, ge := newEasy(4), easyWith(&hardGerman)(5)
	var last *rules.Game
	for !g.State.Over() {
		p := Player(us)
		if g.State.ToAct() == rules.German {
			p = ge
		} else {
			last = g.Clone()
		}
		a, _ := p.Choose(context.Background(), &g.State)
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	g = last
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := WatchGame(newHard(1, Budget{}), g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(g.History)), "steps")
}
