package render

import (
	_ "embed"
	"image"
	"strings"
	"unicode"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// jpTTF is the Japanese font of the map: IPAex Gothic cut to the
// characters of the Japanese catalog (fonts/subset.sh makes it; fonts/
// holds its licence).
//
//go:embed fonts/mortain-gothic-jp.ttf
var jpTTF []byte

// tr returns message id of the catalog in the painter's language.
func (p *painter) tr(id string, data map[string]any) string { return i18n.T(p.lang, id, data) }

// trN returns plural message id for count n in the painter's language.
func (p *painter) trN(id string, n int, data map[string]any) string {
	return i18n.Plural(p.lang, id, n, data)
}

// sideName is a side's name in the painter's language.
func (p *painter) sideName(side rules.Side) string {
	switch side {
	case rules.US:
		return p.tr("side.us", nil)
	case rules.German:
		return p.tr("side.german", nil)
	}
	return side.Title()
}

// reason words one of the rules' reasons in the painter's language (an
// unknown one as the rules word it).
func (p *painter) reason(why rules.Reason) string { return i18n.Reason(p.lang, why) }

// place words a place name of the scenario in the painter's language (one
// the catalog lacks, from a scenario file, as the file writes it).
func (p *painter) place(name string) string { return i18n.Place(p.lang, name) }

// fallbackFace draws each rune in main when main's font has it, else in
// alt: the Go fonts' Latin letters and digits, the Japanese font's kana
// and kanji.
type fallbackFace struct {
	main, alt font.Face
	mainFont  *truetype.Font
}

func (f *fallbackFace) pick(r rune) font.Face {
	if f.mainFont.Index(r) != 0 {
		return f.main
	}
	return f.alt
}

// Glyph draws r from the face that has it.
func (f *fallbackFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	return f.pick(r).Glyph(dot, r)
}

// GlyphBounds measures r in the face that has it.
func (f *fallbackFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return f.pick(r).GlyphBounds(r)
}

// GlyphAdvance is r's advance in the face that has it.
func (f *fallbackFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	return f.pick(r).GlyphAdvance(r)
}

// Kern kerns two runes of main; none across the faces.
func (f *fallbackFace) Kern(r0, r1 rune) fixed.Int26_6 {
	if f.pick(r0) == f.main && f.pick(r1) == f.main {
		return f.main.Kern(r0, r1)
	}
	return 0
}

// Metrics are main's: the layout is made for them.
func (f *fallbackFace) Metrics() font.Metrics { return f.main.Metrics() }

// Close closes both faces.
func (f *fallbackFace) Close() error {
	f.alt.Close()
	return f.main.Close()
}

// isCJK reports whether r is written without spaces between words (kana,
// kanji and their punctuation), so that a line may break before it.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef || r == 'ー'
}

// breakable splits s into the pieces a line may break between: words
// (with the spaces before them) and single CJK runes.
func breakable(s string) []string {
	var out []string
	cur := strings.Builder{}
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for _, r := range s {
		switch {
		case r == ' ':
			flush()
			cur.WriteRune(r)
		case isCJK(r):
			if strings.TrimSpace(cur.String()) != "" {
				flush()
			}
			cur.WriteRune(r)
			flush()
		default:
			cur.WriteRune(r)
		}
	}
	flush()
	return out
}
