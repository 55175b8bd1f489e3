package render

import (
	"image/color"
	"math"
)

// kind names what a layout box holds.
type kind uint8

const (
	kCounter kind = iota // a counter with its marks and shadow
	kUnitID              // the id printed on a counter
	kFactors             // the factors printed on a counter
	kHexNum              // a hex number
	kLabel               // a place label or road destination
	kArrow               // one visible piece of a move or fire arrow
	kResult              // an attack's result box
	kStatus              // a line of the status panel
)

var kindNames = [...]string{"counter", "unit id", "factors", "hex number", "label", "arrow", "result box", "status"}

func (k kind) String() string { return kindNames[k] }

// item is a layout box: what the renderer drew where. Arrows are thick
// segments; everything else a rectangle. Text records its size in pixels.
type item struct {
	kind  kind
	r     rect
	seg   [4]float64 // an arrow piece: x1, y1, x2, y2
	width float64    // an arrow piece's width, halo included
	owner int        // a counter and its texts share an owner (0: none)
	px    float64    // text: the font size drawn, in pixels
	text  string
	// style and ink are a text's font and colour, for tests that find its
	// glyphs in the picture: r is then the text's box (advance width by
	// cap height) and text what was drawn, after any "card " prefix.
	style fontStyle
	ink   color.RGBA
	// role says what a status line tells, in any language: roleTurn,
	// roleRound, roleLast, or "".
	role string
}

// The roles of the status lines a player must read.
const (
	roleTurn  = "turn"
	roleRound = "round"
	roleLast  = "last"
)

// record adds an item to the painter's scene.
func (p *painter) record(it item) {
	if it.kind == kArrow {
		x1, y1, x2, y2 := it.seg[0], it.seg[1], it.seg[2], it.seg[3]
		h := it.width / 2
		it.r = rect{min(x1, x2) - h, min(y1, y2) - h, math.Abs(x2-x1) + 2*h, math.Abs(y2-y1) + 2*h}
	}
	p.items = append(p.items, it)
}

// textBox is the box of s drawn with face f at x, y anchored as p.text
// does: its advance width and its cap height.
func (p *painter) textBox(f fontFace, s string, x, y, ax, ay float64) rect {
	w := p.width(f, s)
	capH := capHeight(f)
	return rect{x - ax*w, y - ay*capH, w, capH}
}

// inflate grows r by d on every side.
func (r rect) inflate(d float64) rect { return rect{r.X - d, r.Y - d, r.W + 2*d, r.H + 2*d} }

// meets tells whether two rectangles share more than a hairline (tol
// pixels of slack).
func (r rect) meets(o rect, tol float64) bool {
	return r.X+tol < o.X+o.W && o.X+tol < r.X+r.W && r.Y+tol < o.Y+o.H && o.Y+tol < r.Y+r.H
}

// segRectGap is the distance between segment (x1,y1)-(x2,y2) and
// rectangle r (0 when they cross).
func segRectGap(x1, y1, x2, y2 float64, r rect) float64 {
	// Inside or crossing: clip the segment to r.
	if _, _, ok := clipSeg(x1, y1, x2, y2, r); ok {
		return 0
	}
	d := math.Inf(1)
	corners := [4][2]float64{{r.X, r.Y}, {r.X + r.W, r.Y}, {r.X + r.W, r.Y + r.H}, {r.X, r.Y + r.H}}
	for i, c := range corners {
		d = min(d, pointSegDist(c[0], c[1], x1, y1, x2, y2))
		n := corners[(i+1)%4]
		d = min(d, pointSegDist(x1, y1, c[0], c[1], n[0], n[1]), pointSegDist(x2, y2, c[0], c[1], n[0], n[1]))
	}
	return d
}

func pointSegDist(px, py, x1, y1, x2, y2 float64) float64 {
	dx, dy := x2-x1, y2-y1
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = min(1, max(0, ((px-x1)*dx+(py-y1)*dy)/l2))
	}
	return math.Hypot(px-x1-t*dx, py-y1-t*dy)
}

// segSegGap is the distance between two segments.
func segSegGap(a, b [4]float64) float64 {
	if segsCross(a, b) {
		return 0
	}
	return min(pointSegDist(a[0], a[1], b[0], b[1], b[2], b[3]), pointSegDist(a[2], a[3], b[0], b[1], b[2], b[3]),
		pointSegDist(b[0], b[1], a[0], a[1], a[2], a[3]), pointSegDist(b[2], b[3], a[0], a[1], a[2], a[3]))
}

func segsCross(a, b [4]float64) bool {
	o := func(ax, ay, bx, by, cx, cy float64) float64 { return (bx-ax)*(cy-ay) - (by-ay)*(cx-ax) }
	d1 := o(b[0], b[1], b[2], b[3], a[0], a[1])
	d2 := o(b[0], b[1], b[2], b[3], a[2], a[3])
	d3 := o(a[0], a[1], a[2], a[3], b[0], b[1])
	d4 := o(a[0], a[1], a[2], a[3], b[2], b[3])
	return d1*d2 < 0 && d3*d4 < 0
}

// clipSeg returns the parameters t0 < t1 in [0,1] of the part of the
// segment inside r (Liang-Barsky); ok is false when it misses r.
func clipSeg(x1, y1, x2, y2 float64, r rect) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	dx, dy := x2-x1, y2-y1
	for _, c := range [4][2]float64{{-dx, x1 - r.X}, {dx, r.X + r.W - x1}, {-dy, y1 - r.Y}, {dy, r.Y + r.H - y1}} {
		pp, q := c[0], c[1]
		if pp == 0 {
			if q < 0 {
				return 0, 0, false
			}
			continue
		}
		t := q / pp
		if pp < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 > t1 {
			return 0, 0, false
		}
	}
	return t0, t1, true
}

// clash tells whether two items cover one another. A counter's own id and
// factors lie on it by design.
func clash(a, b item) bool {
	if a.owner != 0 && a.owner == b.owner {
		return false
	}
	const tol = 0.5
	switch {
	case a.kind == kArrow && b.kind == kArrow:
		return segSegGap(a.seg, b.seg) < (a.width+b.width)/2-tol
	case a.kind == kArrow:
		return segRectGap(a.seg[0], a.seg[1], a.seg[2], a.seg[3], b.r) < a.width/2-tol
	case b.kind == kArrow:
		return clash(b, a)
	}
	return a.r.meets(b.r, tol)
}

// blocked tells whether r would cover any item already in the scene (or
// leave the area allowed).
func (p *painter) blocked(r rect, area rect) bool {
	if r.X < area.X || r.Y < area.Y || r.X+r.W > area.X+area.W || r.Y+r.H > area.Y+area.H {
		return true
	}
	probe := item{kind: kResult, r: r}
	for _, it := range p.items {
		if it.kind == kUnitID || it.kind == kFactors || it.kind == kStatus {
			continue // inside their counters, or outside the map
		}
		if clash(probe, it) {
			return true
		}
	}
	return false
}

func abs(x float64) float64 { return max(x, -x) }
