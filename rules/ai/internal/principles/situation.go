package principles

import (
	"math/bits"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
)

// situation is what an expert sees of a position, worked out once a
// decision: who can fire where, and the chance to hit of each N.
type situation struct {
	s    *rules.State
	sc   *rules.Scenario
	los  uint8
	side rules.Side // the side to act
	// f[k] is the fire of side k.
	f [3]field
	// hit[n] is the chance an attack of N = n hits (R6.8), from the
	// undrawn cards; hit[maxN] stands for every N above.
	hit [maxN + 1]float64
	// race0 is the German's race to five exits (race), once worked out
	// (negative before); raceW[u] is raceWorth(u), once raceDone has u.
	race0    float64
	usRace0  float64 // race of the German units on the map, once worked out
	raceW    [rules.MaxUnits]float64
	raceDone uint32
	// next[k] is side k's fire a round ahead: from each unit's hex or a
	// hex one move away (from its entry column for a unit in reserve that
	// may enter, R5.3), once nextDone[k].
	next     [3]field
	nextDone [3]bool
	// reach[h] holds a bit for each hex a unit in h can fire at, and h.
	reach [rules.NumHexes]uint64
}

// maxN is the N from which every number card hits (R6.8).
const maxN = 10

// massed is the number of units a side can mass on one target in a
// round, as a rule (a card gives three points on average, R4.3).
const massed = 3

// field is the fire of one side's units.
type field struct {
	// lanes[h] counts the units that can fire at h (range and line of
	// sight, R6.2, R6.3); fire[h] sums the largest massed of their
	// factors against tanks [0] and against infantry and guns [1], top
	// holds those factors, largest first.
	lanes [rules.NumHexes]int
	fire  [rules.NumHexes][2]int
	top   [rules.NumHexes][2][massed]int
	// at holds a bit for each hex with a unit of the side.
	at uint64
}

// add adds a unit with factors f that can fire at the hexes of reach.
func (fl *field) add(reach uint64, f rules.Factors) {
	for r := reach; r != 0; r &= r - 1 {
		b := bits.TrailingZeros64(r)
		fl.lanes[b]++
		for k, v := range [2]int{max(f.AT, 0), f.AI} {
			t := &fl.top[b][k]
			for i := range t {
				if v > t[i] {
					t[i], v = v, t[i]
				}
			}
			fl.fire[b][k] = t[0] + t[1] + t[2]
		}
	}
}

func newSituation(s *rules.State) *situation {
	x := &situation{s: s, sc: s.Scenario(), los: s.Options().LOS, side: s.ToAct(), race0: -1, usRace0: -1}
	for n := range x.hit {
		x.hit[n] = s.HitChance(n)
	}
	for h := rules.Hex(0); h < rules.NumHexes; h++ {
		for b := rules.Hex(0); b < rules.NumHexes; b++ {
			if b == h || x.sc.InRange(h, b, x.los) {
				x.reach[h] |= 1 << b
			}
		}
	}
	x.f[rules.US] = x.sideField(rules.US, rules.NoUnit, rules.NoHex, rules.Factors{})
	x.f[rules.German] = x.sideField(rules.German, rules.NoUnit, rules.NoHex, rules.Factors{})
	return x
}

// sideField is the fire of side's units on the map, with unit moved
// (NoUnit: none) standing in to with factors fac instead (NoHex: taken
// off the map).
func (x *situation) sideField(side rules.Side, moved rules.UnitID, to rules.Hex, fac rules.Factors) field {
	var fl field
	for m := x.sc.SideUnits(side); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		us := x.s.Unit(u)
		h, f := us.Hex, x.s.Factors(u)
		if u == moved {
			h, f = to, fac
		} else if us.Status != rules.OnMap {
			continue
		}
		if h == rules.NoHex {
			continue
		}
		fl.add(x.reach[h], f)
		fl.at |= 1 << h
	}
	return fl
}

// nextFire is side's fire a round ahead (situation.next).
func (x *situation) nextFire(side rules.Side) *field {
	if x.nextDone[side] {
		return &x.next[side]
	}
	x.nextDone[side] = true
	s, sc := x.s, x.sc
	enemyAt := x.f[side.Enemy()].at
	for m := sc.SideUnits(side); m != 0; m &= m - 1 {
		u := rules.UnitID(bits.TrailingZeros32(m))
		us := s.Unit(u)
		var from uint64
		switch {
		case us.Status == rules.OnMap:
			from = 1 << us.Hex
			for _, n := range us.Hex.Neighbours() {
				if n != rules.NoHex {
					from |= 1 << n
				}
			}
		case us.Status == rules.InReserve && s.Turn() >= sc.Units[u].EnterTurn:
			col := rules.LastCol
			if side == rules.US {
				col = rules.FirstCol
			}
			for row := 1; row <= rules.NumRows; row++ {
				from |= 1 << rules.HexAt(col, row)
			}
		default:
			continue
		}
		from &^= enemyAt
		var reach uint64
		for f := from; f != 0; f &= f - 1 {
			reach |= x.reach[bits.TrailingZeros64(f)]
		}
		x.next[side].add(reach, s.Factors(u))
	}
	return &x.next[side]
}

// pHit is the chance an attack of N = n hits.
func (x *situation) pHit(n int) float64 { return x.hit[max(0, min(n, maxN))] }

// kind is 0 for a tank (hit with AT factors) and 1 for infantry and guns
// (AI factors), R6.4.
func (x *situation) kind(u rules.UnitID) int {
	if x.sc.Units[u].Type == rules.Tank {
		return 0
	}
	return 1
}

// exposed reports whether a unit of side in h stands in the open within
// the fire of two or more enemy units: the fire lanes a wargamer keeps
// out of.
func (x *situation) exposed(side rules.Side, h rules.Hex) bool {
	return x.sc.Terrain[h] == rules.Open && x.f[side.Enemy()].lanes[h] >= 2
}

// worth is what hitting unit u is worth to its enemy, in full units: its
// factors, twice as much flipped (a hit eliminates it, R6.9); a German
// more the nearer it stands to the west edge (R5.5), a US unit more by
// the German units it can fire at.
func (x *situation) worth(u rules.UnitID) float64 {
	v := x.worthAt(u, x.s.Unit(u).Hex)
	if x.sc.Units[u].Side == rules.US {
		v += x.raceWorth(u)
	}
	return v
}

// raceWorth is what a hit on US unit u is worth to the German's race to
// five exits (R8.1): the moves it takes off the German's roads, flipped
// (R6.9: its factors drop) or eliminated.
func (x *situation) raceWorth(u rules.UnitID) float64 {
	if x.raceDone&(1<<u) != 0 {
		return x.raceW[u]
	}
	x.raceDone |= 1 << u
	us := x.s.Unit(u)
	if us.Status != rules.OnMap || x.germanExitsLost() {
		return 0
	}
	if x.race0 < 0 {
		x.race0 = x.race(&x.f[rules.US], true)
	}
	to := us.Hex
	if us.Flipped {
		to = rules.NoHex
	}
	f := x.sideField(rules.US, u, to, x.sc.Units[u].Flipped)
	x.raceW[u] = geRace * max(0, x.race0-x.race(&f, true))
	return x.raceW[u]
}

// worthAt is worth with unit u in h.
func (x *situation) worthAt(u rules.UnitID, h rules.Hex) float64 {
	us := x.s.Unit(u)
	f := x.s.Factors(u)
	v := 1 + float64(max(f.AT, 0)+f.AI)/8
	if us.Flipped {
		v *= 1.8
	}
	if x.sc.Units[u].Side == rules.German {
		v *= 1 + float64(rules.LastCol-h.Col())/8
		if x.germanExitsLost() {
			v *= 0.7
		}
	} else {
		v *= 1 + 0.15*float64(x.targetsFrom(u, h))
	}
	return v
}

// targetsFrom counts the enemy units on the map unit u could fire at
// from h.
func (x *situation) targetsFrom(u rules.UnitID, h rules.Hex) int {
	n := 0
	for m := x.sc.SideUnits(x.sc.Units[u].Side.Enemy()); m != 0; m &= m - 1 {
		if es := x.s.Unit(rules.UnitID(bits.TrailingZeros32(m))); es.Status == rules.OnMap && x.sc.InRange(h, es.Hex, x.los) {
			n++
		}
	}
	return n
}

// germanExitsLost reports whether too few German units are left in the
// game for five exits (R8.1).
func (x *situation) germanExitsLost() bool { return hooks.ExitsLost(x.s) }

// attack is a planned attack: its target, firers, the first to fire,
// the chance to hit and its score (the chance times the target's worth,
// less the activations spent).
type attack struct {
	target rules.UnitID
	firers uint32
	first  rules.UnitID
	p      float64
	score  float64
}

// bestAttack plans the best attack the legal Fire actions open (none
// pending): for each target, the firers that can join it (in a face
// round, those of one hex, R4.3), added strongest first while the points
// last, and the number of them that scores best. cost is what an
// activation is worth when not spent on fire.
func (x *situation) bestAttack(legal []rules.Action, cost float64) (attack, bool) {
	best, found := attack{}, false
	for t := x.sc.SideUnits(x.side.Enemy()); t != 0; t &= t - 1 {
		target := rules.UnitID(bits.TrailingZeros32(t))
		var cands []rules.UnitID
		for _, a := range legal {
			if a.Kind == rules.ActFire && a.Target == target {
				cands = append(cands, a.Unit)
			}
		}
		if len(cands) == 0 {
			continue
		}
		groups := [][]rules.UnitID{cands}
		if x.s.FaceRound() {
			groups = byHex(x.s, cands)
		}
		for _, g := range groups {
			if at := x.planAttack(target, g, cost); !found || at.score > best.score {
				best, found = at, true
			}
		}
	}
	return best, found
}

// byHex splits units by the hex they stand in.
func byHex(s *rules.State, units []rules.UnitID) [][]rules.UnitID {
	var out [][]rules.UnitID
	at := map[rules.Hex]int{}
	for _, u := range units {
		h := s.Unit(u).Hex
		i, ok := at[h]
		if !ok {
			i = len(out)
			at[h] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], u)
	}
	return out
}

// planAttack chooses, of the firers cands (all able to fire at target),
// the strongest ones the points allow, as many as score best.
func (x *situation) planAttack(target rules.UnitID, cands []rules.UnitID, cost float64) attack {
	s := x.s
	tiger := x.sc.Tiger
	// Strongest first; the Tiger last, free when a unit of its hex fires
	// (R4.6).
	order := append([]rules.UnitID(nil), cands...)
	strength := func(u rules.UnitID) int {
		if u == tiger {
			return -100
		}
		f := s.Factors(u)
		if x.kind(target) == 0 {
			return f.AT
		}
		return f.AI
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && strength(order[j]) > strength(order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	slots := s.PointsLeft()
	if s.FaceRound() {
		slots = len(order)
	}
	worth := x.worth(target)
	best := attack{target: target, first: order[0], score: -1e9}
	var mask uint32
	paid := 0
	for _, u := range order {
		free := u == tiger && !s.FaceRound() && x.partnerIn(mask, s.Unit(u).Hex)
		if !free && !s.FaceRound() {
			if paid >= slots {
				continue
			}
			paid++
		}
		mask |= 1 << u
		p := x.pHit(hooks.AttackN(s, mask, target))
		k := float64(bits.OnesCount32(mask))
		if free {
			k--
		}
		if sc := p*worth - cost*k; sc > best.score {
			best.firers, best.p, best.score = mask, p, sc
		}
	}
	return best
}

// partnerIn reports whether one of the units of mask stands in h: the
// Tiger there fires free with it (R4.6).
func (x *situation) partnerIn(mask uint32, h rules.Hex) bool {
	for m := mask; m != 0; m &= m - 1 {
		if x.s.Unit(rules.UnitID(bits.TrailingZeros32(m))).Hex == h {
			return true
		}
	}
	return false
}

// joinScores scores the actions of a round with an attack pending (R6.6):
// a firer joins when the chance it adds, times the target's worth, beats
// what its activation is worth; otherwise the attack is resolved.
func (x *situation) joinScores(legal []rules.Action, cost float64) []float64 {
	s := x.s
	t, firers, _ := s.PendingAttack()
	var mask uint32
	for _, f := range firers {
		mask |= 1 << f
	}
	before := x.pHit(hooks.AttackN(s, mask, t))
	worth := x.worth(t)
	out := make([]float64, len(legal))
	for i, a := range legal {
		switch a.Kind {
		case rules.ActFire:
			c := cost
			if a.Unit == x.sc.Tiger && !s.FaceRound() && x.partnerIn(mask, s.Unit(a.Unit).Hex) {
				c = 0 // R4.6: it fires free with its stack
			}
			out[i] = (x.pHit(hooks.AttackN(s, mask|1<<a.Unit, t))-before)*worth - c
		case rules.ActResolve:
			out[i] = 0.001
		default:
			out[i] = -1
		}
	}
	return out
}
