package render

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/mortain/mortain/rules"
)

// drawStatus fills the status panel: the card of the round drawn as a card,
// the turn, whose round and the points left, the deck, Air/OBA, the options
// in force if not the defaults, the latest activation, and the winner.
func (p *painter) drawStatus(s *rules.State, ov *overlay) {
	l, k := p.l, p.l.K
	st := l.Status
	card := rect{st.X + 12*k, st.Y + 10*k, 58 * k, st.H - 20*k}
	p.bigCard(s.RoundCard(), card)

	// Left column: the turn, whose round (on two lines when it is long)
	// and the deck.
	x := card.X + card.W + 16*k
	x2 := st.X + statusMidX*k // the middle column
	leftW := x2 - x - 14*k
	line := max(13.5*k, minTextPx) // the smaller lines stay readable in a preview
	turn := "Set-up"
	if s.Turn() > 0 {
		turn = fmt.Sprintf("Turn %d/%d", s.Turn(), rules.Turns)
	}
	p.statusLine(bold, 25*k, turn, x, st.Y+22*k, leftW, colInk)
	round, roundCol := roundText(s)
	deckY := st.Y + 78*k
	size := 17 * k
	lines := p.wrap(p.face(bold, size), round, leftW)
	if len(lines) > 1 {
		size = 15 * k
		lines = p.wrap(p.face(bold, size), round, leftW)
	}
	if len(lines) == 1 {
		p.statusLine(bold, size, round, x, st.Y+52*k, leftW, roundCol)
	} else {
		p.statusLine(bold, size, lines[0], x, st.Y+45*k, leftW, roundCol)
		p.statusLine(bold, size, strings.Join(lines[1:], " "), x, st.Y+63*k, leftW, roundCol)
		deckY = st.Y + 83*k
	}
	deck := fmt.Sprintf("Deck: %d cards left", s.DeckLeft())
	if s.Phase() == rules.PhaseSetup {
		deck = "Deck: 53 cards, shuffled when turn 1 begins"
	}
	p.statusLine(regular, line, deck, x, deckY, leftW, colInkSoft)

	// Middle column: Air/OBA, options, the latest activation; the right
	// end holds the winner's banner, or the legend under the last line.
	colW := st.X + st.W - x2 - 12*k
	right := rect{st.X + st.W - legendW*k - 10*k, st.Y + st.H - 18*k, legendW * k, 14 * k}
	lastW := right.X - x2 - 12*k
	if s.Over() {
		colW -= 250 * k
		lastW = colW
	}
	airText, airOn := airStatus(s)
	p.planeBadge(x2+8*k, st.Y+20*k, 8*k)
	airCol := colInkSoft
	if airOn {
		airCol = colInk
	}
	p.statusLine(bold, line, airText, x2+22*k, st.Y+20*k, colW-22*k, airCol)
	opts := "Options: standard rules"
	if nd := s.Options().NonDefault(); len(nd) > 0 {
		opts = "Options: " + strings.Join(nd, "  ")
	}
	p.statusLine(regular, line, opts, x2, st.Y+46*k, colW, colInk)
	last := "Last: —"
	if len(ov.summary) > 0 {
		last = "Last: " + strings.Join(ov.summary, "; ")
	}
	p.statusLine(regular, line, p.clip(regular, line, last, lastW), x2, st.Y+72*k, lastW, colInk)

	if s.Over() {
		p.winner(s, rect{st.X + st.W - 254*k, st.Y + 8*k, 244 * k, st.H - 16*k})
	} else {
		p.legend(right)
	}
}

// The status panel's columns, in pixels of the 1200-pixel layout: where
// the middle column starts, and the width of the legend at the right.
const (
	statusMidX = 470.0
	legendW    = 290.0
)

// roundText says whose round it is and what is left of it (R4.3, R6.6, R6.8).
func roundText(s *rules.State) (string, color.RGBA) {
	switch s.Phase() {
	case rules.PhaseSetup:
		return "US set-up: place the units", colInk
	case rules.PhaseOver:
		return "Game over", colInk
	}
	side := s.RoundSide().Title()
	var what string
	switch {
	case s.Phase() == rules.PhaseFaceChoice:
		what = fmt.Sprintf("face card %s in combat: redraw or miss", s.FaceCardPending())
	case s.FaceRound():
		n := s.PointsLeft()
		what = "face card: one unit or stack"
		if n != 1 {
			what = fmt.Sprintf("face card: %d of the stack left", n)
		}
	default:
		n := s.PointsLeft()
		what = fmt.Sprintf("%d point%s left", n, pluralS(n))
	}
	if _, _, ok := s.PendingAttack(); ok && s.Phase() != rules.PhaseFaceChoice {
		what += " · attack pending"
	}
	return side + " round · " + what, colInk
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// airStatus describes the Air/OBA allowance this turn (R7.1); on is true
// when a marker may be used right now.
func airStatus(s *rules.State) (string, bool) {
	switch {
	case s.Phase() == rules.PhaseSetup:
		return "Air/OBA: once per turn, in a US round", false
	case s.Over():
		return "Air/OBA: —", false
	case s.AirOBAUsed():
		return "Air/OBA: used this turn", false
	}
	if s.RoundSide() == rules.US {
		air, oba := s.RoundCard().Markers()
		switch {
		case air:
			return "Air/OBA available: this card allows Air", true
		case oba:
			return "Air/OBA available: this card allows OBA", true
		}
	}
	return "Air/OBA: available in a US round", false
}

// winner draws the winner's banner and the reason (R8).
func (p *painter) winner(s *rules.State, r rect) {
	k := p.l.K
	fill, ink := colUS, colInk
	if s.Winner() == rules.German {
		fill, ink = colBlack, colWhite
	}
	p.roundRect(r, 6*k, fill, colGold, 3*k)
	title := strings.ToUpper(s.Winner().Title()) + " WINS"
	f := p.fitText(bold, title, 26*k, r.W-16*k)
	p.text(f, title, r.cx(), r.Y+22*k, 0.5, 0.5, ink)
	p.record(item{kind: kStatus, r: p.textBox(f, title, r.cx(), r.Y+22*k, 0.5, 0.5), px: 26 * k, text: title, style: bold, ink: ink})
	small := p.face(regular, 11.5*k)
	lines := p.wrap(small, s.WinReason(), r.W-14*k)
	for i, ln := range lines {
		if i >= 3 {
			break
		}
		p.text(small, ln, r.cx(), r.Y+44*k+float64(i)*14*k, 0.5, 0.5, ink)
		p.record(item{kind: kStatus, r: p.textBox(small, ln, r.cx(), r.Y+44*k+float64(i)*14*k, 0.5, 0.5), px: 11.5 * k, text: ln, style: regular, ink: ink})
	}
}

// wrap breaks s into lines no wider than w.
func (p *painter) wrap(f fontFace, s string, w float64) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if cur != "" && p.width(f, try) > w {
			lines = append(lines, cur)
			cur = word
			continue
		}
		cur = try
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// legend explains the subtle marks on counters.
func (p *painter) legend(r rect) {
	k := p.l.K
	f := p.face(regular, 11*k)
	y := r.cy()
	x := r.X
	mr := 6 * k
	p.badgeCircle(x+mr, y, mr, colWhite, colCheck, k)
	p.dc.MoveTo(x+mr*0.5, y)
	p.dc.LineTo(x+mr*0.9, y+mr*0.4)
	p.dc.LineTo(x+mr*1.5, y-mr*0.4)
	p.stroke(colCheck, 1.4*k)
	x += 2*mr + 4*k
	p.legendWord(f, "activated", x, y)
	x += p.width(f, "activated") + 12*k
	p.badgeCircle(x+mr, y, mr, colWhite, colFire, 1.2*k)
	p.dc.DrawCircle(x+mr, y, mr*0.3)
	p.fill(colFire)
	x += 2*mr + 4*k
	p.legendWord(f, "targeted", x, y)
	x += p.width(f, "targeted") + 12*k
	p.planeBadge(x+mr, y, mr)
	x += 2*mr + 4*k
	p.legendWord(f, "Air cover", x, y)
}

// legendWord writes and records a word of the legend.
func (p *painter) legendWord(f fontFace, s string, x, y float64) {
	p.text(f, s, x, y, 0, 0.5, colInkSoft)
	p.record(item{kind: kStatus, r: p.textBox(f, s, x, y, 0, 0.5), px: 11 * p.l.K, text: s, style: regular, ink: colInkSoft})
}
