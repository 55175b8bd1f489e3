package rules

import "testing"

// BenchmarkRandomGame plays one full game of uniformly random legal actions
// from a fresh start (set-up included), without an event log, as search
// does.
func BenchmarkRandomGame(b *testing.B) {
	sc := DefaultScenario()
	p := NewRandomPlayer(1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s := NewState(sc, Options{}, uint64(i))
		for !s.Over() {
			a, _ := p.Choose(&s)
			if err := s.Apply(a, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLegalActions enumerates the legal actions of a mid-game position.
func BenchmarkLegalActions(b *testing.B) {
	s := midGame(b)
	buf := make([]Action, 0, 512)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = s.LegalActions(buf[:0])
	}
}

// BenchmarkStateCopy copies a state, as search does at every node.
func BenchmarkStateCopy(b *testing.B) {
	s := midGame(b)
	b.ReportAllocs()
	var sink *State
	for i := 0; i < b.N; i++ {
		c := new(State)
		*c = s
		sink = c
	}
	_ = sink
}

// midGame is a random game advanced to turn 3.
func midGame(tb testing.TB) State {
	tb.Helper()
	s := NewState(nil, Options{}, 42)
	p := NewRandomPlayer(42)
	for !s.Over() && s.Turn() < 3 {
		a, _ := p.Choose(&s)
		if err := s.Apply(a, nil); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// BenchmarkApply applies one legal action to a copy of a position, over the
// positions of a whole random game: the cost of one search step.
func BenchmarkApply(b *testing.B) {
	type step struct {
		s State
		a Action
	}
	var steps []step
	s := NewState(nil, Options{}, 9)
	p := NewRandomPlayer(9)
	for !s.Over() {
		a, _ := p.Choose(&s)
		steps = append(steps, step{s, a})
		if err := s.Apply(a, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := &steps[i%len(steps)]
		c := st.s
		if err := c.Apply(st.a, nil); err != nil {
			b.Fatal(err)
		}
	}
}
