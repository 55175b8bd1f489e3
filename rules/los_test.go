package rules

import (
	"fmt"
	"testing"
)

// losTable is R6.3 worked out by hand on the Mortain map. Hex centres are
// at x = 1.5*(col-11), y = sqrt(3)*(row-1 + 0.5 if col is even), flat-topped
// hexes of circumradius 1. "side" names the two hexes along whose common
// side the line runs (the vertex case: median blocks if either blocks,
// lenient only if both do; "--" is off the map); "through" the hexes whose
// inside it crosses. Terrain: hills 1501 1804, city 1402, villages 1101
// 1204 1701, forests 1302 1504 1505 1604 1902.
var losTable = []struct {
	a, b            string
	median, lenient bool // true: line of sight
	why             string
}{
	// Range 2, lines along a hexside between two columns of the other
	// parity (east-west lines).
	{"1603", "1403", false, true, "side 1503 open | 1504 forest"},
	{"1404", "1604", false, false, "side 1504 forest | 1505 forest"},
	{"1303", "1503", false, true, "side 1402 city | 1403 open"},
	{"1302", "1502", false, true, "side 1401 open | 1402 city"},
	{"1705", "1505", false, true, "side 1604 forest | 1605 open"},
	{"1504", "1704", false, true, "side 1603 open | 1604 forest"},
	{"1202", "1402", false, true, "side 1302 forest | 1303 open"},
	{"1201", "1401", false, true, "side 1301 open | 1302 forest"},
	{"1104", "1304", false, true, "side 1203 open | 1204 village"},
	{"1803", "1603", true, true, "side 1703 open | 1704 open"},
	{"1804", "1604", true, true, "side 1704 open | 1705 open (from the hill)"},
	{"1405", "1605", false, true, "side 1505 forest | -- off the map"},
	{"1901", "1701", true, true, "side -- off the map | 1801 open"},
	// Range 2, lines along a hexside at 60 degrees.
	{"1403", "1502", false, true, "side 1402 city | 1503 open"},
	{"1302", "1403", false, true, "side 1303 open | 1402 city"},
	{"1603", "1505", false, false, "side 1504 forest | 1604 forest"},
	{"1504", "1605", false, false, "side 1505 forest | 1604 forest"},
	{"1501", "1602", true, true, "side 1502 open | 1601 open (from Hill 314)"},
	{"1802", "1701", true, true, "side 1702 open | 1801 open"},
	// Range 2 through a hex centre.
	{"1401", "1403", false, false, "through 1402 city"},
	{"1301", "1303", false, false, "through 1302 forest"},
	{"1501", "1503", true, true, "through 1502 open"},
	// Range 3 from Hill 314 (1501).
	{"1501", "1504", true, true, "through 1502, 1503 open; into the forest"},
	{"1501", "1801", false, false, "through 1601 open, 1701 village"},
	{"1501", "1303", false, false, "through 1401 open, 1402 city"},
	{"1501", "1202", false, false, "through 1401 open, 1302 forest"},
	{"1501", "1703", true, true, "through 1601, 1602 open"},
	{"1501", "1802", true, true, "through 1601, 1702 open"},
	// Range 3 from the hill at 1804.
	{"1804", "1504", false, false, "through 1704 open, 1604 forest"},
	{"1804", "1505", false, false, "through 1705 open, 1604 forest"},
	{"1804", "1801", true, true, "through 1803, 1802 open"},
	{"1804", "1702", true, true, "through 1803, 1703 open"},
	{"1804", "1902", true, true, "through 1803, 1903 open; into the forest"},
	// Adjacent hexes always see each other.
	{"1402", "1302", true, true, "adjacent city and forest"},
	{"1504", "1505", true, true, "adjacent forests"},
}

func TestR6_3_LOSTable(t *testing.T) {
	sc := DefaultScenario()
	for _, c := range losTable {
		a, b := hex(t, c.a), hex(t, c.b)
		for los, want := range []bool{c.median, c.lenient} {
			if got := sc.LOS(a, b, uint8(los)); got != want {
				t.Errorf("%s-%s opt:los=%s: sight %v, want %v (%s)", c.a, c.b, OptionSpecs[0].Values[los], got, want, c.why)
			}
			if got := sc.LOS(b, a, uint8(los)); got != want {
				t.Errorf("%s-%s opt:los=%s: not symmetric", c.b, c.a, OptionSpecs[0].Values[los])
			}
		}
	}
}

// LOSTrace names the hexes and the hexsides of the table's lines.
func TestR6_3_LOSTrace(t *testing.T) {
	for _, c := range []struct{ a, b, through, sides string }{
		{"1603", "1403", "[]", "[[1503 1504]]"},
		{"1403", "1502", "[]", "[[1402 1503]]"},
		{"1405", "1605", "[]", "[[1505 -]]"},
		{"1501", "1801", "[1601 1701]", "[]"},
		{"1501", "1303", "[1401 1402]", "[]"},
		{"1804", "1505", "[1604 1705]", "[]"},
		{"1401", "1403", "[1402]", "[]"},
	} {
		through, sides := LOSTrace(hex(t, c.a), hex(t, c.b))
		if fmt.Sprint(through) != c.through || fmt.Sprint(sides) != c.sides {
			t.Errorf("%s-%s: through %v sides %v, want %s %s", c.a, c.b, through, sides, c.through, c.sides)
		}
	}
}

// R6.3: line of sight is symmetric for every pair of hexes under both
// options, lenient sees at least what median sees, and adjacent hexes
// always see each other; R6.2: InRange is sight within range.
func TestR6_3_LOSSymmetricAllPairs(t *testing.T) {
	sc := DefaultScenario()
	for a := Hex(0); a < NumHexes; a++ {
		for b := Hex(0); b < NumHexes; b++ {
			for los := uint8(0); los < 2; los++ {
				if sc.LOS(a, b, los) != sc.LOS(b, a, los) {
					t.Errorf("%s-%s los %d not symmetric", a, b, los)
				}
				want := a != b && Distance(a, b) <= sc.Range(a) && sc.LOS(a, b, los)
				if sc.InRange(a, b, los) != want {
					t.Errorf("%s-%s los %d: InRange %v", a, b, los, sc.InRange(a, b, los))
				}
			}
			if sc.LOS(a, b, LOSMedian) && !sc.LOS(a, b, LOSLenient) {
				t.Errorf("%s-%s: median sees, lenient does not", a, b)
			}
			if Adjacent(a, b) && (!sc.LOS(a, b, LOSMedian) || !sc.LOS(a, b, LOSLenient)) {
				t.Errorf("%s-%s adjacent but not in sight", a, b)
			}
		}
	}
	if sc.Range(hex(t, "1501")) != 3 || sc.Range(hex(t, "1804")) != 3 || sc.Range(hex(t, "1402")) != 2 {
		t.Error("R6.2 range")
	}
}
