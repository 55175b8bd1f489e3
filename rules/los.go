// R6.2, R6.3: range and line of sight — geometry worked out once per scenario.

package rules

import "math"

// Line of sight (R6.3) is pure geometry on the scenario's terrain, so it is
// worked out once per scenario: for each hex, the set of hexes it sees, under
// each value of opt:los.

// LOS reports whether a unit in hex a sees hex b under option los (R6.3).
// It is symmetric, and adjacent hexes always see each other.
func (s *Scenario) LOS(a, b Hex, los uint8) bool { return s.sight[los][a]&(1<<b) != 0 }

// InRange reports whether a unit in hex a may fire at hex b: within range
// (R6.2: 2 hexes, 3 from a hill) and line of sight (R6.3).
func (s *Scenario) InRange(a, b Hex, los uint8) bool { return s.fireable[los][a]&(1<<b) != 0 }

// Range is the firing range of a unit in hex h (R6.2).
func (s *Scenario) Range(h Hex) int {
	if s.Terrain[h] == Hill {
		return 3
	}
	return 2
}

// LOSTrace lists what stands between a and b: the hexes the line between
// their centres passes through, and the pairs of hexes along whose common
// side it runs (the "vertex" cases of R6.3). A pair's second hex is NoHex
// when it lies off the map.
func LOSTrace(a, b Hex) (through []Hex, sides [][2]Hex) {
	ax, ay := a.Center()
	bx, by := b.Center()
	for h := Hex(0); h < NumHexes; h++ {
		if h == a || h == b {
			continue
		}
		contact, edge := segmentInHex(ax, ay, bx, by, h)
		switch contact {
		case contactInterior:
			through = append(through, h)
		case contactEdge:
			n := acrossEdge(h, edge)
			if n == NoHex || h < n {
				sides = append(sides, [2]Hex{h, n})
			}
		}
	}
	return through, sides
}

// Blockers lists the hexes whose terrain blocks the line of sight from a
// to b under option los (R6.3), in the order of the trace; none when a
// sees b. A side run along counts both of its hexes (median) or needs both
// to block (lenient).
func (s *Scenario) Blockers(a, b Hex, los uint8) []Hex {
	through, sides := LOSTrace(a, b)
	blocks := func(h Hex) bool { return h != NoHex && s.Terrain[h].BlocksLOS() }
	var out []Hex
	for _, h := range through {
		if blocks(h) {
			out = append(out, h)
		}
	}
	for _, p := range sides {
		switch {
		case los == LOSMedian && blocks(p[0]):
			out = append(out, p[0])
		case los == LOSMedian && blocks(p[1]):
			out = append(out, p[1])
		case los == LOSLenient && blocks(p[0]) && blocks(p[1]):
			out = append(out, p[0], p[1])
		}
	}
	return out
}

// losBlocked applies R6.3 to a trace.
func (s *Scenario) losBlocked(a, b Hex, los uint8) bool { return len(s.Blockers(a, b, los)) > 0 }

func (s *Scenario) computeSight() {
	for los := uint8(0); los < 2; los++ {
		for a := Hex(0); a < NumHexes; a++ {
			for b := Hex(0); b < NumHexes; b++ {
				if a == b || !s.losBlocked(a, b, los) {
					s.sight[los][a] |= 1 << b
				}
			}
		}
		for a := Hex(0); a < NumHexes; a++ {
			r := s.Range(a)
			for b := Hex(0); b < NumHexes; b++ {
				if a != b && Distance(a, b) <= r && s.sight[los][a]&(1<<b) != 0 {
					s.fireable[los][a] |= 1 << b
				}
			}
		}
	}
}

type contact uint8

const (
	contactNone contact = iota
	contactInterior
	contactEdge
)

const geomEps = 1e-9

// hexVertex is vertex i (0..5) of a flat-topped hex of circumradius 1.
func hexVertex(h Hex, i int) (x, y float64) {
	cx, cy := h.Center()
	ang := math.Pi / 3 * float64(i)
	return cx + math.Cos(ang), cy + math.Sin(ang)
}

// segmentInHex clips the segment (x0,y0)-(x1,y1) to hex h (Cyrus-Beck) and
// says whether it crosses the interior, runs along one of its sides (and
// which: the side from vertex edge to vertex edge+1), or merely touches it.
func segmentInHex(x0, y0, x1, y1 float64, h Hex) (contact, int) {
	dx, dy := x1-x0, y1-y0
	tE, tL := 0.0, 1.0
	type edge struct{ nx, ny, vx, vy float64 }
	var edges [6]edge
	cx, cy := h.Center()
	for i := 0; i < 6; i++ {
		vx, vy := hexVertex(h, i)
		wx, wy := hexVertex(h, (i+1)%6)
		mx, my := (vx+wx)/2-cx, (vy+wy)/2-cy
		l := math.Hypot(mx, my)
		e := edge{mx / l, my / l, vx, vy}
		edges[i] = e
		// inside: n·(p - v) <= 0
		num := e.nx*(x0-vx) + e.ny*(y0-vy)
		den := e.nx*dx + e.ny*dy
		if math.Abs(den) < geomEps {
			if num > geomEps {
				return contactNone, 0
			}
			continue
		}
		t := -num / den
		if den < 0 {
			tE = math.Max(tE, t)
		} else {
			tL = math.Min(tL, t)
		}
	}
	if tL-tE < 1e-7 {
		return contactNone, 0
	}
	tm := (tE + tL) / 2
	mx, my := x0+tm*dx, y0+tm*dy
	for i, e := range edges {
		if d := e.nx*(mx-e.vx) + e.ny*(my-e.vy); d > -1e-7 {
			return contactEdge, i
		}
	}
	return contactInterior, 0
}

// acrossEdge is the hex on the other side of side i of h, or NoHex.
func acrossEdge(h Hex, i int) Hex {
	cx, cy := h.Center()
	vx, vy := hexVertex(h, i)
	wx, wy := hexVertex(h, (i+1)%6)
	tx, ty := cx+2*((vx+wx)/2-cx), cy+2*((vy+wy)/2-cy)
	for _, n := range h.Neighbours() {
		if n == NoHex {
			continue
		}
		nx, ny := n.Center()
		if math.Hypot(nx-tx, ny-ty) < 1e-6 {
			return n
		}
	}
	return NoHex
}
