// R9.2: saved games — the JSON of a Game (schema, seed, scenario, history, state, log), checked on load.

package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
)

// SchemaVersion is the version of the saved-game JSON format.
const SchemaVersion = 1

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

type gameJSON struct {
	Schema    int             `json:"schema"`
	Seed      uint64          `json:"seed"`
	Scenario  json.RawMessage `json:"scenario"`
	History   []string        `json:"history"`
	Marks     []int           `json:"marks"`
	UndoFloor int             `json:"undo_floor"`
	State     stateJSON       `json:"state"`
	Log       []eventJSON     `json:"log"`
}

type stateJSON struct {
	Options    Options    `json:"options"`
	RNG        uint64     `json:"rng"`
	Phase      string     `json:"phase"`
	Turn       int        `json:"turn"`
	Deck       []Card     `json:"deck"`
	Drawn      int        `json:"drawn"`
	JokerAside bool       `json:"joker_aside,omitempty"`
	HadRound   []Side     `json:"had_round,omitempty"`
	Round      roundJSON  `json:"round"`
	Units      []unitJSON `json:"units"`
	AirOBAUsed bool       `json:"air_oba_used,omitempty"`
	Winner     Side       `json:"winner,omitempty"`
	WinReason  string     `json:"win_reason,omitempty"`
}

type roundJSON struct {
	Side           Side     `json:"side,omitempty"`
	Card           Card     `json:"card"`
	Points         int      `json:"points"`
	Face           bool     `json:"face,omitempty"`
	Stack          []string `json:"stack,omitempty"`
	StackFixed     bool     `json:"stack_fixed,omitempty"`
	Activated      []string `json:"activated,omitempty"`
	Targeted       []string `json:"targeted,omitempty"`
	AttackTarget   string   `json:"attack_target,omitempty"`
	AttackFirers   []string `json:"attack_firers,omitempty"`
	StrikeKind     uint8    `json:"strike_kind,omitempty"`
	StrikeUnits    []string `json:"strike_units,omitempty"`
	StrikeHex      Hex      `json:"strike_hex"`
	CombatCard     Card     `json:"combat_card"`
	TigerCredit    uint8    `json:"tiger_credit,omitempty"`
	TigerCreditHex Hex      `json:"tiger_credit_hex"`
	PassPending    bool     `json:"pass_pending,omitempty"`
}

type unitJSON struct {
	ID      string `json:"id"`
	Status  string `json:"status"`
	Hex     Hex    `json:"hex"`
	Flipped bool   `json:"flipped,omitempty"`
	Covered bool   `json:"covered,omitempty"`
}

type eventJSON struct {
	Kind     string   `json:"kind"`
	Turn     int8     `json:"turn"`
	Side     Side     `json:"side,omitempty"`
	Unit     string   `json:"unit,omitempty"`
	With     string   `json:"with,omitempty"`
	Target   string   `json:"target,omitempty"`
	Firers   []string `json:"firers,omitempty"`
	From     Hex      `json:"from"`
	To       Hex      `json:"to"`
	Card     Card     `json:"card"`
	Points   int8     `json:"points,omitempty"`
	Face     bool     `json:"face,omitempty"`
	Free     bool     `json:"free,omitempty"`
	Combat   bool     `json:"combat,omitempty"`
	Source   uint8    `json:"source,omitempty"`
	Strength int8     `json:"strength,omitempty"`
	Terrain  int8     `json:"terrain,omitempty"`
	Cover    int8     `json:"cover,omitempty"`
	Adjacent int8     `json:"adjacent,omitempty"`
	TigerMod int8     `json:"tiger,omitempty"`
	N        int8     `json:"n,omitempty"`
	Result   string   `json:"result,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	// Text is the reason as earlier releases saved it ("R4.5: passed"),
	// read only.
	Text string `json:"text,omitempty"`
}

func (s *Scenario) ids(m uint32) []string {
	var out []string
	for ; m != 0; m &= m - 1 {
		out = append(out, s.Units[bits.TrailingZeros32(m)].ID)
	}
	return out
}

func (s *Scenario) id(u UnitID) string {
	if int(u) < len(s.Units) {
		return s.Units[u].ID
	}
	return ""
}

func (s *Scenario) mask(ids []string) (uint32, error) {
	var m uint32
	for _, id := range ids {
		u, ok := s.UnitByID(id)
		if !ok {
			return 0, fmt.Errorf("unknown unit %q", id)
		}
		m |= 1 << u
	}
	return m, nil
}

func (s *Scenario) unit(id string) (UnitID, error) {
	if id == "" {
		return NoUnit, nil
	}
	u, ok := s.UnitByID(id)
	if !ok {
		return NoUnit, fmt.Errorf("unknown unit %q", id)
	}
	return u, nil
}

func (s *State) toJSON() stateJSON {
	sc := s.sc
	r := &s.round
	j := stateJSON{
		Options: s.options, RNG: uint64(s.rng), Phase: s.phase.String(), Turn: int(s.turn),
		Deck: append([]Card(nil), s.deck[:]...), Drawn: int(s.drawn), JokerAside: s.jokerAside,
		AirOBAUsed: s.airOBAUsed, Winner: s.winner, WinReason: s.winReason.ID(),
		Round: roundJSON{
			Side: r.side, Card: r.card, Points: int(r.points), Face: r.face,
			Stack: sc.ids(r.stack), StackFixed: r.stackFixed, Activated: sc.ids(r.activated),
			Targeted: sc.ids(r.targeted), AttackTarget: sc.id(r.attackTarget), AttackFirers: sc.ids(r.attackFirers),
			StrikeKind: r.strikeKind, StrikeUnits: sc.ids(r.strikeUnits), StrikeHex: r.strikeHex,
			CombatCard: r.combatCard, TigerCredit: r.tigerCredit, TigerCreditHex: r.tigerCreditHex, PassPending: r.passPending,
		},
	}
	for _, side := range []Side{US, German} {
		if s.hadRound[side] {
			j.HadRound = append(j.HadRound, side)
		}
	}
	for u, d := range sc.Units {
		us := s.units[u]
		j.Units = append(j.Units, unitJSON{ID: d.ID, Status: us.Status.String(), Hex: us.Hex, Flipped: us.Flipped, Covered: s.covered&(1<<u) != 0})
	}
	return j
}

func (s *State) fromJSON(sc *Scenario, j stateJSON) error {
	*s = NewState(sc, j.Options, 0)
	s.rng = rng(j.RNG)
	s.phase = 255
	for i, n := range phaseNames {
		if n == j.Phase {
			s.phase = Phase(i)
		}
	}
	if s.phase == 255 {
		return fmt.Errorf("state: phase %q unknown", j.Phase)
	}
	if j.Turn < 0 || j.Turn > Turns {
		return fmt.Errorf("state: turn %d out of range", j.Turn)
	}
	s.turn = int8(j.Turn)
	if len(j.Deck) != DeckSize {
		return fmt.Errorf("state: deck has %d cards, want %d", len(j.Deck), DeckSize)
	}
	seen := map[Card]bool{}
	for i, c := range j.Deck {
		if c > Joker || seen[c] {
			return fmt.Errorf("state: deck[%d] is not a fresh card", i)
		}
		seen[c] = true
		s.deck[i] = c
	}
	if j.Drawn < 0 || j.Drawn > DeckSize {
		return fmt.Errorf("state: drawn %d out of range", j.Drawn)
	}
	s.drawn = uint8(j.Drawn)
	s.jokerAside = j.JokerAside
	for _, side := range j.HadRound {
		s.hadRound[side] = true
	}
	s.airOBAUsed, s.winner = j.AirOBAUsed, j.Winner
	var err error
	if s.winReason, err = readReason(j.WinReason); err != nil {
		return err
	}
	jr := j.Round
	r := &s.round
	r.side, r.card, r.points, r.face, r.stackFixed = jr.Side, jr.Card, int8(jr.Points), jr.Face, jr.StackFixed
	r.strikeKind, r.strikeHex, r.combatCard = jr.StrikeKind, jr.StrikeHex, jr.CombatCard
	r.tigerCredit, r.tigerCreditHex, r.passPending = jr.TigerCredit, jr.TigerCreditHex, jr.PassPending
	for _, f := range []struct {
		dst *uint32
		ids []string
	}{{&r.stack, jr.Stack}, {&r.activated, jr.Activated}, {&r.targeted, jr.Targeted}, {&r.attackFirers, jr.AttackFirers}, {&r.strikeUnits, jr.StrikeUnits}} {
		if *f.dst, err = sc.mask(f.ids); err != nil {
			return fmt.Errorf("state: round: %v", err)
		}
	}
	if r.attackTarget, err = sc.unit(jr.AttackTarget); err != nil {
		return fmt.Errorf("state: round: %v", err)
	}
	if len(j.Units) != len(sc.Units) {
		return fmt.Errorf("state: %d units, the scenario has %d", len(j.Units), len(sc.Units))
	}
	for i, ju := range j.Units {
		if ju.ID != sc.Units[i].ID {
			return fmt.Errorf("state: units[%d] is %q, the scenario has %q", i, ju.ID, sc.Units[i].ID)
		}
		st := Status(255)
		for k, n := range statusNames {
			if n == ju.Status {
				st = Status(k)
			}
		}
		if st == 255 {
			return fmt.Errorf("state: units[%d]: status %q unknown", i, ju.Status)
		}
		s.units[i] = UnitState{Status: st, Hex: ju.Hex, Flipped: ju.Flipped}
		if ju.Covered {
			s.covered |= 1 << i
		}
	}
	s.occ = s.occupancy()
	return s.validate()
}

// validate checks a loaded state against the rules' invariants, so that a
// damaged saved game is refused rather than played.
func (s *State) validate() error {
	sc := s.sc
	var count [NumHexes]int
	var side [NumHexes]Side
	for u, d := range sc.Units {
		us := s.units[u]
		where := fmt.Sprintf("state: units[%d] (%s)", u, d.ID)
		if us.Status != OnMap {
			if us.Hex != NoHex {
				return fmt.Errorf("%s: %s but at hex %s", where, us.Status, us.Hex)
			}
			if us.Status == Exited && d.Side != German {
				return fmt.Errorf("%s: US units never exit (R5.5)", where)
			}
			continue
		}
		if !us.Hex.Valid() {
			return fmt.Errorf("%s: on the map without a hex", where)
		}
		if d.Side == US && us.Hex.Col() == LastCol {
			return fmt.Errorf("%s: a US unit in column %d (R5.2)", where, LastCol)
		}
		if side[us.Hex] != NoSide && side[us.Hex] != d.Side {
			return fmt.Errorf("%s: shares %s with enemy units (R3.2)", where, us.Hex)
		}
		side[us.Hex] = d.Side
		if UnitID(u) != sc.Tiger {
			if count[us.Hex]++; count[us.Hex] > StackLimit {
				return fmt.Errorf("%s: more than %d units in %s (R3.1)", where, StackLimit, us.Hex)
			}
		}
	}
	switch {
	case s.phase == PhaseSetup && s.turn != 0, s.phase != PhaseSetup && s.turn < 1 && s.Outcome().End != Resigned && s.Outcome().End != LostOnTime:
		// A game resigned or lost on time during the set-up is over at turn 0.
		return fmt.Errorf("state: turn %d in phase %s", s.turn, s.phase)
	case s.phase == PhaseOver && s.winner == NoSide:
		return fmt.Errorf("state: the game is over without a winner")
	}
	if s.phase != PhaseRound && s.phase != PhaseFaceChoice {
		return nil
	}
	r := &s.round
	switch {
	case r.side != US && r.side != German:
		return fmt.Errorf("state: round: no side")
	case r.points < 0 || r.points > 5:
		return fmt.Errorf("state: round: %d points", r.points)
	case r.attackTarget != NoUnit && (!s.validUnit(r.attackTarget) || s.units[r.attackTarget].Status != OnMap):
		return fmt.Errorf("state: round: the attack's target is not on the map")
	case r.strikeKind > strikeOBA || r.tigerCredit > creditExit:
		return fmt.Errorf("state: round: unknown strike or Tiger credit")
	case r.tigerCredit == creditMove && !r.tigerCreditHex.Valid():
		return fmt.Errorf("state: round: the Tiger's free move has no hex")
	case s.phase == PhaseFaceChoice && (!r.combatCard.IsFace() || r.attackTarget == NoUnit):
		return fmt.Errorf("state: round: a face-card choice without a face card or an attack")
	case r.attackTarget != NoUnit && sc.Units[r.attackTarget].Side != r.side.Enemy():
		return fmt.Errorf("state: round: the attack's target is not an enemy unit")
	case r.attackTarget == NoUnit && (r.attackFirers != 0 || r.strikeUnits != 0):
		return fmt.Errorf("state: round: firers without an attack")
	}
	for m := r.attackFirers | r.strikeUnits; m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		if s.units[u].Status != OnMap {
			return fmt.Errorf("state: round: %s attacks or is struck but is not on the map", sc.Units[u].ID)
		}
	}
	if r.attackFirers&^sc.sideMask[r.side] != 0 || r.strikeUnits&^sc.sideMask[German] != 0 || r.stack&^sc.sideMask[r.side] != 0 {
		return fmt.Errorf("state: round: a unit of the wrong side in the attack or the stack")
	}
	return nil
}

// EventJSON converts an event to its JSON form, with unit ids and hexes
// spelled out.
func (sc *Scenario) eventToJSON(e Event) eventJSON {
	j := eventJSON{
		Kind: e.Kind.String(), Turn: e.Turn, Side: e.Side, Unit: sc.id(e.Unit), With: sc.id(e.With), Target: sc.id(e.Target),
		Firers: sc.ids(e.Firers), From: e.From, To: e.To, Card: e.Card, Points: e.Points, Face: e.Face, Free: e.Free,
		Combat: e.Combat, Source: e.Source, Strength: e.Strength, Terrain: e.Terrain, Cover: e.Cover, Adjacent: e.Adjacent,
		TigerMod: e.TigerMod, N: e.N, Result: e.Result.String(), Reason: e.Reason.ID(),
	}
	return j
}

func (sc *Scenario) eventFromJSON(j eventJSON) (Event, error) {
	e := newEvent(255)
	for i, n := range eventNames {
		if n == j.Kind {
			e.Kind = EventKind(i)
		}
	}
	if e.Kind == 255 {
		return e, fmt.Errorf("event kind %q unknown", j.Kind)
	}
	var err error
	if e.Unit, err = sc.unit(j.Unit); err != nil {
		return e, err
	}
	if e.With, err = sc.unit(j.With); err != nil {
		return e, err
	}
	if e.Target, err = sc.unit(j.Target); err != nil {
		return e, err
	}
	if e.Firers, err = sc.mask(j.Firers); err != nil {
		return e, err
	}
	e.Turn, e.Side, e.From, e.To, e.Card, e.Points, e.Face, e.Free = j.Turn, j.Side, j.From, j.To, j.Card, j.Points, j.Face, j.Free
	e.Combat, e.Source, e.Strength, e.Terrain, e.Cover, e.Adjacent, e.TigerMod, e.N = j.Combat, j.Source, j.Strength, j.Terrain, j.Cover, j.Adjacent, j.TigerMod, j.N
	if j.Reason == "" {
		j.Reason = j.Text
	}
	if e.Reason, err = readReason(j.Reason); err != nil {
		return e, err
	}
	for i, n := range resultNames {
		if n == j.Result {
			e.Result = Result(i)
		}
	}
	return e, nil
}

// MarshalJSON writes the whole game (schema, seed, scenario, history, state
// and log) as JSON.
func (g *Game) MarshalJSON() ([]byte, error) {
	sc := g.State.sc
	j := gameJSON{Schema: SchemaVersion, Seed: g.Seed, Scenario: sc.Source, History: g.History, Marks: g.Marks,
		UndoFloor: g.UndoFloor, State: g.State.toJSON()}
	if j.History == nil {
		j.History = []string{}
	}
	if j.Marks == nil {
		j.Marks = []int{}
	}
	j.Log = make([]eventJSON, len(g.Log))
	for i, e := range g.Log {
		j.Log[i] = sc.eventToJSON(e)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a game written by MarshalJSON. A file of a newer
// schema than this program knows is refused.
func (g *Game) UnmarshalJSON(b []byte) error {
	var j gameJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("saved game: %w", err)
	}
	if j.Schema > SchemaVersion {
		return fmt.Errorf("saved game: schema %d is newer than this program understands (%d): upgrade the program", j.Schema, SchemaVersion)
	}
	if j.Schema < 1 {
		return fmt.Errorf("saved game: no schema version")
	}
	sc := DefaultScenario()
	if len(j.Scenario) > 0 && !bytes.Equal(j.Scenario, sc.Source) {
		var err error
		if sc, err = ParseScenario(j.Scenario); err != nil {
			return fmt.Errorf("saved game: %w", err)
		}
	}
	var n Game
	n.Seed, n.History, n.Marks, n.UndoFloor = j.Seed, j.History, j.Marks, j.UndoFloor
	if len(n.History) == 0 {
		n.History, n.Marks = nil, nil // as a new game has them
	}
	if len(n.Marks) != len(n.History) {
		return fmt.Errorf("saved game: %d marks for %d history steps", len(n.Marks), len(n.History))
	}
	if err := n.State.fromJSON(sc, j.State); err != nil {
		return fmt.Errorf("saved game: %w", err)
	}
	n.Log = make([]Event, len(j.Log))
	for i, ej := range j.Log {
		e, err := sc.eventFromJSON(ej)
		if err != nil {
			return fmt.Errorf("saved game: log[%d]: %w", i, err)
		}
		n.Log[i] = e
	}
	*g = n
	return nil
}

// readReason reads a saved reason: its ID, or its English text as
// releases before typed reasons saved it.
func readReason(s string) (Reason, error) {
	r, ok := ParseReason(s)
	if !ok {
		return NoReason, fmt.Errorf("unknown reason %q", s)
	}
	return r, nil
}
