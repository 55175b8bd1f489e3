package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// minPreviewPx is the least height, in pixels of the picture, of the
// capitals and digits a player must read in the preview: unit ids,
// factors, the card, the turn and round, the latest activation and the
// attack results.
const minPreviewPx = 10

// unreadable draws s as a PNG of the given width, finds in it each text a
// player must read (by its layout box), measures the ink height of one of
// its capitals or digits, and lists those under minPreviewPx, and what
// is missing.
func unreadable(t testing.TB, s *rules.State, events []rules.Event, width int) []string {
	t.Helper()
	return unreadableIn(t, i18n.English, s, events, width)
}

// unreadableIn is unreadable in a language.
func unreadableIn(t testing.TB, lang i18n.Lang, s *rules.State, events []rules.Event, width int) []string {
	t.Helper()
	r := newRenderer(t)
	data, err := r.Map(s, events, Options{Width: width, Lang: lang})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	p := r.paint(s, events, clampWidth(width), lang)
	defer r.release(p)
	var out []string
	need := map[string]bool{"turn": false, "round": false, "last": false}
	if c := s.RoundCard(); c <= rules.Joker {
		need["card"] = false
	}
	for _, it := range p.items {
		what := mustRead(it)
		if what == "" {
			continue
		}
		need[what] = true
		drawn := strings.TrimPrefix(it.text, "card ")
		h, glyph, ok := glyphHeight(img, p, it, drawn)
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s %q: no capital, digit or tall letter found in the picture at %v", what, it.text, it.r))
		case h < minPreviewPx:
			out = append(out, fmt.Sprintf("%s %q: %q is %d px high in the picture, want at least %d", what, it.text, glyph, h, minPreviewPx))
		}
	}
	for key, seen := range need {
		if !seen {
			out = append(out, fmt.Sprintf("no %s in the status", key))
		}
	}
	return out
}

// mustRead names what a layout box holds if a player must read it in the
// preview ("" otherwise).
func mustRead(it item) string {
	switch it.kind {
	case kUnitID, kFactors:
		return it.kind.String()
	case kResult:
		if it.px > 0 { // a line of a result box, not the box
			return "result"
		}
	case kStatus:
		if strings.HasPrefix(it.text, "card ") {
			return "card"
		}
		return it.role // the turn, the round, the last activation
	}
	return ""
}

// glyphHeight measures, in the picture, the ink height of the first
// flat capital or digit of the text drawn in it's box (else of a round
// capital, or of a letter as tall, such as l or d): the rows holding, in
// the glyph's columns, a pixel nearer the text's colour than its
// background's, contiguous through the middle of the capitals. (A line
// drawn touching the glyph, such as an arrow meeting a chip's edge,
// would add its rows to the count.)
func glyphHeight(img image.Image, p *painter, it item, drawn string) (h int, glyph string, ok bool) {
	f := p.face(it.style, it.px)
	i := strings.IndexAny(drawn, "0123456789ABDEFHIKLMNPRTUVWXYZ")
	if i < 0 { // round capitals and tall letters: a little taller, or a tail
		i = strings.IndexAny(drawn, "CGOSJQbdhkl")
	}
	if i < 0 { // Japanese: a kana or kanji, as tall as a capital or taller
		i = strings.IndexFunc(drawn, isCJK)
	}
	if i < 0 {
		return 0, "", false
	}
	_, n := utf8.DecodeRuneInString(drawn[i:])
	glyph = drawn[i : i+n]
	x0 := it.r.X + textWidth(f, drawn[:i])
	x1 := x0 + textWidth(f, glyph)
	// The glyph's columns, less a pixel each side: its neighbours' ink
	// and the side of a chip may reach into the outer ones.
	cols := [2]int{int(math.Floor(x0 + 1)), int(math.Ceil(x1 - 1))}
	ink := [3]uint32{uint32(it.ink.R), uint32(it.ink.G), uint32(it.ink.B)}
	// The background is the mean of the band's pixels far from the ink.
	far := 0.0
	for y := int(it.r.Y); y < int(it.r.Y+it.r.H); y++ {
		for x := cols[0]; x < cols[1]; x++ {
			far = max(far, dist(inkAt(img, x, y), ink))
		}
	}
	var sum [3]float64
	n = 0
	for y := int(it.r.Y); y < int(it.r.Y+it.r.H); y++ {
		for x := cols[0]; x < cols[1]; x++ {
			if c := inkAt(img, x, y); dist(c, ink) >= 0.6*far {
				for k := range sum {
					sum[k] += float64(c[k])
				}
				n++
			}
		}
	}
	if n == 0 || far == 0 {
		return 0, glyph, false
	}
	bg := [3]uint32{uint32(sum[0] / float64(n)), uint32(sum[1] / float64(n)), uint32(sum[2] / float64(n))}
	isInk := func(x, y int) bool {
		c := inkAt(img, x, y)
		return dist(c, ink) < dist(c, bg)
	}
	glyphRow := func(y int) bool {
		for x := cols[0]; x < cols[1]; x++ {
			if isInk(x, y) {
				return true
			}
		}
		return false
	}
	if r, _ := utf8.DecodeRuneInString(glyph); isCJK(r) {
		// A kana or kanji has gaps between its strokes: its height is
		// that of all its ink about the line's capitals.
		top, bottom := -1, -1
		for y := int(it.r.Y - 0.3*it.r.H); y <= int(it.r.Y+1.3*it.r.H); y++ {
			if glyphRow(y) {
				if top < 0 {
					top = y
				}
				bottom = y
			}
		}
		return bottom - top + 1, glyph, top >= 0
	}
	mid := int(it.r.Y + it.r.H/2)
	if !glyphRow(mid) {
		return 0, glyph, false
	}
	top, bottom := mid, mid
	for glyphRow(top-1) && top > int(it.r.Y-it.r.H) {
		top--
	}
	for glyphRow(bottom+1) && bottom < int(it.r.Y+2*it.r.H) {
		bottom++
	}
	return bottom - top + 1, glyph, true
}

func inkAt(img image.Image, x, y int) [3]uint32 {
	r, g, b, _ := img.At(x, y).RGBA()
	return [3]uint32{r >> 8, g >> 8, b >> 8}
}

func dist(a, b [3]uint32) float64 {
	d := 0.0
	for i := range a {
		x := float64(a[i]) - float64(b[i])
		d += x * x
	}
	return math.Sqrt(d)
}

// The measure tells small type from large: the compact picture drawn
// 400 pixels wide (its type scaled by 400/550) has ids and factors under
// 10 pixels high, and unreadable says so; at 550 they pass.
func TestGlyphHeightMeasures(t *testing.T) {
	g := busyGame(t)
	for _, m := range unreadable(t, &g.State, g.LastEvents(), 550) {
		t.Error(m)
	}
	small := unreadable(t, &g.State, g.LastEvents(), 400)
	ids := 0
	for _, m := range small {
		if strings.HasPrefix(m, "unit id ") || strings.HasPrefix(m, "factors ") {
			ids++
			var h int
			if _, err := fmt.Sscanf(m[strings.Index(m, " is ")+4:], "%d px", &h); err != nil || h < 5 || h >= minPreviewPx {
				t.Errorf("at 400 pixels: %s (want 5-9 px)", m)
			}
		}
	}
	if ids < 20 {
		t.Errorf("at 400 pixels only %d ids and factors measured under %d px:\n%s", ids, minPreviewPx, strings.Join(small, "\n"))
	}
}
