// The random player (no rule of its own): uniform over LegalActions, the baseline opponent and stress test.

package rules

// RandomPlayer picks uniformly among the legal actions, from its own seeded
// generator: the baseline opponent and the engine's stress test. A unit's
// move with the Tiger along (MoveWith, R4.6) it plays as the unit's move
// then the Tiger's free one, both listed too: it picks among the others,
// so that its games stay those it played before the joint move was listed.
type RandomPlayer struct {
	r   rng
	buf []Action
}

// NewRandomPlayer returns a random player seeded with seed.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{r: rng(seed), buf: make([]Action, 0, 512)}
}

// Choose returns a uniformly random legal action of s; ok is false when the
// game is over.
func (p *RandomPlayer) Choose(s *State) (a Action, ok bool) {
	p.buf = WithoutJointMoves(s.LegalActions(p.buf[:0]))
	if len(p.buf) == 0 {
		return Action{}, false
	}
	return p.buf[p.r.IntN(len(p.buf))], true
}

// Intn returns a uniform integer in [0, n) from the player's generator.
func (p *RandomPlayer) Intn(n int) int { return p.r.IntN(n) }

// WithoutJointMoves removes from legal, in place, the moves with the Tiger along
// (MoveWith, R4.6), keeping the order of the others: each is a unit's
// move followed by the Tiger's free one, which a player can also play one
// after the other. It returns the shortened slice.
func WithoutJointMoves(legal []Action) []Action {
	out := legal[:0]
	for _, a := range legal {
		if a.Kind != ActMove || a.With == NoUnit {
			out = append(out, a)
		}
	}
	return out
}
