package render

import (
	"image"
	"image/color"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"

	"github.com/mortain/mortain/internal/i18n"
)

// minTextPx is the smallest size, in pixels, of the text a player needs
// to read (status lines, attack figures) however narrow the picture.
const minTextPx = 8

// fontStyle picks one of the embedded Go fonts.
type fontStyle uint8

const (
	regular fontStyle = iota
	bold
	italic
)

// fontFace is a sized font face.
type fontFace = font.Face

// fonts are the parsed embedded fonts, shared read-only by every call.
type fonts [3]*truetype.Font

func parseFonts() (fonts, error) {
	var f fonts
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF} {
		ft, err := truetype.Parse(ttf)
		if err != nil {
			return f, err
		}
		f[i] = ft
	}
	return f, nil
}

// faceKey names a face: a style at a size in pixels (times 8, so that the
// map key is an integer).
type faceKey struct {
	style fontStyle
	size8 int
	lang  i18n.Lang
}

// face returns the painter's own face of a style and pixel size (a face is
// not safe for concurrent use, so each painter keeps its own).
func (p *painter) face(style fontStyle, size float64) font.Face {
	k := faceKey{style, int(size*2+0.5) * 4, p.lang} // half-pixel steps bound the faces made
	if f, ok := p.faces[k]; ok {
		return f
	}
	opt := &truetype.Options{Size: float64(k.size8) / 8, Hinting: font.HintingNone}
	f := truetype.NewFace(p.fonts[style], opt)
	if p.lang == i18n.Japanese && p.jp != nil {
		// Kana and kanji from the Japanese font, the rest as in English.
		f = &fallbackFace{main: f, alt: truetype.NewFace(p.jp, opt), mainFont: p.fonts[style]}
	}
	p.faces[k] = f
	return f
}

// textWidth is the advance of s in face f, in pixels.
func textWidth(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}

// widthKey names a measured string.
type widthKey struct {
	f font.Face
	s string
}

// width is textWidth remembered per painter (measuring loads every glyph).
func (p *painter) width(f font.Face, s string) float64 {
	if p.widths == nil {
		return textWidth(f, s)
	}
	k := widthKey{f, s}
	if w, ok := p.widths[k]; ok {
		return w
	}
	w := textWidth(f, s)
	p.widths[k] = w
	return w
}

// text draws s with its anchor point at x, y: ax 0 left, 0.5 centre, 1
// right; ay 0 top of the capitals, 0.5 their middle, 1 the baseline. It
// draws glyphs straight onto the image (gg's text path resamples every
// glyph, which costs far more).
func (p *painter) text(f font.Face, s string, x, y, ax, ay float64, c color.RGBA) {
	w := p.width(f, s)
	capH := capHeight(f)
	base := y + (1-ay)*capH
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(c), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6((x - ax*w) * 64), Y: fixed.Int26_6(base * 64)}}
	d.DrawString(s)
}

// capHeight is the height of f's capitals, in pixels: the ink of H above
// the baseline (the embedded fonts' metrics leave CapHeight zero).
func capHeight(f font.Face) float64 {
	if b, _, ok := f.GlyphBounds('H'); ok && b.Min.Y < 0 {
		return float64(-b.Min.Y) / 64
	}
	if c := float64(f.Metrics().CapHeight) / 64; c > 0 {
		return c
	}
	return float64(f.Metrics().Ascent) / 64 * 0.72
}

// fitText returns the largest face of style, at most size, in which s
// fits in width w.
func (p *painter) fitText(style fontStyle, s string, size, w float64) font.Face {
	f := p.face(style, size)
	if tw := p.width(f, s); tw > w && tw > 0 {
		f = p.face(style, size*w/tw)
	}
	return f
}
