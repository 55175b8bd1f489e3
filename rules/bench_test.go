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
