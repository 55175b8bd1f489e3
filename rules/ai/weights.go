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
}

// easyGerman is the easy level's German.
var easyGerman = germanWeights{
	move: moveValue, sideways: -3, cover: 1.5, threat: 0.6, fireCost: 0.8,
	joker: 60, tiger: 15, tigerPay: -4, enter: 2, pair: 12,
}

// hardGerman is the hard level's German. Against the same value of
// progress it fears the fire it walks into more, values hits on US units
// about three times as much, moves its leading units and its flipped units
// first, and enters fewer units at once. Found by random local searches
// over these weights (TestTuneGermanWeights), each candidate scored by
// 3,000 games of an easy player with it as the German against the easy
// US, and by a scan of the hit value (fireMul) on 4,000: German fire is
// efficient (massed, it hits about 70% of the time against the US's 38%),
// and from 1.1 to 3 the heuristic's win rate rose from 71.9% to 74.6%
// (10,000 games against the easy US, seed 33, where easyGerman wins
// 64.1%). Against a random US, which wanders into range and costs a German
// that shoots at it the time it needs to exit, the win rate falls as hits
// are valued more: 97.9% at 1.1, 95.3-96.0% at 3 (two seeds), 94.5-95.2%
// with fire at no cost or with hits valued 4 to 6 times, which also win no
// more against the easy US.
var hardGerman = germanWeights{
	move: 10, sideways: -1.7, cover: 1.75, threat: 2.1445, fireCost: 0.4,
	joker: 94, tiger: 12, tigerPay: -1.5844, enter: 2, pair: 9.4,
	lead: 1, flipRun: 10, escape: 0.3, crowd: 0.8588, fireMul: 3,
}
