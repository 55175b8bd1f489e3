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
	if a.source == rules.SourceAir {
		p.planeBadge(tx-0.55*R, ty-0.55*R, 0.22*R)
	}
	p.attackLabel(s, a, hit)
}

// attackUnder draws the marks of an attack that belong under the counters:
// the target hex ringed, an Air or OBA burst, and a cross where a unit was
// eliminated (visible once the hex is empty).
func (p *painter) attackUnder(s *rules.State, a attackMark) {
	if !a.hex.Valid() {
		return
	}
	R := p.l.R
	tx, ty := p.l.hexCenter(a.hex)
	p.hexPath(a.hex, 0.93)
	p.stroke(colFire, 3*p.l.K)
	switch a.source {
	case rules.SourceAir:
		p.strikeMark(tx, ty, colAir)
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
			break
		}
	}
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

// attackLabel writes the attack's figures on a small chit next to the
// target: strength and modifier, the number to hit (R6.8), then the card
// and the result (a line per unit for a strike on a stack).
func (p *painter) attackLabel(s *rules.State, a attackMark, hit bool) {
	k := p.l.K
	sc := s.Scenario()
	e := a.ev
	fs := max(12*k, minTextPx)
	f := p.face(bold, fs)
	var head string
	switch a.source {
	case rules.SourceAir:
		head = "AIR "
	case rules.SourceOBA:
		head = "OBA "
	}
	lines := []string{fmt.Sprintf("%sstr %d · mod %s", head, e.Strength, signed(e.Modifier()))}
	var results []string
	switch {
	case a.pending:
		lines = []string{fmt.Sprintf("attack: str %d · mod %s", e.Strength, signed(e.Modifier())), fmt.Sprintf("hits on ≤%d · card to draw", e.N)}
	case e.N < 1:
		lines = append(lines, "no hit possible")
	default:
		lines = append(lines, fmt.Sprintf("hits on ≤%d", e.N))
	}
	if !a.pending {
		for i, t := range a.targets {
			r := resultText(a.results[i])
			if len(a.targets) > 1 {
				r = sc.Unit(t).ID + ": " + r
			}
			results = append(results, r)
		}
	}
	hasCard := !a.pending && e.Card != rules.NoCard
	cardH := fs * 1.25
	indent := 0.0
	if hasCard {
		indent = p.miniCardWidth(e.Card, cardH) + 5*k
	}
	w := 0.0
	for _, ln := range lines {
		w = max(w, p.width(f, ln))
	}
	for _, ln := range results {
		w = max(w, indent+p.width(f, ln))
	}
	w += 12 * k
	lineH := fs * 1.33
	h := float64(len(lines)+len(results))*lineH + 6*k
	r := p.placeLabel(s, a, w, h)
	edge := colMiss
	if hit || a.pending {
		edge = colFire
	}
	p.roundRect(r, 5*k, colWhite, edge, 2*k)
	y := r.Y + 3*k + lineH/2
	for _, ln := range lines {
		p.text(f, ln, r.X+6*k, y, 0, 0.5, colInk)
		y += lineH
	}
	if hasCard {
		p.miniCard(e.Card, r.X+6*k, y, cardH)
	}
	for i, ln := range results {
		c := colInk
		if a.results[i].Hit() {
			c = colFire
		}
		p.text(f, ln, r.X+6*k+indent, y, 0, 0.5, c)
		y += lineH
	}
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

// placeLabel chooses where an attack's chit goes: on one of the target's
// neighbouring hexes, preferring the side away from the firers and the
// hexes with no counters (ties go to the first candidate, so the choice is
// deterministic).
func (p *painter) placeLabel(s *rules.State, a attackMark, w, h float64) rect {
	l, k, R := p.l, p.l.K, p.l.R
	tx, ty := l.hexCenter(a.hex)
	var ax, ay float64 // away from the firers
	for _, f := range a.firers {
		fx, fy := l.hexCenter(f)
		ax, ay = ax+tx-fx, ay+ty-fy
	}
	if ax == 0 && ay == 0 {
		ay = 1 // a strike: below by preference
	}
	n := hypot(ax, ay)
	ax, ay = ax/n, ay/n
	occupied := map[rules.Hex]bool{}
	for i := range s.Scenario().Units {
		if st := s.Unit(rules.UnitID(i)); st.Status == rules.OnMap {
			occupied[st.Hex] = true
		}
	}
	firer := map[rules.Hex]bool{}
	for _, f := range a.firers {
		firer[f] = true
	}
	m := l.Map
	best, bestScore := rect{}, 0.0
	for d := 0; d < 6; d++ {
		// Neighbour centres, also off the map edge (clamped back below).
		ang := float64(d)*math.Pi/3 - math.Pi/2
		dx, dy := math.Cos(ang), math.Sin(ang)
		cx, cy := tx+dx*sqrt3*R, ty+dy*sqrt3*R
		r := rect{cx - w/2, cy - h/2, w, h}
		r.X = min(max(r.X, m.X+2*k), m.X+m.W-2*k-r.W)
		r.Y = min(max(r.Y, m.Y+2*k), m.Y+m.H-2*k-r.H)
		score := 1 - (dx*ax + dy*ay) // 0 straight away from the firers .. 2 towards them
		nb := a.hex.Neighbours()[d]
		switch {
		case !nb.Valid():
			score += 1.5 // off the map: squeezed against the edge
		case firer[nb]:
			score += 6
		case occupied[nb]:
			score += 3
		}
		// Whatever the chit still covers of the target's own counters.
		score += overlap(r, rect{tx - 0.8*R, ty - 0.5*R, 1.6 * R, R}) / (R * R)
		if d == 0 || score < bestScore-1e-9 {
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
