package render

import (
	"bytes"
	"fmt"
	"github.com/mortain/mortain/rules"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
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
	write := func(name string, g *rules.Game, w int) {
		b, err := r.Map(&g.State, g.LastEvents(), Options{Width: w})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if w == 0 { // and the preview
			b, err = r.Map(&g.State, g.LastEvents(), Options{Width: 550})
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, strings.TrimSuffix(name, ".png")+"-550.png"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	g := busyGame(t)
	write("busy.png", g, 0)
	g = rules.NewGame(nil, rules.Options{}, 3)
	play(t, g, "historical", "setup-done", "debug place DR-1 1603", "debug place 102 1603", "debug flip DR-1", "debug round us 3H", "debug deck 4C", "air-attack 1603")
	write("strike.png", g, 0)
	g = busyGame(t)
	play(t, g, "debug round us 5", "debug deck 2S", "fire TD DR-2", "resolve")
	write("elim.png", g, 0)
	g = busyGame(t)
	play(t, g, "debug round us 5", "fire TD DR-2")
	write("pending.png", g, 0)
	g = busyGame(t)
	play(t, g, "debug round german 3", "enter D 1905")
	write("entry.png", g, 0)
	g = rules.NewGame(nil, rules.Options{LOS: rules.LOSLenient, Attack: rules.AttackEndsRound}, 3)
	play(t, g, "historical", "setup-done", "debug place DR-1 1603", "debug place DR-2 1703", "debug round us 5H", "air-cover 1603")
	write("cover.png", g, 0)
	write("setup.png", rules.NewGame(nil, rules.Options{}, 1), 0)
	write("over.png", randomGame(t, 5), 0)
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
