// The position notation: a game's position as one line of text, as FEN is
// for chess (docs/engine.md, "Positions").

package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ParsePosition builds a position from its notation: fields separated by
// spaces, in any order, each key:value.
//
//	opt:los=lenient,attack=ends-round  options (the values of R1-R9's opt:)
//	turn:3                             the turn (default 1)
//	round:german/3  round:us/QH        the round: side and points, or side and card
//	round:us/7D/2                      ... a number card with points left
//	deck:5H,KS,JK                      the next cards drawn, in order
//	deck:5H,KS/last                    ... and they are the last cards of the deck
//	had:us|german|both|none            sides that had a round this turn (default both)
//	us:120@1501,823@1501,TD@1402*      US units on the map (* = flipped)
//	ger:DR-1@1603,102@1603             German units on the map
//	res:CCA,CCB*                       units in reserve (also every unit not listed)
//	elim:117,119*                      eliminated units
//	exit:DF,D                          exited German units
//	cov:DR-1                           units under Air cover (R7.5)
//	air:used                           the US used Air or OBA this turn (R7.1)
//
// A position is the start of a round (round:, default us/5): nothing is
// activated and no attack is pending. It is reached from a real game of
// sc (historical set-up, turn 1) by the engine's debug edits, so it keeps
// the engine's invariants; an edit the rules refuse (a stack over R3.1, a
// US unit in column 19) is an error naming the rule.
func ParsePosition(sc *Scenario, text string) (State, error) {
	fields := map[string]string{}
	for _, f := range strings.Fields(text) {
		k, v, ok := strings.Cut(f, ":")
		if !ok {
			return State{}, fmt.Errorf("position: field %q has no key (write key:value)", f)
		}
		if !slices.Contains(positionKeys, k) {
			return State{}, fmt.Errorf("position: unknown field %q (the fields are %s)", k, strings.Join(positionKeys, ", "))
		}
		if _, dup := fields[k]; dup {
			return State{}, fmt.Errorf("position: %s given twice", k)
		}
		fields[k] = v
	}
	var opts Options
	if v := fields["opt"]; v != "" {
		for _, kv := range strings.Split(v, ",") {
			name, val, _ := strings.Cut(kv, "=")
			if err := opts.Set(name, val); err != nil {
				return State{}, fmt.Errorf("position: opt: %w", err)
			}
		}
	}
	s := NewState(sc, opts, 1)
	if err := s.Apply(Historical(), nil); err != nil {
		return State{}, err
	}
	if err := s.Apply(SetupDone(), nil); err != nil {
		return State{}, err
	}
	for u := range sc.Units {
		if err := s.DebugPlace(UnitID(u), NoHex); err != nil {
			return State{}, err
		}
	}
	item := func(key, it string) (UnitID, string, bool, error) {
		flipped := strings.HasSuffix(it, "*")
		id, where, _ := strings.Cut(strings.TrimSuffix(it, "*"), "@")
		u, ok := sc.UnitByID(id)
		if !ok {
			return NoUnit, "", false, fmt.Errorf("position: %s: no unit %q", key, id)
		}
		return u, where, flipped, nil
	}
	list := func(key string) []string {
		if v := fields[key]; v != "" {
			return strings.Split(v, ",")
		}
		return nil
	}
	for _, key := range []string{"us", "ger"} {
		side := US
		if key == "ger" {
			side = German
		}
		for _, it := range list(key) {
			u, where, flipped, err := item(key, it)
			if err != nil {
				return State{}, err
			}
			if sc.Units[u].Side != side {
				return State{}, fmt.Errorf("position: %s: %s is not a %s unit", key, sc.Units[u].ID, side.Title())
			}
			h, err := ParseHex(where)
			if err != nil {
				return State{}, fmt.Errorf("position: %s: %s: %w", key, sc.Units[u].ID, err)
			}
			if err := s.DebugPlace(u, h); err != nil {
				return State{}, fmt.Errorf("position: %s: %s@%s: %w", key, sc.Units[u].ID, h, err)
			}
			s.units[u].Flipped = flipped
		}
	}
	for _, key := range []string{"res", "elim", "exit"} {
		status := map[string]Status{"res": InReserve, "elim": Eliminated, "exit": Exited}[key]
		for _, it := range list(key) {
			u, _, flipped, err := item(key, it)
			if err != nil {
				return State{}, err
			}
			if key == "exit" && sc.Units[u].Side != German {
				return State{}, fmt.Errorf("position: exit: %s is not a German unit (R5.5)", sc.Units[u].ID)
			}
			s.setUnit(u, UnitState{Status: status, Hex: NoHex, Flipped: flipped})
		}
	}
	turn := 1
	if v, ok := fields["turn"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			return State{}, fmt.Errorf("position: turn:%s: want a number", v)
		}
		turn = n
	}
	if err := s.DebugTurn(turn); err != nil {
		return State{}, fmt.Errorf("position: %w", err)
	}
	if err := s.parseRound(fields["round"]); err != nil {
		return State{}, err
	}
	if v, ok := fields["deck"]; ok {
		if err := s.parseDeck(v); err != nil {
			return State{}, err
		}
	}
	s.hadRound = [3]bool{false, true, true}
	switch fields["had"] {
	case "", "both":
	case "us":
		s.hadRound[German] = false
	case "german":
		s.hadRound[US] = false
	case "none":
		s.hadRound = [3]bool{}
	default:
		return State{}, fmt.Errorf("position: had:%s: want us, german, both or none", fields["had"])
	}
	for _, it := range list("cov") {
		u, _, _, err := item("cov", it)
		if err != nil {
			return State{}, err
		}
		s.covered |= 1 << u
	}
	if v, ok := fields["air"]; ok {
		if v != "used" {
			return State{}, fmt.Errorf("position: air:%s: want air:used", v)
		}
		s.airOBAUsed = true
	}
	return s, nil
}

// positionKeys are the fields of the notation, in the order Position
// writes them.
var positionKeys = []string{"opt", "turn", "round", "had", "air", "us", "ger", "res", "elim", "exit", "cov", "deck"}

// parseRound sets the round from "side/points", "side/CARD" or
// "side/CARD/points" (default us/5).
func (s *State) parseRound(v string) error {
	if v == "" {
		v = "us/5"
	}
	parts := strings.Split(v, "/")
	side, err := ParseSide(parts[0])
	if err != nil || len(parts) < 2 || len(parts) > 3 {
		return fmt.Errorf("position: round:%s: want side/points, side/CARD or side/CARD/points", v)
	}
	if n, err := strconv.Atoi(parts[1]); err == nil && len(parts) == 2 {
		if err := s.DebugRound(side, n, NoCard); err != nil {
			return fmt.Errorf("position: round:%s: %w", v, err)
		}
		return nil
	}
	c, err := ParseCard(parts[1])
	if err != nil {
		return fmt.Errorf("position: round:%s: %w", v, err)
	}
	if err := s.DebugRound(side, 0, c); err != nil {
		return fmt.Errorf("position: round:%s: %w", v, err)
	}
	if len(parts) == 3 {
		n, err := strconv.Atoi(parts[2])
		if err != nil || c.IsFace() || n < 0 || n > int(s.round.points) {
			return fmt.Errorf("position: round:%s: the points left must be a number from 0 to the %s's %d", v, c, s.round.points)
		}
		s.round.points = int8(n)
	}
	return nil
}

// parseDeck puts the listed cards next in the deck, in order; with /last
// they are the last cards, every other card counting as drawn this turn.
func (s *State) parseDeck(v string) error {
	listed, last := strings.CutSuffix(v, "/last")
	var cards []Card
	if listed != "" {
		for _, cs := range strings.Split(listed, ",") {
			c, err := ParseCard(cs)
			if err != nil {
				return fmt.Errorf("position: deck: %w", err)
			}
			cards = append(cards, c)
		}
	}
	if err := s.DebugDeck(cards); err != nil {
		return fmt.Errorf("position: deck: %w", err)
	}
	if last {
		rest := append([]Card(nil), s.deck[int(s.drawn)+len(cards):]...)
		drawn := append([]Card(nil), s.deck[:s.drawn]...)
		n := copy(s.deck[:], drawn)
		n += copy(s.deck[n:], rest)
		copy(s.deck[n:], cards)
		s.drawn = uint8(DeckSize - len(cards))
	}
	return nil
}

// Position writes s in the notation ParsePosition reads: the options, the
// turn, the round as it stands (side, card and points left), the units,
// Air cover and Air/OBA use, and every undrawn card in order (deck:.../last),
// so that the position parses back to the same units, round and deck.
// What happened earlier in the round (activations, a pending attack) is
// not written: it is the start of a round with what is left of it.
func (s *State) Position() string {
	var f []string
	if nd := s.options.NonDefault(); len(nd) > 0 {
		f = append(f, "opt:"+strings.ReplaceAll(strings.Join(nd, ","), ":", "="))
	}
	f = append(f, fmt.Sprintf("turn:%d", max(int(s.turn), 1)))
	r := &s.round
	switch {
	case r.card == NoCard || r.card > Joker:
		f = append(f, fmt.Sprintf("round:%s/%d", r.side, r.points))
	case r.face:
		f = append(f, fmt.Sprintf("round:%s/%s", r.side, r.card))
	default:
		f = append(f, fmt.Sprintf("round:%s/%s/%d", r.side, r.card, r.points))
	}
	switch {
	case s.hadRound[US] && s.hadRound[German]:
	case s.hadRound[US]:
		f = append(f, "had:us")
	case s.hadRound[German]:
		f = append(f, "had:german")
	default:
		f = append(f, "had:none")
	}
	if s.airOBAUsed {
		f = append(f, "air:used")
	}
	groups := map[string][]string{}
	for u := range s.sc.Units {
		id := UnitID(u)
		d, st := &s.sc.Units[u], s.units[u]
		name := d.ID
		if st.Flipped {
			name += "*"
		}
		switch st.Status {
		case OnMap:
			key := "us"
			if d.Side == German {
				key = "ger"
			}
			groups[key] = append(groups[key], name[:len(d.ID)]+"@"+st.Hex.String()+name[len(d.ID):])
		case InReserve:
			if st.Flipped {
				groups["res"] = append(groups["res"], name)
			}
		case Eliminated:
			groups["elim"] = append(groups["elim"], name)
		case Exited:
			groups["exit"] = append(groups["exit"], name)
		}
		if s.covered&(1<<id) != 0 {
			groups["cov"] = append(groups["cov"], d.ID)
		}
	}
	for _, k := range []string{"us", "ger", "res", "elim", "exit", "cov"} {
		if len(groups[k]) > 0 {
			f = append(f, k+":"+strings.Join(groups[k], ","))
		}
	}
	var deck []string
	for _, c := range s.deck[s.drawn:] {
		deck = append(deck, c.String())
	}
	f = append(f, "deck:"+strings.Join(deck, ",")+"/last")
	return strings.Join(f, " ")
}
