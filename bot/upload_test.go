package bot_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// sizedMap is a map renderer whose picture is 30 bytes per pixel of width.
func sizedMap(s *rules.State, evs []rules.Event, width int, _ i18n.Lang) ([]byte, error) {
	if width == 0 {
		width = 1200
	}
	return bytes.Repeat([]byte{0x89}, 30*width), nil
}

func TestFitRenderFallsBackToSmallerMaps(t *testing.T) {
	var widths []int
	r := func(s *rules.State, evs []rules.Event, width int, _ i18n.Lang) ([]byte, error) {
		widths = append(widths, width)
		return sizedMap(s, evs, width, i18n.English)
	}
	png, err := bot.FitRender(r, 20000, 900, 600)(nil, nil, i18n.English)
	if err != nil || len(png) != 18000 {
		t.Errorf("got %d bytes, %v; want the 600-pixel map", len(png), err)
	}
	if len(widths) != 3 || widths[0] != 0 || widths[2] != 600 {
		t.Errorf("rendered at %v", widths)
	}
	if _, err := bot.FitRender(sizedMap, 100, 900)(nil, nil, i18n.English); err == nil {
		t.Error("a map that never fits was accepted")
	}
	widths = nil
	if png, _ := bot.FitRender(r, 1<<20, 600)(nil, nil, i18n.English); len(png) != 36000 || len(widths) != 1 {
		t.Error("a map under the limit was drawn again")
	}
}

func TestUploadsStayUnderTheLimit(t *testing.T) {
	e := newEnv(t)
	e.fake.MaxUpload = 20000
	e.cfg.UploadLimit = 20000
	e.render = bot.FitRender(sizedMap, e.cfg.UploadLimit, 600)
	e.start()
	e.slash(alice, "new", opt("mode", "hotseat"))
	m := e.last(channel)
	if len(m.Files) != 1 || m.Files[0].Size != 18000 {
		t.Fatalf("posted %v, want the 18000-byte fallback map", m.Files)
	}

	// A picture that cannot fit goes without it, and says so.
	e.render = func(s *rules.State, evs []rules.Event, lang i18n.Lang) ([]byte, error) {
		return sizedMap(s, evs, 0, lang)
	}
	e.restart()
	e.slash(alice, "map")
	m = e.last(channel)
	if len(m.Files) != 0 || !strings.Contains(m.Content, "upload limit") {
		t.Errorf("oversized map: files %v, text %q", m.Files, m.Content)
	}
}
