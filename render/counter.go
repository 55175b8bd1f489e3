package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/mortain/mortain/rules"
)

// counterLook is what a counter shows.
type counterLook struct {
	def       *rules.UnitDef
	factors   rules.Factors
	flipped   bool
	activated bool // this round (R4.4)
	targeted  bool // this round (R6.7)
	covered   bool // under Air cover (R7.5)
	onMap     bool // in a hex: room is kept for the marks
}

func lookOf(s *rules.State, u rules.UnitID) counterLook {
	return counterLook{
		def:       s.Scenario().Unit(u),
		factors:   s.Factors(u),
		flipped:   s.Unit(u).Flipped,
		activated: s.Activated(u),
		targeted:  s.Targeted(u),
		covered:   s.Covered(u),
		onMap:     s.Unit(u).Status == rules.OnMap,
	}
}

// counterColours gives body, edge and text colours by colour group (R1.3):
// US light green with dark text; German black or dark green with white
// text. A flipped counter has a lighter face.
func counterColours(d *rules.UnitDef, flipped bool) (body, edge, ink color.RGBA) {
	switch {
	case d.Side == rules.US && flipped:
		return colUSFlip, colUSEdge, colInk
	case d.Side == rules.US:
		return colUS, colUSEdge, colInk
	case d.Color == "dark-green" && flipped:
		return colDarkFlip, colInk, colWhite
	case d.Color == "dark-green":
		return colDark, colInk, colWhite
	case flipped:
		return colBlackFlip, colInk, colWhite
	}
	return colBlack, colInk, colWhite
}

// counter draws a unit counter of side S centred at cx, cy, from the
// layer's sprite cache, then its marks.
func (p *painter) counter(c counterLook, cx, cy, S float64) {
	sp := p.layer.sprite(p.fonts, c.def, c.flipped, c.factors, S)
	x0 := int(math.Round(cx - S/2 - spritePad*S))
	y0 := int(math.Round(cy - S/2 - spritePad*S))
	b := sp.Bounds()
	draw.Draw(p.img, b.Add(image.Pt(x0, y0)), sp, b.Min, draw.Over)
	p.marks(c, cx, cy, S)
	p.owners++
	o := p.owners
	box := rect{cx - S/2, cy - S/2, S, S}
	if c.onMap {
		box = counterBox(cx, cy, S, p.l.K)
	}
	p.record(item{kind: kCounter, r: box, owner: o, text: c.def.ID})
	idF, idPx, facF, facPx := p.counterFaces(c, S)
	p.record(item{kind: kUnitID, r: p.textBox(idF, c.def.ID, cx, cy+idY*S, 0.5, 0.5), owner: o, px: idPx, text: c.def.ID})
	fs := c.factors.String()
	p.record(item{kind: kFactors, r: p.textBox(facF, fs, cx, cy+factorsY*S, 0.5, 0.5), owner: o, px: facPx, text: fs})
}

// Where a counter's id and factors are centred, in sides from its centre.
const (
	idY      = -0.335
	factorsY = 0.33
)

// counterBox is the room a counter of side S takes with its shadow and
// the marks on its corners.
func counterBox(cx, cy, S, k float64) rect {
	mr := max(4*k, 0.12*S)
	return rect{cx - S/2, cy - S/2, S, S}.inflate(max(mr-0.04*S, 0.06*S))
}

// counterFaces are the faces of a counter's id and factors, and their
// sizes in pixels.
func (p *painter) counterFaces(c counterLook, S float64) (id fontFace, idPx float64, fac fontFace, facPx float64) {
	idPx = fitSize(p, bold, c.def.ID, 0.28*S, 0.9*S)
	fs := c.factors.String()
	facPx = fitSize(p, bold, fs, 0.3*S, 0.92*S)
	return p.face(bold, idPx), idPx, p.face(bold, facPx), facPx
}

// fitSize is the size fitText would choose, as the face is made (in half
// pixels).
func fitSize(p *painter, style fontStyle, s string, size, w float64) float64 {
	f := p.face(style, size)
	if tw := p.width(f, s); tw > w && tw > 0 {
		size = size * w / tw
	}
	return float64(int(size*2+0.5)) / 2
}

// spritePad is the room around a counter in its sprite, for the outline
// and the shadow, as a fraction of the counter's side.
const spritePad = 0.1

// sprite returns the cached picture of a counter, drawing it on first use.
func (ly *layer) sprite(f fonts, d *rules.UnitDef, flipped bool, fa rules.Factors, S float64) *image.RGBA {
	key := spriteKey{d, flipped, fa, int(S*4 + 0.5)}
	ly.mu.Lock()
	sp, ok := ly.sprites[key]
	ly.mu.Unlock()
	if ok {
		return sp
	}
	n := int(math.Ceil(S * (1 + 2*spritePad)))
	sp = image.NewRGBA(image.Rect(0, 0, n, n))
	p := &painter{fonts: f, l: ly.l, img: sp, dc: gg.NewContextForRGBA(sp), faces: map[faceKey]font.Face{}}
	c := S * (0.5 + spritePad)
	p.counterFace(counterLook{def: d, flipped: flipped, factors: fa}, c, c, S)
	ly.mu.Lock()
	defer ly.mu.Unlock()
	if old, ok := ly.sprites[key]; ok {
		return old
	}
	ly.sprites[key] = sp
	return sp
}

// spriteKey names a counter picture: the unit, its side up and its factors
// (fixed by the two, kept for safety), and its size in quarter pixels.
type spriteKey struct {
	def     *rules.UnitDef
	flipped bool
	factors rules.Factors
	size4   int
}

// counterFace draws a unit counter of side S centred at cx, cy: the unit
// id on top, the NATO type symbol, the current AT-AI factors; a flipped
// counter has a lighter face and an amber stripe behind its id.
func (p *painter) counterFace(c counterLook, cx, cy, S float64) {
	body, edge, ink := counterColours(c.def, c.flipped)
	x0, y0 := cx-S/2, cy-S/2
	rad := 0.1 * S
	p.dc.DrawRoundedRectangle(x0+0.05*S, y0+0.06*S, S, S, rad)
	p.fill(colShadow)
	p.roundRect(rect{x0, y0, S, S}, rad, body, edge, max(1, 0.035*S))
	idInk := ink
	if c.flipped {
		bandH := 0.3 * S
		inset := max(1, 0.035*S) / 2
		p.dc.DrawRoundedRectangle(x0+inset, y0+inset, S-2*inset, bandH, rad-inset)
		p.fill(colReduced)
		p.fillRect(rect{x0 + inset, y0 + bandH/2, S - 2*inset, bandH / 2}, colReduced)
		p.line(x0+inset, y0+inset+bandH, x0+S-inset, y0+inset+bandH, edge, max(0.8, 0.02*S))
		idInk = colInk
	}
	f, _, ff, _ := p.counterFaces(c, S)
	p.text(f, c.def.ID, cx, cy+idY*S, 0.5, 0.5, idInk)

	// NATO symbol: a frame with an oval (armour), a cross (infantry) or an
	// inverted V (anti-tank gun).
	sw, sh := 0.54*S, 0.27*S
	sx, sy := cx-sw/2, cy+0.01*S-sh/2
	lw := max(1, 0.04*S)
	symInk := ink
	if c.def.Tiger {
		p.fillRect(rect{sx, sy, sw, sh}, colTiger)
		symInk = colInk
		for i := 0; i < 3; i++ { // tiger stripes
			x := sx + sw*(0.18+0.32*float64(i))
			p.line(x-0.05*S, sy+lw, x+0.02*S, sy+sh*0.42, colInk, lw)
		}
	}
	p.dc.DrawRectangle(sx, sy, sw, sh)
	p.stroke(symInk, lw)
	switch c.def.Type {
	case rules.Tank:
		p.dc.DrawEllipse(cx, sy+sh/2, sw*0.32, sh*0.27)
		p.stroke(symInk, lw)
	case rules.Infantry:
		p.line(sx, sy, sx+sw, sy+sh, symInk, lw)
		p.line(sx, sy+sh, sx+sw, sy, symInk, lw)
	case rules.Gun:
		p.dc.MoveTo(sx+sw*0.2, sy+sh)
		p.dc.LineTo(cx, sy+sh*0.15)
		p.dc.LineTo(sx+sw*0.8, sy+sh)
		p.stroke(symInk, lw)
	}
	p.text(ff, c.factors.String(), cx, cy+factorsY*S, 0.5, 0.5, ink)
}

// marks draws a counter's subtle marks: activated (a tick, top left),
// targeted (a ring, top right), under Air cover (a plane, bottom right).
func (p *painter) marks(c counterLook, cx, cy, S float64) {
	k := p.l.K
	x0, y0 := cx-S/2, cy-S/2
	mr := max(4*k, 0.12*S)
	if c.activated {
		p.badgeCircle(x0+0.04*S, y0+0.04*S, mr, colWhite, colCheck, max(1, 0.03*S))
		p.dc.MoveTo(x0+0.04*S-mr*0.5, y0+0.04*S)
		p.dc.LineTo(x0+0.04*S-mr*0.1, y0+0.04*S+mr*0.4)
		p.dc.LineTo(x0+0.04*S+mr*0.5, y0+0.04*S-mr*0.4)
		p.stroke(colCheck, max(1.2, 0.035*S))
	}
	if c.targeted {
		tx, ty := x0+S-0.04*S, y0+0.04*S
		p.badgeCircle(tx, ty, mr, colWhite, colFire, max(1, 0.035*S))
		p.dc.DrawCircle(tx, ty, mr*0.3)
		p.fill(colFire)
	}
	if c.covered {
		p.planeBadge(x0+S+0.02*S, y0+S+0.02*S, mr) // clear of the factors (-1-6)
	}
}

// planeBadge marks Air cover: a white aircraft on a blue disc.
func (p *painter) planeBadge(x, y, r float64) {
	p.badgeCircle(x, y, r, colAir, colWhite, max(1, 0.15*r))
	p.plane(x, y, r*0.8, colWhite)
}

// plane draws a small aircraft seen from above, nose up.
func (p *painter) plane(x, y, r float64, c color.RGBA) {
	p.polygon([][2]float64{
		{x, y - r}, {x + 0.15*r, y - 0.55*r}, {x + 0.15*r, y - 0.2*r}, {x + r, y + 0.2*r}, {x + r, y + 0.38*r},
		{x + 0.15*r, y + 0.15*r}, {x + 0.12*r, y + 0.6*r}, {x + 0.42*r, y + 0.82*r}, {x + 0.42*r, y + 0.95*r},
		{x, y + 0.85*r}, {x - 0.42*r, y + 0.95*r}, {x - 0.42*r, y + 0.82*r}, {x - 0.12*r, y + 0.6*r},
		{x - 0.15*r, y + 0.15*r}, {x - r, y + 0.38*r}, {x - r, y + 0.2*r}, {x - 0.15*r, y - 0.2*r}, {x - 0.15*r, y - 0.55*r},
	})
	p.fill(c)
}
