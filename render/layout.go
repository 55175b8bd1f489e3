package render

import (
	"image"
	"math"

	"github.com/mortain/mortain/rules"
)

// The picture is designed at baseWidth pixels and scaled to the width asked
// for; below minWidth text would be unreadable, above maxWidth the PNG gets
// needlessly big.
const (
	baseWidth    = 1200
	minWidth     = 400
	maxWidth     = 2400
	sqrt3        = 1.7320508075688772
	baseHexR     = 64.0  // hex circumradius
	baseMargin   = 8.0   // between panels
	baseStatusH  = 100.0 // status panel height
	baseSideW    = 134.0 // sideboard width
	baseReserveS = 50.0  // counter side in a reserve box
	baseBoxS     = 38.0  // counter side in the eliminated and exited boxes
)

// Where hex numbers and place labels go in a hex, in hex radii from its
// centre: numbers end numRight left of the centre line, numY above the
// centre; labels are centred labelY below it.
const (
	numRight = 0.14
	numY     = 0.74
	labelY   = 0.64
)

// rect is a rectangle in pixels (floating point).
type rect struct{ X, Y, W, H float64 }

func (r rect) cx() float64 { return r.X + r.W/2 }
func (r rect) cy() float64 { return r.Y + r.H/2 }

// box is a sideboard box: its frame, its title and its counter slots.
type box struct {
	Frame rect
	Title string // the catalog id of the title
	// Note is a footnote under the slots, the catalog id of it with
	// NoteData, or "".
	Note     string
	NoteData map[string]any
	Slots    []rect
}

// slotsFor returns the places of n counters in b: its slots when they are
// enough, else a denser grid of smaller counters over the slots' area
// (during the US set-up every US unit is still in reserve, more than the
// box holds in play).
func (b box) slotsFor(n int) []rect {
	if n <= len(b.Slots) {
		return b.Slots[:n]
	}
	if len(b.Slots) == 0 {
		return nil
	}
	area := b.Slots[0]
	for _, sl := range b.Slots[1:] {
		right, bottom := max(area.X+area.W, sl.X+sl.W), max(area.Y+area.H, sl.Y+sl.H)
		area.X, area.Y = min(area.X, sl.X), min(area.Y, sl.Y)
		area.W, area.H = right-area.X, bottom-area.Y
	}
	cols, cell := 1, 0.0
	for c := 1; c <= n; c++ {
		rows := (n + c - 1) / c
		if sz := min(area.W/float64(c), area.H/float64(rows)); sz > cell {
			cols, cell = c, sz
		}
	}
	side := 0.9 * cell
	out := make([]rect, n)
	for i := range out {
		r, c := i/cols, i%cols
		cx, cy := area.X+(float64(c)+0.5)*cell, area.Y+(float64(r)+0.5)*cell
		out[i] = rect{cx - side/2, cy - side/2, side, side}
	}
	return out
}

// layout places everything for one image width.
type layout struct {
	W, H   int
	K      float64 // scale from the design size
	R      float64 // hex circumradius
	Status rect
	West   rect
	East   rect
	Map    rect // the map panel
	mapX   float64
	mapY   float64 // pixel position of the map's top-left hex corner box
	// Text sizes in pixels: hex numbers, place labels and their plates;
	// labelY is where labels go, in hex radii below the centre.
	numPx, labelPx, plateH, labelY float64
	arrowW                         float64 // an arrow's line width
	// Boxes on the sideboards: US reserve, exited and US eliminated on the
	// west; German reserve and German eliminated on the east.
	USReserve, Exited, USElim, GerReserve, GerElim box

	// Compact is the layout for pictures narrower than compactBelow (a
	// phone's preview): the map spans the width, counters are chips with
	// their ids, the status has three short lines, and under the map each
	// side's units are listed (West for the US, East for the Germans):
	// those in play as chips with their factors, then those lost and
	// exited. C is its scale from previewWidth.
	Compact bool
	C       float64
	// Legend is the compact layout's line under the map: that its place
	// names are left out (they cannot be drawn at a readable size there).
	Legend rect
}

// Pictures narrower than compactBelow use the compact layout, designed at
// previewWidth (Discord's preview on a phone).
const (
	compactBelow = 800
	previewWidth = 550.0
)

// clampWidth turns Options.Width into the width drawn.
func clampWidth(w int) int {
	switch {
	case w <= 0:
		return baseWidth
	case w < minWidth:
		return minWidth
	case w > maxWidth:
		return maxWidth
	}
	return w
}

func newLayout(sc *rules.Scenario, width int) *layout {
	if width < compactBelow {
		return newCompactLayout(width)
	}
	k := float64(width) / baseWidth
	l := &layout{W: width, K: k, R: baseHexR * k, numPx: 10.5 * k, labelPx: 11.5 * k, plateH: 16 * k, labelY: labelY, arrowW: 0.07 * baseHexR * k}
	m := baseMargin * k
	l.Status = rect{m, m, float64(width) - 2*m, baseStatusH * k}
	mapW := 14 * l.R
	mapH := 5.5 * sqrt3 * l.R
	pad := 6 * k
	top := l.Status.Y + l.Status.H + m
	sideW := baseSideW * k
	l.West = rect{m, top, sideW, mapH + 2*pad}
	l.Map = rect{m + sideW + m, top, mapW + 2*pad, mapH + 2*pad}
	l.East = rect{l.Map.X + l.Map.W + m, top, float64(width) - m - (l.Map.X + l.Map.W + m), mapH + 2*pad}
	l.mapX, l.mapY = l.Map.X+pad, l.Map.Y+pad
	l.H = int(math.Ceil(l.Map.Y + l.Map.H + m))

	var usRes, usAll, gerRes, gerAll, usEnter int
	for _, d := range sc.Units {
		if d.Side == rules.US {
			usAll++
			if d.Reserve {
				usRes++
				if usEnter == 0 || d.EnterTurn < usEnter {
					usEnter = d.EnterTurn
				}
			}
		} else {
			gerAll++
			gerRes++
		}
	}
	y := l.West.Y + 4*k
	l.USReserve, y = l.stackBox(l.West, y, "map.box.us-reserve", usRes, baseReserveS, 2)
	if usEnter > 0 {
		l.USReserve.Note, l.USReserve.NoteData = "map.box.us-enter", map[string]any{"Col": rules.FirstCol, "Turn": usEnter}
		l.USReserve.Frame.H += 12 * k
		y += 12 * k
	}
	l.Exited, y = l.stackBox(l.West, y, boxExited, rules.ExitsToWin, baseBoxS, 3)
	l.USElim, _ = l.stackBox(l.West, y, "map.box.us-eliminated", usAll, baseBoxS, 3)
	y = l.East.Y + 4*k
	l.GerReserve, y = l.stackBox(l.East, y, "map.box.german-reserve", gerRes, baseReserveS, 2)
	l.GerElim, _ = l.stackBox(l.East, y, "map.box.german-eliminated", gerAll, baseBoxS, 3)
	return l
}

// boxExited is the title of the box of the German units that exited,
// drawn with the count over the background's box.
const boxExited = "map.box.exited"

// stackBox lays out a titled box of n slots of side s in cols columns at y
// inside panel p; it returns the box and the y below it.
func (l *layout) stackBox(p rect, y float64, title string, n int, s float64, cols int) (box, float64) {
	k := l.K
	s *= k
	titleH := 20 * k
	gap := (p.W - 8*k - float64(cols)*s) / float64(cols+1)
	rows := (n + cols - 1) / cols
	b := box{Title: title}
	b.Frame = rect{p.X + 4*k, y, p.W - 8*k, titleH + float64(rows)*(s+gap) + gap/2}
	for i := 0; i < n; i++ {
		r, c := i/cols, i%cols
		b.Slots = append(b.Slots, rect{b.Frame.X + gap + float64(c)*(s+gap), y + titleH + float64(r)*(s+gap), s, s})
	}
	return b, y + b.Frame.H + 8*k
}

// hexCenter is the pixel centre of hex h (R1.1: flat-topped, even columns
// half a hex lower).
func (l *layout) hexCenter(h rules.Hex) (float64, float64) {
	x, y := h.Center()
	return l.mapX + l.R + x*l.R, l.mapY + sqrt3/2*l.R + y*l.R
}

// hexCorners are the six corners of hex h, clockwise from east.
func (l *layout) hexCorners(h rules.Hex, scale float64) [6][2]float64 {
	cx, cy := l.hexCenter(h)
	var out [6][2]float64
	for i := range out {
		a := float64(i) * math.Pi / 3
		out[i] = [2]float64{cx + scale*l.R*math.Cos(a), cy + scale*l.R*math.Sin(a)}
	}
	return out
}

func (r rect) image() image.Rectangle {
	return image.Rect(int(r.X), int(r.Y), int(math.Ceil(r.X+r.W)), int(math.Ceil(r.Y+r.H)))
}

// legendH is the height of the compact layout's legend line, at
// previewWidth.
const legendH = 15

// compactHexScale shrinks the compact map's hexes from the full width, so
// that the picture with its legend line stays landscape (TestMapSizeWithinBounds).
const compactHexScale = 0.955

// newCompactLayout places the compact picture: status on top, the map
// across the whole width, the lists of units below (labels sit lower in
// the hex than in the full layout, to leave three rows of chips room).
func newCompactLayout(width int) *layout {
	c := float64(width) / previewWidth
	k := float64(width) / baseWidth
	m, pad := 3*c, 2*c
	// The hexes leave room for the legend line in a landscape picture.
	R := (float64(width) - 2*m - 2*pad) / 14 * compactHexScale
	l := &layout{W: width, K: k, R: R, Compact: true, C: c,
		numPx: 8 * c, labelPx: 9 * c, plateH: 10.5 * c, labelY: 0.7, arrowW: 2.6 * c}
	full := float64(width) - 2*m
	l.Status = rect{m, m, full, 60 * c}
	top := l.Status.Y + l.Status.H + m
	mapW := 14*R + 2*pad
	l.Map = rect{(float64(width) - mapW) / 2, top, mapW, 5.5*sqrt3*R + 2*pad}
	l.mapX, l.mapY = l.Map.X+pad, l.Map.Y+pad
	l.Legend = rect{m, l.Map.Y + l.Map.H + m/2, full, legendH * c}
	strip := l.Legend.Y + l.Legend.H + m/2
	half := (full - m) / 2
	listH := (listRows*listRowH + 5) * c
	l.West = rect{m, strip, half, listH}
	l.East = rect{m + half + m, strip, half, listH}
	l.H = int(math.Ceil(l.West.Y + l.West.H + m))
	return l
}
