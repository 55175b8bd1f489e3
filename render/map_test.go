package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sync"
	"testing"

	"github.com/mortain/mortain/rules"
)

// picture is a decoded map with the layout it was drawn with, so that
// tests can look where a player would look.
type picture struct {
	img image.Image
	l   *layout
	png []byte
}

// shared is one renderer for the tests, as a bot shares one: its caches
// are built once.
var shared = sync.OnceValues(New)

func newRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := shared()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func drawPic(t testing.TB, r *Renderer, s *rules.State, events []rules.Event, width int) picture {
	t.Helper()
	b, err := r.Map(s, events, Options{Width: width})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the map is not a valid PNG: %v", err)
	}
	return picture{img, newLayout(s.Scenario(), clampWidth(width)), b}
}

func (p picture) at(x, y float64) color.RGBA {
	r, g, b, _ := p.img.At(int(x), int(y)).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
}

// count is the number of pixels of colour c in r.
func (p picture) count(r rect, c color.RGBA) int {
	n := 0
	for y := int(r.Y); y < int(r.Y+r.H); y++ {
		for x := int(r.X); x < int(r.X+r.W); x++ {
			if p.at(float64(x), float64(y)) == c {
				n++
			}
		}
	}
	return n
}

func hexAt(t testing.TB, s string) rules.Hex {
	h, err := rules.ParseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func unitID(t testing.TB, s *rules.State, id string) rules.UnitID {
	u, ok := s.Scenario().UnitByID(id)
	if !ok {
		t.Fatalf("no unit %s", id)
	}
	return u
}

// counterCentre is where unit u's counter is drawn on the map, and its side.
func counterCentre(t testing.TB, l *layout, s *rules.State, u rules.UnitID) (x, y, size float64) {
	h := s.Unit(u).Hex
	units := s.UnitsAt(h)
	offs, sz := stackOffsets(len(units))
	for i, v := range units {
		if v == u {
			cx, cy := l.hexCenter(h)
			return cx + offs[i][0]*l.R, cy + offs[i][1]*l.R, sz * l.R
		}
	}
	t.Fatalf("unit %d is not on the map", u)
	return
}

func TestMapSizeWithinBounds(t *testing.T) {
	r := newRenderer(t)
	g := busyGame(t)
	if clampWidth(9000) != maxWidth || clampWidth(-3) != DefaultWidth {
		t.Error("widths out of range are not clamped")
	}
	for _, c := range []struct{ ask, want int }{{0, DefaultWidth}, {550, 550}, {100, minWidth}} {
		p := drawPic(t, r, &g.State, g.LastEvents(), c.ask)
		b := p.img.Bounds()
		if b.Dx() != c.want {
			t.Errorf("width %d: got %d pixels wide, want %d", c.ask, b.Dx(), c.want)
		}
		// The compact preview spends its height on the map: nearly square.
		lo := 1.3
		if p.l.Compact {
			lo = 1.05
		}
		if ratio := float64(b.Dx()) / float64(b.Dy()); ratio < lo || ratio > 1.8 {
			t.Errorf("width %d: %dx%d, want a landscape picture (ratio %.2f-1.8)", c.ask, b.Dx(), b.Dy(), lo)
		}
		if c.ask == 0 && len(p.png) > 400<<10 {
			t.Errorf("full-size PNG is %d bytes, want at most 400 KB", len(p.png))
		}
	}
}

func TestMapDeterministic(t *testing.T) {
	g := busyGame(t)
	r1 := newRenderer(t)
	r2, err := New()
	if err != nil {
		t.Fatal(err)
	}
	want := drawPic(t, r1, &g.State, g.LastEvents(), 0).png
	if again := drawPic(t, r1, &g.State, g.LastEvents(), 0).png; !bytes.Equal(again, want) {
		t.Error("the same renderer drew the same state differently")
	}
	if other := drawPic(t, r2, &g.State, g.LastEvents(), 0).png; !bytes.Equal(other, want) {
		t.Error("two renderers drew the same state differently")
	}
	// Concurrent calls at different widths share the caches safely and
	// still give the same bytes.
	small := drawPic(t, r1, &g.State, g.LastEvents(), 550).png
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, exp := 0, want
			if i%2 == 1 {
				w, exp = 550, small
			}
			b, err := r2.Map(&g.State, g.LastEvents(), Options{Width: w})
			if err != nil {
				errs <- err.Error()
				return
			}
			if !bytes.Equal(b, exp) {
				errs <- "concurrent drawing changed the picture"
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestMapTerrainAtHexCentres(t *testing.T) {
	r := newRenderer(t)
	g := rules.NewGame(nil, rules.Options{}, 1) // set-up: no unit on the map yet
	for _, w := range []int{0, 550} {
		p := drawPic(t, r, &g.State, nil, w)
		R := p.l.R
		for _, c := range []struct {
			hex    string
			dx, dy float64 // from the centre, in hex radii
			want   color.RGBA
			what   string
		}{
			{"1305", 0, 0, colOpen, "open"},
			{"1902", 0, 0, colForest, "forest"},
			{"1804", 0, 0, colHill, "hill"},
			{"1204", 0, 0, colVillage, "village"},
			{"1402", -0.2, -0.3, colCity, "city"},
		} {
			x, y := p.l.hexCenter(hexAt(t, c.hex))
			if got := p.at(x+c.dx*R, y+c.dy*R); got != c.want {
				t.Errorf("width %d: %s (%s) shows %v, want %v", w, c.hex, c.what, got, c.want)
			}
		}
		// The glyphs that make terrain readable without a legend.
		glyph := func(hex string, c color.RGBA, what string) {
			x, y := p.l.hexCenter(hexAt(t, hex))
			if p.count(rect{x - 0.8*R, y - 0.7*R, 1.6 * R, 1.4 * R}, c) < 20 {
				t.Errorf("width %d: %s has no %s", w, hex, what)
			}
		}
		glyph("1902", colTree, "trees")
		glyph("1804", colContour, "contour lines")
		glyph("1204", colRoof, "houses")
		glyph("1402", colRoof, "buildings")
		glyph("1503", colRoad, "road")
	}
}

func TestMapCountersWhereUnitsStand(t *testing.T) {
	r := newRenderer(t)
	g := busyGame(t)
	s := &g.State
	p := drawPic(t, r, s, g.LastEvents(), 0)
	body := func(id string, want color.RGBA) {
		t.Helper()
		x, y, S := counterCentre(t, p.l, s, unitID(t, s, id))
		if got := p.at(x-0.38*S, y+0.1*S); got != want {
			t.Errorf("counter %s shows %v, want %v", id, got, want)
		}
	}
	body("119", colUS)         // US light green
	body("17-StuG", colDark)   // 17th SS dark green
	body("DR-1", colBlack)     // 2nd SS black, in a stack of three
	body("823", colUS)         // in a stack of two
	body("DR-2", colBlackFlip) // flipped: a lighter face
	body("120", colUSFlip)
	// Flipped counters carry the reduced stripe; full ones do not.
	stripe := func(id string, want bool) {
		t.Helper()
		x, y, S := counterCentre(t, p.l, s, unitID(t, s, id))
		if got := p.at(x-0.42*S, y-0.25*S) == colReduced; got != want {
			t.Errorf("counter %s: reduced stripe %v, want %v", id, got, want)
		}
	}
	stripe("DR-2", true)
	stripe("120", true)
	stripe("DR-1", false)
	stripe("119", false)
	// The Tiger is marked.
	x, y, S := counterCentre(t, p.l, s, unitID(t, s, "102"))
	if p.count(rect{x - 0.28*S, y - 0.12*S, 0.56 * S, 0.3 * S}, colTiger) < 10 {
		t.Error("the Tiger's counter is not marked")
	}
	// Sideboards: US reserve (west), eliminated and exited boxes.
	slot := func(b box, i int, want color.RGBA, what string) {
		t.Helper()
		sl := b.Slots[i]
		if got := p.at(sl.cx()-0.38*sl.W, sl.cy()+0.1*sl.W); got != want {
			t.Errorf("%s shows %v, want %v", what, got, want)
		}
	}
	slot(p.l.USReserve, 0, colUS, "US reserve (CCR)")
	slot(p.l.USElim, 0, colUSFlip, "US eliminated (CCB)")
	slot(p.l.GerElim, 0, colBlackFlip, "German eliminated (DF)")
	slot(p.l.Exited, 0, colDark, "exited (17-38)")
	if p.l.USReserve.Frame.X > p.l.Map.X || p.l.GerReserve.Frame.X < p.l.Map.X+p.l.Map.W {
		t.Error("the US reserve belongs west of the map and the German reserve east")
	}
}

func TestMapMarksActivatedTargetedCovered(t *testing.T) {
	r := newRenderer(t)
	g := busyGame(t)
	s := &g.State
	p := drawPic(t, r, s, g.LastEvents(), 0)
	corner := func(id string, dx, dy float64, c color.RGBA, what string, want bool) {
		t.Helper()
		x, y, S := counterCentre(t, p.l, s, unitID(t, s, id))
		cx, cy := x+dx*S, y+dy*S
		got := p.count(rect{cx - 0.12*S, cy - 0.12*S, 0.24 * S, 0.24 * S}, c) > 3
		if got != want {
			t.Errorf("%s %s: %v, want %v", id, what, got, want)
		}
	}
	corner("823", -0.46, -0.46, colCheck, "activated mark", true)
	corner("119", -0.46, -0.46, colCheck, "activated mark", false)
	corner("DR-2", 0.46, -0.46, colFire, "targeted mark", true)
	corner("17-StuG", 0.46, -0.46, colFire, "targeted mark", false)
	corner("DR-1", 0.46, 0.46, colAir, "Air cover mark", true)
	corner("119", 0.46, 0.46, colAir, "Air cover mark", false)
}

func TestMapStatusPanel(t *testing.T) {
	r := newRenderer(t)
	g := busyGame(t)
	p := drawPic(t, r, &g.State, g.LastEvents(), 0)
	st := p.l.Status
	if n := p.count(st, colPaper); n > int(0.97*st.W*st.H) {
		t.Errorf("the status panel is nearly empty (%d of %d pixels blank)", n, int(st.W*st.H))
	}
	card := rect{st.X + 12*p.l.K, st.Y + 10*p.l.K, 58 * p.l.K, st.H - 20*p.l.K}
	if p.count(card, colCardRed) < 50 {
		t.Error("the round's card (7D) is not drawn as a red card")
	}
	// A black card draws no red; the set-up shows a card back.
	g2 := busyGame(t)
	play(t, g2, "debug round german 3C")
	p2 := drawPic(t, r, &g2.State, nil, 0)
	if p2.count(card, colCardRed) != 0 || p2.count(card, colInk) < 50 {
		t.Error("a black card (3C) should be drawn in black")
	}
	p3 := drawPic(t, r, &rules.NewGame(nil, rules.Options{}, 1).State, nil, 0)
	if p3.count(card, colMove) < 500 {
		t.Error("before the first draw the card should show its back")
	}
	// Non-default options change the options line.
	g4 := rules.NewGame(nil, rules.Options{LOS: rules.LOSLenient}, 11)
	g5 := rules.NewGame(nil, rules.Options{}, 11)
	a, b := drawPic(t, r, &g4.State, nil, 0), drawPic(t, r, &g5.State, nil, 0)
	line := rect{st.X + 430*p.l.K, st.Y + 38*p.l.K, 300 * p.l.K, 16 * p.l.K}
	if a.count(line, colInk) == b.count(line, colInk) {
		t.Error("the options line looks the same with opt:los=lenient as with the defaults")
	}
}

func TestMapWinnerBanner(t *testing.T) {
	r := newRenderer(t)
	g := randomGame(t, 5)
	p := drawPic(t, r, &g.State, g.LastEvents(), 0)
	st := p.l.Status
	banner := rect{st.X + st.W - 256*p.l.K, st.Y + 6*p.l.K, 248 * p.l.K, st.H - 12*p.l.K}
	fill := colUS
	if g.State.Winner() == rules.German {
		fill = colBlack
	}
	if n := p.count(banner, fill); n < int(banner.W*banner.H/4) {
		t.Errorf("no %s winner banner (%d pixels of its colour)", g.State.Winner().Title(), n)
	}
	if n := p.count(banner, colGold); n < 100 {
		t.Error("the winner banner has no frame")
	}
}

func TestMapDrawsLatestActivation(t *testing.T) {
	r := newRenderer(t)
	g := busyGame(t)
	play(t, g, "debug round us 5", "move 117 1402")
	s := &g.State
	// The arrow runs from 1401 to 1402.
	alongMove := func(p picture) int {
		x1, y1 := p.l.hexCenter(hexAt(t, "1401"))
		x2, y2 := p.l.hexCenter(hexAt(t, "1402"))
		n := 0
		for i := 0; i <= 20; i++ {
			f := 0.35 + 0.3*float64(i)/20
			if p.at(x1+(x2-x1)*f, y1+(y2-y1)*f) == colMove {
				n++
			}
		}
		return n
	}
	if n := alongMove(drawPic(t, r, s, g.LastEvents(), 0)); n < 10 {
		t.Errorf("no arrow for the move 1401->1402 (%d of 21 points blue)", n)
	}
	if n := alongMove(drawPic(t, r, s, nil, 0)); n != 0 {
		t.Errorf("an arrow is drawn with no events (%d points)", n)
	}

	// An entry comes in from the east edge (R5.3).
	play(t, g, "debug round german 3", "enter D 1905")
	p := drawPic(t, r, s, g.LastEvents(), 0)
	x, y := p.l.hexCenter(hexAt(t, "1905"))
	if p.count(rect{x + 0.5*p.l.R, y - 4, 0.5 * p.l.R, 8}, colMove) < 10 {
		t.Error("no arrow for the entry at 1905 from the east edge")
	}
}

func TestMapDrawsAttack(t *testing.T) {
	r := newRenderer(t)
	g := busyGame(t) // the latest activation flipped DR-2
	s := &g.State
	p := drawPic(t, r, s, g.LastEvents(), 0)
	x, y := p.l.hexCenter(hexAt(t, "1502"))
	R := p.l.R
	if n := p.count(rect{x - R, y - R, 2 * R, 2 * R}, colFire); n < 200 {
		t.Errorf("the attack on DR-2 is not marked (%d vermilion pixels)", n)
	}
	// The fire line from 1501 towards 1502.
	fx, fy := p.l.hexCenter(hexAt(t, "1501"))
	if p.count(rect{fx - 6, (fy+y)/2 - 6, 12, 12}, colFire) == 0 {
		t.Error("no fire line from the firers at 1501")
	}

	// An elimination leaves a cross on the hex (on DR-2's ghost, in the
	// middle of the hex it held alone).
	play(t, g, "debug round us 5", "debug deck 2S", "fire TD DR-2", "resolve")
	if s.Unit(unitID(t, s, "DR-2")).Status != rules.Eliminated {
		t.Skip("the attack did not eliminate DR-2; the position changed")
	}
	p = drawPic(t, r, s, g.LastEvents(), 0)
	if n := p.count(rect{x - 0.2*R, y - 0.1*R, 0.4 * R, 0.4 * R}, colFire); n < 20 {
		t.Errorf("no cross where DR-2 was eliminated (%d vermilion pixels)", n)
	}
}

// Events that belong to another game must not break the picture.
func TestMapToleratesForeignEvents(t *testing.T) {
	r := newRenderer(t)
	g := busyGame(t)
	other := randomGame(t, 9)
	for i := 0; i+8 <= len(other.Log); i += 8 {
		if _, err := r.Map(&g.State, other.Log[i:i+8], Options{Width: 550}); err != nil {
			t.Fatal(err)
		}
	}
	junk := []rules.Event{{Kind: rules.EvAttack, Target: rules.NoUnit, To: rules.NoHex, Card: rules.NoCard},
		{Kind: rules.EvMove, From: rules.NoHex, To: 3}, {Kind: rules.EvEnter, To: rules.NoHex, Unit: 200}}
	if _, err := r.Map(&g.State, junk, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Map(nil, nil, Options{}); err == nil {
		t.Error("drawing no state should fail")
	}
}

// During the US set-up (R2.1) all eight US units are still off the map,
// more than the US reserve box holds in play: every one of them is drawn,
// smaller, inside the box, and no two overlap.
func TestMapSetupShowsEveryUSUnit(t *testing.T) {
	r := newRenderer(t)
	g := rules.NewGame(nil, rules.Options{}, 3)
	s := &g.State
	p := drawPic(t, r, s, nil, 0)
	b := p.l.USReserve
	n := 0
	for _, d := range s.Scenario().Units {
		if d.Side == rules.US {
			n++
		}
	}
	if n <= len(b.Slots) {
		t.Fatalf("%d US units fit the %d slots: the test needs more units than slots", n, len(b.Slots))
	}
	slots := b.slotsFor(n)
	if len(slots) != n {
		t.Fatalf("%d places for %d units", len(slots), n)
	}
	f := b.Frame
	for i, sl := range slots {
		if sl.X < f.X || sl.Y < f.Y || sl.X+sl.W > f.X+f.W || sl.Y+sl.H > f.Y+f.H {
			t.Errorf("unit %d drawn at %+v, outside the box %+v", i, sl, f)
		}
		for _, o := range slots[:i] {
			if sl.X < o.X+o.W && o.X < sl.X+sl.W && sl.Y < o.Y+o.H && o.Y < sl.Y+sl.H {
				t.Errorf("units overlap: %+v and %+v", sl, o)
			}
		}
		if got := p.at(sl.cx()-0.38*sl.W, sl.cy()+0.1*sl.W); got != colUS {
			t.Errorf("unit %d: the box shows %v there, want the US colour", i, got)
		}
	}
	if got := b.slotsFor(2); len(got) != 2 || got[0] != b.Slots[0] || got[1] != b.Slots[1] {
		t.Errorf("units that fit keep the box's slots: %+v", got)
	}
}
