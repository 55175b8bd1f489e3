package ai

import "github.com/mortain/mortain/rules/splitmix"

// rng is the AI's seeded generator, the game's own (SplitMix64): every AI
// decision is reproducible from the player's seed.
type rng = splitmix.Source

// mix derives an independent seed from a seed and a stream number.
func mix(seed, stream uint64) uint64 {
	r := rng(seed ^ (stream * 0xd1b54a32d192ed03))
	r.Uint64()
	return r.Uint64()
}
