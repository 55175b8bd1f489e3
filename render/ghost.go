package render

import (
	"image/color"
	"slices"

	"github.com/mortain/mortain/rules"
)

// The marks of an attack each mean one thing: the vermilion ring around a
// hex says that every unit drawn there was attacked; a unit attacked in a
// stack with others carries its own targeted mark instead, and the result
// names it. A unit the attack eliminated is drawn where it stood as a
// ghost (its outline and id) crossed out in vermilion, so that the mark
// of the elimination never lies on a unit that is still there.

// ghosts are the units the latest attacks eliminated, by the hex they
// stood in.
func (ov *overlay) ghosts(s *rules.State) map[rules.Hex][]rules.UnitID {
	out := map[rules.Hex][]rules.UnitID{}
	for _, a := range ov.attacks {
		if a.pending {
			continue
		}
		for i, t := range a.targets {
			if i < len(a.results) && a.results[i] == rules.ResultEliminated && s.Unit(t).Status == rules.Eliminated &&
				!slices.Contains(out[a.hex], t) {
				out[a.hex] = append(out[a.hex], t)
			}
		}
	}
	return out
}

// nameTargets marks the attacks on a hex that holds units they did not
// target: their hex is not ringed, and their results name the target.
func (ov *overlay) nameTargets(at *[rules.NumHexes][]rules.UnitID) {
	for i := range ov.attacks {
		a := &ov.attacks[i]
		if !a.hex.Valid() {
			continue
		}
		for _, u := range at[a.hex] {
			if !slices.Contains(a.targets, u) {
				a.named = true
			}
		}
	}
}

// drawn is a unit drawn in a hex: on the map, or a ghost.
type drawn struct {
	u     rules.UnitID
	ghost bool
}

// withGhosts lists the units drawn in a hex, the ghosts among them, in the
// order of their ids (as the stack stood before the attack), at most
// three.
func withGhosts(units, ghosts []rules.UnitID) []drawn {
	var out []drawn
	for _, u := range units {
		out = append(out, drawn{u, false})
	}
	for _, u := range ghosts {
		out = append(out, drawn{u, true})
	}
	slices.SortStableFunc(out, func(a, b drawn) int { return int(a.u) - int(b.u) })
	return out[:min(len(out), 3)] // more cannot happen under R3
}

// ghostCounter draws an eliminated unit where it stood, as a counter of
// side S centred at cx, cy: its outline dashed on the paper, its id, and
// the cross.
func (p *painter) ghostCounter(s *rules.State, u rules.UnitID, cx, cy, S float64) rect {
	id := s.Scenario().Unit(u).ID
	p.dc.DrawRoundedRectangle(cx-S/2, cy-S/2, S, S, 0.1*S)
	p.fill(colPaper)
	p.dc.DrawRoundedRectangle(cx-S/2, cy-S/2, S, S, 0.1*S)
	p.stroke(colInkSoft, max(1, 0.035*S), 0.08*S, 0.06*S)
	f, px, _, _ := p.counterFaces(lookOf(s, u), S)
	p.text(f, id, cx, cy+idY*S, 0.5, 0.5, colInkSoft)
	p.cross(cx, cy+0.1*S, 0.26*S, 0.26*S, 0.07*S)
	box := counterBox(cx, cy, S, p.l.K)
	p.owners++
	p.record(item{kind: kCounter, r: box, owner: p.owners, text: id})
	p.record(item{kind: kUnitID, r: p.textBox(f, id, cx, cy+idY*S, 0.5, 0.5), owner: p.owners, px: px, text: id, style: bold, ink: colInkSoft})
	return box
}

// ghostChip draws an eliminated unit where it stood, as a compact chip of
// width w centred at x, y: a paper chip with a vermilion edge and its id
// struck out in vermilion (a chip has no room for a cross beside it).
func (p *painter) ghostChip(s *rules.State, u rules.UnitID, x, y, w, h float64) rect {
	c := p.l.C
	id := s.Scenario().Unit(u).ID
	r := rect{x - w/2, y - h/2, w, h}
	p.roundRect(r, 2.5*c, colPaper, colFire, max(1, 1.2*c))
	px := fitSize(p, bold, id, chipPx*c, w-5*c)
	f := p.face(bold, px)
	p.text(f, id, x, y, 0.5, 0.5, colInkSoft)
	sy := y - 0.2*capHeight(f) // above a hyphen's height, which stays legible
	p.line(r.X+1.5*c, sy, r.X+w-1.5*c, sy, colFire, 1.5*c)
	p.owners++
	p.record(item{kind: kCounter, r: r, owner: p.owners, text: id})
	p.record(item{kind: kUnitID, r: p.textBox(f, id, x, y, 0.5, 0.5), owner: p.owners, px: px, text: id, style: bold, ink: colInkSoft})
	return r
}

// cross draws the mark of an elimination centred at x, y, dx and dy from
// the centre to its ends, lines w wide: vermilion on a white halo.
func (p *painter) cross(x, y, dx, dy, w float64) {
	for _, c := range []struct {
		col   color.RGBA
		width float64
	}{{colWhite, w * 1.6}, {colFire, w}} {
		p.line(x-dx, y-dy, x+dx, y+dy, c.col, c.width)
		p.line(x-dx, y+dy, x+dx, y-dy, c.col, c.width)
	}
}
