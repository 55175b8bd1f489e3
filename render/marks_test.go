package render

import (
	"image/color"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules"
)

// boxOf is the box of the counter or chip drawn for unit id on the map
// (its kCounter item), and whether there is one.
func boxOf(items []item, l *layout, id string) (rect, bool) {
	for _, it := range items {
		if it.kind == kCounter && it.text == id && it.r.X >= l.Map.X-1 && it.r.X+it.r.W <= l.Map.X+l.Map.W+1 {
			return it.r, true
		}
	}
	return rect{}, false
}

// resultText is what the attacks' result boxes say.
func resultText(items []item) string {
	var out []string
	for _, it := range items {
		if it.kind == kResult {
			out = append(out, it.text)
		}
	}
	return strings.Join(out, " / ")
}

// An attack eliminates DR-1 in a stack with the Tiger: the marks say that
// DR-1 was hit, never the Tiger left in the hex. No ring around the hex
// (the ring says that everything in it was attacked); DR-1 is drawn where
// it stood as a ghost crossed out; nothing vermilion lies on the Tiger;
// the result names DR-1. A lone target's hex is still ringed.
func TestAnEliminationInAStackMarksTheEliminatedUnitNotTheOneLeft(t *testing.T) {
	r := newRenderer(t)
	g := rules.NewGame(nil, rules.Options{}, 3)
	play(t, g, "historical", "setup-done", "debug place DR-1 1601", "debug place 102 1601", "debug flip DR-1",
		"debug round us 3", "debug deck AC", "fire 120 DR-1", "resolve")
	s := &g.State
	if s.Unit(unitID(t, s, "DR-1")).Status != rules.Eliminated {
		t.Fatal("DR-1 was not eliminated")
	}
	for _, w := range []int{0, 550} {
		p := drawPic(t, r, s, g.LastEvents(), w)
		items, l := scene(t, s, g.LastEvents(), w)
		x, y := p.l.hexCenter(hexAt(t, "1601"))
		// The hex's lower edge, away from the fire arrow from 1501.
		if got := p.count(rect{x - 0.3*p.l.R, y + 0.78*p.l.R, 0.6 * p.l.R, 0.12 * p.l.R}, colFire); got > 0 {
			t.Errorf("width %d: the hex of the Tiger, which was not attacked, is ringed (%d vermilion pixels on its edge)", w, got)
		}
		tiger, ok := boxOf(items, l, "102")
		if !ok {
			t.Fatalf("width %d: the Tiger is not drawn", w)
		}
		if n := p.count(tiger.inflate(-1), colFire); n > 0 {
			t.Errorf("width %d: %d vermilion pixels on the Tiger, which was not hit", w, n)
		}
		ghost, ok := boxOf(items, l, "DR-1")
		if !ok {
			t.Fatalf("width %d: DR-1 is not drawn where it was eliminated", w)
		}
		if ghost.meets(tiger, 0.5) {
			t.Errorf("width %d: DR-1's ghost %v covers the Tiger %v", w, ghost, tiger)
		}
		if n := p.count(ghost, colFire); n < 10 {
			t.Errorf("width %d: DR-1's ghost is not crossed out (%d vermilion pixels)", w, n)
		}
		if res := resultText(items); !strings.Contains(res, "DR-1") {
			t.Errorf("width %d: the result %q does not name DR-1", w, res)
		}
		checkScene(t, "an elimination in a stack", s, g.LastEvents(), w)
	}

	// Alone in its hex, the target's hex is ringed.
	g = rules.NewGame(nil, rules.Options{}, 3)
	play(t, g, "historical", "setup-done", "debug place DR-1 1601", "debug round us 3", "debug deck AC", "fire 120 DR-1", "resolve")
	p := drawPic(t, r, &g.State, g.LastEvents(), 0)
	x, y := p.l.hexCenter(hexAt(t, "1601"))
	if got := p.count(rect{x - 0.3*p.l.R, y + 0.78*p.l.R, 0.6 * p.l.R, 0.12 * p.l.R}, colFire); got == 0 {
		t.Error("the hex of a lone target is not ringed")
	}
}

// On the compact map each mark means one thing: the amber stripe is a
// flipped unit's; the Tiger is marked with a star, of another shape and
// colour, never with an orange stripe like it.
func TestCompactChipsTellTheTigerFromAFlippedUnit(t *testing.T) {
	r := newRenderer(t)
	g := rules.NewGame(nil, rules.Options{}, 3)
	play(t, g, "historical", "setup-done", "debug place 102 1603", "debug place DR-1 1803", "debug flip DR-1", "debug round german 3S")
	s := &g.State
	p := drawPic(t, r, s, nil, 550)
	items, l := scene(t, s, nil, 550)
	tiger, _ := boxOf(items, l, "102")
	flipped, _ := boxOf(items, l, "DR-1")
	if n := countNear(p, tiger, colTiger) + countNear(p, tiger, colReduced); n > 0 {
		t.Errorf("the Tiger's chip has %d orange or amber pixels, like a flipped unit's stripe", n)
	}
	right := rect{tiger.X + tiger.W*0.7, tiger.Y, tiger.W * 0.3, tiger.H}
	if n := countNear(p, right, colWhite); n < 12 {
		t.Errorf("the Tiger's chip has no star at its right end (%d white pixels)", n)
	}
	if n := p.count(flipped, colReduced); n < 5 {
		t.Errorf("a flipped unit's chip has no amber stripe (%d pixels)", n)
	}
}

// countNear counts the pixels of r close to colour c.
func countNear(p picture, r rect, c color.RGBA) int {
	n := 0
	for y := int(r.Y); y < int(r.Y+r.H); y++ {
		for x := int(r.X); x < int(r.X+r.W); x++ {
			q := p.at(float64(x), float64(y))
			if abs8(q.R, c.R)+abs8(q.G, c.G)+abs8(q.B, c.B) < 60 {
				n++
			}
		}
	}
	return n
}

func abs8(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
