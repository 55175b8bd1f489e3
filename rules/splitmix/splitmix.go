// Package splitmix is the seeded generator of the game and of the AI:
// SplitMix64, whose whole state is one integer, so that a game or an AI
// decision replays exactly from its seed on any platform and Go version.
package splitmix

import "math/bits"

// Source is a SplitMix64 generator; its value is its whole state. A
// *Source is also a math/rand/v2 Source.
type Source uint64

// Uint64 returns the next 64 random bits.
func (r *Source) Uint64() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// IntN returns a uniform integer in [0, n) (Lemire's method, unbiased).
// It panics if n <= 0.
func (r *Source) IntN(n int) int {
	if n <= 0 {
		panic("splitmix: IntN of a non-positive number")
	}
	hi, lo := bits.Mul64(r.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// Float64 returns a uniform number in [0, 1).
func (r *Source) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Shuffle permutes s uniformly (Fisher-Yates).
func Shuffle[T any](r *Source, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}
