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

// reasons maps the rules' reasons for a turn's end or a victory, as the
// rules package words them, to their catalog messages.
var reasons = map[string]string{
	"R4.7: the deck is used up":                            "map.reason.deck-used-up",
	"R4.7: the Joker was drawn":                            "map.reason.joker",
	"R4.8: the Joker was drawn in combat":                  "map.reason.joker-in-combat",
	"R8.1: the fifth German unit exited off the west edge": "map.reason.r8-1",
	"R8.2: no US unit is left in the game":                 "map.reason.r8-2",
	"R8.3: at the end of a German round no US unit is on the map and a German unit is in column 11": "map.reason.r8-3",
	"R8.4: turn 6 ended without a German victory":                                                   "map.reason.r8-4",
}

// reason words one of the rules' reasons in the painter's language (an
// unknown one as the rules word it).
func (p *painter) reason(why string) string {
	if id, ok := reasons[why]; ok {
		return p.tr(id, nil)
	}
	return why
}

// places maps the scenario's place names to their catalog messages.
var places = map[string]string{
	"Hill 314":         "map.place.hill-314",
	"Mortain":          "map.place.mortain",
	"St-Barthélemy":    "map.place.st-barthelemy",
	"Le Mesnil-Adelée": "map.place.le-mesnil-adelee",
	"Romagny":          "map.place.romagny",
	"Forêt de Mortain": "map.place.foret-de-mortain",
	"Avranches":        "map.place.avranches",
	"Ger":              "map.place.ger",
	"St-Hilaire":       "map.place.st-hilaire",
}

// place words a place name of the scenario in the painter's language (one
// the catalog lacks, from a scenario file, as the file writes it).
func (p *painter) place(name string) string {
	if id, ok := places[name]; ok {
		return p.tr(id, nil)
	}
	return name
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
