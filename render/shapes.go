package render

import (
	"github.com/mortain/mortain/rules"
	"image/color"
)

// Small drawing helpers over the painter's gg context. Each sets every
// style it uses, so no state leaks from one call to the next.

func (p *painter) fillRect(r rect, c color.RGBA) {
	p.dc.DrawRectangle(r.X, r.Y, r.W, r.H)
	p.dc.SetColor(c)
	p.dc.Fill()
}

// roundRect fills r with rounded corners and, when lw > 0, strokes it.
func (p *painter) roundRect(r rect, radius float64, fill, stroke color.RGBA, lw float64) {
	p.dc.DrawRoundedRectangle(r.X, r.Y, r.W, r.H, radius)
	p.dc.SetColor(fill)
	if lw <= 0 {
		p.dc.Fill()
		return
	}
	p.dc.FillPreserve()
	p.dc.SetColor(stroke)
	p.dc.SetLineWidth(lw)
	p.dc.SetDash()
	p.dc.Stroke()
}

// polygon adds a closed path through pts.
func (p *painter) polygon(pts [][2]float64) {
	p.dc.NewSubPath()
	for i, pt := range pts {
		if i == 0 {
			p.dc.MoveTo(pt[0], pt[1])
		} else {
			p.dc.LineTo(pt[0], pt[1])
		}
	}
	p.dc.ClosePath()
}

func (p *painter) stroke(c color.RGBA, lw float64, dash ...float64) {
	p.dc.SetColor(c)
	p.dc.SetLineWidth(lw)
	p.dc.SetDash(dash...)
	p.dc.SetLineCapRound()
	p.dc.SetLineJoinRound()
	p.dc.Stroke()
	p.dc.SetDash()
}

func (p *painter) fill(c color.RGBA) {
	p.dc.SetColor(c)
	p.dc.Fill()
}

func (p *painter) line(x1, y1, x2, y2 float64, c color.RGBA, lw float64, dash ...float64) {
	p.dc.MoveTo(x1, y1)
	p.dc.LineTo(x2, y2)
	p.stroke(c, lw, dash...)
}

// badgeCircle draws a filled circle with an outline.
func (p *painter) badgeCircle(x, y, r float64, fill, edge color.RGBA, lw float64) {
	p.dc.DrawCircle(x, y, r)
	p.dc.SetColor(fill)
	p.dc.FillPreserve()
	p.stroke(edge, lw)
}

// hexPath adds the outline of hex h, scaled about its centre.
func (p *painter) hexPath(h rules.Hex, scale float64) {
	c := p.l.hexCorners(h, scale)
	p.polygon(c[:])
}
