// R1.1: the map — hex numbers, neighbours and distances.

package rules

import (
	"fmt"
	"math"
	"strconv"
)

// Map geometry (R1.1): columns 11..19 west to east, rows 01..05 north to south.
const (
	FirstCol = 11
	LastCol  = 19
	NumCols  = LastCol - FirstCol + 1
	NumRows  = 5
	NumHexes = NumCols * NumRows
)

// Hex is a map hex, stored as a dense index (column-major). NoHex marks "no
// hex" (a unit off the map, an unset field).
type Hex uint8

// NoHex is the zero-information hex value.
const NoHex Hex = 255

// Direction indexes the six neighbours of a flat-topped hex.
type Direction uint8

// The six directions, clockwise from north (R1.1).
const (
	North Direction = iota
	NorthEast
	SouthEast
	South
	SouthWest
	NorthWest
)

// HexAt returns the hex at column col (11..19) and row row (1..5), or NoHex
// when that is off the map.
func HexAt(col, row int) Hex {
	if col < FirstCol || col > LastCol || row < 1 || row > NumRows {
		return NoHex
	}
	return Hex((col-FirstCol)*NumRows + row - 1)
}

// Col is the hex's column number, 11..19.
func (h Hex) Col() int { return FirstCol + int(h)/NumRows }

// Row is the hex's row number, 1..5.
func (h Hex) Row() int { return 1 + int(h)%NumRows }

// Valid reports whether h is a hex of the map.
func (h Hex) Valid() bool { return h < NumHexes }

// String writes the hex as CCRR, e.g. "1501".
func (h Hex) String() string {
	if !h.Valid() {
		return "-"
	}
	return fmt.Sprintf("%02d%02d", h.Col(), h.Row())
}

// ParseHex reads a CCRR hex id such as "1501".
func ParseHex(s string) (Hex, error) {
	if len(s) != 4 {
		return NoHex, fmt.Errorf("hex %q: want four digits CCRR, columns %d-%d and rows 01-%02d (e.g. 1501)", s, FirstCol, LastCol, NumRows)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return NoHex, fmt.Errorf("hex %q: want four digits CCRR (e.g. 1501)", s)
	}
	h := HexAt(n/100, n%100)
	if h == NoHex {
		return NoHex, fmt.Errorf("hex %q is off the map: columns run %d-%d and rows 01-%02d", s, FirstCol, LastCol, NumRows)
	}
	return h, nil
}

// MarshalText writes the hex as CCRR ("" for NoHex).
func (h Hex) MarshalText() ([]byte, error) {
	if !h.Valid() {
		return []byte{}, nil
	}
	return []byte(h.String()), nil
}

// UnmarshalText reads a CCRR hex ("" for NoHex).
func (h *Hex) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*h = NoHex
		return nil
	}
	v, err := ParseHex(string(b))
	if err != nil {
		return err
	}
	*h = v
	return nil
}

// Neighbour returns the hex in direction d from h, or NoHex off the map.
func (h Hex) Neighbour(d Direction) Hex { return neighbours[h][d] }

// Neighbours returns the six neighbours of h in direction order; NoHex where
// the neighbour is off the map.
func (h Hex) Neighbours() [6]Hex { return neighbours[h] }

// Adjacent reports whether a and b are neighbours.
func Adjacent(a, b Hex) bool { return distances[a][b] == 1 }

// Distance is the number of hex steps from a to b.
func Distance(a, b Hex) int { return int(distances[a][b]) }

// Center is the hex centre in units of the hex's circumradius, with x growing
// east and y growing south (flat-topped hexes, even columns half a hex lower).
func (h Hex) Center() (x, y float64) {
	c, r := h.Col(), h.Row()
	x = 1.5 * float64(c-FirstCol)
	y = math.Sqrt(3) * (float64(r-1) + 0.5*float64(1-c%2))
	return x, y
}

// The geometry tables are package variables initialised by a function (not
// init), so that the embedded scenario, parsed at package initialisation,
// can use them.
var neighbours, distances = geometry()

// cube converts R1.1's offset coordinates ("even-q": even columns shoved
// south) to cube coordinates.
func cube(h Hex) (x, y, z int) {
	c, r := h.Col(), h.Row()
	x = c
	z = r - (c+(c&1))/2
	return x, -x - z, z
}

func geometry() (neighbours [NumHexes][6]Hex, distances [NumHexes][NumHexes]uint8) {
	for h := Hex(0); h < NumHexes; h++ {
		c, r := h.Col(), h.Row()
		var off [6][2]int
		if c%2 == 1 {
			off = [6][2]int{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 0}, {-1, -1}}
		} else {
			off = [6][2]int{{0, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}}
		}
		for d, o := range off {
			neighbours[h][d] = HexAt(c+o[0], r+o[1])
		}
		ax, ay, az := cube(h)
		for g := Hex(0); g < NumHexes; g++ {
			bx, by, bz := cube(g)
			distances[h][g] = uint8(max(abs(ax-bx), abs(ay-by), abs(az-bz)))
		}
	}
	return neighbours, distances
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
