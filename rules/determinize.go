// R4.1, R4.7: hidden information — Determinize guesses the order of the undrawn cards, for search.

package rules

import "github.com/mortain/mortain/rules/splitmix"

// Determinize replaces what no player may know with a guess drawn from
// seed: the order of this turn's undrawn cards and the dealer's generator,
// which would shuffle the decks of the turns to come (R4.1, R4.7). What the
// players can see (the cards drawn this turn, an early Joker set aside, the
// units, the round) is unchanged, and the result depends only on that and
// on seed, never on the hidden order it replaces. Search over hidden
// information plays on determinized copies of the real state, never on the
// state itself.
func (s *State) Determinize(seed uint64) {
	// Forget the hidden order: put the undrawn cards in card order first.
	var undrawn uint64
	for _, c := range s.deck[s.drawn:] {
		undrawn |= 1 << c
	}
	i := s.drawn
	for c := Card(0); c < DeckSize; c++ {
		if undrawn&(1<<c) != 0 {
			s.deck[i] = c
			i++
		}
	}
	r := rng(seed)
	splitmix.Shuffle(&r, s.deck[s.drawn:])
	s.rng = rng(r.Uint64())
}
