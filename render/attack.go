package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/mortain/mortain/rules"
)

// resultText names an attack's outcome for the map (R6.8, R6.9, R4.8).
func resultText(r rules.Result) string {
	switch r {
	case rules.ResultFlipped:
		return "HIT: flipped"
	case rules.ResultEliminated:
		return "HIT: eliminated"
	case rules.ResultMiss:
		return "miss"
	case rules.ResultAutoMiss:
		return "miss (N<1, no card)"
	case rules.ResultCancelled:
		return "cancelled"
	}
	return ""
}

func signed(n int) string {
	if n < 0 {
		return fmt.Sprintf("−%d", -n)
	}
	return fmt.Sprintf("+%d", n)
}

// drawAttack draws one attack: a line from each firer to the target (or
// the Air/OBA strike symbol), a cross on an eliminated unit's hex, and a
// label with strength, modifier, N, card and result.
func (p *painter) drawAttack(s *rules.State, a attackMark) {
	l, k, R := p.l, p.l.K, p.l.R
	tx, ty := l.hexCenter(a.hex)
	hit := false
	for _, r := range a.results {
		hit = hit || r.Hit()
	}
	lineCol := colFire
	if !hit && !a.pending {
		lineCol = colMiss
	}
	var dash []float64
	if a.pending {
		dash = []float64{9 * k, 6 * k}
	}
	for _, f := range a.firers {
		fx, fy := l.hexCenter(f)
		x1, y1, x2, y2 := shorten(fx, fy, tx, ty, 0.25*R, 0.42*R)
		p.arrow(x1, y1, x2, y2, 0.06*R, lineCol, dash...)
	}
	switch a.source {
	case rules.SourceAir:
		p.strikeMark(tx, ty, colAir)
		p.planeBadge(tx-0.55*R, ty-0.55*R, 0.22*R)
	case rules.SourceOBA:
		p.strikeMark(tx, ty, colOBA)
	}
	for i, t := range a.targets {
		if i < len(a.results) && a.results[i] == rules.ResultEliminated && s.Unit(t).Status == rules.Eliminated {
			d := 0.38 * R
			p.line(tx-d, ty-d, tx+d, ty+d, colWhite, 0.16*R)
			p.line(tx-d, ty+d, tx+d, ty-d, colWhite, 0.16*R)
			p.line(tx-d, ty-d, tx+d, ty+d, colFire, 0.1*R)
			p.line(tx-d, ty+d, tx+d, ty-d, colFire, 0.1*R)
		}
	}
	p.attackLabel(s, a, hit)
}

// strikeMark draws an Air or OBA burst around a hex centre.
func (p *painter) strikeMark(x, y float64, c color.RGBA) {
	R, k := p.l.R, p.l.K
	for i := 0; i < 12; i++ {
		a := float64(i) * math.Pi / 6
		r1, r2 := 0.5*R, 0.72*R
		if i%2 == 1 {
			r2 = 0.64 * R
		}
		p.line(x+r1*math.Cos(a), y+r1*math.Sin(a), x+r2*math.Cos(a), y+r2*math.Sin(a), colWhite, 5*k)
		p.line(x+r1*math.Cos(a), y+r1*math.Sin(a), x+r2*math.Cos(a), y+r2*math.Sin(a), c, 2.6*k)
	}
}

// attackLabel writes the attack's figures on a plate centred at x, y: the
// first line the strength, modifier and N (R6.8), the second the card and
// the result (per unit for a strike on a stack).
func (p *painter) attackLabel(s *rules.State, a attackMark, hit bool) {
	k := p.l.K
	sc := s.Scenario()
	e := a.ev
	f := p.face(bold, 12*k)
	var head string
	switch a.source {
	case rules.SourceAir:
		head = "AIR "
	case rules.SourceOBA:
		head = "OBA "
	}
	var line1, line2 string
	if a.pending {
		line1 = fmt.Sprintf("attack: strength %d", e.Strength)
		line2 = "card not drawn yet"
	} else {
		line1 = fmt.Sprintf("%sstr %d  mod %s  → N %d", head, e.Strength, signed(e.Modifier()), e.N)
		for i, t := range a.targets {
			if i > 0 {
				line2 += ", "
			}
			if len(a.targets) > 1 {
				line2 += sc.Unit(t).ID + " "
			}
			line2 += resultText(a.results[i])
		}
	}
	hasCard := !a.pending && e.Card != rules.NoCard
	cardH := 15 * k
	w2 := p.width(f, line2)
	if hasCard {
		w2 += p.miniCardWidth(e.Card, cardH) + 5*k
	}
	w := max(p.width(f, line1), w2) + 12*k
	h := 36 * k
	r := p.placeLabel(s, a, w, h)
	edge := colMiss
	if hit || a.pending {
		edge = colFire
	}
	p.roundRect(r, 5*k, colWhite, edge, 2*k)
	p.text(f, line1, r.X+6*k, r.Y+10*k, 0, 0.5, colInk)
	x2 := r.X + 6*k
	if hasCard {
		x2 += p.miniCard(e.Card, x2, r.Y+26*k, cardH) + 5*k
	}
	c := colInk
	if hit {
		c = colFire
	}
	p.text(f, line2, x2, r.Y+26*k, 0, 0.5, c)
}

// miniCardWidth is the width miniCard will draw.
func (p *painter) miniCardWidth(c rules.Card, h float64) float64 {
	f := p.face(bold, h*0.62)
	label := rankText(c)
	if c == rules.Joker {
		return p.width(f, "JOKER") + 6*p.l.K
	}
	return p.width(f, label) + 6*p.l.K + h*0.55
}

// placeLabel chooses where an attack's label goes: next to the target hex,
// on the side that hides the fewest counters and firing lines (ties go to
// the first candidate, so the choice is deterministic).
func (p *painter) placeLabel(s *rules.State, a attackMark, w, h float64) rect {
	l, k, R := p.l, p.l.K, p.l.R
	tx, ty := l.hexCenter(a.hex)
	// Away from the firers first, then below, above, and to the sides.
	var ax, ay float64
	for _, f := range a.firers {
		fx, fy := l.hexCenter(f)
		ax, ay = ax+tx-fx, ay+ty-fy
	}
	var cands [][2]float64
	if n := hypot(ax, ay); n > 0 {
		cands = append(cands, [2]float64{tx + ax/n*1.05*R, ty + ay/n*1.05*R})
	}
	cands = append(cands, [2]float64{tx, ty + 1.02*R}, [2]float64{tx, ty - 1.02*R},
		[2]float64{tx + 1.1*R, ty + 0.5*R}, [2]float64{tx - 1.1*R, ty + 0.5*R},
		[2]float64{tx + 1.1*R, ty - 0.5*R}, [2]float64{tx - 1.1*R, ty - 0.5*R})
	m := l.Map
	best, bestScore := rect{}, -1.0
	for _, c := range cands {
		r := rect{c[0] - w/2, c[1] - h/2, w, h}
		r.X = min(max(r.X, m.X+2*k), m.X+m.W-2*k-r.W)
		r.Y = min(max(r.Y, m.Y+2*k), m.Y+m.H-2*k-r.H)
		score := 0.0
		for i := range s.Scenario().Units {
			st := s.Unit(rules.UnitID(i))
			if st.Status != rules.OnMap {
				continue
			}
			hx, hy := l.hexCenter(st.Hex)
			score += overlap(r, rect{hx - 0.75*R, hy - 0.45*R, 1.5 * R, 0.9 * R})
		}
		// The target and firer hexes themselves count double.
		score += overlap(r, rect{tx - 0.8*R, ty - 0.8*R, 1.6 * R, 1.6 * R})
		for _, f := range a.firers {
			fx, fy := l.hexCenter(f)
			score += overlap(r, rect{fx - 0.8*R, fy - 0.8*R, 1.6 * R, 1.6 * R})
		}
		if bestScore < 0 || score < bestScore-1e-6 {
			best, bestScore = r, score
		}
	}
	return best
}

// overlap is the area two rectangles share.
func overlap(a, b rect) float64 {
	w := min(a.X+a.W, b.X+b.W) - max(a.X, b.X)
	h := min(a.Y+a.H, b.Y+b.H) - max(a.Y, b.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}
