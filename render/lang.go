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

// slanted is the style of an aside (a road's destination, a box's note):
// italic, but upright in Japanese, which has no italic (the Go italic's
// digits beside upright kana read as two styles).
func (p *painter) slanted() fontStyle {
	if p.lang == i18n.Japanese {
		return regular
	}
	return italic
}

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
// with the spaces before them and, in Japanese, phrases (文節): a line
// breaks after a run of kana that ends a phrase (the particles, the
// verb's ending), after 、 and 。 and closing brackets, and before an
// opening bracket, never inside a word of kanji or katakana (kinsoku: no
// piece starts with a character that may not start a line).
func breakable(s string) []string {
	var out []string
	cur := strings.Builder{}
	var prev rune
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
		case cur.Len() > 0 && phraseBreak(prev, r):
			flush()
		}
		cur.WriteRune(r)
		prev = r
	}
	flush()
	return out
}

// phraseBreak reports whether a Japanese line may break between a and b.
func phraseBreak(a, b rune) bool {
	if noLineStart(b) || strings.ContainsRune(openers, a) || a == ' ' {
		return false
	}
	switch {
	case strings.ContainsRune(openers, b):
		return isCJK(a) || unicode.IsLetter(a) || unicode.IsDigit(a)
	case strings.ContainsRune(closers, a) || a == '/' || a == '＝':
		return true
	case unicode.Is(unicode.Hiragana, a):
		return !unicode.Is(unicode.Hiragana, b) || particleEnd(a)
	}
	return false
}

// particleEnd reports whether a phrase may end at a before more kana: を,
// which is a particle alone.
func particleEnd(a rune) bool { return a == 'を' }

// script is the kind of a rune for breaking a phrase too wide for its
// line: 1 kanji and katakana, 3 hiragana, 0 anything else.
func script(r rune) int {
	switch {
	case unicode.Is(unicode.Han, r) || r == '々' || unicode.Is(unicode.Katakana, r) || r == 'ー':
		return 1 // 早期ジョーカー: one word
	case unicode.Is(unicode.Hiragana, r):
		return 3
	}
	return 0
}

// openers may not end a line; closers and the others of noLineStart may
// not start one (JIS X 4051's kinsoku).
const (
	openers = "「『（(［【〈《"
	closers = "」』）)］】〉》、。，．・：；！？"
)

// noLineStart reports whether r may not start a line: closing brackets and
// punctuation, the long vowel mark, small kana, the middle dot and ＝.
func noLineStart(r rune) bool {
	return strings.ContainsRune(closers, r) || strings.ContainsRune("ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ゛゜ゝゞヽヾ々＝", r)
}
