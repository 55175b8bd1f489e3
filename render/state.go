package render

import (
	"github.com/mortain/mortain/rules"
)

// drawState draws everything that changes: counters on the map and in the
// sideboards, what just happened, and the status panel.
func (p *painter) drawState(s *rules.State, events []rules.Event) {
	sc := s.Scenario()
	var at [rules.NumHexes][]rules.UnitID
	var usRes, gerRes, usElim, gerElim, exited []rules.UnitID
	for i := range sc.Units {
		u := rules.UnitID(i)
		st := s.Unit(u)
		us := sc.Units[i].Side == rules.US
		switch st.Status {
		case rules.OnMap:
			if st.Hex.Valid() {
				at[st.Hex] = append(at[st.Hex], u)
			}
		case rules.InReserve:
			if us {
				usRes = append(usRes, u)
			} else {
				gerRes = append(gerRes, u)
			}
		case rules.Eliminated:
			if us {
				usElim = append(usElim, u)
			} else {
				gerElim = append(gerElim, u)
			}
		case rules.Exited:
			exited = append(exited, u)
		}
	}
	ov := p.overlay(s, events)
	ov.nameTargets(&at)
	ghosts := ov.ghosts(s)
	p.drawOverlayUnder(s, ov)
	for h := range at {
		p.stack(s, rules.Hex(h), withGhosts(at[h], ghosts[rules.Hex(h)]))
	}
	l := p.l
	if l.Compact {
		p.compactSideboards(s, usRes, usElim, gerRes, gerElim, exited)
		p.drawOverlay(s, ov)
		p.compactStatus(s, ov)
		return
	}
	p.fillBox(s, l.USReserve, usRes)
	p.fillBox(s, l.GerReserve, gerRes)
	p.fillBox(s, l.USElim, usElim)
	p.fillBox(s, l.GerElim, gerElim)
	p.fillBox(s, l.Exited, exited)
	k := l.K
	title := p.tr(boxExited, map[string]any{"N": len(exited), "Of": rules.ExitsToWin})
	c := colInk
	if len(exited) >= rules.ExitsToWin-1 {
		c = colFire
	}
	p.text(p.face(bold, 12*k), title, l.Exited.Frame.X+6*k, l.Exited.Frame.Y+10*k, 0, 0.5, c)
	p.drawOverlay(s, ov)
	p.drawStatus(s, ov)
}

// stackOffsets fans a stack in a hex: side-by-side for two counters, a
// triangle for three (two and the Tiger, R3.1). Values are in hex radii:
// x, y of each counter's centre and the counter side.
func stackOffsets(n int) ([][2]float64, float64) {
	// Each counter with its marks takes 1.18 of its side; the stacks keep
	// clear of the hex number above and the place label below, and inside
	// the hex.
	switch n {
	case 1:
		return [][2]float64{{0, 0}}, 0.8
	case 2:
		return [][2]float64{{-0.38, 0}, {0.38, 0}}, 0.62
	}
	return [][2]float64{{-0.309, -0.366}, {0.309, -0.366}, {0, 0.219}}, 0.48
}

// stack draws the units of a hex, the ghosts of those just eliminated
// among them.
func (p *painter) stack(s *rules.State, h rules.Hex, units []drawn) {
	if len(units) == 0 {
		return
	}
	cx, cy := p.l.hexCenter(h)
	R := p.l.R
	if p.l.Compact {
		p.chipStack(s, h, units)
		return
	}
	offs, size := stackOffsets(len(units))
	for i, d := range units {
		x, y, S := cx+offs[i][0]*R, cy+offs[i][1]*R, size*R
		b := counterBox(x, y, S, p.l.K)
		if d.ghost {
			b = p.ghostCounter(s, d.u, x, y, S)
		} else {
			p.counter(lookOf(s, d.u), x, y, S)
		}
		p.unitBox[d.u] = b
		p.hexBoxes[h] = append(p.hexBoxes[h], b)
	}
}

// fillBox puts counters into a sideboard box's slots.
func (p *painter) fillBox(s *rules.State, b box, units []rules.UnitID) {
	slots := b.slotsFor(len(units))
	for i, u := range units {
		if i >= len(slots) {
			break
		}
		sl := slots[i]
		lk := lookOf(s, u)
		lk.activated, lk.targeted, lk.covered = false, false, false // off the map: no marks
		p.counter(lk, sl.cx(), sl.cy(), sl.W)
	}
}
