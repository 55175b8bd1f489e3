package ai

import "github.com/mortain/mortain/rules"

// Determinisation: the order of the undrawn cards is hidden from both
// sides, and so is the dealer's generator, which shuffles the decks of the
// turns to come (R4.1) and reshuffles an early Joker (R4.7). The search
// therefore never plays on the real state: it plays on copies made by
// rules.State.Determinize, which puts the undrawn cards in an order of the
// search's own choosing and gives the copy a dealer's generator of its own.

// sampler deals determinisations of one real state.
type sampler struct {
	real rules.State
}

func newSampler(s *rules.State) *sampler { return &sampler{real: *s} }

// sample writes into dst a determinisation of the real state, drawn from
// the caller's generator (one per search worker).
func (d *sampler) sample(dst *rules.State, r *rng) {
	*dst = d.real
	dst.Determinize(r.Uint64())
}
