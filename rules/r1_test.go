package rules

import (
	"math"
	"strings"
	"testing"
)

// R1.1: neighbours, written out by hand from the rule's text, for an odd
// and an even column inside the map and for corner and edge hexes.
func TestR1_1_Neighbours(t *testing.T) {
	// N, NE, SE, S, SW, NW; "-" is off the map.
	table := []struct{ hex, n, ne, se, s, sw, nw string }{
		// odd column: NW (c-1,r-1) NE (c+1,r-1) SW (c-1,r) SE (c+1,r)
		{"1503", "1502", "1602", "1603", "1504", "1403", "1402"},
		// even column: NW (c-1,r) NE (c+1,r) SW (c-1,r+1) SE (c+1,r+1)
		{"1403", "1402", "1503", "1504", "1404", "1304", "1303"},
		{"1101", "-", "-", "1201", "1102", "-", "-"},
		{"1105", "1104", "1204", "1205", "-", "-", "-"},
		{"1201", "-", "1301", "1302", "1202", "1102", "1101"},
		{"1205", "1204", "1305", "-", "-", "-", "1105"},
		{"1901", "-", "-", "-", "1902", "1801", "-"},
		{"1805", "1804", "1905", "-", "-", "-", "1705"},
		{"1501", "-", "-", "1601", "1502", "1401", "-"},
	}
	for _, row := range table {
		h := hex(t, row.hex)
		want := []string{row.n, row.ne, row.se, row.s, row.sw, row.nw}
		for d, w := range want {
			if got := h.Neighbour(Direction(d)).String(); got != w {
				t.Errorf("%s direction %d: %s, want %s", row.hex, d, got, w)
			}
		}
	}
}

// R1.1: every neighbour pair is mutual, sits one hex apart on the drawn
// map (centres sqrt(3) apart), and every hex at that distance is a
// neighbour: the table and the geometry agree.
func TestR1_1_NeighboursMatchGeometry(t *testing.T) {
	for a := Hex(0); a < NumHexes; a++ {
		n := 0
		for _, b := range a.Neighbours() {
			if b == NoHex {
				continue
			}
			n++
			ax, ay := a.Center()
			bx, by := b.Center()
			if d := math.Hypot(ax-bx, ay-by); math.Abs(d-math.Sqrt(3)) > 1e-9 {
				t.Errorf("%s-%s: centres %.3f apart", a, b, d)
			}
			if !Adjacent(b, a) || Distance(a, b) != 1 {
				t.Errorf("%s-%s not mutual", a, b)
			}
		}
		for b := Hex(0); b < NumHexes; b++ {
			ax, ay := a.Center()
			bx, by := b.Center()
			if math.Abs(math.Hypot(ax-bx, ay-by)-math.Sqrt(3)) < 1e-9 && !Adjacent(a, b) {
				t.Errorf("%s-%s touch on the map but are not neighbours", a, b)
			}
		}
		if n < 2 || n > 6 {
			t.Errorf("%s has %d neighbours", a, n)
		}
	}
	// Interior hexes have six neighbours, corners two or three.
	for hx, want := range map[string]int{"1503": 6, "1403": 6, "1101": 2, "1105": 3, "1901": 2, "1905": 3, "1201": 5, "1805": 3} {
		n := 0
		for _, b := range hex(t, hx).Neighbours() {
			if b != NoHex {
				n++
			}
		}
		if n != want {
			t.Errorf("%s: %d neighbours, want %d", hx, n, want)
		}
	}
}

// R1.1: distance is the number of steps, checked by hand and against a
// breadth-first walk over the neighbour table.
func TestR1_1_Distance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{
		{"1101", "1901", 8}, {"1101", "1105", 4}, {"1501", "1504", 3},
		{"1501", "1801", 3}, {"1501", "1303", 3}, {"1501", "1404", 4},
		{"1403", "1502", 2}, {"1503", "1601", 2}, {"1303", "1503", 2},
		{"1804", "1504", 3}, {"1804", "1505", 3}, {"1101", "1905", 8},
		{"1402", "1603", 2}, {"1205", "1105", 1}, {"1204", "1105", 1},
	} {
		if got := Distance(hex(t, c.a), hex(t, c.b)); got != c.d {
			t.Errorf("%s-%s: %d, want %d", c.a, c.b, got, c.d)
		}
		if Distance(hex(t, c.b), hex(t, c.a)) != c.d {
			t.Errorf("%s-%s not symmetric", c.a, c.b)
		}
	}
	for a := Hex(0); a < NumHexes; a++ {
		var dist [NumHexes]int
		for i := range dist {
			dist[i] = -1
		}
		dist[a] = 0
		queue := []Hex{a}
		for len(queue) > 0 {
			h := queue[0]
			queue = queue[1:]
			for _, n := range h.Neighbours() {
				if n != NoHex && dist[n] < 0 {
					dist[n] = dist[h] + 1
					queue = append(queue, n)
				}
			}
		}
		for b := Hex(0); b < NumHexes; b++ {
			if Distance(a, b) != dist[b] {
				t.Fatalf("%s-%s: Distance %d, walk %d", a, b, Distance(a, b), dist[b])
			}
		}
	}
}

// R1.1: hex ids are CCRR within columns 11-19 and rows 01-05.
func TestR1_1_HexNotation(t *testing.T) {
	for h := Hex(0); h < NumHexes; h++ {
		back, err := ParseHex(h.String())
		if err != nil || back != h {
			t.Errorf("%s does not read back: %v", h, err)
		}
	}
	for _, bad := range []string{"", "1001", "2001", "1100", "1106", "150", "15011", "ab01", "-101"} {
		if _, err := ParseHex(bad); err == nil {
			t.Errorf("ParseHex(%q) accepted", bad)
		}
	}
	if HexAt(11, 1).String() != "1101" || HexAt(19, 5).String() != "1905" || HexAt(20, 1) != NoHex || NoHex.Valid() {
		t.Error("HexAt")
	}
}

// R1.2: the scenario's terrain and labels are the spec's table; every other
// hex is open; roads have no effect (they are data only).
func TestR1_2_Terrain(t *testing.T) {
	sc := DefaultScenario()
	want := map[string]Terrain{
		"1501": Hill, "1804": Hill, "1402": City, "1701": Village, "1101": Village, "1204": Village,
		"1302": Forest, "1504": Forest, "1505": Forest, "1604": Forest, "1902": Forest,
	}
	for h := Hex(0); h < NumHexes; h++ {
		w, ok := want[h.String()]
		if !ok {
			w = Open
		}
		if sc.Terrain[h] != w {
			t.Errorf("%s: %s, want %s", h, sc.Terrain[h], w)
		}
	}
	for hx, l := range map[string]string{"1501": "Hill 314", "1402": "Mortain", "1701": "St-Barthélemy", "1101": "Le Mesnil-Adelée", "1204": "Romagny", "1504": "Forêt de Mortain", "1503": ""} {
		if got := sc.Label(hex(t, hx)); got != l {
			t.Errorf("label %s: %q, want %q", hx, got, l)
		}
	}
	if len(sc.Roads) != 4 {
		t.Errorf("%d roads", len(sc.Roads))
	}
}

// R1.3: the units table: side, type, full and flipped factors, start; the
// factors in play follow the counter's side.
func TestR1_3_Units(t *testing.T) {
	sc := DefaultScenario()
	// The factors after the balance change of docs/balance.md, with CCR
	// back to the spec's table since (the top of that file).
	table := `117 us infantry 2-4 1-2 map 1701
119 us infantry 2-4 1-2 map 1101
120 us infantry 2-4 1-2 map 1501
823 us gun 5-2 3-1 map 1501
TD us tank 5-2 3-1 map 1402
CCA us tank 5-3 3-1 reserve2 -
CCB us tank 5-3 3-1 reserve2 -
CCR us tank 4-3 2-2 reserve2 -
DR-1 german tank 7-5 4-4 reserve -
DR-2 german tank 7-5 4-4 reserve -
DF german infantry 4-6 3-4 reserve -
D german infantry 4-6 3-4 reserve -
17-StuG german tank 6-4 4-3 reserve -
17-37 german infantry 3-6 2-4 reserve -
17-38 german infantry 3-6 2-4 reserve -
102 german tank -1-6 -1-4 reserve -`
	lines := strings.Split(table, "\n")
	if len(lines) != sc.NumUnits() {
		t.Fatalf("%d units, want %d", sc.NumUnits(), len(lines))
	}
	for i, line := range lines {
		f := strings.Fields(line)
		d := sc.Units[i]
		enter := 1
		if f[5] == "reserve2" {
			enter = 2
		}
		hist := NoHex
		if f[6] != "-" {
			hist = hex(t, f[6])
		}
		if d.ID != f[0] || d.Side.String() != f[1] || d.Type.String() != f[2] || d.Full.String() != f[3] ||
			d.Flipped.String() != f[4] || d.Reserve != (f[5] != "map") || d.EnterTurn != enter || d.Historical != hist {
			t.Errorf("unit %d: %+v, want %s", i, d, line)
		}
		if d.Tiger != (d.ID == "102") {
			t.Errorf("%s: Tiger %v", d.ID, d.Tiger)
		}
	}
	s := pos(t, "us:TD@1402*,117@1701")
	if s.Factors(uid(t, "TD")) != (Factors{3, 1}) || s.Factors(uid(t, "117")) != (Factors{2, 5}) {
		t.Errorf("factors: TD %v 117 %v", s.Factors(uid(t, "TD")), s.Factors(uid(t, "117")))
	}
}

// R1.4: card notation for all 53 cards, colours and values.
func TestR1_4_CardNotation(t *testing.T) {
	seen := map[string]bool{}
	for c := Card(0); c < DeckSize; c++ {
		s := c.String()
		if seen[s] {
			t.Errorf("%s twice", s)
		}
		seen[s] = true
		back, err := ParseCard(strings.ToLower(s))
		if err != nil || back != c {
			t.Errorf("%s does not read back: %v", s, err)
		}
		if c != Joker && c.IsRed() == c.IsBlack() {
			t.Errorf("%s is both or neither red and black", s)
		}
	}
	for _, c := range []struct {
		s           string
		red, face   bool
		value, rank int
	}{
		{"AS", false, false, 1, 1}, {"10H", true, false, 10, 10}, {"QC", false, true, 0, 12},
		{"JD", true, true, 0, 11}, {"KH", true, true, 0, 13}, {"7C", false, false, 7, 7},
		{"2D", true, false, 2, 2}, {"JK", false, false, 0, 0},
	} {
		k := card(t, c.s)
		if k.IsRed() != c.red || k.IsFace() != c.face || k.Value() != c.value || k.Rank() != c.rank || k.String() != c.s {
			t.Errorf("%s: red %v face %v value %d rank %d", c.s, k.IsRed(), k.IsFace(), k.Value(), k.Rank())
		}
	}
	if !card(t, "JK").IsJoker() || card(t, "JK").IsRed() || card(t, "JK").IsBlack() || card(t, "JK").Side() != NoSide {
		t.Error("the Joker has no colour")
	}
	for _, bad := range []string{"", "1S", "11H", "AX", "JJ", "K", "10"} {
		if _, err := ParseCard(bad); err == nil {
			t.Errorf("ParseCard(%q) accepted", bad)
		}
	}
	if len(seen) != 53 {
		t.Errorf("%d distinct cards", len(seen))
	}
}
