// R9.2: the seeded generator that shuffles every deck.

package rules

import "github.com/mortain/mortain/rules/splitmix"

// rng is the game's seeded generator (R9.2): SplitMix64, whose whole state is
// one integer stored with the game, so a game replays exactly on any platform
// and any Go version.
type rng = splitmix.Source
