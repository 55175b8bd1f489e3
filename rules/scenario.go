// R1.2, R1.3: the scenario — sides, terrain, unit types and factors, loaded from the embedded scenario file.

package rules

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Side is US or German.
type Side uint8

// The sides. NoSide is the zero value ("nobody", e.g. no winner yet).
const (
	NoSide Side = iota
	US
	German
)

// String writes "us", "german" or "".
func (s Side) String() string {
	switch s {
	case US:
		return "us"
	case German:
		return "german"
	}
	return ""
}

// Title writes "US", "German" or "nobody", for messages.
func (s Side) Title() string {
	switch s {
	case US:
		return "US"
	case German:
		return "German"
	}
	return "nobody"
}

// Enemy is the other side.
func (s Side) Enemy() Side {
	switch s {
	case US:
		return German
	case German:
		return US
	}
	return NoSide
}

// ParseSide reads "us" or "german" (case-insensitive; "" is NoSide).
func ParseSide(s string) (Side, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "us", "american":
		return US, nil
	case "german", "ger", "de":
		return German, nil
	case "":
		return NoSide, nil
	}
	return NoSide, fmt.Errorf("side %q: choose us or german", s)
}

// MarshalText writes the side as "us", "german" or "".
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads the side written by MarshalText.
func (s *Side) UnmarshalText(b []byte) error {
	v, err := ParseSide(string(b))
	*s = v
	return err
}

// Terrain is a hex's terrain (R1.2).
type Terrain uint8

// The terrains of R1.2.
const (
	Open Terrain = iota
	Forest
	Hill
	Village
	City
)

var terrainNames = [...]string{"open", "forest", "hill", "village", "city"}

// String writes the terrain's name.
func (t Terrain) String() string {
	if int(t) < len(terrainNames) {
		return terrainNames[t]
	}
	return "?"
}

// BlocksLOS reports whether the terrain blocks line of sight through it
// (R6.3: village, city, hill and forest).
func (t Terrain) BlocksLOS() bool { return t != Open }

// Modifier is the terrain's combat modifier for a target in it (R6.8).
func (t Terrain) Modifier() int {
	switch t {
	case Open:
		return 0
	case City:
		return 2
	}
	return 1
}

// UnitType is tank, infantry or gun (R1.3).
type UnitType uint8

// The unit types of R1.3.
const (
	Tank UnitType = iota
	Infantry
	Gun
)

var unitTypeNames = [...]string{"tank", "infantry", "gun"}

// String writes the type's name.
func (t UnitType) String() string {
	if int(t) < len(unitTypeNames) {
		return unitTypeNames[t]
	}
	return "?"
}

// Factors are a unit's anti-tank and anti-infantry factors (R1.3).
type Factors struct{ AT, AI int }

// String writes the factors as AT-AI, e.g. "6-3" or "-1-4".
func (f Factors) String() string { return fmt.Sprintf("%d-%d", f.AT, f.AI) }

// UnitID indexes a unit in its scenario's unit list.
type UnitID uint8

// NoUnit is the "no unit" value.
const NoUnit UnitID = 255

// MaxUnits bounds a scenario's units (unit sets are 32-bit masks).
const MaxUnits = 32

// UnitDef is a unit as printed (R1.3).
type UnitDef struct {
	ID      string
	Name    string
	Side    Side
	Type    UnitType
	Color   string // colour group: light-green, black, dark-green
	Full    Factors
	Flipped Factors
	// Reserve is true for a unit that starts in its reserve (R2.2, R2.3);
	// false for a US unit placed on the map at set-up (R2.1).
	Reserve bool
	// EnterTurn is the first turn the unit may enter from reserve (R5.3).
	EnterTurn int
	// Historical is the unit's hex in the historical set-up (R2.1).
	Historical Hex
	// Tiger marks unit 102 (R3.1, R4.6, R5.4, R6.5).
	Tiger bool
}

// Label is a place name drawn on the map.
type Label struct {
	Hex  Hex
	Text string
}

// Road is a road drawn on the map (R1.2: looks only).
type Road struct {
	Name  string
	Hexes []Hex
}

// Scenario is the map and the units of a game, loaded from a data file.
type Scenario struct {
	Name        string
	Description string
	Terrain     [NumHexes]Terrain
	Labels      []Label
	Roads       []Road
	Units       []UnitDef
	// Tiger is the Tiger's id, NoUnit if the scenario has none.
	Tiger UnitID
	// Source is the file the scenario was read from, kept so a game can be
	// saved with its scenario.
	Source json.RawMessage

	byID     map[string]UnitID
	sight    [2][NumHexes]uint64 // per opt:los, hexes in line of sight (R6.3)
	fireable [2][NumHexes]uint64 // per opt:los, hexes in range and sight (R6.2, R6.3)
	sideMask [3]uint32
}

//go:embed scenarios/mortain.json
var defaultScenarioFile []byte

// defaultScenario is parsed at its first use, not when the program starts:
// its sight table takes tens of milliseconds, which a helper process of the
// program (the store's page walk) does not need.
var defaultScenario = sync.OnceValue(func() *Scenario { return mustParseScenario(defaultScenarioFile) })

func mustParseScenario(b []byte) *Scenario {
	s, err := ParseScenario(b)
	if err != nil {
		panic("embedded scenario: " + err.Error())
	}
	return s
}

// DefaultScenario is the embedded Stand at Mortain scenario. It is shared
// and must not be modified.
func DefaultScenario() *Scenario { return defaultScenario() }

// UnitByID finds a unit by its id, case-insensitively.
func (s *Scenario) UnitByID(id string) (UnitID, bool) {
	u, ok := s.byID[strings.ToLower(strings.TrimSpace(id))]
	return u, ok
}

// Unit returns the definition of unit u.
func (s *Scenario) Unit(u UnitID) *UnitDef { return &s.Units[u] }

// NumUnits is the number of units in the scenario.
func (s *Scenario) NumUnits() int { return len(s.Units) }

// SideUnits is the set of a side's units as a mask.
func (s *Scenario) SideUnits(side Side) uint32 { return s.sideMask[side] }

// Label returns the place name of hex h, or "".
func (s *Scenario) Label(h Hex) string {
	for _, l := range s.Labels {
		if l.Hex == h {
			return l.Text
		}
	}
	return ""
}

// scenarioFile is a scenario file; its entries are decoded one by one
// (terrainEntry, roadEntry, unitEntry), so that an error names its entry.
type scenarioFile struct {
	Name        string            `json:"name"`
	Description string            `json:"description"`
	Terrain     []json.RawMessage `json:"terrain"`
	Roads       []json.RawMessage `json:"roads"`
	Units       []json.RawMessage `json:"units"`
}

type terrainEntry struct {
	Hex     string `json:"hex"`
	Terrain string `json:"terrain"`
	Label   string `json:"label"`
}

type roadEntry struct {
	Name  string   `json:"name"`
	Hexes []string `json:"hexes"`
}

type unitEntry struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Side       string `json:"side"`
	Type       string `json:"type"`
	Color      string `json:"color"`
	Full       string `json:"full"`
	Flipped    string `json:"flipped"`
	Start      string `json:"start"`
	EnterTurn  int    `json:"enter_turn"`
	Historical string `json:"historical"`
	Tiger      bool   `json:"tiger"`
}

// decodeStrict decodes JSON into v refusing unknown fields, with an error
// in plain words: which field, and what it wants.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		field := te.Field
		if i := strings.LastIndexByte(field, '.'); i >= 0 {
			field = field[i+1:]
		}
		want := "a " + te.Type.String()
		switch te.Type.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			want = "a whole number"
		case reflect.String:
			want = "a string in quotes"
		case reflect.Bool:
			want = "true or false"
		}
		return fmt.Errorf("%s: want %s, not a JSON %s", field, want, te.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("%s: this format has no such field", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return err
}

// Bounds of a scenario: a factor is 0-20 (the Tiger's AT is -1, R6.5) and
// a unit id is at most MaxUnitID characters.
const (
	MaxFactor = 20
	MaxUnitID = 16
)

// unitIDRE is the alphabet of unit ids: 1-MaxUnitID letters, digits, '-',
// '_' or '.', starting with a letter or digit.
var unitIDRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,15}$`)

var factorsRE = regexp.MustCompile(`^(-?\d+)-(-?\d+)$`)

// reservedUnitIDs are words the commands take where a unit or a hex goes:
// no unit may be called so.
var reservedUnitIDs = map[string]bool{"reserve": true, "eliminated": true}

// parseFactors reads AT-AI factors; -1 AT is allowed for the Tiger only
// (R6.5).
func parseFactors(s string, tiger bool) (Factors, error) {
	m := factorsRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return Factors{}, fmt.Errorf("%q is not AT-AI factors (e.g. \"6-3\" or \"-1-4\")", s)
	}
	at, err1 := strconv.Atoi(m[1])
	ai, err2 := strconv.Atoi(m[2])
	switch {
	case err1 != nil || err2 != nil || at > MaxFactor || ai > MaxFactor:
		return Factors{}, fmt.Errorf("%q: a factor is at most %d", s, MaxFactor)
	case ai < 0 || at < -1:
		return Factors{}, fmt.Errorf("%q: a factor is at least 0 (the Tiger's AT may be -1, R6.5)", s)
	case at == -1 && !tiger:
		return Factors{}, fmt.Errorf("%q: only the Tiger's AT factor is -1 (R6.5)", s)
	}
	return Factors{at, ai}, nil
}

// ParseScenario reads a scenario file (the format of the embedded
// scenarios/mortain.json). Errors name the entry that is wrong.
func ParseScenario(data []byte) (*Scenario, error) {
	var f scenarioFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
			return nil, fmt.Errorf("scenario: line %d: %v", line, err)
		}
		return nil, fmt.Errorf("scenario: %v", err)
	}
	s := &Scenario{Name: f.Name, Description: f.Description, Tiger: NoUnit, byID: map[string]UnitID{}}
	if strings.TrimSpace(f.Name) == "" {
		return nil, errors.New("scenario: name: missing")
	}
	seen := map[Hex]bool{}
	for i, raw := range f.Terrain {
		where := fmt.Sprintf("scenario: terrain[%d]", i)
		var t terrainEntry
		if err := decodeStrict(raw, &t); err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		h, err := ParseHex(t.Hex)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		if seen[h] {
			return nil, fmt.Errorf("%s: hex %s is listed twice", where, h)
		}
		seen[h] = true
		found := false
		for k, name := range terrainNames {
			if strings.EqualFold(name, t.Terrain) {
				s.Terrain[h] = Terrain(k)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("%s (hex %s): terrain %q: want one of %s", where, h, t.Terrain, strings.Join(terrainNames[:], ", "))
		}
		if t.Label != "" {
			s.Labels = append(s.Labels, Label{h, t.Label})
		}
	}
	for i, raw := range f.Roads {
		var r roadEntry
		if err := decodeStrict(raw, &r); err != nil {
			return nil, fmt.Errorf("scenario: roads[%d]: %v", i, err)
		}
		road := Road{Name: r.Name}
		for j, hs := range r.Hexes {
			h, err := ParseHex(hs)
			if err != nil {
				return nil, fmt.Errorf("scenario: roads[%d].hexes[%d]: %v", i, j, err)
			}
			if j > 0 && !Adjacent(road.Hexes[j-1], h) {
				return nil, fmt.Errorf("scenario: roads[%d].hexes[%d]: %s is not next to %s", i, j, h, road.Hexes[j-1])
			}
			road.Hexes = append(road.Hexes, h)
		}
		s.Roads = append(s.Roads, road)
	}
	if len(f.Units) == 0 {
		return nil, errors.New("scenario: units: none listed")
	}
	if len(f.Units) > MaxUnits {
		return nil, fmt.Errorf("scenario: units: %d listed, at most %d allowed", len(f.Units), MaxUnits)
	}
	for i, raw := range f.Units {
		var u unitEntry
		if err := decodeStrict(raw, &u); err != nil {
			return nil, fmt.Errorf("scenario: units[%d]: %v", i, err)
		}
		where := fmt.Sprintf("scenario: units[%d] (id %q)", i, clipID(u.ID))
		d := UnitDef{ID: strings.TrimSpace(u.ID), Name: u.Name, Color: u.Color, Historical: NoHex, Tiger: u.Tiger}
		if !unitIDRE.MatchString(d.ID) {
			return nil, fmt.Errorf("%s: id must be 1-%d letters, digits, '-', '_' or '.', starting with a letter or digit", where, MaxUnitID)
		}
		if reservedUnitIDs[strings.ToLower(d.ID)] {
			return nil, fmt.Errorf("%s: id %q is a word the commands use in a unit's place (debug place UNIT reserve): choose another id", where, d.ID)
		}
		if _, dup := s.byID[strings.ToLower(d.ID)]; dup {
			return nil, fmt.Errorf("%s: id is used twice", where)
		}
		side, err := ParseSide(u.Side)
		if err != nil || side == NoSide {
			return nil, fmt.Errorf("%s: side %q: want us or german", where, u.Side)
		}
		d.Side = side
		d.Type = 255
		for k, name := range unitTypeNames {
			if strings.EqualFold(name, u.Type) {
				d.Type = UnitType(k)
			}
		}
		if d.Type == 255 {
			return nil, fmt.Errorf("%s: type %q: want tank, infantry or gun", where, u.Type)
		}
		if d.Full, err = parseFactors(u.Full, u.Tiger); err != nil {
			return nil, fmt.Errorf("%s: full: %v", where, err)
		}
		if d.Flipped, err = parseFactors(u.Flipped, u.Tiger); err != nil {
			return nil, fmt.Errorf("%s: flipped: %v", where, err)
		}
		if d.Flipped.AT > d.Full.AT || d.Flipped.AI > d.Full.AI {
			return nil, fmt.Errorf("%s: flipped %s is stronger than full %s: a hit flips a unit to its reduced side (R6.9), whose factors are at most the full side's", where, d.Flipped, d.Full)
		}
		switch strings.ToLower(u.Start) {
		case "map":
			if side != US {
				return nil, fmt.Errorf("%s: start: only US units start on the map (R2.3)", where)
			}
		case "reserve":
			d.Reserve = true
		default:
			return nil, fmt.Errorf("%s: start %q: want map or reserve", where, u.Start)
		}
		d.EnterTurn = max(u.EnterTurn, 1)
		if u.EnterTurn < 0 || u.EnterTurn > Turns {
			return nil, fmt.Errorf("%s: enter_turn %d: want 1-%d", where, u.EnterTurn, Turns)
		}
		if u.Historical != "" {
			h, err := ParseHex(u.Historical)
			if err != nil {
				return nil, fmt.Errorf("%s: historical: %v", where, err)
			}
			if d.Reserve {
				return nil, fmt.Errorf("%s: historical: a reserve unit has no set-up hex", where)
			}
			if h.Col() == LastCol {
				return nil, fmt.Errorf("%s: historical: %s is in column %d, closed to US units (R2.1)", where, h, LastCol)
			}
			d.Historical = h
		} else if !d.Reserve {
			return nil, fmt.Errorf("%s: historical: a unit that starts on the map needs its set-up hex", where)
		}
		if d.Tiger {
			if s.Tiger != NoUnit {
				return nil, fmt.Errorf("%s: tiger: only one unit may be the Tiger", where)
			}
			if side != German {
				return nil, fmt.Errorf("%s: tiger: the Tiger is German", where)
			}
			s.Tiger = UnitID(i)
		}
		s.byID[strings.ToLower(d.ID)] = UnitID(i)
		s.sideMask[side] |= 1 << i
		s.Units = append(s.Units, d)
	}
	// R3.1: the historical set-up obeys stacking.
	var count [NumHexes]int
	for i, d := range s.Units {
		if d.Historical != NoHex {
			count[d.Historical]++
			if count[d.Historical] > StackLimit {
				return nil, fmt.Errorf("scenario: units[%d] (id %q): historical: more than %d units in %s (R3.1)", i, d.ID, StackLimit, d.Historical)
			}
		}
	}
	if s.sideMask[US] == 0 || s.sideMask[German] == 0 {
		return nil, errors.New("scenario: units: both sides need at least one unit")
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return nil, fmt.Errorf("scenario: %v", err)
	}
	s.Source = compact.Bytes()
	s.computeSight()
	return s, nil
}

// clipID shortens a unit id for an error message.
func clipID(id string) string {
	if r := []rune(id); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return id
}
