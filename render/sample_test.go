package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSamples writes sample pictures to the directory named by
// MORTAIN_RENDER_SAMPLES (skipped when unset): the busy position at full
// size and at Discord's preview width.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("MORTAIN_RENDER_SAMPLES")
	if dir == "" {
		t.Skip("set MORTAIN_RENDER_SAMPLES=dir to write sample pictures")
	}
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	g := busyGame(t)
	for name, w := range map[string]int{"busy.png": 0, "busy-550.png": 550} {
		b, err := r.Map(&g.State, g.LastEvents(), Options{Width: w})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWriteReplaySample writes a random game's replay and, for looking at
// it, a few of its frames composed as PNGs (skipped unless
// MORTAIN_RENDER_SAMPLES is set).
func TestWriteReplaySample(t *testing.T) {
	dir := os.Getenv("MORTAIN_RENDER_SAMPLES")
	if dir == "" {
		t.Skip("set MORTAIN_RENDER_SAMPLES=dir to write sample pictures")
	}
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	g := randomGame(t, 3)
	b, err := r.Replay(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "replay.gif"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	an, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, an.Config.Width, an.Config.Height))
	shown := 0
	for i, fr := range an.Image {
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		if an.Delay[i] == 0 {
			continue
		}
		shown++
		if shown%40 == 0 || i == len(an.Image)-1 {
			var buf bytes.Buffer
			if err := png.Encode(&buf, canvas); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("frame-%03d.png", shown)), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
