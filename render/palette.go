package render

import (
	"image/color"
	"sync"
)

// The colours of the picture. Sides are told apart by lightness and text
// colour (light counters with dark text against dark counters with white
// text), never by hue alone, so the map reads for red-green colour-blind
// players too.
var (
	colFrame     = rgb(0x23, 0x27, 0x2e) // around the panels
	colPaper     = rgb(0xf0, 0xea, 0xdc) // panels
	colPaperDeep = rgb(0xe0, 0xd7, 0xc2) // boxes inside panels
	colPaperEdge = rgb(0xa8, 0x9c, 0x80)
	colInk       = rgb(0x1d, 0x1c, 0x1a)
	colInkSoft   = rgb(0x5d, 0x57, 0x48)
	colWhite     = rgb(0xff, 0xff, 0xff)
	colOffMap    = rgb(0xcb, 0xc3, 0xac)

	colOpen      = rgb(0xee, 0xe6, 0xc4)
	colGrid      = rgb(0xa9, 0x9d, 0x78)
	colForest    = rgb(0xb5, 0xcf, 0x97)
	colTree      = rgb(0x4f, 0x7f, 0x3c)
	colTreeDark  = rgb(0x2f, 0x55, 0x24)
	colHill      = rgb(0xe2, 0xc4, 0x92)
	colContour   = rgb(0x9c, 0x74, 0x42)
	colVillage   = rgb(0xe6, 0xdc, 0xc6)
	colCity      = rgb(0xd2, 0xc9, 0xb8)
	colRoof      = rgb(0xa5, 0x4b, 0x3a)
	colWall      = rgb(0x6e, 0x4a, 0x3e)
	colRoadEdge  = rgb(0x80, 0x68, 0x48)
	colRoad      = rgb(0xfa, 0xf1, 0xd2)
	colLabelBack = rgb(0xfb, 0xf8, 0xef)

	colUS        = rgb(0xc5, 0xe5, 0xa2) // US light green
	colUSFlip    = rgb(0xee, 0xf6, 0xe2)
	colUSEdge    = rgb(0x2c, 0x48, 0x1e)
	colBlack     = rgb(0x1f, 0x1f, 0x1f) // 2nd SS Panzer and the Tiger
	colBlackFlip = rgb(0x5e, 0x5e, 0x5e)
	colDark      = rgb(0x2b, 0x4d, 0x2e) // 17th SS dark green
	colDarkFlip  = rgb(0x68, 0x86, 0x69)
	colGerEdge   = rgb(0xd8, 0xd8, 0xd0)
	colReduced   = rgb(0xf2, 0xc1, 0x4e) // the stripe of a flipped counter
	colTiger     = rgb(0xf0, 0x8c, 0x1e)
	colShadow    = rgb(0x55, 0x50, 0x44)

	colMove     = rgb(0x1c, 0x64, 0xc8) // arrows: blue (safe against either side's colours)
	colFire     = rgb(0xe0, 0x4a, 0x10) // fire lines: vermilion
	colMiss     = rgb(0x6b, 0x6b, 0x6b)
	colAir      = rgb(0x2b, 0x8c, 0xe6)
	colOBA      = rgb(0x8a, 0x2b, 0xc8)
	colCardRed  = rgb(0xc8, 0x1e, 0x1e)
	colCardBack = rgb(0xfe, 0xfd, 0xf9)
	colGold     = rgb(0xf5, 0xd0, 0x42)
	colCheck    = rgb(0x2e, 0x7d, 0x32)
)

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// basePalette lists the named colours; pairs lists colours often drawn
// next to each other, whose blends (anti-aliased edges) get palette entries.
var basePalette = []color.RGBA{
	colFrame, colPaper, colPaperDeep, colPaperEdge, colInk, colInkSoft, colWhite, colOffMap,
	colOpen, colGrid, colForest, colTree, colTreeDark, colHill, colContour, colVillage, colCity,
	colRoof, colWall, colRoadEdge, colRoad, colLabelBack,
	colUS, colUSFlip, colUSEdge, colBlack, colBlackFlip, colDark, colDarkFlip, colGerEdge,
	colReduced, colTiger, colShadow,
	colMove, colFire, colMiss, colAir, colOBA, colCardRed, colCardBack, colGold, colCheck,
}

var blendPairs = [][2]color.RGBA{
	{colInk, colPaper}, {colInk, colOpen}, {colInk, colUS}, {colInk, colLabelBack},
	{colWhite, colBlack}, {colWhite, colDark}, {colWhite, colFrame}, {colInk, colReduced},
	{colGrid, colOpen}, {colTree, colForest}, {colContour, colHill}, {colRoadEdge, colOpen},
	{colMove, colWhite}, {colFire, colWhite}, {colInkSoft, colPaper}, {colCardRed, colCardBack},
	{colInk, colCardBack}, {colWhite, colBlackFlip}, {colWhite, colDarkFlip}, {colInk, colUSFlip},
}

// palette is the fixed palette of every image: the named colours, blends of
// common neighbours, a grey ramp and a coarse colour cube, at most 255
// entries so that a GIF can add a transparent one.
var palette = buildPalette()

func buildPalette() color.Palette {
	seen := map[color.RGBA]bool{}
	var p color.Palette
	add := func(c color.RGBA) {
		if !seen[c] && len(p) < 255 {
			seen[c] = true
			p = append(p, c)
		}
	}
	for _, c := range basePalette {
		add(c)
	}
	for _, pr := range blendPairs {
		for _, t := range []float64{0.25, 0.5, 0.75} {
			add(mix(pr[0], pr[1], t))
		}
	}
	for i := 0; i < 16; i++ {
		v := uint8(i * 17)
		add(rgb(v, v, v))
	}
	levels := []uint8{0, 64, 128, 192, 255}
	for _, r := range levels {
		for _, g := range levels {
			for _, b := range levels {
				add(rgb(r, g, b))
			}
		}
	}
	if len(p) <= 128 {
		panic("render: the palette needs more than 128 colours for the GIF header layout")
	}
	return p
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return rgb(f(a.R, b.R), f(a.G, b.G), f(a.B, b.B))
}

// coarse maps colours, 5 bits a channel, to the nearest palette entry of
// the bin's centre: the fallback for colours that are not in the palette
// (anti-aliased edges).
var coarse = sync.OnceValue(func() *[1 << 15]uint8 {
	var t [1 << 15]uint8
	for i := range t {
		r, g, b := uint8(i>>10)<<3|4, uint8(i>>5&31)<<3|4, uint8(i&31)<<3|4
		t[i] = nearest(r, g, b)
	}
	return &t
})

// exact maps each palette colour to its index.
var exact = func() map[uint32]uint8 {
	m := make(map[uint32]uint8, len(palette))
	for i := len(palette) - 1; i >= 0; i-- {
		c := palette[i].(color.RGBA)
		m[uint32(c.R)<<16|uint32(c.G)<<8|uint32(c.B)] = uint8(i)
	}
	return m
}()

// paletteIndex is the palette entry for a colour: itself when it is in
// the palette, else the nearest entry to its 5-bit bin.
func paletteIndex(r, g, b uint8) uint8 {
	if i, ok := exact[uint32(r)<<16|uint32(g)<<8|uint32(b)]; ok {
		return i
	}
	return coarse()[int(r>>3)<<10|int(g>>3)<<5|int(b>>3)]
}

// nearest is the palette index closest to the colour r, g, b (weighted
// RGB distance; the first of equals wins, so the mapping is deterministic).
func nearest(r, g, b uint8) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, pc := range palette {
		c := pc.(color.RGBA)
		dr, dg, db := int(r)-int(c.R), int(g)-int(c.G), int(b)-int(c.B)
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD {
			best, bestD = i, d
			if d == 0 {
				break
			}
		}
	}
	return uint8(best)
}
