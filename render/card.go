package render

import (
	"image/color"
	"math"
	"strconv"

	"github.com/mortain/mortain/rules"
)

// cardInk is a card's colour (R1.4): red for hearts and diamonds, black
// otherwise. The suit's shape tells the two apart as well.
func cardInk(c rules.Card) color.RGBA {
	if c.IsRed() {
		return colCardRed
	}
	return colInk
}

// rankText is a card's rank as printed: A, 2..10, J, Q, K.
func rankText(c rules.Card) string {
	switch r := c.Rank(); r {
	case 1:
		return "A"
	case 11:
		return "J"
	case 12:
		return "Q"
	case 13:
		return "K"
	default:
		return strconv.Itoa(r)
	}
}

// suit draws the suit symbol of c centred at x, y, of height h.
func (p *painter) suit(c rules.Card, x, y, h float64) {
	col := cardInk(c)
	r := h / 2
	switch c.Suit() {
	case rules.Diamonds:
		p.polygon([][2]float64{{x, y - r}, {x + 0.72*r, y}, {x, y + r}, {x - 0.72*r, y}})
		p.fill(col)
	case rules.Hearts:
		p.heart(x, y, r, false)
		p.fill(col)
	case rules.Spades:
		p.heart(x, y-0.1*r, r*0.9, true)
		p.fill(col)
		p.polygon([][2]float64{{x, y + 0.2*r}, {x + 0.32*r, y + r}, {x - 0.32*r, y + r}})
		p.fill(col)
	case rules.Clubs:
		cr := 0.34 * r
		p.dc.DrawCircle(x, y-0.45*r, cr)
		p.dc.DrawCircle(x-0.42*r, y+0.12*r, cr)
		p.dc.DrawCircle(x+0.42*r, y+0.12*r, cr)
		p.fill(col)
		p.polygon([][2]float64{{x, y - 0.1*r}, {x + 0.3*r, y + r}, {x - 0.3*r, y + r}})
		p.fill(col)
	}
}

// heart adds a heart shape (upside down for a spade) of half-height r.
func (p *painter) heart(x, y, r float64, flip bool) {
	s := 1.0
	if flip {
		s = -1
	}
	p.dc.NewSubPath()
	for i := 0; i <= 48; i++ {
		t := float64(i) / 48 * 2 * math.Pi
		// The classic heart curve, scaled to fit a box of height 2r.
		hx := 16 * math.Pow(math.Sin(t), 3)
		hy := 13*math.Cos(t) - 5*math.Cos(2*t) - 2*math.Cos(3*t) - math.Cos(4*t)
		px, py := x+hx/17*r, y-s*(hy+2.5)/14.5*r
		if i == 0 {
			p.dc.MoveTo(px, py)
		} else {
			p.dc.LineTo(px, py)
		}
	}
	p.dc.ClosePath()
}

// bigCard draws the card just drawn as a playing card in r: rank in the
// corners and a large suit; the Joker as a star and JOKER; no card as a
// card back.
func (p *painter) bigCard(c rules.Card, r rect) {
	k := p.l.K
	p.dc.DrawRoundedRectangle(r.X+2*k, r.Y+3*k, r.W, r.H, 6*k)
	p.fill(colShadow)
	switch {
	case c == rules.Joker:
		p.roundRect(r, 6*k, colCardBack, colInk, 1.5*k)
		p.star(r.cx(), r.cy()-4*k, r.W*0.32, colTiger)
		p.text(p.fitText(bold, "JOKER", 13*k, r.W-8*k), "JOKER", r.cx(), r.Y+r.H-12*k, 0.5, 0.5, colInk)
	case c > rules.Joker:
		p.roundRect(r, 6*k, colMove, colWhite, 1.5*k)
		p.dc.DrawRoundedRectangle(r.X+6*k, r.Y+6*k, r.W-12*k, r.H-12*k, 4*k)
		p.stroke(colWhite, 1.2*k)
	default:
		p.roundRect(r, 6*k, colCardBack, colInk, 1.5*k)
		f := p.face(bold, 17*k)
		ink := cardInk(c)
		p.text(f, rankText(c), r.X+5*k, r.Y+13*k, 0, 0.5, ink)
		p.suit(c, r.X+5*k+p.width(f, rankText(c))/2, r.Y+29*k, 10*k)
		p.suit(c, r.cx()+5*k, r.cy()+12*k, r.H*0.36)
	}
}

// miniCard draws c as a small card token of height h with its left edge at
// x and its centre at y; it returns the token's width.
func (p *painter) miniCard(c rules.Card, x, y, h float64) float64 {
	k := p.l.K
	f := p.face(bold, h*0.62)
	label := rankText(c)
	if c == rules.Joker {
		label = "JOKER"
	}
	w := p.width(f, label) + 6*k
	if c != rules.Joker {
		w += h * 0.55
	}
	p.roundRect(rect{x, y - h/2, w, h}, 3*k, colCardBack, colInk, 0.9*k)
	ink := cardInk(c)
	p.text(f, label, x+3*k, y, 0, 0.5, ink)
	if c != rules.Joker {
		p.suit(c, x+3*k+p.width(f, label)+h*0.3, y, h*0.5)
	}
	return w
}

// star fills a five-pointed star.
func (p *painter) star(x, y, r float64, c color.RGBA) {
	var pts [][2]float64
	for i := 0; i < 10; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts = append(pts, [2]float64{x + rr*math.Cos(a), y + rr*math.Sin(a)})
	}
	p.polygon(pts)
	p.dc.SetColor(c)
	p.dc.FillPreserve()
	p.stroke(colInk, max(1, r*0.06))
}

func hypot(x, y float64) float64 { return math.Hypot(x, y) }
