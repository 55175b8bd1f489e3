package render

import (
	"fmt"
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
}

// attackMark is one resolved attack: a ground attack on one target, or an
// Air/OBA strike on one or more units of a hex.
type attackMark struct {
	source  uint8
	firers  []rules.Hex
	hex     rules.Hex
	targets []rules.UnitID
	results []rules.Result
	ev      rules.Event // the first EvAttack: strength, modifiers, card
	pending bool        // a ground attack still waiting for its card (R6.6)
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
			ov.moves = append(ov.moves, moveMark{moved, e.From, e.To, e.Side})
			ov.summary = append(ov.summary, fmt.Sprintf("%s %s→%s", id(e.Unit), e.From, e.To))
		case rules.EvEnter:
			ov.moves = append(ov.moves, moveMark{entered, rules.NoHex, e.To, e.Side})
			who := id(e.Unit)
			if e.With != rules.NoUnit {
				who += " + " + id(e.With)
			}
			ov.summary = append(ov.summary, fmt.Sprintf("%s entered at %s", who, e.To))
		case rules.EvExit:
			ov.moves = append(ov.moves, moveMark{exited, e.From, rules.NoHex, e.Side})
			ov.summary = append(ov.summary, fmt.Sprintf("%s exited the west edge", id(e.Unit)))
		case rules.EvFire:
			fireFrom[e.Unit] = e.From
			fireText = append(fireText, id(e.Unit))
			if len(fireText) == 1 {
				ov.summary = append(ov.summary, "")
			}
			ov.summary[len(ov.summary)-1] = fmt.Sprintf("%s fire%s at %s", strings.Join(fireText, "+"), plural(len(fireText)), id(e.Target))
		case rules.EvAttack:
			fireText = nil
			if n := len(ov.attacks); n > 0 && e.Source != rules.SourceGround && ov.attacks[n-1].source == e.Source && ov.attacks[n-1].hex == e.To {
				a := &ov.attacks[n-1]
				a.targets = append(a.targets, e.Target)
				a.results = append(a.results, e.Result)
				ov.summary[len(ov.summary)-1] += fmt.Sprintf(", %s %s", id(e.Target), e.Result)
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
				}
			}
			ov.attacks = append(ov.attacks, a)
			switch e.Source {
			case rules.SourceAir:
				ov.summary = append(ov.summary, fmt.Sprintf("Air strike on %s: %s %s", e.To, id(e.Target), e.Result))
			case rules.SourceOBA:
				ov.summary = append(ov.summary, fmt.Sprintf("OBA on %s: %s %s", e.To, id(e.Target), e.Result))
			default:
				var firers []string
				for _, f := range e.FirerList() {
					firers = append(firers, id(f))
				}
				card := ""
				if e.Card != rules.NoCard {
					card = ", card " + e.Card.String()
				}
				phrase := fmt.Sprintf("%s fire%s at %s: %s%s", strings.Join(firers, "+"), plural(len(firers)), id(e.Target), e.Result, card)
				if n := len(ov.summary); n > 0 && strings.Contains(ov.summary[n-1], " at "+id(e.Target)) && strings.Contains(ov.summary[n-1], " fire") {
					ov.summary[n-1] = phrase // the firing phrase of this step, now resolved
				} else {
					ov.summary = append(ov.summary, phrase)
				}
			}
		case rules.EvAirCover:
			ov.cover = e.To
			ov.summary = append(ov.summary, fmt.Sprintf("Air cover on %s", e.To))
		case rules.EvPass:
			ov.summary = append(ov.summary, e.Side.Title()+" passed")
		case rules.EvFaceCard:
			ov.summary = append(ov.summary, fmt.Sprintf("face card %s drawn in combat", e.Card))
		case rules.EvTurnEnd:
			ov.summary = append(ov.summary, "turn ended ("+e.Text+")")
		}
	}
	// A ground attack still waiting for its card (R6.6): dashed lines.
	if t, firers, ok := s.PendingAttack(); ok && s.Unit(t).Status == rules.OnMap {
		a := attackMark{source: rules.SourceGround, hex: s.Unit(t).Hex, targets: []rules.UnitID{t}, pending: true}
		a.ev, _ = s.PendingOdds()
		for _, f := range firers {
			if s.Unit(f).Status == rules.OnMap {
				a.firers = append(a.firers, s.Unit(f).Hex)
			}
		}
		ov.attacks = append(ov.attacks, a)
	}
	return ov
}

func plural(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
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
		p.attackUnder(s, a)
	}
}

// drawOverlay draws arrows for moves, entries and exits, fire lines with
// the attack's figures, and Air/OBA strikes.
func (p *painter) drawOverlay(s *rules.State, ov *overlay) {
	l, k, R := p.l, p.l.K, p.l.R
	lw := 0.085 * R
	for _, m := range ov.moves {
		var x1, y1, x2, y2 float64
		switch m.kind {
		case moved:
			x1, y1 = l.hexCenter(m.from)
			x2, y2 = l.hexCenter(m.to)
			x1, y1, x2, y2 = shorten(x1, y1, x2, y2, 0.3*R, 0.52*R)
		case entered:
			x2, y2 = l.hexCenter(m.to)
			edge := l.East.X + 16*k // German entry: from the east sideboard (R5.3)
			if m.side == rules.US {
				edge = l.West.X + l.West.W - 16*k
			}
			x1, y1 = edge, y2
			x1, y1, x2, y2 = shorten(x1, y1, x2, y2, 0, 0.5*R)
		case exited:
			x1, y1 = l.hexCenter(m.from)
			x2, y2 = l.West.X+l.West.W-10*k, y1 // off the west edge (R5.5)
			x1, y1, x2, y2 = shorten(x1, y1, x2, y2, 0.2*R, 0)
		}
		p.arrow(x1, y1, x2, y2, lw, colMove)
	}
	for _, a := range ov.attacks {
		p.drawAttack(s, a)
	}
	if ov.cover != rules.NoHex {
		x, y := l.hexCenter(ov.cover)
		p.planeBadge(x, y-0.62*R, 0.2*R)
	}
}

// shorten pulls both ends of a segment in by a and b pixels.
func shorten(x1, y1, x2, y2, a, b float64) (float64, float64, float64, float64) {
	dx, dy := x2-x1, y2-y1
	n := max(1e-9, hypot(dx, dy))
	ux, uy := dx/n, dy/n
	return x1 + ux*a, y1 + uy*a, x2 - ux*b, y2 - uy*b
}
