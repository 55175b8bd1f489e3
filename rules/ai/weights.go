package ai

// germanWeights are the German side's weights in the heuristic. The easy
// level plays with easyGerman; the hard German steers its candidates and
// its own side's playouts with hardGerman, tuned with easy-against-easy
// arena matches (see docs/ai.md), while it still models the US with the
// easy heuristic.
type germanWeights struct {
	move     float64 // value of one hex of progress west
	sideways float64 // value of a move within the same column
	cover    float64 // per point of terrain modifier gained
	threat   float64 // per point of enemy firepower faced
	fireCost float64 // an activation spent on fire, in hexes of progress
	joker    float64 // cost of the Joker ending the turn, on a redraw
	tiger    float64 // the Tiger following its stack for free
	tigerPay float64 // the Tiger moving on its own point
	enter    float64 // entering, on top of one hex of progress
	pair     float64 // entering with the Tiger (R5.4)
	lead     float64 // moving west, per column the unit has already gone
	flipRun  float64 // moving a flipped unit west
	escape   float64 // moving west, per point of enemy fire on the hex left
	crowd    float64 // entering, cost per German unit already on the map
	fireMul  float64 // scale of the value of hitting a US unit (0 means 1)
	// menace raises the value of hitting a US unit by the German units it
	// can fire at: those on the map in its reach, and those in reserve in
	// the share of the entry column it reaches (a unit covering the east
	// edge menaces every German unit still to enter).
	menace float64
	// approach values a move by the US units the unit could fire at from
	// its new hex against its old one (their values, by its factors).
	approach float64
	// hunt makes the German close in on the nearest US units instead of
	// moving west: it plays for R8.2 (no US unit left) rather than for
	// R8.1 (five exits), and still exits a unit that stands in column 11.
	hunt bool
}

// easyGerman is the easy level's German.
var easyGerman = germanWeights{
	move: moveValue, sideways: -3, cover: 1.5, threat: 0.6, fireCost: 0.8,
	joker: 60, tiger: 15, tigerPay: -4, enter: 2, pair: 12,
}

// hardGerman is the hard level's German, tuned over every kind of US set-up
// (TuneGermanSuite in tune.go, mortain ai-fit german-suite): a random local
// search from robustGerman (tune.go, tuned against five set-ups), each
// candidate scored by an easy player with it as the German against the easy
// US on the 32 set-ups of the suite and 16 more random ones, 300 games each
// (the mean win rate plus the mean of the worst quarter), and kept only
// while it still beats a random US in 96% of 1,500 games. Its German
// fights: menace values a hit on a US unit by the German units it can fire
// at (those to enter included), so the units across the way and over the
// entry column are shot first, and fire costs little; approach moves its
// units to hexes from which they can fire at the US units worth most
// (added after the run above: a scan of its value, then 80 more
// candidates of the same search with it set). It wins mostly by leaving
// no US unit in the game (R8.2), so it hunts: its units close in on the
// nearest US units rather than move west (hunt, added last: an easy player
// with these weights won 60.7% of 9,600 games on the set-ups of the tuning
// against the easy US, 66.6% hunting; docs/ai.md). It still exits a unit
// that stands in column 11, and keeps shooting from there while fewer US
// units are left than exits are needed (the exit blunder class,
// blunder.go). The weights before it, tuned against the historical set-up
// alone, won 76% there and 0-29% from the searched set-ups (docs/ai.md).
var hardGerman = germanWeights{
	move: 10, sideways: -3.6612, cover: 1.75, threat: 1.0574, fireCost: 0.0514,
	joker: 108.9511, tiger: 11.4143, tigerPay: -1.178, enter: -1.4128, pair: 12.4309,
	lead: -0.1983, flipRun: -4.1335, escape: -0.4578, crowd: -0.0482, fireMul: 4.7143,
	menace: 256.2321, approach: 0.001, hunt: true,
}
