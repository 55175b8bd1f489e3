package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// Renderer draws maps; safe for concurrent use (share only immutable caches
// and the parsed font; one gg.Context and font.Face per call or per
// goroutine).
type Renderer struct {
	fonts fonts
	jp    *truetype.Font // the Japanese glyphs (jpTTF)

	mu     sync.Mutex
	layers map[layerKey]*layer

	// painters is a free list of painters, each used by one call at a
	// time; kept (unlike a sync.Pool) across garbage collections so that
	// their font faces keep their glyph caches.
	painters chan *painter
	pngBufs  pngBufferPool
}

// PreviewWidth is the width of a phone's preview of a posted picture, for
// which the compact layout is made.
const PreviewWidth = 550

// Options: Width in pixels (0 = the default full size); callers use a
// smaller width as a fallback when an upload is too big. Lang is the
// language of the map's words (English by default; unit ids, hexes, cards
// and rule numbers stay as they are).
type Options struct {
	Width int
	Lang  i18n.Lang
}

// DefaultWidth is the width of the picture when Options.Width is 0.
const DefaultWidth = baseWidth

// New parses the embedded fonts and returns a Renderer.
func New() (*Renderer, error) {
	f, err := parseFonts()
	if err != nil {
		return nil, fmt.Errorf("render: embedded font: %w", err)
	}
	jp, err := truetype.Parse(jpTTF)
	if err != nil {
		return nil, fmt.Errorf("render: embedded Japanese font: %w", err)
	}
	return &Renderer{fonts: f, jp: jp, layers: map[layerKey]*layer{}, painters: make(chan *painter, maxPainters)}, nil
}

// Map draws the state and what just happened (events = the events of the
// latest activation, e.g. rules.Game.LastEvents() or a slice of Game.Log) as
// PNG bytes.
func (r *Renderer) Map(s *rules.State, events []rules.Event, opt Options) ([]byte, error) {
	if s == nil || s.Scenario() == nil {
		return nil, errors.New("render: no game state to draw")
	}
	p := r.paint(s, events, clampWidth(opt.Width), opt.Lang)
	defer r.release(p)
	var buf bytes.Buffer
	buf.Grow(128 << 10)
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &r.pngBufs}
	if err := enc.Encode(&buf, p.pal); err != nil {
		return nil, fmt.Errorf("render: encoding the PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// paint draws the picture into a painter's paletted image; the caller
// returns the painter to the pool.
func (r *Renderer) paint(s *rules.State, events []rules.Event, width int, lang i18n.Lang) *painter {
	ly := r.layer(s.Scenario(), width, lang)
	p := r.painter(ly)
	p.lang = lang
	copy(p.img.Pix, ly.bg.Pix)
	p.items = append(p.items[:0], ly.items...)
	p.owners = 0
	if p.unitBox == nil {
		p.unitBox, p.hexBoxes = map[rules.UnitID]rect{}, map[rules.Hex][]rect{}
	}
	clear(p.unitBox)
	clear(p.hexBoxes)
	p.drawState(s, events)
	p.quantize()
	return p
}

// painter holds what one drawing call needs for itself: the canvas, its
// gg context, the font faces and the colour-to-palette cache.
type painter struct {
	fonts  fonts
	jp     *truetype.Font
	lang   i18n.Lang
	l      *layout
	layer  *layer
	img    *image.RGBA
	dc     *gg.Context
	pal    *image.Paletted
	faces  map[faceKey]font.Face
	widths map[widthKey]float64
	index  colourCache

	// items are the layout boxes of what was drawn (the background's
	// first); owners counts the counters drawn.
	items  []item
	owners int
	// unitBox and hexBoxes are the boxes of the counters on the map, by
	// unit and by hex, for arrows to start and stop at their edges.
	unitBox  map[rules.UnitID]rect
	hexBoxes map[rules.Hex][]rect
}

// maxPainters bounds the painters kept for reuse (about 6 MB each at the
// default width).
const maxPainters = 4

func (r *Renderer) painter(ly *layer) *painter {
	var p *painter
	select {
	case p = <-r.painters:
	default:
	}
	if p == nil {
		p = &painter{fonts: r.fonts, jp: r.jp, faces: map[faceKey]font.Face{}, widths: map[widthKey]float64{}}
	}
	if p.img == nil || p.img.Rect != ly.bg.Rect {
		p.img = image.NewRGBA(ly.bg.Rect)
		p.dc = gg.NewContextForRGBA(p.img)
		p.pal = image.NewPaletted(ly.bg.Rect, palette)
	}
	if p.l == nil || p.l.K != ly.l.K {
		clear(p.faces) // sizes differ between widths
		clear(p.widths)
	}
	if len(p.widths) > 1<<12 {
		clear(p.widths)
	}
	p.l, p.layer = ly.l, ly
	return p
}

// release returns a painter to the free list, or drops it when the list
// is full.
func (r *Renderer) release(p *painter) {
	select {
	case r.painters <- p:
	default:
	}
}

// quantize turns the canvas into the paletted image: pixels equal to the
// cached background take its index, the others the nearest palette colour
// (cached per colour).
func (p *painter) quantize() {
	src, bg, bgIdx, dst := p.img.Pix, p.layer.bg.Pix, p.layer.bgIdx, p.pal.Pix
	var last [3]uint8
	lastIdx := -1
	const block = 32 // pixels compared at once against the background
	n := len(dst)
	for i := 0; i < n; {
		if j := min(i+block, n); bytes.Equal(src[4*i:4*j], bg[4*i:4*j]) {
			copy(dst[i:j], bgIdx[i:j])
			i = j
			continue
		}
		for end := min(i+block, n); i < end; i++ {
			o := 4 * i
			c := [3]uint8{src[o], src[o+1], src[o+2]}
			if c[0] == bg[o] && c[1] == bg[o+1] && c[2] == bg[o+2] {
				dst[i] = bgIdx[i]
				continue
			}
			if lastIdx >= 0 && c == last {
				dst[i] = uint8(lastIdx)
				continue
			}
			idx := p.index.lookup(c[0], c[1], c[2])
			dst[i] = idx
			last, lastIdx = c, int(idx)
		}
	}
}

// colourCache remembers the palette index of recently seen colours: a
// direct-mapped table, so a lookup is a multiply and a compare.
type colourCache struct {
	keys [1 << 13]uint32 // colour | 1<<24 when the entry is set
	idx  [1 << 13]uint8
}

func (c *colourCache) lookup(r, g, b uint8) uint8 {
	key := uint32(r)<<16 | uint32(g)<<8 | uint32(b) | 1<<24
	h := (key * 2654435761) >> (32 - 13)
	if c.keys[h] == key {
		return c.idx[h]
	}
	i := paletteIndex(r, g, b)
	c.keys[h], c.idx[h] = key, i
	return i
}

// pngBufferPool lets the PNG encoder reuse its buffers between calls.
type pngBufferPool struct{ p sync.Pool }

func (b *pngBufferPool) Get() *png.EncoderBuffer {
	v, _ := b.p.Get().(*png.EncoderBuffer)
	return v
}

func (b *pngBufferPool) Put(e *png.EncoderBuffer) { b.p.Put(e) }
