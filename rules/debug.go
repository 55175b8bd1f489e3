// Debug edits (no rule of their own): any position or card order, for tests and local play.

package rules

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Debug edits set up any position and any card order, for tests and for
// local play's debug mode. They are not actions of the game: no player can
// make them. Each keeps the invariants of R3 and of the deck.

// DebugPlace puts unit u on hex h, or back in its reserve when h is NoHex.
func (s *State) DebugPlace(u UnitID, h Hex) error {
	if !s.validUnit(u) {
		return debugErr("no-unit", nil)
	}
	d := &s.sc.Units[u]
	if h == NoHex {
		s.setUnit(u, UnitState{Status: InReserve, Hex: NoHex, Flipped: s.units[u].Flipped})
		s.covered &^= 1 << u
		return nil
	}
	if !h.Valid() {
		return debugErr("no-hex", nil)
	}
	if d.Side == US && h.Col() == LastCol {
		return refuseT("R5.2", "us-never-in-column", map[string]any{"Col": LastCol})
	}
	o := &s.occ
	if o.enemyOf(d.Side, h) {
		return refuseT("R3.2", "enemy-hex", map[string]any{"Hex": h.String()})
	}
	n := o.count(h)
	if s.units[u].Status == OnMap && s.units[u].Hex == h && u != s.sc.Tiger {
		n--
	}
	if u != s.sc.Tiger && n >= StackLimit {
		return refuseT("R3.1", "hex-full", map[string]any{"Hex": h.String(), "Count": StackLimit})
	}
	s.setUnit(u, UnitState{Status: OnMap, Hex: h, Flipped: s.units[u].Flipped})
	return nil
}

// DebugEliminate takes unit u out of the game, as a hit on its flipped
// side would (R6.9). It refuses to take the last unit of a side: a debug
// edit sets up a position, it does not decide the game (R8.2).
func (s *State) DebugEliminate(u UnitID) error {
	if !s.validUnit(u) {
		return debugErr("no-unit", nil)
	}
	side := s.sc.Units[u].Side
	left := 0
	for m := s.sc.SideUnits(side); m != 0; m &= m - 1 {
		w := UnitID(bits.TrailingZeros32(m))
		if st := s.units[w].Status; w != u && (st == OnMap || st == InReserve) {
			left++
		}
	}
	if left == 0 {
		return debugErr("last-unit", map[string]any{"Unit": s.sc.Units[u].ID, "Side": side})
	}
	s.setUnit(u, UnitState{Status: Eliminated, Hex: NoHex, Flipped: true})
	s.covered &^= 1 << u
	return nil
}

// DebugFlip turns unit u's counter over.
func (s *State) DebugFlip(u UnitID) error {
	if !s.validUnit(u) {
		return debugErr("no-unit", nil)
	}
	s.units[u].Flipped = !s.units[u].Flipped
	return nil
}

// DebugTurn sets the turn number (1..6); the set-up must be over.
func (s *State) DebugTurn(n int) error {
	if n < 1 || n > Turns {
		return debugErr("turn-range", map[string]any{"Turn": fmt.Sprint(n), "Turns": Turns})
	}
	if s.phase == PhaseSetup || s.phase == PhaseOver {
		return debugErr("turn-phase", map[string]any{"Phase": s.phase})
	}
	s.turn = int8(n)
	return nil
}

// DebugRound starts a fresh round for side: with card (its points or face,
// and its marker) or, when card is NoCard, with the given points and no
// marker. The pending attack, if any, is dropped.
func (s *State) DebugRound(side Side, points int, card Card) error {
	if side != US && side != German {
		return debugErr("side", nil)
	}
	if s.phase == PhaseSetup || s.phase == PhaseOver {
		return debugErr("round-phase", map[string]any{"Phase": s.phase})
	}
	r := round{side: side, card: card, attackTarget: NoUnit, combatCard: NoCard, strikeHex: NoHex, tigerCreditHex: NoHex}
	switch {
	case card == Joker:
		return debugErr("joker", nil)
	case card != NoCard && card.Side() != side:
		return debugErr("card-side", map[string]any{"Card": card.String(), "CardSide": card.Side(), "Side": side})
	case card != NoCard && card.IsFace():
		r.face = true
	case card != NoCard:
		r.points = int8(card.ActivationPoints())
	default:
		if points < 0 || points > 5 {
			return debugErr("points", map[string]any{"Points": fmt.Sprint(points)})
		}
		r.points = int8(points)
	}
	s.phase = PhaseRound
	s.round = r
	s.hadRound[side] = true
	return nil
}

// DebugDeck makes cards the next cards drawn, in order. Cards already drawn
// this turn are taken back into the deck.
func (s *State) DebugDeck(cards []Card) error {
	seen := map[Card]bool{}
	for _, c := range cards {
		if c > Joker {
			return debugErr("not-card", nil)
		}
		if seen[c] {
			return debugErr("card-twice", map[string]any{"Card": c.String()})
		}
		seen[c] = true
	}
	var drawn, rest []Card
	for i, c := range s.deck {
		if seen[c] {
			continue
		}
		if i < int(s.drawn) {
			drawn = append(drawn, c)
		} else {
			rest = append(rest, c)
		}
	}
	n := copy(s.deck[:], drawn)
	n += copy(s.deck[n:], cards)
	copy(s.deck[n:], rest)
	s.drawn = uint8(len(drawn))
	if seen[Joker] {
		s.jokerAside = false
	}
	return nil
}

// ApplyDebug performs a debug edit written as text, the form kept in a
// game's history: "debug place DR-1 1803" (or "reserve", or "eliminated"),
// "debug flip DR-1",
// "debug turn 3", "debug round german 3" (points) or "debug round us QH"
// (card), "debug deck KS 5H JK"; "debug position", a read of the position
// and the undrawn cards, changes nothing.
func (s *State) ApplyDebug(text string) error {
	f := strings.Fields(text)
	if len(f) < 2 || !strings.EqualFold(f[0], "debug") {
		return debugErr("edit", map[string]any{"Text": fmt.Sprintf("%q", text)})
	}
	unit := func(id string) (UnitID, error) {
		u, ok := s.sc.UnitByID(id)
		if !ok {
			return NoUnit, debugErr("unknown-unit", map[string]any{"Unit": fmt.Sprintf("%q", id)})
		}
		return u, nil
	}
	switch strings.ToLower(f[1]) {
	case "place":
		if len(f) != 4 {
			return debugErr("want-place", nil)
		}
		u, err := unit(f[2])
		if err != nil {
			return err
		}
		if strings.EqualFold(f[3], "eliminated") {
			return s.DebugEliminate(u)
		}
		h := NoHex
		if !strings.EqualFold(f[3], "reserve") {
			if h, err = ParseHex(f[3]); err != nil {
				return hexErr(f[3])
			}
		}
		return s.DebugPlace(u, h)
	case "flip":
		if len(f) != 3 {
			return debugErr("want-flip", nil)
		}
		u, err := unit(f[2])
		if err != nil {
			return err
		}
		return s.DebugFlip(u)
	case "turn":
		if len(f) != 3 {
			return debugErr("want-turn", nil)
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return debugErr("turn-number", map[string]any{"Turn": fmt.Sprintf("%q", f[2]), "Turns": Turns})
		}
		return s.DebugTurn(n)
	case "round":
		if len(f) != 4 {
			return debugErr("want-round", nil)
		}
		side, err := ParseSide(f[2])
		if err != nil || side == NoSide {
			return debugErr("side-named", map[string]any{"Side": fmt.Sprintf("%q", f[2])})
		}
		if n, err := strconv.Atoi(f[3]); err == nil {
			return s.DebugRound(side, n, NoCard)
		}
		c, err := ParseCard(f[3])
		if err != nil {
			return debugErr("card", map[string]any{"Card": fmt.Sprintf("%q", f[3])})
		}
		return s.DebugRound(side, 0, c)
	case "position":
		// A read that shows the undrawn cards: it changes nothing, and is
		// kept in the history so that the record says the dealing was seen.
		if len(f) != 2 {
			return debugErr("want-position", nil)
		}
		return nil
	case "deck":
		var cards []Card
		for _, t := range f[2:] {
			c, err := ParseCard(t)
			if err != nil {
				return debugErr("card", map[string]any{"Card": fmt.Sprintf("%q", t)})
			}
			cards = append(cards, c)
		}
		return s.DebugDeck(cards)
	}
	return debugErr("unknown-edit", map[string]any{"Edit": fmt.Sprintf("%q", f[1])})
}

// hexErr is the refusal of a hex ParseHex does not read, as it words it:
// not four digits, or off the map.
func hexErr(s string) error {
	d := map[string]any{"Hex": fmt.Sprintf("%q", s), "Cols": fmt.Sprintf("%d-%d", FirstCol, LastCol), "Rows": fmt.Sprintf("01-%02d", NumRows)}
	if n, err := strconv.Atoi(s); len(s) == 4 && err == nil && n >= 0 {
		return debugErr("hex-off-map", d)
	}
	return debugErr("hex", d)
}
