package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/mortain/mortain/rules"
)

// overlay is what the latest activation did, ready to draw.
type overlay struct {
	moves   []moveMark
	attacks []attackMark
	cover   rules.Hex // Air cover placed on this hex (R7.5), or NoHex
	summary []string  // one phrase per thing that happened, in order
}

type moveKind uint8

const (
	moved moveKind = iota
	entered
	exited
)

type moveMark struct {
	kind     moveKind
	from, to rules.Hex // NoHex off the map (entry, exit)
	side     rules.Side
	unit     rules.UnitID
}

// attackMark is one resolved attack: a ground attack on one target, or an
// Air/OBA strike on one or more units of a hex.
type attackMark struct {
	source  uint8
	firers  []rules.Hex
	units   []rules.UnitID // the firing unit in each of firers
	hex     rules.Hex
	targets []rules.UnitID
	results []rules.Result
	ev      rules.Event // the first EvAttack: strength, modifiers, card
	pending bool        // a ground attack still waiting for its card (R6.6)
	// named is set when the hex holds units the attack did not target:
	// the hex is not ringed, and the result names the target.
	named bool
}

// overlay reads the events of the latest activation.
func (p *painter) overlay(s *rules.State, events []rules.Event) *overlay {
	sc := s.Scenario()
	id := func(u rules.UnitID) string {
		if int(u) < sc.NumUnits() {
			return sc.Unit(u).ID
		}
		return "?"
	}
	ov := &overlay{cover: rules.NoHex}
	fireFrom := map[rules.UnitID]rules.Hex{}
	var fireText []string
	firing := -1 // the summary's phrase of the attack being built, if any
	validUnit := func(u rules.UnitID) bool { return int(u) < sc.NumUnits() }
	for _, e := range events {
		// Events that do not fit this state (from another game, or
		// damaged) are left out rather than drawn wrong.
		switch e.Kind {
		case rules.EvMove:
			if !e.From.Valid() || !e.To.Valid() {
				continue
			}
		case rules.EvEnter, rules.EvAirCover:
			if !e.To.Valid() {
				continue
			}
		case rules.EvExit:
			if !e.From.Valid() {
				continue
			}
		case rules.EvAttack:
			if !e.To.Valid() || !validUnit(e.Target) || e.Firers>>uint(sc.NumUnits()) != 0 {
				continue
			}
		case rules.EvFire:
			if !validUnit(e.Unit) {
				continue
			}
		}
		switch e.Kind {
		case rules.EvMove:
			ov.moves = append(ov.moves, moveMark{moved, e.From, e.To, e.Side, e.Unit})
			ov.summary = append(ov.summary, fmt.Sprintf("%s %s→%s", id(e.Unit), e.From, e.To))
		case rules.EvEnter:
			ov.moves = append(ov.moves, moveMark{entered, rules.NoHex, e.To, e.Side, e.Unit})
			who := id(e.Unit)
			if e.With != rules.NoUnit {
				who += " + " + id(e.With)
			}
			ov.summary = append(ov.summary, p.tr("map.event.enter", map[string]any{"Who": who, "Hex": e.To.String()}))
		case rules.EvExit:
			ov.moves = append(ov.moves, moveMark{exited, e.From, rules.NoHex, e.Side, e.Unit})
			ov.summary = append(ov.summary, p.tr("map.event.exit", map[string]any{"Unit": id(e.Unit)}))
		case rules.EvFire:
			fireFrom[e.Unit] = e.From
			fireText = append(fireText, id(e.Unit))
			if len(fireText) == 1 {
				ov.summary = append(ov.summary, "")
			}
			firing = len(ov.summary) - 1
			ov.summary[firing] = p.trN("map.event.fire", len(fireText), map[string]any{"Firers": strings.Join(fireText, "+"), "Target": id(e.Target)})
		case rules.EvAttack:
			fireText = nil
			if n := len(ov.attacks); n > 0 && e.Source != rules.SourceGround && ov.attacks[n-1].source == e.Source && ov.attacks[n-1].hex == e.To {
				a := &ov.attacks[n-1]
				a.targets = append(a.targets, e.Target)
				a.results = append(a.results, e.Result)
				ov.summary[len(ov.summary)-1] += p.tr("grammar.list-sep", nil) + id(e.Target) + " " + p.eventResult(e.Result)
				continue
			}
			a := attackMark{source: e.Source, hex: e.To, targets: []rules.UnitID{e.Target}, results: []rules.Result{e.Result}, ev: e}
			for _, f := range e.FirerList() {
				h, ok := fireFrom[f]
				if !ok && s.Unit(f).Status == rules.OnMap {
					h = s.Unit(f).Hex
				}
				if h.Valid() {
					a.firers = append(a.firers, h)
					a.units = append(a.units, f)
				}
			}
			ov.attacks = append(ov.attacks, a)
			switch e.Source {
			case rules.SourceAir:
				ov.summary = append(ov.summary, p.tr("map.event.air", map[string]any{"Hex": e.To.String(), "Target": id(e.Target), "Result": p.eventResult(e.Result)}))
			case rules.SourceOBA:
				ov.summary = append(ov.summary, p.tr("map.event.oba", map[string]any{"Hex": e.To.String(), "Target": id(e.Target), "Result": p.eventResult(e.Result)}))
			default:
				var firers []string
				for _, f := range e.FirerList() {
					firers = append(firers, id(f))
				}
				card := ""
				if e.Card != rules.NoCard {
					card = p.tr("map.event.card", map[string]any{"Card": e.Card.String()})
				}
				phrase := p.trN("map.event.fire-result", len(firers), map[string]any{"Firers": strings.Join(firers, "+"), "Target": id(e.Target), "Result": p.eventResult(e.Result), "Card": card})
				if n := len(ov.summary); n > 0 && firing == n-1 {
					ov.summary[n-1] = phrase // the firing phrase of this step, now resolved
				} else {
					ov.summary = append(ov.summary, phrase)
				}
				firing = -1
			}
		case rules.EvAirCover:
			ov.cover = e.To
			ov.summary = append(ov.summary, p.tr("map.event.cover", map[string]any{"Hex": e.To.String()}))
		case rules.EvPass:
			ov.summary = append(ov.summary, p.tr("map.event.pass", map[string]any{"Side": p.sideName(e.Side)}))
		case rules.EvFaceCard:
			ov.summary = append(ov.summary, p.tr("map.event.face", map[string]any{"Card": e.Card.String()}))
		case rules.EvTurnEnd:
			ov.summary = append(ov.summary, p.tr("map.event.turn-end", map[string]any{"Why": p.reason(e.Reason)}))
		}
	}
	// A ground attack still waiting for its card (R6.6): dashed lines.
	if t, firers, ok := s.PendingAttack(); ok && s.Unit(t).Status == rules.OnMap {
		a := attackMark{source: rules.SourceGround, hex: s.Unit(t).Hex, targets: []rules.UnitID{t}, pending: true}
		a.ev, _ = s.PendingOdds()
		for _, f := range firers {
			if s.Unit(f).Status == rules.OnMap {
				a.firers = append(a.firers, s.Unit(f).Hex)
				a.units = append(a.units, f)
			}
		}
		ov.attacks = append(ov.attacks, a)
	}
	return ov
}

// drawOverlayUnder draws the marks that belong under the counters: the
// hexes an Air cover reaches, the target hexes.
func (p *painter) drawOverlayUnder(s *rules.State, ov *overlay) {
	k := p.l.K
	if ov.cover != rules.NoHex {
		hexes := []rules.Hex{ov.cover}
		for _, n := range ov.cover.Neighbours() {
			if n.Valid() {
				hexes = append(hexes, n)
			}
		}
		for _, h := range hexes {
			p.hexPath(h, 0.9)
			p.stroke(colAir, 2.5*k, 7*k, 5*k)
		}
	}
	for _, a := range ov.attacks {
		p.attackUnder(a)
	}
	// The hex numbers and labels the marks crossed come back from the
	// background.
	if ov.cover == rules.NoHex && len(ov.attacks) == 0 {
		return
	}
	for _, it := range p.items {
		if it.kind == kHexNum || it.kind == kLabel {
			p.restore(it.r)
		}
	}
}

// restore copies the background back into r.
func (p *painter) restore(r rect) {
	b := r.inflate(1).image().Intersect(p.img.Rect)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		o := p.img.PixOffset(b.Min.X, y)
		n := 4 * b.Dx()
		copy(p.img.Pix[o:o+n], p.layer.bg.Pix[o:o+n])
	}
}

// drawOverlay draws arrows for moves, entries and exits, then fire lines,
// then the attacks' result boxes in free space.
func (p *painter) drawOverlay(s *rules.State, ov *overlay) {
	l, k, R := p.l, p.l.K, p.l.R
	lw := p.l.arrowW
	type leg struct{ from, to rules.Hex }
	seen := map[leg]bool{}
	for _, m := range ov.moves {
		if seen[leg{m.from, m.to}] {
			continue // a stack moving together: one arrow
		}
		seen[leg{m.from, m.to}] = true
		switch m.kind {
		case moved:
			x1, y1 := l.hexCenter(m.from)
			x2, y2 := p.unitCentre(m.unit, m.to)
			p.routedArrow(x1, y1, x2, y2, p.hexBoxes[m.from], p.boxesOf(m.unit, m.to), 0.4*R, lw, colMove)
		case entered:
			x2, y2 := p.unitCentre(m.unit, m.to)
			x1 := l.Map.X + l.Map.W - 2*k // German entry: the east edge (R5.3)
			if m.side == rules.US {
				x1 = l.Map.X + 2*k
			}
			p.routedArrow(x1, y2, x2, y2, nil, p.boxesOf(m.unit, m.to), 0.4*R, lw, colMove)
		case exited:
			x1, y1 := l.hexCenter(m.from)
			p.routedArrow(x1-0.2*R, y1, l.Map.X+2*k, y1, p.hexBoxes[m.from], nil, 0, lw, colMove) // off the west edge (R5.5)
		}
	}
	for _, a := range ov.attacks {
		p.fireLines(a)
	}
	for _, a := range ov.attacks {
		p.attackLabel(s, a)
	}
}

// boxesOf is the box of u's counter if it is drawn in hex h, else the
// boxes of the counters in h.
func (p *painter) boxesOf(u rules.UnitID, h rules.Hex) []rect {
	if b, ok := p.unitBox[u]; ok && p.unitHex(b) == h {
		return []rect{b}
	}
	return p.hexBoxes[h]
}

// unitHex is the hex whose centre is nearest to b's centre.
func (p *painter) unitHex(b rect) rules.Hex {
	best, bd := rules.NoHex, math.Inf(1)
	for h := rules.Hex(0); h < rules.NumHexes; h++ {
		x, y := p.l.hexCenter(h)
		if d := math.Hypot(x-b.cx(), y-b.cy()); d < bd {
			best, bd = h, d
		}
	}
	return best
}

// unitCentre is the centre of u's counter on the map, or of hex h if u is
// not drawn there.
func (p *painter) unitCentre(u rules.UnitID, h rules.Hex) (float64, float64) {
	if b, ok := p.unitBox[u]; ok {
		return b.cx(), b.cy()
	}
	return p.l.hexCenter(h)
}
