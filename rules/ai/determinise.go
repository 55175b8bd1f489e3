package ai

import (
	"encoding/json"
	"fmt"

	"github.com/mortain/mortain/rules"
)

// Determinisation: the order of the undrawn cards is hidden from both
// sides, and so is the dealer's generator, which shuffles the decks of the
// turns to come (R4.1) and reshuffles an early Joker (R4.7). The search
// therefore never plays on the real state: it plays on copies whose
// generator is replaced by one of its own and whose undrawn cards are put in
// an order of its own choosing, drawn at random from what both sides can see
// (the 53 cards less the ones drawn this turn).

// undrawnCards lists the cards not yet drawn this turn, in card order: the
// only thing about the deck the players may know. An early Joker set aside
// (R4.7) counts as drawn.
func undrawnCards(s *rules.State) []rules.Card {
	var drawn [rules.DeckSize]bool
	for _, c := range s.Drawn() {
		drawn[c] = true
	}
	out := make([]rules.Card, 0, rules.DeckSize)
	for c := rules.Card(0); c < rules.DeckSize; c++ {
		if !drawn[c] {
			out = append(out, c)
		}
	}
	return out
}

// reseeded returns n copies of s whose dealer's generators are seeded from
// seed instead of the game's hidden one. The generator is not exported, so
// the copies are made through the saved-game form.
func reseeded(s *rules.State, seed uint64, n int) ([]rules.State, error) {
	g := rules.Game{State: *s}
	b, err := g.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, err
	}
	var st map[string]json.RawMessage
	if err := json.Unmarshal(top["state"], &st); err != nil {
		return nil, err
	}
	if _, ok := st["rng"]; !ok {
		return nil, fmt.Errorf("saved state has no generator field")
	}
	out := make([]rules.State, n)
	for i := range out {
		st["rng"] = json.RawMessage(fmt.Sprint(mix(seed, uint64(i))))
		if top["state"], err = json.Marshal(st); err != nil {
			return nil, err
		}
		if b, err = json.Marshal(top); err != nil {
			return nil, err
		}
		var c rules.Game
		if err := c.UnmarshalJSON(b); err != nil {
			return nil, err
		}
		out[i] = c.State
	}
	return out, nil
}

// sampler deals determinisations: a reseeded copy with the undrawn cards in
// a fresh random order.
type sampler struct {
	pool    []rules.State
	undrawn []rules.Card
}

func newSampler(s *rules.State, seed uint64, poolSize int) (*sampler, error) {
	pool, err := reseeded(s, seed, poolSize)
	if err != nil {
		return nil, err
	}
	return &sampler{pool: pool, undrawn: undrawnCards(s)}, nil
}

// sample writes into dst a determinisation of the real state; perm is the
// caller's scratch space (one per search worker).
func (d *sampler) sample(dst *rules.State, r *splitmix, perm *[]rules.Card) {
	*dst = d.pool[r.intn(len(d.pool))]
	p := append((*perm)[:0], d.undrawn...)
	for i := len(p) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		p[i], p[j] = p[j], p[i]
	}
	if len(p) > 0 {
		_ = dst.DebugDeck(p)
	}
	*perm = p
}
