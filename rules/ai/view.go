package ai

import (
	"math/bits"
	"sync"

	"github.com/mortain/mortain/rules"
)

// view is what a player can see of a position, worked out once per
// decision: where the units are, which hexes each side can fire at, and the
// odds of the cards still to come (the drawn cards are public; the order of
// the undrawn ones is not, so only their counts are used).
type view struct {
	s    *rules.State
	sc   *rules.Scenario
	los  uint8
	side rules.Side // the side to act
	// fire[side][h] is the firepower of side's units on the map that can
	// fire at hex h: [0] against tanks (AT), [1] against infantry and guns (AI).
	fire [3][rules.NumHexes][2]int8
	// hit[n] is the chance that an attack of N = n hits (R6.8), for n 0..11.
	hit [12]float64
	// joker is the chance the next card drawn is the Joker.
	joker float64
	// value[u] is targetValue(u), worked out once per view.
	value [rules.MaxUnits]float64
	geo   *geometry
	// targets[h] is the value of the enemy units a unit of the side to
	// act could fire at from h (worked out for the US, and for the German
	// when its weights have approach): [0] tanks (hit with AT), [1]
	// infantry and guns (hit with AI).
	targets [rules.NumHexes][2]float64
	// westGerman is the column of the westmost German unit on the map (or
	// LastCol+1 when none is on the map).
	westGerman int
	// westUS is the column of the westmost US unit on the map (or
	// LastCol+1 when none is on the map).
	westUS int
	// onMap counts the German units on the map.
	onMap int
	// exitsLost says too few German units are left in the game for their
	// exits to win (R8.1): only R8.2 and R8.3 are left to the German.
	exitsLost bool
	// hunt says the German side to act closes in on the US units instead
	// of moving west: when the exits are lost, or with weights that hunt
	// (germanWeights.Hunt) unless five exits are within reach (exitsNear).
	hunt bool
	// quarry[h] is, in a hunt, how far hex h is from the nearest US unit
	// on the map (from the west edge when none is on the map, R8.3).
	quarry [rules.NumHexes]int8
	// gw are the German weights of the heuristic (easyGerman unless set).
	gw *germanWeights
	// bl is the context of the blunder classes (blunder.go), worked out
	// when first needed.
	bl blunderCtx
	// plan says the US side plays the hard US's plan (plan.go); kept by
	// reset.
	plan bool
	// lanes[h] counts the German units on the map that can fire at hex h
	// (range and line of sight, R6.2, R6.3).
	lanes [rules.NumHexes]int8
}

// reset recomputes the view for s, reusing v's memory.
func (v *view) reset(s *rules.State, exact bool) {
	sc := s.Scenario()
	geo := v.geo
	if geo == nil || v.sc != sc {
		geo = geometryOf(sc)
	}
	gw := v.gw
	if gw == nil {
		gw = &easyGerman
	}
	*v = view{s: s, sc: sc, los: s.Options().LOS, side: s.ToAct(), westGerman: rules.LastCol + 1, westUS: rules.LastCol + 1, geo: geo, gw: gw, plan: v.plan}
	for u := range sc.Units {
		us := s.Unit(rules.UnitID(u))
		if us.Status != rules.OnMap {
			continue
		}
		d := &sc.Units[u]
		if d.Side == rules.German {
			v.onMap++
			if us.Hex.Col() < v.westGerman {
				v.westGerman = us.Hex.Col()
			}
		} else if us.Hex.Col() < v.westUS {
			v.westUS = us.Hex.Col()
		}
		f := s.Factors(rules.UnitID(u))
		at, ai := int8(max(f.AT, 0)), int8(f.AI)
		fire := &v.fire[d.Side]
		for m := geo.reach[v.los][us.Hex]; m != 0; m &= m - 1 {
			h := bits.TrailingZeros64(m)
			fire[h][0] += at
			fire[h][1] += ai
			if d.Side == rules.German {
				v.lanes[h]++
			}
		}
	}
	for u := range sc.Units {
		if s.Unit(rules.UnitID(u)).Status == rules.OnMap {
			v.value[u] = v.computeValue(rules.UnitID(u))
		}
	}
	if v.side == rules.German {
		v.exitsLost = exitsLost(s)
		v.hunt = v.exitsLost || gw.Hunt && !exitsNear(s)
		if v.hunt {
			v.findQuarry()
		}
	}
	if v.side == rules.US || gw.Approach != 0 {
		// For usPlace and germanMove's approach: the value of the enemy
		// units each hex can fire at.
		enemy := rules.German
		if v.side == rules.German {
			enemy = rules.US
		}
		for t := sc.SideUnits(enemy); t != 0; t &= t - 1 {
			u := rules.UnitID(bits.TrailingZeros32(t))
			us := s.Unit(u)
			if us.Status != rules.OnMap {
				continue
			}
			k := 1
			if sc.Units[u].Type == rules.Tank {
				k = 0
			}
			for m := geo.seenBy[v.los][us.Hex]; m != 0; m &= m - 1 {
				v.targets[bits.TrailingZeros64(m)][k] += v.value[u]
			}
		}
	}
	v.cardOdds(s, exact)
}

// exitsLost reports whether too few German units are left in the game
// for their exits to win (R8.1).
func exitsLost(s *rules.State) bool {
	n := s.Exited()
	for m := s.Scenario().SideUnits(rules.German); m != 0; m &= m - 1 {
		if st := s.Unit(rules.UnitID(bits.TrailingZeros32(m))).Status; st == rules.OnMap || st == rules.InReserve {
			n++
		}
	}
	return n < rules.ExitsToWin
}

// exitReach is how far east of the west edge a German unit counts as
// within reach of an exit (R5.5): column 11 exits now, columns 12 and 13
// a move or two later. Against the expert US, 1 gave 0.01 exits a game
// and 3 cost wins (docs/journal/2026-11-27-hard-ai-plan.md).
const exitReach = 2

// exitsNear reports whether five exits are within reach (R8.1): the units
// exited and those on the map within exitReach columns of the west edge
// make five. A German that hunts (R8.2) walks west and exits then.
func exitsNear(s *rules.State) bool {
	n := s.Exited()
	for m := s.Scenario().SideUnits(rules.German); m != 0; m &= m - 1 {
		if us := s.Unit(rules.UnitID(bits.TrailingZeros32(m))); us.Status == rules.OnMap && us.Hex.Col() <= rules.FirstCol+exitReach {
			n++
		}
	}
	return n >= rules.ExitsToWin
}

// findQuarry fills quarry: each hex's distance to the nearest US unit on
// the map, or to the west edge when none is there (R8.3).
func (v *view) findQuarry() {
	s := v.s
	for h := range v.quarry {
		v.quarry[h] = int8(rules.Hex(h).Col() - rules.FirstCol)
	}
	first := true
	for m := v.sc.SideUnits(rules.US); m != 0; m &= m - 1 {
		us := s.Unit(rules.UnitID(bits.TrailingZeros32(m)))
		if us.Status != rules.OnMap {
			continue
		}
		for h := range v.quarry {
			if d := int8(rules.Distance(rules.Hex(h), us.Hex)); first || d < v.quarry[h] {
				v.quarry[h] = d
			}
		}
		first = false
	}
}

// cardOdds fills hit and joker from the undrawn cards (R6.8: a number card
// hits when its value is at most N; face cards are redrawn).
func (v *view) cardOdds(s *rules.State, exact bool) {
	var count [11]int // count[value] of undrawn number cards
	jokers := 1
	if exact {
		for val := 1; val <= 10; val++ {
			count[val] = 4
		}
		for _, c := range s.Drawn() {
			switch {
			case c == rules.Joker:
				jokers = 0
			case c.Value() > 0:
				count[c.Value()]--
			}
		}
	} else {
		for val := 1; val <= 10; val++ {
			count[val] = 4
		}
	}
	total := jokers
	for val := 1; val <= 10; val++ {
		total += count[val]
	}
	if total == 0 {
		return
	}
	cum := 0
	for n := 1; n < len(v.hit); n++ {
		if n <= 10 {
			cum += count[n]
		}
		v.hit[n] = float64(cum) / float64(total)
	}
	v.joker = float64(jokers) / float64(total)
}

// pHit is the chance an attack of N = n hits.
func (v *view) pHit(n int) float64 {
	switch {
	case n < 1:
		return 0
	case n >= len(v.hit):
		return v.hit[len(v.hit)-1]
	}
	return v.hit[n]
}

// threat is the enemy firepower of side's enemy against a unit of type t in h.
func (v *view) threat(side rules.Side, t rules.UnitType, h rules.Hex) int {
	k := 1
	if t == rules.Tank {
		k = 0
	}
	return int(v.fire[side.Enemy()][h][k])
}

// strength is what unit u adds to an attack on target t (R6.4, R6.5).
func strength(s *rules.State, u, t rules.UnitID) int {
	f := s.Factors(u)
	if s.Scenario().Units[t].Type == rules.Tank {
		if u == s.Scenario().Tiger {
			return 0
		}
		return f.AT
	}
	return f.AI
}

// attackN is N of R6.8 for firers (a mask) against t, the attack not yet
// made: strength minus terrain, cover, adjacency and Tiger modifiers.
func attackN(s *rules.State, firers uint32, t rules.UnitID) int {
	sc := s.Scenario()
	th := s.Unit(t).Hex
	str, m := 0, sc.Terrain[th].Modifier()
	allAdj, tiger, cover := true, false, false
	for f := firers; f != 0; f &= f - 1 {
		u := rules.UnitID(bits.TrailingZeros32(f))
		str += strength(s, u, t)
		if u == sc.Tiger {
			tiger = true
		}
		if s.Covered(u) {
			cover = true
		}
		if !rules.Adjacent(s.Unit(u).Hex, th) {
			allAdj = false
		}
	}
	if cover {
		m++
	}
	if allAdj && firers != 0 {
		m--
	}
	if tiger && sc.Units[t].Type == rules.Tank {
		m++
	}
	return str - m
}

// progress is how far German unit u still has to go to exit: the moves to
// column 11 plus the exit itself, plus the entry for a unit in reserve.
func progress(s *rules.State, u rules.UnitID) int {
	us := s.Unit(u)
	switch us.Status {
	case rules.OnMap:
		return us.Hex.Col() - rules.FirstCol + 1
	case rules.InReserve:
		return rules.NumCols + 1
	}
	return 0
}

// geometry caches, per scenario, the hexes a unit in each hex can fire at.
type geometry struct {
	reach [2][rules.NumHexes]uint64 // per opt:los
	// seenBy[los][b] is the set of hexes whose units may fire at b.
	seenBy [2][rules.NumHexes]uint64
}

// geometries holds the geometry of each scenario, keyed by its file's
// text: the copies of a position made for the search may carry their own
// copy of a scenario read from a file, with the same content.
var geometries sync.Map // string or *rules.Scenario -> *geometry

func geometryOf(sc *rules.Scenario) *geometry {
	var key any = sc
	if len(sc.Source) > 0 {
		key = string(sc.Source)
	}
	if g, ok := geometries.Load(key); ok {
		return g.(*geometry)
	}
	g := &geometry{}
	for los := uint8(0); los < 2; los++ {
		for a := rules.Hex(0); a < rules.NumHexes; a++ {
			for b := rules.Hex(0); b < rules.NumHexes; b++ {
				if sc.InRange(a, b, los) {
					g.reach[los][a] |= 1 << b
					g.seenBy[los][b] |= 1 << a
				}
			}
		}
	}
	actual, _ := geometries.LoadOrStore(key, g)
	return actual.(*geometry)
}
