package render

import (
	"bytes"
	"flag"
	"image"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/mortain/mortain/rules"
)

var update = flag.Bool("update", false, "rewrite the README's samples in docs/")

// The README's samples, made by `go test ./render -run TestSamples -update`.
const (
	mapSample    = "../docs/map-sample.png"
	smallSample  = "../docs/map-sample-small.png"
	replaySample = "../docs/replay-sample.gif"
)

// sampleGame is the replay sample's game: the historical set-up, then the
// first sampleSteps actions of the random player with a fixed seed.
func sampleGame(t testing.TB) *rules.Game {
	const sampleSteps = 120
	g := rules.NewGame(nil, rules.Options{}, 3)
	play(t, g, "historical", "setup-done")
	p := rules.NewRandomPlayer(3)
	for i := 0; i < sampleSteps && !g.State.Over(); i++ {
		a, ok := p.Choose(&g.State)
		if !ok {
			t.Fatal("no legal action in a game not over")
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// samples draws the README's maps (the busy position at full size and at
// a phone's preview width) and replay.
func samples(t testing.TB) (full, small, replay []byte) {
	r := newRenderer(t)
	g := busyGame(t)
	full, err := r.Map(&g.State, g.LastEvents(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	small, err = r.Map(&g.State, g.LastEvents(), Options{Width: 550})
	if err != nil {
		t.Fatal(err)
	}
	replay, err = r.Replay(sampleGame(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return full, small, replay
}

// TestSamples fails when the committed samples differ, pixel for pixel,
// from what the renderer draws now; with -update it rewrites them.
func TestSamples(t *testing.T) {
	m, sm, rp := samples(t)
	if *update {
		for path, b := range map[string][]byte{mapSample: m, smallSample: sm, replaySample: rp} {
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s (%d bytes)", filepath.Base(path), len(b))
		}
		return
	}
	const how = "stale: run `go test ./render -run TestSamples -update` and commit the result"
	for path, now := range map[string][]byte{mapSample: m, smallSample: sm} {
		old, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		a, errA := png.Decode(bytes.NewReader(old))
		b, errB := png.Decode(bytes.NewReader(now))
		if errA != nil || errB != nil {
			t.Fatalf("decoding: %v %v", errA, errB)
		}
		if !samePixels(a, b) {
			t.Errorf("%s is %s", path, how)
		}
	}
	old, err := os.ReadFile(replaySample)
	if err != nil {
		t.Fatal(err)
	}
	ga, errA := gif.DecodeAll(bytes.NewReader(old))
	gb, errB := gif.DecodeAll(bytes.NewReader(rp))
	if errA != nil || errB != nil {
		t.Fatalf("decoding: %v %v", errA, errB)
	}
	same := len(ga.Image) == len(gb.Image)
	for i := 0; same && i < len(ga.Image); i++ {
		same = ga.Delay[i] == gb.Delay[i] && samePixels(ga.Image[i], gb.Image[i])
	}
	if !same {
		t.Errorf("%s is %s", replaySample, how)
	}
}

// samePixels compares two pictures colour by colour.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
