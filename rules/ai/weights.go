package ai

import "github.com/mortain/mortain/rules/ai/internal/hooks"

// germanWeights are the German side's weights in the heuristic
// (hooks.GermanWeights says what each means). The easy level plays with
// easyGerman; the hard German steers its candidates and its own side's
// playouts with hardGerman, while it still models the US with the easy
// heuristic.
type germanWeights = hooks.GermanWeights

// easyGerman is the easy level's German.
var easyGerman = germanWeights{
	Move: moveValue, Sideways: -3, Cover: 1.5, Threat: 0.6, FireCost: 0.8,
	Joker: 60, Tiger: 15, TigerPay: -4, Enter: 2, Pair: 12,
}

// hardGerman is the hard level's German heuristic: it steers the hard
// German's candidates and its side's playouts. Its German fights (menace,
// fireMul, a low fireCost), moves to hexes from which it can fire at the US
// units worth most (approach) and hunts the nearest US units (R8.2) rather
// than walking west, while still exiting a unit that stands in column 11.
// Refitted by mortain-lab german-suite (rules/ai/lab); docs/journal/
// 2026-11-23-german-every-setup.md and 2026-11-23-german-hunts.md tell how
// it was found.
var hardGerman = germanWeights{
	Move: 10, Sideways: -3.6612, Cover: 1.75, Threat: 1.0574, FireCost: 0.0514,
	Joker: 108.9511, Tiger: 11.4143, TigerPay: -1.178, Enter: -1.4128, Pair: 12.4309,
	Lead: -0.1983, FlipRun: -4.1335, Escape: -0.4578, Crowd: -0.0482, FireMul: 4.7143,
	Menace: 256.2321, Approach: 0.001, Hunt: true,
}
