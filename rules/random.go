// The random player (no rule of its own): uniform over LegalActions, the baseline opponent and stress test.

package rules

// RandomPlayer picks uniformly among the legal actions, from its own seeded
// generator: the baseline opponent and the engine's stress test. It picks
// among SingleActions: a unit's move with the Tiger along (MoveWith,
// R4.6) it plays as the unit's move then the Tiger's free one, so that
// its games stay those it played before the joint move was listed.
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
	p.buf = s.SingleActions(p.buf[:0])
	if len(p.buf) == 0 {
		return Action{}, false
	}
	return p.buf[p.r.IntN(len(p.buf))], true
}

// Intn returns a uniform integer in [0, n) from the player's generator.
func (p *RandomPlayer) Intn(n int) int { return p.r.IntN(n) }
