package render

import (
	"errors"
	"image/color"
	"strings"
	"unicode"

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
	turn := p.turnText(s)
	p.statusLine(roleTurn, bold, 25*k, turn, x, st.Y+22*k, leftW, colInk)
	round, roundCol := p.roundText(s)
	deckY := st.Y + 78*k
	size := 17 * k
	lines := p.wrap(p.face(bold, size), round, leftW)
	if len(lines) > 1 {
		size = 15 * k
		lines = p.wrap(p.face(bold, size), round, leftW)
	}
	if len(lines) == 1 {
		p.statusLine(roleRound, bold, size, round, x, st.Y+52*k, leftW, roundCol)
	} else {
		p.statusLine(roleRound, bold, size, lines[0], x, st.Y+45*k, leftW, roundCol)
		p.statusLine(roleRound, bold, size, strings.TrimLeft(round[len(lines[0]):], " "), x, st.Y+63*k, leftW, roundCol)
		deckY = st.Y + 83*k
	}
	deck := p.trN("map.deck", s.DeckLeft(), nil)
	if s.Phase() == rules.PhaseSetup {
		deck = p.tr("map.deck-setup", nil)
	}
	p.statusLine("", regular, line, deck, x, deckY, leftW, colInkSoft)

	// Middle column: Air/OBA, options, the latest activation; the right
	// end holds the winner's banner, or the legend under the last line.
	colW := st.X + st.W - x2 - 12*k
	right := rect{st.X + st.W - legendW*k - 10*k, st.Y + st.H - 18*k, legendW * k, 14 * k}
	lastW := right.X - x2 - 12*k
	if s.Over() {
		colW -= 250 * k
		lastW = colW
	}
	airText, airOn := p.airStatus(s)
	p.planeBadge(x2+8*k, st.Y+20*k, 8*k)
	airCol := colInkSoft
	if airOn {
		airCol = colInk
	}
	p.statusLine("", bold, line, airText, x2+22*k, st.Y+20*k, colW-22*k, airCol)
	opts := p.tr("map.options-standard", nil)
	if nd := s.Options().NonDefault(); len(nd) > 0 {
		opts = p.tr("map.options", map[string]any{"List": strings.Join(nd, "  ")})
	}
	p.statusLine("", regular, line, opts, x2, st.Y+46*k, colW, colInk)
	last := p.lastText(ov)
	p.statusLine(roleLast, regular, line, p.clip(regular, line, last, lastW), x2, st.Y+72*k, lastW, colInk)

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

// turnText is the turn's line: "Turn 2/6", or the set-up.
func (p *painter) turnText(s *rules.State) string {
	if s.Turn() > 0 {
		return p.tr("map.turn", map[string]any{"Turn": s.Turn(), "Turns": rules.Turns})
	}
	return p.tr("map.setup", nil)
}

// lastText is the line of the latest activation.
func (p *painter) lastText(ov *overlay) string {
	if len(ov.summary) > 0 {
		return p.tr("map.last", map[string]any{"Summary": strings.Join(ov.summary, p.tr("grammar.clause-sep", nil))})
	}
	return p.tr("map.last-none", nil)
}

// roundText says whose round it is and what is left of it (R4.3, R6.6, R6.8).
func (p *painter) roundText(s *rules.State) (string, color.RGBA) {
	switch s.Phase() {
	case rules.PhaseSetup:
		return p.tr("map.round.setup", nil), colInk
	case rules.PhaseOver:
		return p.tr("map.round.over", nil), colInk
	}
	var what string
	switch {
	case s.Phase() == rules.PhaseFaceChoice:
		what = p.tr("map.round.face-choice", map[string]any{"Card": s.FaceCardPending().String()})
	case s.FaceRound():
		n := s.PointsLeft()
		what = p.tr("map.round.face", nil)
		if n != 1 {
			what = p.tr("map.round.face-left", map[string]any{"N": n})
		}
	default:
		what = p.trN("map.round.points", s.PointsLeft(), nil)
	}
	if _, _, ok := s.PendingAttack(); ok && s.Phase() != rules.PhaseFaceChoice {
		what += " · " + p.tr("map.round.pending", nil)
	}
	return p.tr("map.round.side", map[string]any{"Side": p.sideName(s.RoundSide()), "What": what}), colInk
}

// airState is the Air/OBA allowance this turn (R7.1), as the engine has
// it right now.
type airState uint8

const (
	airSetup airState = iota
	airOver
	airUsed
	airAllowsAir
	airAllowsOBA
	airLater
	airNotAfterActivation // a unit was activated this round (R7.1)
	airNotThisCard        // the card of this US round allows neither marker (R7.1)
	airNoTarget           // no German unit on the map to strike (R7.2)
	airNotNow             // refused now for another reason
)

// airOf reads the Air/OBA allowance of s from the engine: a marker the
// side to act may use now (its legal actions), else, in a US round, why
// the engine refuses one.
func airOf(s *rules.State) airState {
	switch {
	case s.Phase() == rules.PhaseSetup:
		return airSetup
	case s.Over():
		return airOver
	case s.AirOBAUsed():
		return airUsed
	}
	for _, a := range s.LegalActions(nil) {
		switch a.Kind {
		case rules.ActAirAttack, rules.ActAirCover:
			return airAllowsAir
		case rules.ActOBA:
			return airAllowsOBA
		}
	}
	if s.RoundSide() != rules.US {
		return airLater
	}
	return airRefused(s)
}

// airRefused says why the engine refuses the marker of this US round's
// card now: it is asked about a strike on a German-held hex, if any.
func airRefused(s *rules.State) airState {
	hex := rules.Hex(0)
	for u := rules.UnitID(0); int(u) < s.Scenario().NumUnits(); u++ {
		if us := s.Unit(u); s.Scenario().Unit(u).Side == rules.German && us.Status == rules.OnMap {
			hex = us.Hex
			break
		}
	}
	probe := rules.AirAttack(hex, rules.NoUnit)
	if _, oba := s.RoundCard().Markers(); oba {
		probe = rules.OBA(hex, rules.NoUnit)
	}
	var re *rules.RuleError
	if err := s.Check(probe); !errors.As(err, &re) {
		return airNotNow
	}
	switch re.ID {
	case "air-after-activation":
		return airNotAfterActivation
	case "air-not-oba", "oba-not-air":
		return airNotThisCard
	case "strike-no-german":
		return airNoTarget
	}
	return airNotNow
}

// on tells whether a marker may be used right now.
func (a airState) on() bool { return a == airAllowsAir || a == airAllowsOBA }

// The catalog's words for each airState: the full map's, and the compact
// map's shorter ones.
var (
	airIDs = [...]string{"map.air.setup", "map.air.over", "map.air.used", "map.air.allows-air", "map.air.allows-oba", "map.air.later",
		"map.air.after-activation", "map.air.not-this-card", "map.air.no-target", "map.air.not-now"}
	airShortIDs = [...]string{"map.air.short-setup", "map.air.short-over", "map.air.short-used", "map.air.short-air", "map.air.short-oba", "map.air.short-later",
		"map.air.short-after-activation", "map.air.short-not-this-card", "map.air.short-no-target", "map.air.short-not-now"}
)

// airStatus describes the Air/OBA allowance this turn (R7.1); on is true
// when a marker may be used right now.
func (p *painter) airStatus(s *rules.State) (string, bool) {
	a := airOf(s)
	return p.tr(airIDs[a], nil), a.on()
}

// winner draws the winner's banner and the reason (R8).
func (p *painter) winner(s *rules.State, r rect) {
	k := p.l.K
	fill, ink := colUS, colInk
	if s.Winner() == rules.German {
		fill, ink = colBlack, colWhite
	}
	p.roundRect(r, 6*k, fill, colGold, 3*k)
	title := p.winsText(s)
	f := p.fitText(bold, title, 26*k, r.W-16*k)
	p.text(f, title, r.cx(), r.Y+22*k, 0.5, 0.5, ink)
	p.record(item{kind: kStatus, r: p.textBox(f, title, r.cx(), r.Y+22*k, 0.5, 0.5), px: 26 * k, text: title, style: bold, ink: ink, role: roleRound})
	small := p.face(regular, 11.5*k)
	lines := p.wrap(small, p.reason(s.WinReason()), r.W-14*k)
	for i, ln := range lines {
		if i >= 3 {
			break
		}
		p.text(small, ln, r.cx(), r.Y+44*k+float64(i)*14*k, 0.5, 0.5, ink)
		p.record(item{kind: kStatus, r: p.textBox(small, ln, r.cx(), r.Y+44*k+float64(i)*14*k, 0.5, 0.5), px: 11.5 * k, text: ln, style: regular, ink: ink})
	}
}

// winsText is the winner's title: "GERMAN WINS".
func (p *painter) winsText(s *rules.State) string {
	return p.tr("map.wins", map[string]any{"Side": strings.ToUpper(p.sideName(s.Winner()))})
}

// wrap breaks s into lines no wider than w, between words or Japanese
// phrases (breakable); a piece wider than w alone is broken between its
// characters, never before one that may not start a line. A last line of a
// single character takes the previous line's last piece with it. Each
// line but the first is s's next part, its leading space dropped.
func (p *painter) wrap(f fontFace, s string, w float64) []string {
	var lines []string
	var pieces [][]string // the pieces of each line
	var cur []string
	text := func(ps []string) string { return strings.TrimLeft(strings.Join(ps, ""), " ") }
	for _, piece := range p.fitPieces(f, breakable(s), w) {
		if len(cur) > 0 && p.width(f, text(append(cur[:len(cur):len(cur)], piece))) > w {
			pieces = append(pieces, cur)
			cur = nil
		}
		cur = append(cur, piece)
	}
	if len(cur) > 0 {
		pieces = append(pieces, cur)
	}
	pieces = noLoneCharacter(pieces, func(ps []string) bool { return p.width(f, text(ps)) <= w }, text)
	for _, ps := range pieces {
		lines = append(lines, text(ps))
	}
	return lines
}

// noLoneCharacter gives a line of a single character a piece of its
// neighbour: the first line takes the second's first piece, any other the
// previous line's last piece, where the line still fits.
func noLoneCharacter(lines [][]string, fits func([]string) bool, text func([]string) string) [][]string {
	for i := 0; i < len(lines) && len(lines) > 1; i++ {
		if letters(text(lines[i])) != 1 {
			continue
		}
		if i == 0 {
			next := lines[1]
			grown := append(append([]string{}, lines[0]...), next[0])
			if fits(grown) {
				lines[0], lines[1] = grown, next[1:]
				if len(lines[1]) == 0 {
					lines = append(lines[:1], lines[2:]...)
				}
			}
			continue
		}
		prev := lines[i-1]
		if len(prev) < 2 {
			continue
		}
		grown := append([]string{prev[len(prev)-1]}, lines[i]...)
		if fits(grown) {
			lines[i-1], lines[i] = prev[:len(prev)-1], grown
		}
	}
	return lines
}

// fitPieces breaks each piece wider than w where its script changes
// (独軍 | ユニット | なし), and a part still too wide between its
// characters; a character that may not start a line stays with the one
// before it.
func (p *painter) fitPieces(f fontFace, pieces []string, w float64) []string {
	var out []string
	for _, piece := range pieces {
		if p.width(f, strings.TrimLeft(piece, " ")) <= w {
			out = append(out, piece)
			continue
		}
		for _, part := range splitWhere(piece, func(a, b rune) bool { return script(a) != script(b) }) {
			if p.width(f, strings.TrimLeft(part, " ")) <= w {
				out = append(out, part)
				continue
			}
			out = append(out, splitWhere(part, func(a, b rune) bool { return isCJK(a) || isCJK(b) })...)
		}
	}
	return out
}

// splitWhere cuts s between runes a and b where cut says so and b may
// start a line; spaces stay with the word after them.
func splitWhere(s string, cut func(a, b rune) bool) []string {
	var out []string
	cur := strings.Builder{}
	var prev rune
	for _, r := range s {
		if cur.Len() > 0 && prev != ' ' && r != ' ' && !noLineStart(r) && !strings.ContainsRune(openers, prev) && cut(prev, r) {
			out = append(out, cur.String())
			cur.Reset()
		}
		cur.WriteRune(r)
		prev = r
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// letters counts the runes of s that are not spaces or punctuation.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
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
	activated, targeted := p.tr("map.legend.activated", nil), p.tr("map.legend.targeted", nil)
	p.legendWord(f, activated, x, y)
	x += p.width(f, activated) + 12*k
	p.badgeCircle(x+mr, y, mr, colWhite, colFire, 1.2*k)
	p.dc.DrawCircle(x+mr, y, mr*0.3)
	p.fill(colFire)
	x += 2*mr + 4*k
	p.legendWord(f, targeted, x, y)
	x += p.width(f, targeted) + 12*k
	p.planeBadge(x+mr, y, mr)
	x += 2*mr + 4*k
	p.legendWord(f, p.tr("map.legend.cover", nil), x, y)
}

// legendWord writes and records a word of the legend.
func (p *painter) legendWord(f fontFace, s string, x, y float64) {
	p.text(f, s, x, y, 0, 0.5, colInkSoft)
	p.record(item{kind: kStatus, r: p.textBox(f, s, x, y, 0, 0.5), px: 11 * p.l.K, text: s, style: regular, ink: colInkSoft})
}
