package render

import (
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
