package rules

import (
	"slices"
	"testing"
)

// Determinize keeps what the players see and changes what they do not: the
// undrawn cards keep their set but change order, and the turns to come get
// other decks.
func TestDeterminizeKeepsTheVisibleGame(t *testing.T) {
	s := midGame(t)
	d := s
	d.Determinize(99)
	if d.units != s.units || d.round != s.round || d.turn != s.turn || d.drawn != s.drawn || d.phase != s.phase {
		t.Fatal("Determinize changed the visible position")
	}
	if !slices.Equal(d.deck[:d.drawn], s.deck[:s.drawn]) {
		t.Fatal("Determinize changed the cards drawn this turn")
	}
	seen, undrawn := slices.Clone(s.deck[s.drawn:]), slices.Clone(d.deck[d.drawn:])
	if slices.Equal(seen, undrawn) {
		t.Fatal("the undrawn cards kept their order")
	}
	slices.Sort(seen)
	slices.Sort(undrawn)
	if !slices.Equal(seen, undrawn) {
		t.Fatal("the undrawn cards are not the same set")
	}
	if d.rng == s.rng {
		t.Fatal("the dealer's generator was kept: later decks would be known")
	}
	again := s
	again.Determinize(99)
	if again != d {
		t.Fatal("Determinize is not deterministic for a seed")
	}
	checkInvariants(t, &d)
	if n := testing.AllocsPerRun(100, func() { c := s; c.Determinize(7) }); n != 0 {
		t.Fatalf("Determinize allocates %v times", n)
	}
}

// Two states that differ only in what is hidden determinize alike.
func TestDeterminizeForgetsTheHiddenOrder(t *testing.T) {
	s := midGame(t)
	o := s
	o.Determinize(1) // another hidden order and generator, same visible game
	if o == s {
		t.Fatal("the two states do not differ")
	}
	s.Determinize(5)
	o.Determinize(5)
	if s != o {
		t.Fatal("the determinized states differ: the hidden order leaked")
	}
}
