package render

import (
	"bytes"
	"image/gif"
	"testing"

	"github.com/mortain/mortain/rules"
)

// randomGame plays a complete game of random moves.
func randomGame(t testing.TB, seed uint64) *rules.Game {
	t.Helper()
	g := rules.NewGame(nil, rules.Options{}, seed)
	p := rules.NewRandomPlayer(seed)
	for !g.State.Over() {
		a, ok := p.Choose(&g.State)
		if !ok {
			t.Fatal("no legal action in a game not over")
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("random action %s: %v", a.Format(g.State.Scenario()), err)
		}
	}
	return g
}

// activationSteps counts the steps of g whose events hold an activation.
func activationSteps(g *rules.Game) int {
	n := 0
	for i := range g.History {
		end := len(g.Log)
		if i+1 < len(g.Marks) {
			end = g.Marks[i+1]
		}
		if _, act := frameDelay(g.Log[g.Marks[i]:end]); act {
			n++
		}
	}
	return n
}

func TestReplayFullGameUnderLimit(t *testing.T) {
	r := newRenderer(t)
	g := randomGame(t, 7) // a long game: over 400 steps
	b, err := r.Replay(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("replay of %d steps: %d bytes", len(g.History), len(b))
	if len(b) >= MaxReplayBytes {
		t.Fatalf("replay is %d bytes, want under %d", len(b), MaxReplayBytes)
	}
	an, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the replay is not a valid GIF: %v", err)
	}
	if an.Config.Width != replayWidth {
		t.Errorf("replay width %d, want %d", an.Config.Width, replayWidth)
	}
	// One frame per activation, plus the opening and the closing picture;
	// a frame may be split into bands of changed rows, shown at once
	// (delay 0) but for the last band.
	shown := 0
	for _, d := range an.Delay {
		if d > 0 {
			shown++
		}
	}
	if want := activationSteps(g) + 2; shown != want {
		t.Errorf("%d frames shown, want %d (activations + opening + end)", shown, want)
	}
	if an.Delay[len(an.Delay)-1] != delayFinal {
		t.Errorf("last frame shows %d cs, want %d", an.Delay[len(an.Delay)-1], delayFinal)
	}
}

func TestReplayBeforeAndAtTheStart(t *testing.T) {
	r := newRenderer(t)
	if _, err := r.Replay(nil, Options{}); err == nil {
		t.Error("a replay of no game should fail")
	}
	for _, steps := range [][]string{nil, {"historical", "setup-done"}} {
		g := rules.NewGame(nil, rules.Options{}, 4)
		play(t, g, steps...)
		b, err := r.Replay(g, Options{Width: 500})
		if err != nil {
			t.Fatal(err)
		}
		an, err := gif.DecodeAll(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("after %v: not a valid GIF: %v", steps, err)
		}
		if an.Config.Width != 500 || len(an.Image) == 0 {
			t.Errorf("after %v: %d frames %d wide, want at least one, 500 wide", steps, len(an.Image), an.Config.Width)
		}
	}
}
