package render

import (
	"cmp"
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/mortain/mortain/rules"
)

// The compact layout's sizes at previewWidth, in pixels: unit ids and
// factors, the status lines, the sideboards' lines, result boxes.
const (
	chipPx   = 10
	chipH    = 12
	turnPx   = 16
	roundPx  = 12.5
	linePx   = 11
	sidePx   = 10.5
	resultPx = 10.5
)

// chipRows are the centres of a compact stack's rows, in hex radii below
// the hex centre: clear of the hex number above and the label below. The
// middle row, where the hex is widest, holds the widest chip; a second
// unit goes below it, a third above.
var chipRows = [][]float64{{-0.04}, {-0.04, 0.297}, {-0.377, -0.04, 0.297}}

// chipStack draws the units of a hex as one-line chips, "ID f-f", one
// row each; in a stack of three the widest goes in the middle row, where
// the hex is widest.
func (p *painter) chipStack(s *rules.State, h rules.Hex, units []rules.UnitID) {
	l, c := p.l, p.l.C
	cx, cy := l.hexCenter(h)
	f := p.face(bold, chipPx*c)
	width := func(u rules.UnitID) float64 {
		return p.width(f, s.Scenario().Unit(u).ID) + p.width(f, s.Factors(u).String()) + chipFixed(s, u, c)
	}
	order := slices.Clone(units)
	slices.SortStableFunc(order, func(a, b rules.UnitID) int { return cmp.Compare(width(b), width(a)) })
	if len(order) == 3 { // widest in the middle, narrowest on top
		order = []rules.UnitID{order[2], order[0], order[1]}
	}
	rows := chipRows[len(order)-1]
	for i, u := range order {
		y := cy + rows[i]*l.R
		far := abs(rows[i]*l.R) + chipH*c/2 // the row's edge farthest from the centre line
		room := 2*(l.R-far/sqrt3) - 2
		p.chip(s, u, h, cx, y, min(width(u), room), chipH*c)
	}
}

// chipFixed is the part of a chip's width that is not text: padding, the
// gap between id and factors, the stripes.
func chipFixed(s *rules.State, u rules.UnitID, c float64) float64 {
	w := 5.5 * c
	if s.Unit(u).Flipped {
		w += 2.5 * c
	}
	if s.Scenario().Unit(u).Tiger {
		w += 2.5 * c
	}
	return w
}

// chip draws one unit of hex as a chip of width w centred at x, y: its side's
// colour, an amber stripe at the left when flipped, an orange one at the
// right for the Tiger, the id and the factors (smaller if w is short).
func (p *painter) chip(s *rules.State, u rules.UnitID, hex rules.Hex, x, y, w, h float64) {
	c := p.l.C
	lk := lookOf(s, u)
	body, edge, ink := counterColours(lk.def, lk.flipped)
	r := rect{x - w/2, y - h/2, w, h}
	edgeCol := edge
	if lk.targeted {
		edgeCol = colFire
	}
	p.roundRect(r, 2.5*c, body, edgeCol, max(1, 1.2*c))
	idX, facX := r.X+1.5*c, r.X+w-1.5*c
	if lk.flipped {
		p.fillRect(rect{r.X + 1, r.Y + 1.5, 2.5 * c, h - 3}, colReduced)
		idX += 2.5 * c
	}
	if lk.def.Tiger {
		p.fillRect(rect{r.X + w - 1 - 2.5*c, r.Y + 1.5, 2.5 * c, h - 3}, colTiger)
		facX -= 2.5 * c
	}
	id, fs := lk.def.ID, lk.factors.String()
	px := chipPx * c
	f := p.face(bold, px)
	if text := p.width(f, id) + p.width(f, fs); text > 0 && text > w-chipFixed(s, u, c) {
		px = float64(int(px*(w-chipFixed(s, u, c))/text*2)) / 2
		f = p.face(bold, px)
	}
	p.text(f, id, idX, y, 0, 0.5, ink)
	p.text(f, fs, facX, y, 1, 0.5, ink)
	p.unitBox[u] = r
	p.hexBoxes[hex] = append(p.hexBoxes[hex], r)
	p.owners++
	o := p.owners
	p.record(item{kind: kCounter, r: r, owner: o, text: id})
	p.record(item{kind: kUnitID, r: p.textBox(f, id, idX, y, 0, 0.5), owner: o, px: px, text: id})
	p.record(item{kind: kFactors, r: p.textBox(f, fs, facX, y, 1, 0.5), owner: o, px: px, text: fs})
}

// compactSideboards writes the units off the map as two lines a side
// under the map.
func (p *painter) compactSideboards(s *rules.State, usRes, usElim, gerRes, gerElim, exited []rules.UnitID) {
	c := p.l.C
	ids := func(us []rules.UnitID) string {
		if len(us) == 0 {
			return "—"
		}
		var out []string
		for _, u := range us {
			out = append(out, s.Scenario().Unit(u).ID)
		}
		return strings.Join(out, " ")
	}
	exit := fmt.Sprintf("exited %d/%d", len(exited), rules.ExitsToWin)
	if len(exited) > 0 {
		exit += ": " + ids(exited)
	}
	for _, side := range []struct {
		panel rect
		lines []string
	}{
		{p.l.West, []string{"US reserve: " + ids(usRes), "US lost: " + ids(usElim)}},
		{p.l.East, []string{"German reserve: " + ids(gerRes), "German lost: " + ids(gerElim) + " · " + exit}},
	} {
		for i, ln := range side.lines {
			x, y := side.panel.X+5*c, side.panel.Y+(9.5+15*float64(i))*c
			p.statusLine(regular, sidePx*c, ln, x, y, side.panel.W-10*c, colInk)
		}
	}
}

// statusLine writes s from x, y (its middle), in the size asked for or
// smaller if it would not fit in w, and records it.
func (p *painter) statusLine(style fontStyle, size float64, s string, x, y, w float64, col color.RGBA) {
	px := fitSize(p, style, s, size, w)
	f := p.face(style, px)
	p.text(f, s, x, y, 0, 0.5, col)
	p.record(item{kind: kStatus, r: p.textBox(f, s, x, y, 0, 0.5), px: px, text: s})
}

// compactStatus fills the compact status panel: the card, the turn and
// Air/OBA, whose round, and the latest activation.
func (p *painter) compactStatus(s *rules.State, ov *overlay) {
	l, c := p.l, p.l.C
	st := l.Status
	card := rect{st.X + 5*c, st.Y + 5*c, 42 * c, st.H - 10*c}
	p.compactCard(s.RoundCard(), card)
	x := card.X + card.W + 8*c
	w := st.X + st.W - x - 5*c
	turn := "Set-up"
	if s.Turn() > 0 {
		turn = fmt.Sprintf("Turn %d/%d", s.Turn(), rules.Turns)
	}
	p.statusLine(bold, turnPx*c, turn, x, st.Y+13*c, w, colInk)
	tw := p.width(p.face(bold, turnPx*c), turn) + 10*c
	air, on := airStatus(s)
	air = strings.Replace(strings.Replace(air, " available: this card allows", ":", 1), "Air/OBA: ", "Air/OBA ", 1)
	if nd := s.Options().NonDefault(); len(nd) > 0 {
		air += " · " + strings.Join(nd, " ")
	}
	airCol := colInkSoft
	if on {
		airCol = colInk
	}
	p.statusLine(regular, linePx*c, air, x+tw, st.Y+14*c, w-tw, airCol)
	round, _ := roundText(s)
	roundCol := colInk
	if s.Over() {
		round = strings.ToUpper(s.Winner().Title()) + " WINS · " + s.WinReason()
		roundCol = colFire
	}
	p.statusLine(bold, roundPx*c, round, x, st.Y+33*c, w, roundCol)
	last := "Last: —"
	if len(ov.summary) > 0 {
		last = "Last: " + strings.Join(ov.summary, "; ")
	}
	p.statusLine(regular, linePx*c, p.clip(regular, linePx*c, last, w), x, st.Y+51*c, w, colInk)
}

// clip shortens s with an ellipsis until it fits w at size.
func (p *painter) clip(style fontStyle, size float64, s string, w float64) string {
	f := p.face(style, size)
	if p.width(f, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && p.width(f, string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// compactCard draws the round's card: its rank large and its suit; the
// Joker's name; a card back before the first draw.
func (p *painter) compactCard(cd rules.Card, r rect) {
	c := p.l.C
	switch {
	case cd > rules.Joker:
		p.roundRect(r, 4*c, colMove, colWhite, 1.2*c)
		return
	case cd == rules.Joker:
		p.roundRect(r, 4*c, colCardBack, colInk, 1.2*c)
		p.star(r.cx(), r.cy()+6*c, r.W*0.25, colTiger)
		f := p.face(bold, 10.5*c)
		p.text(p.fitText(bold, "JOKER", 10.5*c, r.W-4*c), "JOKER", r.cx(), r.Y+11*c, 0.5, 0.5, colInk)
		p.record(item{kind: kStatus, r: p.textBox(f, "JOKER", r.cx(), r.Y+11*c, 0.5, 0.5), px: fitSize(p, bold, "JOKER", 10.5*c, r.W-4*c), text: "card JOKER"})
		return
	}
	p.roundRect(r, 4*c, colCardBack, colInk, 1.2*c)
	f := p.face(bold, 20*c)
	rank := rankText(cd)
	p.text(f, rank, r.cx(), r.Y+15*c, 0.5, 0.5, cardInk(cd))
	p.record(item{kind: kStatus, r: p.textBox(f, rank, r.cx(), r.Y+15*c, 0.5, 0.5), px: 20 * c, text: "card " + rank})
	p.suit(cd, r.cx(), r.Y+r.H-15*c, 18*c)
}
