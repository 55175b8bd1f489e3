package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// MaxReplayBytes is the size a replay must stay under (Discord's upload
// limit for a bot without boosts).
const MaxReplayBytes = 8 << 20

// replayWidth is the width of a replay when Options.Width is 0.
const replayWidth = 800

// Frame times, in hundredths of a second.
const (
	delayStep   = 70
	delayAttack = 140
	delayPass   = 40
	delayFinal  = 600
)

// Replay draws every activation of a game as one animated GIF under 8 MiB
// for a full game.
func (r *Renderer) Replay(g *rules.Game, opt Options) ([]byte, error) {
	if g == nil || g.State.Scenario() == nil {
		return nil, errors.New("render: no game to replay")
	}
	w := clampWidth(opt.Width)
	if opt.Width == 0 {
		w = replayWidth
	}
	for {
		b, err := r.replayAt(g, w, opt.Lang)
		if err != nil {
			return nil, err
		}
		if len(b) < MaxReplayBytes {
			return b, nil
		}
		if w <= minWidth {
			return nil, fmt.Errorf("render: the replay of %d steps takes %d bytes even at %d pixels wide, over the %d MiB limit", len(g.History), len(b), w, MaxReplayBytes>>20)
		}
		w = max(minWidth, w*4/5)
	}
}

// frameDelay is how long a step's frame shows.
func frameDelay(events []rules.Event) (delay int, activation bool) {
	delay = delayPass
	for _, e := range events {
		switch e.Kind {
		case rules.EvAttack, rules.EvAirCover:
			return delayAttack, true
		case rules.EvMove, rules.EvEnter, rules.EvExit, rules.EvFire:
			delay, activation = delayStep, true
		case rules.EvPass:
			activation = true
		}
	}
	return delay, activation
}

// replayAt rebuilds the game step by step and draws a frame after the
// set-up and after each step that holds an activation.
func (r *Renderer) replayAt(g *rules.Game, width int, lang i18n.Lang) ([]byte, error) {
	re := rules.NewGame(g.State.Scenario(), g.State.Options(), g.Seed)
	enc := newGIFStream()
	var prev []uint8
	var frameErr error
	emit := func(events []rules.Event, delay int) {
		if frameErr != nil {
			return
		}
		p := r.paint(&re.State, events, width, lang)
		defer r.release(p)
		frameErr = enc.frame(p.pal, prev, delay)
		if prev == nil {
			prev = make([]uint8, len(p.pal.Pix))
		}
		copy(prev, p.pal.Pix)
	}
	started := false
	for i, step := range g.History {
		events, err := re.ApplyText(step)
		if err != nil {
			return nil, fmt.Errorf("render: replaying step %d (%q): %w", i+1, step, err)
		}
		delay, act := frameDelay(events)
		if !act && (started || re.State.Phase() == rules.PhaseSetup) {
			continue
		}
		if !started {
			delay = delayAttack // the opening position
		}
		started = true
		emit(events, delay)
	}
	// The last picture stays a while: a repeat of it (or of the set-up if
	// the game never started).
	emit(re.LastEvents(), delayFinal)
	if frameErr != nil {
		return nil, frameErr
	}
	return enc.finish(), nil
}

// gifPalette is the palette plus a transparent entry, for frames that
// only redraw what changed.
var gifPalette = append(append(color.Palette(nil), palette...), color.RGBA{})

// transparent is the index of gifPalette's transparent entry.
var transparent = uint8(len(gifPalette) - 1)

// gifStream writes an animated GIF one frame at a time, so that a long
// game never holds all its frames in memory: each frame is encoded as a
// one-frame GIF by image/gif and its image block appended.
type gifStream struct {
	out bytes.Buffer
	buf bytes.Buffer
	w   int
	h   int
}

func newGIFStream() *gifStream { return &gifStream{} }

// headerLen is a GIF's header, screen descriptor and colour table (padded
// to 256 colours: the palette has more than 128).
const headerLen = 6 + 7 + 3*256

// frame appends the picture cur (prev is the previous frame, nil for the
// first): only the bands of rows that changed are written, with unchanged
// pixels transparent.
func (g *gifStream) frame(cur *image.Paletted, prev []uint8, delay int) error {
	b := cur.Rect
	if prev == nil {
		g.w, g.h = b.Dx(), b.Dy()
		full := &image.Paletted{Pix: cur.Pix, Stride: cur.Stride, Rect: b, Palette: gifPalette}
		return g.block(full, delay, true)
	}
	bands := changedBands(cur, prev)
	if len(bands) == 0 {
		bands = []image.Rectangle{image.Rect(0, 0, 1, 1)} // nothing changed: a token frame keeps the timing
	}
	for i, rc := range bands {
		sub := image.NewPaletted(rc, gifPalette)
		for y := rc.Min.Y; y < rc.Max.Y; y++ {
			row := y * cur.Stride
			for x := rc.Min.X; x < rc.Max.X; x++ {
				v := cur.Pix[row+x]
				if v == prev[row+x] {
					v = transparent
				}
				sub.Pix[(y-rc.Min.Y)*sub.Stride+x-rc.Min.X] = v
			}
		}
		d := 0
		if i == len(bands)-1 {
			d = delay
		}
		if err := g.block(sub, d, false); err != nil {
			return err
		}
	}
	return nil
}

// block encodes one image and appends its blocks to the stream (with the
// header and the looping extension before the first).
func (g *gifStream) block(m *image.Paletted, delay int, first bool) error {
	g.buf.Reset()
	err := gif.EncodeAll(&g.buf, &gif.GIF{
		Image:    []*image.Paletted{m},
		Delay:    []int{delay},
		Disposal: []byte{gif.DisposalNone},
		Config:   image.Config{ColorModel: gifPalette, Width: g.w, Height: g.h},
	})
	if err != nil {
		return fmt.Errorf("render: encoding a replay frame: %w", err)
	}
	data := g.buf.Bytes()
	if len(data) < headerLen+1 {
		return errors.New("render: encoding a replay frame: short output")
	}
	if first {
		g.out.Write(data[:headerLen])
		// NETSCAPE2.0 application extension: loop forever.
		g.out.Write([]byte{0x21, 0xff, 0x0b})
		g.out.WriteString("NETSCAPE2.0")
		g.out.Write([]byte{0x03, 0x01, 0x00, 0x00, 0x00})
	}
	g.out.Write(data[headerLen : len(data)-1]) // without the trailer
	return nil
}

// finish ends the stream with the GIF trailer and returns it.
func (g *gifStream) finish() []byte {
	g.out.WriteByte(0x3b)
	return g.out.Bytes()
}

// changedBands finds the rows that differ between cur and prev, groups
// them into bands (rows close together join one band), and returns each
// band's bounding rectangle; at most three bands.
func changedBands(cur *image.Paletted, prev []uint8) []image.Rectangle {
	w, h := cur.Rect.Dx(), cur.Rect.Dy()
	gap := max(8, h/16)
	var bands []image.Rectangle
	for y := 0; y < h; y++ {
		row := cur.Pix[y*cur.Stride : y*cur.Stride+w]
		old := prev[y*cur.Stride : y*cur.Stride+w]
		if bytes.Equal(row, old) {
			continue
		}
		x0, x1 := 0, w
		for x0 < w && row[x0] == old[x0] {
			x0++
		}
		for x1 > x0 && row[x1-1] == old[x1-1] {
			x1--
		}
		r := image.Rect(x0, y, x1, y+1)
		if n := len(bands); n > 0 && y-bands[n-1].Max.Y <= gap {
			bands[n-1] = bands[n-1].Union(r)
		} else {
			bands = append(bands, r)
		}
	}
	// Merge the closest neighbours until at most three bands are left.
	for len(bands) > 3 {
		best := 0
		for i := 1; i < len(bands)-1; i++ {
			if bands[i+1].Min.Y-bands[i].Max.Y < bands[best+1].Min.Y-bands[best].Max.Y {
				best = i
			}
		}
		bands[best] = bands[best].Union(bands[best+1])
		bands = append(bands[:best+1], bands[best+2:]...)
	}
	return bands
}
