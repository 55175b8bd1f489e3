package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/mortain/mortain/rules"
)

// resultID is the catalog id of result r in a group of the catalog
// (result, short, res), or "" for none.
func resultID(group string, r rules.Result) string {
	switch r {
	case rules.ResultFlipped, rules.ResultEliminated, rules.ResultMiss, rules.ResultAutoMiss, rules.ResultCancelled:
		return "map." + group + "." + r.String()
	}
	return ""
}

// resultText names an attack's outcome for the map (R6.8, R6.9, R4.8).
func (p *painter) resultText(r rules.Result) string {
	if id := resultID("result", r); id != "" {
		return p.tr(id, nil)
	}
	return ""
}

// shortResult words a result in the compact layout, where the colour
// tells a hit.
func (p *painter) shortResult(r rules.Result) string {
	if id := resultID("short", r); id != "" {
		return p.tr(id, nil)
	}
	return ""
}

// eventResult words a result in the line of the latest activation.
func (p *painter) eventResult(r rules.Result) string {
	if id := resultID("res", r); id != "" {
		return p.tr(id, nil)
	}
	return r.String()
}

func signed(n int) string {
	if n < 0 {
		return fmt.Sprintf("−%d", -n)
	}
	return fmt.Sprintf("+%d", n)
}

// hitAny tells whether an attack hit any of its targets.
func (a attackMark) hitAny() bool {
	for _, r := range a.results {
		if r.Hit() {
			return true
		}
	}
	return false
}

// fireLines draws an attack's arrows: one from each firing hex to the
// target, vermilion for a hit, grey for a miss, dashed while the card is
// still to be drawn.
func (p *painter) fireLines(a attackMark) {
	R := p.l.R
	lineCol := colFire
	if !a.hitAny() && !a.pending {
		lineCol = colMiss
	}
	var dash []float64
	if a.pending {
		dash = []float64{3 * p.l.arrowW, 2 * p.l.arrowW}
	}
	tx, ty := p.l.hexCenter(a.hex)
	if len(a.targets) > 0 {
		tx, ty = p.unitCentre(a.targets[0], a.hex)
	}
	// One arrow per firing hex, from whichever firer there has a clear
	// line.
	var to []rect
	if len(a.targets) > 0 {
		to = p.boxesOf(a.targets[0], a.hex)
	}
	if len(to) == 0 { // the target is gone: stop at the cross
		to = []rect{{tx - 0.45*R, ty - 0.45*R, 0.9 * R, 0.9 * R}}
	}
	done := map[rules.Hex]bool{}
	for i, f := range a.firers {
		if done[f] {
			continue
		}
		done[f] = true
		var from []rect
		for j, g := range a.firers {
			if g == f {
				from = append(from, p.boxesOf(a.units[j], f)...)
			}
		}
		fx, fy := p.unitCentre(a.units[i], f)
		p.routedArrow(fx, fy, tx, ty, from, to, 0.4*R, p.l.arrowW, lineCol, dash...)
	}
}

// attackUnder draws the marks of an attack that belong under the
// counters: the target hex ringed when every unit drawn there was
// attacked, and an Air or OBA burst. (An eliminated unit's cross is on
// its ghost.)
func (p *painter) attackUnder(a attackMark) {
	if !a.hex.Valid() {
		return
	}
	tx, ty := p.l.hexCenter(a.hex)
	if !a.named {
		p.hexPath(a.hex, 0.93)
		p.stroke(colFire, 3*p.l.K)
	}
	switch a.source {
	case rules.SourceAir:
		p.strikeMark(tx, ty, colAir)
	case rules.SourceOBA:
		p.strikeMark(tx, ty, colOBA)
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
func (p *painter) attackLabel(s *rules.State, a attackMark) {
	hit := a.hitAny()
	k := p.l.K
	sc := s.Scenario()
	e := a.ev
	fs := max(12*k, minTextPx)
	f := p.face(bold, fs)
	head := "map.attack.ground"
	switch a.source {
	case rules.SourceAir:
		head = "map.attack.air"
	case rules.SourceOBA:
		head = "map.attack.oba"
	}
	figures := map[string]any{"Str": e.Strength, "Mod": signed(e.Modifier()), "N": e.N}
	lines := []string{p.tr(head, figures)}
	var results []string
	switch {
	case a.pending:
		next := p.tr("map.attack.card-to-draw", nil)
		if s.Phase() == rules.PhaseFaceChoice {
			next = p.tr("map.attack.redraw-or-miss", nil) // a face card was drawn (R6.8)
		}
		lines = []string{p.tr("map.attack.pending", figures), p.tr("map.attack.hits-on-next", map[string]any{"N": e.N, "Next": next})}
	case e.N < 1:
		lines = append(lines, p.tr("map.attack.no-hit", nil))
	default:
		lines = append(lines, p.tr("map.attack.hits-on", figures))
	}
	if p.l.Compact { // fewer words, larger type
		fs = resultPx * p.l.C
		f = p.face(bold, fs)
		switch {
		case a.pending:
			lines = []string{p.tr("map.attack.compact-pending", figures)}
		default: // the card and the result say it all; the status has the rest
			lines = nil
		}
	}
	var hits []bool // whether each line of results is a hit
	switch {
	case a.pending:
	case p.l.Compact && (len(a.targets) > 1 || a.named):
		// A strike on a stack: one line per outcome, "DR-1 102 flipped",
		// so the box stays small enough to find room beside the stack;
		// an attack on one unit of a stack names it too.
		var order []rules.Result
		ids := map[rules.Result][]string{}
		for i, t := range a.targets {
			if _, ok := ids[a.results[i]]; !ok {
				order = append(order, a.results[i])
			}
			ids[a.results[i]] = append(ids[a.results[i]], sc.Unit(t).ID)
		}
		for _, res := range order {
			results = append(results, strings.Join(ids[res], " ")+" "+strings.ToLower(p.shortResult(res)))
			hits = append(hits, res.Hit())
		}
	default:
		for i, t := range a.targets {
			r := p.resultText(a.results[i])
			if p.l.Compact {
				r = p.shortResult(a.results[i])
			}
			if len(a.targets) > 1 || a.named {
				r = sc.Unit(t).ID + ": " + r
			}
			results = append(results, r)
			hits = append(hits, a.results[i].Hit())
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
	r := p.placeLabel(a, w, h)
	edge := colMiss
	if hit || a.pending {
		edge = colFire
	}
	p.roundRect(r, 5*k, colWhite, edge, 2*k)
	// The box, then each line of it (their own owner: a line lies on its
	// box by design).
	p.owners++
	o := p.owners
	p.record(item{kind: kResult, r: r, owner: o, text: strings.Join(append(lines, results...), " / ")})
	y := r.Y + 3*k + lineH/2
	for _, ln := range lines {
		p.text(f, ln, r.X+6*k, y, 0, 0.5, colInk)
		p.record(item{kind: kResult, r: p.textBox(f, ln, r.X+6*k, y, 0, 0.5), owner: o, px: fs, text: ln, style: bold, ink: colInk})
		y += lineH
	}
	if hasCard {
		p.miniCard(e.Card, r.X+6*k, y, cardH)
	}
	for i, ln := range results {
		c := colInk
		if hits[i] {
			c = colFire
		}
		p.text(f, ln, r.X+6*k+indent, y, 0, 0.5, c)
		p.record(item{kind: kResult, r: p.textBox(f, ln, r.X+6*k+indent, y, 0, 0.5), owner: o, px: fs, text: ln, style: bold, ink: c})
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

// placeLabel chooses where an attack's result box goes: the free place
// nearest the target, on the side away from the firers by preference,
// that covers nothing drawn so far (counters, hex numbers, labels,
// arrows, other boxes). Ties go to the first candidate, so the choice is
// deterministic.
func (p *painter) placeLabel(a attackMark, w, h float64) rect {
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
	area := l.Map.inflate(-2 * k)
	best, bestScore := rect{}, math.Inf(1)
	// Rings of candidate centres around the target, then the whole map.
	try := func(cx, cy float64) {
		r := rect{cx - w/2, cy - h/2, w, h}
		dx, dy := cx-tx, cy-ty
		d := hypot(dx, dy)
		score := d
		if d > 0 {
			score += 0.4 * R * (1 - (dx*ax+dy*ay)/d)
		}
		if score < bestScore-1e-9 && !p.blocked(r, area) {
			best, bestScore = r, score
		}
	}
	for ring := 1; ring <= 8 && math.IsInf(bestScore, 1); ring++ {
		d := 0.45 * R * float64(ring)
		steps := 12 * ring
		for i := 0; i < steps; i++ {
			ang := 2 * math.Pi * float64(i) / float64(steps)
			try(tx+d*math.Cos(ang)+math.Copysign(w/2, math.Cos(ang))*0.8, ty+d*math.Sin(ang)+math.Copysign(h/2, math.Sin(ang))*0.8)
		}
	}
	if math.IsInf(bestScore, 1) {
		step := 4 * k
		for y := area.Y + h/2; y+h/2 <= area.Y+area.H; y += step {
			for x := area.X + w/2; x+w/2 <= area.X+area.W; x += step {
				try(x, y)
			}
		}
	}
	if math.IsInf(bestScore, 1) { // nowhere free: below the target, clamped
		best = rect{tx - w/2, ty + R, w, h}
		best.X = min(max(best.X, area.X), area.X+area.W-w)
		best.Y = min(max(best.Y, area.Y), area.Y+area.H-h)
	}
	return best
}
