package render

import (
	"image"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// layer is what never changes for a scenario at one width: the layout and
// the background (panels, terrain, roads, hex ids, labels, empty boxes),
// both as RGBA and as palette indices. It is immutable once built.
type layer struct {
	l     *layout
	bg    *image.RGBA
	bgIdx []uint8
	items []item // the background's layout boxes: hex numbers, labels

	// sprites caches counter pictures, drawn on first use; a sprite never
	// changes once stored.
	mu      sync.Mutex
	sprites map[spriteKey]*image.RGBA
}

type layerKey struct {
	sc    *rules.Scenario
	width int
	lang  i18n.Lang
}

// maxLayers bounds the cache: widths are few in practice (the default and
// a fallback or two), but callers choose them.
const maxLayers = 16

func (r *Renderer) layer(sc *rules.Scenario, width int, lang i18n.Lang) *layer {
	k := layerKey{sc, width, lang}
	r.mu.Lock()
	ly, ok := r.layers[k]
	r.mu.Unlock()
	if ok {
		return ly
	}
	ly = r.buildLayer(sc, width, lang)
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.layers[k]; ok {
		return old // built concurrently: keep one
	}
	if len(r.layers) >= maxLayers {
		clear(r.layers)
	}
	r.layers[k] = ly
	return ly
}

func (r *Renderer) buildLayer(sc *rules.Scenario, width int, lang i18n.Lang) *layer {
	l := newLayout(sc, width)
	img := image.NewRGBA(image.Rect(0, 0, l.W, l.H))
	p := &painter{fonts: r.fonts, jp: r.jp, lang: lang, l: l, img: img, dc: gg.NewContextForRGBA(img),
		faces: map[faceKey]font.Face{}}
	p.drawBackground(sc)
	ly := &layer{l: l, bg: img, bgIdx: make([]uint8, l.W*l.H), items: p.items, sprites: map[spriteKey]*image.RGBA{}}
	for i := range ly.bgIdx {
		o := 4 * i
		ly.bgIdx[i] = p.index.lookup(img.Pix[o], img.Pix[o+1], img.Pix[o+2])
	}
	return ly
}
