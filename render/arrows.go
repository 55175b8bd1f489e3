package render

import (
	"image/color"
	"math"
)

// arrowGap is the room left between an arrow's tip and the counter it
// points at.
const arrowGap = 1.5

// routedArrow draws an arrow from x1, y1 towards x2, y2 that leaves the
// counters in from, stops at the edge of the first counter of to that it
// meets (or short of x2, y2 by stop when to is empty), and leaves a gap
// wherever it would cross something already drawn (a counter, a hex
// number, a label, a result box, another arrow). The head is pulled back
// until it is clear. Each visible piece is recorded.
func (p *painter) routedArrow(x1, y1, x2, y2 float64, from, to []rect, stop, lw float64, c color.RGBA, dash ...float64) {
	if p.straightArrow(x1, y1, x2, y2, from, to, lw, c, dash...) {
		return
	}
	L := math.Hypot(x2-x1, y2-y1)
	if L < 1 {
		return
	}
	ux, uy := (x2-x1)/L, (y2-y1)/L
	halo := max(1.5, lw*0.45)
	shaftR := lw/2 + halo
	head := lw * 2.8
	headW := head * 0.62

	t0, t1 := 0.0, L-stop
	for _, b := range from {
		if a, e, ok := clipSeg(x1, y1, x2, y2, b); ok && a < 0.5 {
			t0 = max(t0, e*L+shaftR+arrowGap)
		}
	}
	for _, b := range to {
		if a, e, ok := clipSeg(x1, y1, x2, y2, b); ok && e > 0.5 {
			t1 = min(t1, a*L-arrowGap-halo)
		}
	}
	var obst []item
	for _, it := range p.items {
		switch it.kind {
		case kCounter, kHexNum, kLabel, kResult, kArrow:
			obst = append(obst, it)
		}
	}
	pt := func(t float64) (float64, float64) { return x1 + ux*t, y1 + uy*t }
	clear := func(t, r float64) bool {
		x, y := pt(t)
		for _, it := range obst {
			var d float64
			if it.kind == kArrow {
				d = pointSegDist(x, y, it.seg[0], it.seg[1], it.seg[2], it.seg[3]) - it.width/2
			} else {
				d = pointRectDist(x, y, it.r)
			}
			if d < r+0.75 {
				return false
			}
		}
		return true
	}
	// The head: pulled back from t1 until its outline is clear.
	headClear := func(end float64) bool {
		ax, ay := pt(end - head)
		ex, ey := pt(end)
		for _, sg := range headOutline(ax, ay, ex, ey, headW) {
			if !segClear(sg, halo, obst) {
				return false
			}
		}
		return true
	}
	end := t1
	for ; end-head >= t0 && !headClear(end); end-- {
	}
	if end-head < t0 {
		return // no room for a head: no arrow
	}
	base := end - head
	// The shaft: the clear runs of [t0, base].
	var pieces [][2]float64
	start := -1.0
	for t := t0; ; t = min(t+1, base) {
		ok := clear(t, shaftR)
		if ok && start < 0 {
			start = t
		}
		if (!ok || t >= base) && start >= 0 {
			e := t
			if !ok {
				e = t - 1
			}
			if e-start >= 2 || e >= base {
				pieces = append(pieces, [2]float64{start, e})
			}
			start = -1
		}
		if t >= base {
			break
		}
	}
	p.owners++
	o := p.owners
	bx, by := pt(base)
	tx, ty := pt(end)
	headPts := [][2]float64{{tx, ty}, {bx - uy*headW, by + ux*headW}, {bx + uy*headW, by - ux*headW}}
	for _, pc := range pieces {
		ax, ay := pt(pc[0])
		ex, ey := pt(pc[1])
		p.line(ax, ay, ex, ey, colWhite, lw+2*halo, dash...)
	}
	p.haloHead(headPts, halo)
	for _, pc := range pieces {
		ax, ay := pt(pc[0])
		ex, ey := pt(pc[1])
		if pc[1] >= base { // join the head
			ex, ey = pt(base + lw*0.5)
		}
		p.line(ax, ay, ex, ey, c, lw, dash...)
		p.record(item{kind: kArrow, seg: [4]float64{ax, ay, ex, ey}, width: 2 * shaftR, owner: o})
	}
	p.polygon(headPts)
	p.fill(c)
	for _, sg := range headOutline(bx, by, tx, ty, headW) {
		p.record(item{kind: kArrow, seg: sg, width: 2 * halo, owner: o})
	}
}

// headOutline is an arrowhead's outline and axis, base centre to tip.
func headOutline(bx, by, tx, ty, headW float64) [][4]float64 {
	L := math.Hypot(tx-bx, ty-by)
	ux, uy := (tx-bx)/L, (ty-by)/L
	c1 := [2]float64{bx - uy*headW, by + ux*headW}
	c2 := [2]float64{bx + uy*headW, by - ux*headW}
	return [][4]float64{{tx, ty, c1[0], c1[1]}, {tx, ty, c2[0], c2[1]}, {c1[0], c1[1], c2[0], c2[1]}, {bx, by, tx, ty}}
}

// pointRectDist is the distance from a point to a rectangle (0 inside).
func pointRectDist(x, y float64, r rect) float64 {
	dx := max(r.X-x, 0, x-(r.X+r.W))
	dy := max(r.Y-y, 0, y-(r.Y+r.H))
	return math.Hypot(dx, dy)
}

// straightArrow looks for a straight arrow from the edge of a counter in
// from (or from x1, y1 when from is empty) to the edge of a counter in to
// (or to x2, y2) that crosses nothing at all, and draws the shortest one
// found; it reports whether it found one.
func (p *painter) straightArrow(x1, y1, x2, y2 float64, from, to []rect, lw float64, c color.RGBA, dash ...float64) bool {
	halo := max(1.5, lw*0.45)
	shaftR := lw/2 + halo
	head := lw * 2.8
	headW := head * 0.62
	step := p.l.R / 8
	starts := [][2]float64{{x1, y1}}
	if len(from) > 0 {
		starts = nil
		for _, b := range from {
			starts = append(starts, perimeter(b.inflate(shaftR+arrowGap), step)...)
		}
	}
	ends := [][2]float64{{x2, y2}}
	if len(to) > 0 {
		ends = nil
		for _, b := range to {
			ends = append(ends, perimeter(b.inflate(halo+arrowGap), step)...)
		}
	}
	var obst []item
	for _, it := range p.items {
		switch it.kind {
		case kCounter, kHexNum, kLabel, kResult, kArrow:
			obst = append(obst, it)
		}
	}
	minLen := head + 0.2*p.l.R
	best, bestLen := [4]float64{}, math.Inf(1)
	for _, st := range starts {
		for _, en := range ends {
			L := math.Hypot(en[0]-st[0], en[1]-st[1])
			if L < minLen || L >= bestLen {
				continue
			}
			ux, uy := (en[0]-st[0])/L, (en[1]-st[1])/L
			bx, by := en[0]-ux*head, en[1]-uy*head
			if !segClear([4]float64{st[0], st[1], bx, by}, shaftR, obst) {
				continue
			}
			ok := true
			for _, sg := range headOutline(bx, by, en[0], en[1], headW) {
				ok = ok && segClear(sg, halo, obst)
			}
			if ok {
				best, bestLen = [4]float64{st[0], st[1], en[0], en[1]}, L
			}
		}
	}
	if math.IsInf(bestLen, 1) {
		return false
	}
	p.drawArrow(best, lw, halo, head, c, dash...)
	return true
}

// segClear tells whether a thick segment of half-width r keeps clear of
// every obstacle.
func segClear(seg [4]float64, r float64, obst []item) bool {
	box := rect{min(seg[0], seg[2]), min(seg[1], seg[3]), math.Abs(seg[2] - seg[0]), math.Abs(seg[3] - seg[1])}.inflate(r + 1)
	for _, it := range obst {
		if !box.meets(it.r, 0) {
			continue
		}
		if it.kind == kArrow {
			if segSegGap(seg, it.seg) < r+it.width/2+0.75 {
				return false
			}
		} else if segRectGap(seg[0], seg[1], seg[2], seg[3], it.r) < r+0.75 {
			return false
		}
	}
	return true
}

// perimeter is points every step or so around r.
func perimeter(r rect, step float64) [][2]float64 {
	var pts [][2]float64
	nx, ny := max(1, int(r.W/step+0.5)), max(1, int(r.H/step+0.5))
	for i := 0; i <= nx; i++ {
		x := r.X + r.W*float64(i)/float64(nx)
		pts = append(pts, [2]float64{x, r.Y}, [2]float64{x, r.Y + r.H})
	}
	for i := 1; i < ny; i++ {
		y := r.Y + r.H*float64(i)/float64(ny)
		pts = append(pts, [2]float64{r.X, y}, [2]float64{r.X + r.W, y})
	}
	return pts
}

// drawArrow draws and records a whole arrow from seg's start to its tip.
func (p *painter) drawArrow(seg [4]float64, lw, halo, head float64, c color.RGBA, dash ...float64) {
	x1, y1, x2, y2 := seg[0], seg[1], seg[2], seg[3]
	L := math.Hypot(x2-x1, y2-y1)
	ux, uy := (x2-x1)/L, (y2-y1)/L
	headW := head * 0.62
	bx, by := x2-ux*head, y2-uy*head
	headPts := [][2]float64{{x2, y2}, {bx - uy*headW, by + ux*headW}, {bx + uy*headW, by - ux*headW}}
	p.line(x1, y1, bx, by, colWhite, lw+2*halo, dash...)
	p.haloHead(headPts, halo)
	p.line(x1, y1, bx+ux*lw*0.5, by+uy*lw*0.5, c, lw, dash...)
	p.polygon(headPts)
	p.fill(c)
	p.owners++
	o := p.owners
	p.record(item{kind: kArrow, seg: [4]float64{x1, y1, bx, by}, width: lw + 2*halo, owner: o})
	for _, sg := range headOutline(bx, by, x2, y2, headW) {
		p.record(item{kind: kArrow, seg: sg, width: 2 * halo, owner: o})
	}
}

// haloHead paints an arrowhead's white halo, halo wide all round, under
// the head drawn next.
func (p *painter) haloHead(pts [][2]float64, halo float64) {
	p.polygon(pts)
	p.dc.SetColor(colWhite)
	p.dc.SetLineWidth(2 * halo)
	p.dc.SetLineJoinRound()
	p.dc.StrokePreserve()
	p.fill(colWhite)
}
