package ai

import "math/bits"

// splitmix is a small seeded generator (SplitMix64): every AI decision is
// reproducible from the player's seed.
type splitmix uint64

func (r *splitmix) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a uniform integer in [0, n).
func (r *splitmix) intn(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// float returns a uniform number in [0, 1).
func (r *splitmix) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// mix derives an independent seed from a seed and a stream number.
func mix(seed, stream uint64) uint64 {
	r := splitmix(seed ^ (stream * 0xd1b54a32d192ed03))
	r.next()
	return r.next()
}
