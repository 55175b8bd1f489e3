package render

import (
	"image/color"
	"math"
	"strings"

	"github.com/mortain/mortain/rules"
)

// drawBackground draws everything that does not change during a game: the
// panels, the terrain with its glyphs, roads, the hex grid, hex ids, place
// labels and the sideboards' empty boxes.
func (p *painter) drawBackground(sc *rules.Scenario) {
	l, k := p.l, p.l.K
	p.fillRect(rect{0, 0, float64(l.W), float64(l.H)}, colFrame)
	p.roundRect(l.Status, 6*k, colPaper, colPaperEdge, k)
	p.roundRect(l.West, 6*k, colPaper, colPaperEdge, k)
	p.roundRect(l.East, 6*k, colPaper, colPaperEdge, k)
	p.roundRect(l.Map, 4*k, colOffMap, colPaperEdge, k)

	for h := rules.Hex(0); h < rules.NumHexes; h++ {
		p.hexPath(h, 1)
		p.fill(terrainColour(sc.Terrain[h]))
	}
	for h := rules.Hex(0); h < rules.NumHexes; h++ {
		p.terrainGlyphs(h, sc.Terrain[h])
	}
	p.drawRoads(sc)
	for h := rules.Hex(0); h < rules.NumHexes; h++ {
		p.hexPath(h, 1)
		p.stroke(colGrid, 1.2*k)
	}
	// The map edges of R1.1 and R5: west edge (exit), east edge (German entry).
	p.edgeMarks()
	// Hex numbers sit left of the top centre, clear of the arrows that
	// come in from the hex above.
	idFace := p.face(bold, l.numPx)
	for h := rules.Hex(0); h < rules.NumHexes; h++ {
		x, y := l.hexCenter(h)
		x, y = x-numRight*l.R, y-numY*l.R
		p.text(idFace, h.String(), x, y, 1, 0.5, colInkSoft)
		p.record(item{kind: kHexNum, r: p.textBox(idFace, h.String(), x, y, 1, 0.5).inflate(1), px: l.numPx, text: h.String()})
	}
	p.drawLabels(sc)
	if l.Compact {
		return
	}
	for _, b := range []box{l.USReserve, l.Exited, l.USElim, l.GerReserve, l.GerElim} {
		p.drawBox(b)
	}
}

func terrainColour(t rules.Terrain) color.RGBA {
	switch t {
	case rules.Forest:
		return colForest
	case rules.Hill:
		return colHill
	case rules.Village:
		return colVillage
	case rules.City:
		return colCity
	}
	return colOpen
}

// terrainGlyphs draws what makes a terrain readable without a legend:
// trees, contour lines, houses.
func (p *painter) terrainGlyphs(h rules.Hex, t rules.Terrain) {
	l := p.l
	cx, cy := l.hexCenter(h)
	R := l.R
	switch t {
	case rules.Forest:
		// A ring of tree crowns around the centre, where counters stand.
		for i, pt := range treeSpots {
			x, y := cx+pt[0]*R, cy+pt[1]*R
			r := R * (0.12 + 0.02*float64(i%3))
			p.dc.DrawCircle(x+0.02*R, y+0.03*R, r)
			p.fill(colTreeDark)
			p.dc.DrawCircle(x, y, r)
			p.fill(colTree)
			p.dc.DrawCircle(x-0.35*r, y-0.35*r, r*0.35)
			p.fill(colForest)
		}
	case rules.Hill:
		for i, s := range []float64{0.8, 0.6, 0.4, 0.2} {
			p.dc.NewSubPath()
			for a := 0; a <= 36; a++ {
				th := float64(a) / 36 * 2 * math.Pi
				wob := 1 + 0.07*math.Sin(3*th+float64(i))
				x := cx + s*R*0.95*wob*math.Cos(th)
				y := cy + 0.05*R + s*R*0.78*wob*math.Sin(th)
				if a == 0 {
					p.dc.MoveTo(x, y)
				} else {
					p.dc.LineTo(x, y)
				}
			}
			p.dc.ClosePath()
			p.stroke(colContour, max(1, 1.3*l.K))
		}
	case rules.Village:
		for _, b := range villageHouses {
			p.house(cx+b[0]*R, cy+b[1]*R, b[2]*R, b[3]*R)
		}
	case rules.City:
		for _, b := range cityBlocks {
			p.house(cx+b[0]*R, cy+b[1]*R, b[2]*R, b[3]*R)
		}
	}
}

// house draws one building seen from above: a roof with a wall outline.
func (p *painter) house(x, y, w, h float64) {
	p.dc.DrawRectangle(x-w/2, y-h/2, w, h)
	p.dc.SetColor(colRoof)
	p.dc.FillPreserve()
	p.stroke(colWall, max(1, 1.1*p.l.K))
	if w >= h {
		p.line(x-w/2, y, x+w/2, y, colWall, max(0.8, 0.8*p.l.K))
	} else {
		p.line(x, y-h/2, x, y+h/2, colWall, max(0.8, 0.8*p.l.K))
	}
}

// Tree, house and block positions in units of the hex radius, from the
// hex centre.
var treeSpots = [][2]float64{
	{-0.62, -0.12}, {-0.5, 0.3}, {-0.3, -0.5}, {0.05, -0.6}, {0.38, -0.48}, {0.62, -0.1},
	{0.55, 0.3}, {0.3, 0.55}, {-0.1, 0.6}, {-0.42, 0.55}, {0.72, 0.12}, {-0.75, 0.1},
}

var villageHouses = [][4]float64{
	{-0.52, -0.28, 0.2, 0.13}, {-0.3, -0.5, 0.13, 0.2}, {0.36, -0.45, 0.2, 0.13},
	{0.56, -0.12, 0.13, 0.2}, {0.5, 0.33, 0.2, 0.13}, {-0.52, 0.3, 0.2, 0.13}, {-0.22, 0.52, 0.13, 0.18},
}

var cityBlocks = [][4]float64{
	{-0.6, -0.2, 0.18, 0.22}, {-0.38, -0.5, 0.24, 0.16}, {0.0, -0.62, 0.22, 0.14}, {0.38, -0.5, 0.24, 0.16},
	{0.62, -0.2, 0.18, 0.22}, {0.62, 0.2, 0.18, 0.22}, {0.38, 0.5, 0.24, 0.16}, {0.0, 0.62, 0.22, 0.14},
	{-0.38, 0.5, 0.24, 0.16}, {-0.62, 0.2, 0.18, 0.22}, {-0.78, 0.0, 0.1, 0.16}, {0.78, 0.0, 0.1, 0.16},
}

// drawRoads draws the roads centre to centre, a pale band in a dark casing.
func (p *painter) drawRoads(sc *rules.Scenario) {
	l, k := p.l, p.l.K
	for pass, c := range []color.RGBA{colRoadEdge, colRoad} {
		w := 0.13 * l.R
		if pass == 1 {
			w -= 2.6 * k
		}
		for _, rd := range sc.Roads {
			if len(rd.Hexes) < 2 {
				continue
			}
			p.dc.NewSubPath()
			for i, h := range rd.Hexes {
				x, y := l.hexCenter(h)
				if i == 0 {
					x0, y0 := p.roadEnd(h, rd.Hexes[1])
					p.dc.MoveTo(x0, y0)
				}
				p.dc.LineTo(x, y)
			}
			last, prev := rd.Hexes[len(rd.Hexes)-1], rd.Hexes[len(rd.Hexes)-2]
			x1, y1 := p.roadEnd(last, prev)
			p.dc.LineTo(x1, y1)
			p.stroke(c, w)
		}
	}
}

// roadEnd is where a road ending in hex h (coming from prev) stops: at the
// map edge when h is an edge hex (the road leads off the map), else at the
// centre.
func (p *painter) roadEnd(h, prev rules.Hex) (float64, float64) {
	x, y := p.l.hexCenter(h)
	if !edgeHex(h) {
		return x, y
	}
	px, py := p.l.hexCenter(prev)
	dx, dy := x-px, y-py
	n := math.Hypot(dx, dy)
	return x + dx/n*0.86*p.l.R, y + dy/n*0.86*p.l.R
}

func edgeHex(h rules.Hex) bool {
	return h.Col() == rules.FirstCol || h.Col() == rules.LastCol || h.Row() == 1 || h.Row() == rules.NumRows
}

// drawLabels writes the place names on plates, and road destinations
// where a road leaves the map.
func (p *painter) drawLabels(sc *rules.Scenario) {
	l := p.l
	if l.Compact { // too small to read there: the legend says where they are
		p.noPlacesLegend()
		return
	}
	for _, lb := range sc.Labels {
		x, y := l.hexCenter(lb.Hex)
		p.plate(bold, l.labelPx, p.place(lb.Text), x, y+l.labelY*l.R, colInk, colLabelBack)
	}
	for _, rd := range sc.Roads {
		if len(rd.Hexes) < 2 || !strings.HasPrefix(rd.Name, "to ") {
			continue
		}
		end := rd.Hexes[len(rd.Hexes)-1]
		if !edgeHex(end) || sc.Label(end) != "" {
			continue
		}
		name := p.place(strings.TrimPrefix(rd.Name, "to "))
		switch {
		case end.Col() == rules.FirstCol:
			name = "← " + name
		case end.Col() == rules.LastCol:
			name += " →"
		case end.Row() == rules.NumRows:
			name = "↓ " + name
		default:
			name = "↑ " + name
		}
		x, y := l.hexCenter(end)
		p.plate(p.slanted(), l.labelPx*0.95, name, x, y+l.labelY*l.R, colInk, colOpen)
	}
}

// noPlacesLegend writes, on the compact layout's legend line, that its
// map leaves the place names out.
func (p *painter) noPlacesLegend() {
	l, pad := p.l, 6*p.l.C
	p.roundRect(l.Legend, 4*l.C, colPaper, colPaperEdge, l.K)
	note := p.tr("map.legend.no-places", nil)
	f := p.fitText(regular, note, 12*l.C, l.Legend.W-2*pad)
	x, y := l.Legend.X+l.Legend.W-pad, l.Legend.cy()
	p.text(f, note, x, y, 1, 0.5, colInk)
	p.record(item{kind: kStatus, r: p.textBox(f, note, x, y, 1, 0.5), px: 12 * l.C, text: note, style: regular, ink: colInk})
}

// lineGap is the distance between a plate's two lines, in font sizes.
const lineGap = 1.05

// plate writes s centred at x, y on a small rounded plate that stays
// inside the hex, clear of the neighbours' counters: a long name is broken
// in two lines, or its type shrinks, whichever keeps it larger.
func (p *painter) plate(style fontStyle, size float64, s string, x, y float64, fg, bg color.RGBA) {
	k, R := p.l.K, p.l.R
	h := p.l.plateH
	widthAt := func(bottom float64) float64 { return 2*(R-bottom/sqrt3) - 8*k } // text room above bottom (from the centre)
	px := fitSize(p, style, s, size, widthAt(p.l.labelY*R+h/2))
	lines := []string{s}
	// Two lines, from the plate's top down to near the hex's bottom edge.
	top := p.l.labelY*R - h/2
	for i, ch := range s {
		if i == 0 || (ch != ' ' && ch != '-' && ch != '・' && ch != '＝') {
			continue
		}
		cut := i
		if ch != ' ' { // a hyphen, or Japanese's dot and double hyphen, ends the first line
			cut = i + len(string(ch))
		}
		a, b := strings.TrimSpace(s[:cut]), strings.TrimSpace(s[cut:])
		if letters(a) < 2 || letters(b) < 2 { // never a single character on a line
			continue
		}
		px2 := size
		for ; px2 > px; px2 -= 0.25 {
			h2 := 2*px2*lineGap + 3*k
			room := widthAt(top + h2)
			if top+h2 <= sqrt3/2*R-1.5*k && p.width(p.face(style, px2), a) <= room && p.width(p.face(style, px2), b) <= room {
				break
			}
		}
		if px2 > px {
			px, lines = px2, []string{a, b}
		}
	}
	f := p.face(style, px)
	w := 0.0
	for _, ln := range lines {
		w = max(w, p.width(f, ln)+6*k)
	}
	r := rect{x - w/2, y - h/2, w, h}
	if len(lines) == 2 {
		r.H = 2*px*lineGap + 3*k
	}
	p.roundRect(r, 4*k, bg, colPaperEdge, 0.8*k)
	for i, ln := range lines {
		ly := r.cy()
		if len(lines) == 2 {
			ly = r.Y + 1.5*k + px*lineGap*(float64(i)+0.5)
		}
		p.text(f, ln, r.cx(), ly, 0.5, 0.5, fg)
	}
	p.record(item{kind: kLabel, r: r, px: px, text: strings.Join(lines, "\n")})
}

// edgeMarks draws the west and east map edges: a dashed band where German
// units exit (west) and enter (east).
func (p *painter) edgeMarks() {
	l, k := p.l, p.l.K
	f := p.face(bold, 9.5*k)
	xw := l.Map.X + 3*k
	xe := l.Map.X + l.Map.W - 3*k
	y0, y1 := l.Map.Y+10*k, l.Map.Y+l.Map.H-10*k
	p.line(xw, y0, xw, y1, colInkSoft, 1.2*k, 5*k, 4*k)
	p.line(xe, y0, xe, y1, colInkSoft, 1.2*k, 5*k, 4*k)
	_ = f
}

// drawBox draws an empty sideboard box: frame, title, empty slots.
func (p *painter) drawBox(b box) {
	k := p.l.K
	p.roundRect(b.Frame, 5*k, colPaperDeep, colPaperEdge, k)
	if b.Title != boxExited {
		title := p.tr(b.Title, nil)
		p.text(p.fitText(bold, title, 11*k, b.Frame.W-10*k), title, b.Frame.X+6*k, b.Frame.Y+10*k, 0, 0.5, colInk)
	}
	for _, s := range b.Slots {
		p.dc.DrawRoundedRectangle(s.X, s.Y, s.W, s.H, 4*k)
		p.stroke(colPaperEdge, k, 3*k, 3*k)
	}
	if b.Note != "" {
		note := p.tr(b.Note, b.NoteData)
		p.text(p.fitText(p.slanted(), note, 10*k, b.Frame.W-8*k), note, b.Frame.cx(), b.Frame.Y+b.Frame.H-4*k, 0.5, 1, colInkSoft)
	}
}
