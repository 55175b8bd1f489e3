package render

import (
	"cmp"
	"image/color"
	"slices"
	"strings"

	"github.com/mortain/mortain/rules"
)

// The compact layout's sizes at previewWidth, in pixels. Unit ids,
// factors, the card, the turn and round lines, the latest activation and
// attack results are drawn at 14 pixels or more, so that their capitals
// and digits are at least 10 pixels high (the Go fonts' capitals are
// 0.76 of the size); what a player reads less often is smaller.
const (
	chipPx   = 14   // unit ids and factors, on the map and in the lists
	chipH    = 14.5 // a chip's height
	turnPx   = 16
	roundPx  = 14
	lastPx   = 14
	linePx   = 11 // Air/OBA and the options in force
	minAirPx = 9  // the smallest that line is drawn at
	wordPx   = 11 // the lists' headings (US, reserve, lost, exited)
	resultPx = 14
	listRowH = 18 // a line of the lists under the map
	listRows = 4  // lines a side's list may take
	cardW    = 52 // the round's card, wide enough for JOKER
)

// chipRows are the centres of a compact stack's rows, in hex radii below
// the hex centre: clear of the hex number above and the label below. The
// middle row, where the hex is widest, holds the widest chip; a second
// unit goes below it, a third above.
var chipRows = [][]float64{{-0.036}, {-0.036, 0.376}, {-0.447, -0.036, 0.376}}

// chipStack draws the units of a hex as chips with their ids, one row
// each (their factors are listed under the map), the ghosts of those just
// eliminated among them; in a stack of three the widest goes in the middle
// row, where the hex is widest.
func (p *painter) chipStack(s *rules.State, h rules.Hex, units []drawn) {
	l, c := p.l, p.l.C
	cx, cy := l.hexCenter(h)
	f := p.face(bold, chipPx*c)
	width := func(d drawn) float64 {
		w := p.width(f, s.Scenario().Unit(d.u).ID) + 5*c
		if !d.ghost {
			w = p.width(f, s.Scenario().Unit(d.u).ID) + chipFixed(s, d.u, c)
		}
		return w
	}
	order := slices.Clone(units)
	slices.SortStableFunc(order, func(a, b drawn) int { return cmp.Compare(width(b), width(a)) })
	if len(order) == 3 { // widest in the middle, narrowest on top
		order = []drawn{order[2], order[0], order[1]}
	}
	rows := chipRows[len(order)-1]
	for i, d := range order {
		y := cy + rows[i]*l.R
		far := abs(rows[i]*l.R) + chipH*c/2 // the row's edge farthest from the centre line
		room := 2*(l.R-far/sqrt3) - 2
		w := min(width(d), room)
		if d.ghost {
			b := p.ghostChip(s, d.u, cx, y, w, chipH*c)
			p.unitBox[d.u] = b
			p.hexBoxes[h] = append(p.hexBoxes[h], b)
			continue
		}
		p.chip(s, d.u, h, cx, y, w, chipH*c)
	}
}

// chipFixed is the part of a chip's width that is not text: padding, the
// stripe of a flipped unit and the Tiger's star.
func chipFixed(s *rules.State, u rules.UnitID, c float64) float64 {
	w := 5 * c
	if s.Unit(u).Flipped {
		w += 2.5 * c
	}
	if s.Scenario().Unit(u).Tiger {
		w += tigerStarR*chipH*c*2 + c
	}
	return w
}

// tigerStarR is the radius of the Tiger's star on a chip, in chip heights.
const tigerStarR = 0.36

// chipFace draws a chip's face of width w centred at x, y: its side's
// colour, an amber stripe at the left when flipped, a star at the right
// for the Tiger (a mark of its own shape, unlike the stripe). It returns
// the chip and the room left for text.
func (p *painter) chipFace(lk counterLook, x, y, w, h float64, edgeCol color.RGBA) (r rect, textX, textW float64) {
	c := p.l.C
	body, _, ink := counterColours(lk.def, lk.flipped)
	r = rect{x - w/2, y - h/2, w, h}
	p.roundRect(r, 2.5*c, body, edgeCol, max(1, 1.2*c))
	textX, textW = r.X+2.5*c, w-5*c
	if lk.flipped {
		p.fillRect(rect{r.X + 1, r.Y + 1.5, 2.5 * c, h - 3}, colReduced)
		textX += 2.5 * c
		textW -= 2.5 * c
	}
	if lk.def.Tiger {
		sr := tigerStarR * h
		p.star(r.X+w-1.5*c-sr, y, sr, ink)
		textW -= 2*sr + c
	}
	return r, textX, textW
}

// chip draws one unit of hex as a chip of width w centred at x, y with
// its id (smaller if w is short).
func (p *painter) chip(s *rules.State, u rules.UnitID, hex rules.Hex, x, y, w, h float64) {
	lk := lookOf(s, u)
	_, edge, ink := counterColours(lk.def, lk.flipped)
	if lk.targeted {
		edge = colFire
	}
	r, tx, tw := p.chipFace(lk, x, y, w, h, edge)
	id := lk.def.ID
	px := fitSize(p, bold, id, chipPx*p.l.C, tw)
	f := p.face(bold, px)
	tx += (tw - p.width(f, id)) / 2
	p.text(f, id, tx, y, 0, 0.5, ink)
	p.unitBox[u] = r
	p.hexBoxes[hex] = append(p.hexBoxes[hex], r)
	p.owners++
	o := p.owners
	p.record(item{kind: kCounter, r: r, owner: o, text: id})
	p.record(item{kind: kUnitID, r: p.textBox(f, id, tx, y, 0, 0.5), owner: o, px: px, text: id, style: bold, ink: ink})
}

// compactSideboards lists every unit under the map, the US on the left and
// the Germans on the right: those in play (on the map, then in reserve)
// as chips "id factors", then the ids of those lost and exited.
func (p *painter) compactSideboards(s *rules.State, usRes, usElim, gerRes, gerElim, exited []rules.UnitID) {
	sc := s.Scenario()
	onMap := func(side rules.Side) []rules.UnitID {
		var out []rules.UnitID
		for i, d := range sc.Units {
			if d.Side == side && s.Unit(rules.UnitID(i)).Status == rules.OnMap {
				out = append(out, rules.UnitID(i))
			}
		}
		return out
	}
	exit := p.tr("map.exited", map[string]any{"N": len(exited), "Of": rules.ExitsToWin})
	lost := p.tr("map.lost", nil)
	p.unitList(s, p.l.West, p.sideName(rules.US), onMap(rules.US), usRes, []string{lost}, [][]rules.UnitID{usElim})
	p.unitList(s, p.l.East, p.sideName(rules.German), onMap(rules.German), gerRes, []string{lost, exit}, [][]rules.UnitID{gerElim, exited})
}

// exitsText is the count of German exits for the status ("exits 2/5").
func (p *painter) exitsText(s *rules.State) string {
	n := 0
	for i := range s.Scenario().Units {
		if s.Unit(rules.UnitID(i)).Status == rules.Exited {
			n++
		}
	}
	return p.tr("map.exits", map[string]any{"N": n, "Of": rules.ExitsToWin})
}

// listFlow places the words and chips of a list line by line in a panel.
type listFlow struct {
	p    *painter
	r    rect
	x, y float64 // the next element's left edge and its line's middle
}

// at returns where an element of width w goes, on a new line when it
// would not fit on this one.
func (fl *listFlow) at(w float64) (x, y float64) {
	c := fl.p.l.C
	if fl.x > fl.r.X+4*c && fl.x+w > fl.r.X+fl.r.W-4*c {
		fl.x, fl.y = fl.r.X+4*c, fl.y+listRowH*c
	}
	x, y = fl.x, fl.y
	fl.x += w + 5*c
	return x, y
}

// word writes a heading of the list.
func (fl *listFlow) word(s string) {
	p, c := fl.p, fl.p.l.C
	f := p.face(bold, wordPx*c)
	x, y := fl.at(p.width(f, s))
	p.text(f, s, x, y, 0, 0.5, colInkSoft)
	p.record(item{kind: kStatus, r: p.textBox(f, s, x, y, 0, 0.5), px: wordPx * c, text: s, style: bold, ink: colInkSoft})
}

// unitList writes one side's units under the map: a heading, the units in
// play (on the map, then in reserve) as chips with their factors, then
// each group of ids under its heading (lost, exited).
func (p *painter) unitList(s *rules.State, panel rect, side string, onMap, reserve []rules.UnitID, heads []string, groups [][]rules.UnitID) {
	c := p.l.C
	fl := &listFlow{p: p, r: panel, x: panel.X + 4*c, y: panel.Y + (3+listRowH/2)*c}
	fl.word(side)
	for i, u := range append(slices.Clone(onMap), reserve...) {
		if i == len(onMap) {
			fl.word(p.tr("map.reserve", nil))
		}
		p.listChip(s, u, fl)
	}
	f := p.face(bold, chipPx*c)
	for i, ids := range groups {
		if len(ids) == 0 {
			continue
		}
		fl.word(heads[i])
		for _, u := range ids {
			id := s.Scenario().Unit(u).ID
			x, y := fl.at(p.width(f, id))
			p.text(f, id, x, y, 0, 0.5, colInk)
			p.record(item{kind: kUnitID, r: p.textBox(f, id, x, y, 0, 0.5), px: chipPx * c, text: id, style: bold, ink: colInk})
		}
	}
}

// listChip draws a unit of a list as a chip "id factors".
func (p *painter) listChip(s *rules.State, u rules.UnitID, fl *listFlow) {
	c := p.l.C
	lk := lookOf(s, u)
	_, edge, ink := counterColours(lk.def, lk.flipped)
	f := p.face(bold, chipPx*c)
	id, fs := lk.def.ID, lk.factors.String()
	gap := 5 * c
	w := p.width(f, id) + gap + p.width(f, fs) + chipFixed(s, u, c)
	x, y := fl.at(w)
	_, tx, tw := p.chipFace(lk, x+w/2, y, w, chipH*c, edge)
	p.text(f, id, tx, y, 0, 0.5, ink)
	p.text(f, fs, tx+tw, y, 1, 0.5, ink)
	p.owners++
	o := p.owners
	p.record(item{kind: kUnitID, r: p.textBox(f, id, tx, y, 0, 0.5), owner: o, px: chipPx * c, text: id, style: bold, ink: ink})
	p.record(item{kind: kFactors, r: p.textBox(f, fs, tx+tw, y, 1, 0.5), owner: o, px: chipPx * c, text: fs, style: bold, ink: ink})
}

// statusLine writes s from x, y (its middle), in the size asked for or
// smaller if it would not fit in w, and records it with its role.
func (p *painter) statusLine(role string, style fontStyle, size float64, s string, x, y, w float64, col color.RGBA) {
	px := fitSize(p, style, s, size, w)
	for px > 1 && p.width(p.face(style, px), s) > w {
		px -= 0.5 // fitSize rounds to the half pixel, upwards too
	}
	f := p.face(style, px)
	p.text(f, s, x, y, 0, 0.5, col)
	p.record(item{kind: kStatus, r: p.textBox(f, s, x, y, 0, 0.5), px: px, text: s, style: style, ink: col, role: role})
}

// compactStatus fills the compact status panel: the card, the turn and
// Air/OBA, whose round, and the latest activation.
func (p *painter) compactStatus(s *rules.State, ov *overlay) {
	l, c := p.l, p.l.C
	st := l.Status
	card := rect{st.X + 5*c, st.Y + 5*c, cardW * c, st.H - 10*c}
	p.compactCard(s.RoundCard(), card)
	x := card.X + card.W + 8*c
	w := st.X + st.W - x - 5*c
	turn := p.turnText(s)
	p.statusLine(roleTurn, bold, turnPx*c, turn, x, st.Y+12*c, w, colInk)
	tw := p.width(p.face(bold, turnPx*c), turn) + 10*c
	a := airOf(s)
	on := a.on()
	air := p.tr(airShortIDs[a], nil)
	if s.Phase() != rules.PhaseSetup {
		air += " · " + p.exitsText(s)
	}
	if nd := s.Options().NonDefault(); len(nd) > 0 {
		// The options in force when they fit at a readable size, else
		// how many there are (status and the full map list them).
		with := air + " · " + strings.Join(nd, " ")
		if fitSize(p, regular, with, linePx*c, w-tw) >= minAirPx*c {
			air = with
		} else {
			air += " · " + p.trN("map.rule-options", len(nd), nil)
		}
	}
	airCol := colInkSoft
	if on {
		airCol = colInk
	}
	p.statusLine("", regular, linePx*c, air, x+tw, st.Y+13*c, w-tw, airCol)
	round, _ := p.roundText(s)
	roundCol := colInk
	last := p.lastText(ov)
	if s.Over() {
		// The winner and the rule on the round's line, the reason below
		// (R8): "GERMAN WINS · R8.3", "Won: at the end of a German round …".
		reason := p.reason(s.WinReason())
		rule, why, ok := strings.Cut(reason, ": ")
		round = p.winsText(s)
		if ok {
			round += " · " + rule
			last = p.tr("map.won", map[string]any{"Reason": why})
		} else {
			last = p.tr("map.won", map[string]any{"Reason": reason})
		}
		roundCol = colFire
	}
	p.statusLine(roleRound, bold, roundPx*c, round, x, st.Y+30*c, w, roundCol)
	p.statusLine(roleLast, regular, lastPx*c, p.clip(regular, lastPx*c, last, w), x, st.Y+47.5*c, w, colInk)
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
		px := fitSize(p, bold, "JOKER", chipPx*c, r.W-4*c)
		f := p.face(bold, px)
		p.text(f, "JOKER", r.cx(), r.Y+12*c, 0.5, 0.5, colInk)
		p.record(item{kind: kStatus, r: p.textBox(f, "JOKER", r.cx(), r.Y+12*c, 0.5, 0.5), px: px, text: "card JOKER", style: bold, ink: colInk})
		return
	}
	p.roundRect(r, 4*c, colCardBack, colInk, 1.2*c)
	f := p.face(bold, 20*c)
	rank := rankText(cd)
	p.text(f, rank, r.cx(), r.Y+15*c, 0.5, 0.5, cardInk(cd))
	p.record(item{kind: kStatus, r: p.textBox(f, rank, r.cx(), r.Y+15*c, 0.5, 0.5), px: 20 * c, text: "card " + rank, style: bold, ink: cardInk(cd)})
	p.suit(cd, r.cx(), r.Y+r.H-15*c, 18*c)
}
