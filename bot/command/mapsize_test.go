package command

import (
	"testing"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// The routine posts (a new game, every activation) carry the compact map
// made for a phone's preview; map posts the full one, map size:small the
// compact one.
func TestMapSizeSmall(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 8 },
		Render:      func(*rules.State, []rules.Event, i18n.Lang) ([]byte, error) { return []byte("full"), nil },
		RenderSmall: func(*rules.State, []rules.Event, i18n.Lang) ([]byte, error) { return []byte("small"), nil }})
	for _, cmd := range []string{"new opponent:hotseat", "setup preset:historical done"} {
		r := mustDo(t, s, ann, cmd)
		if len(r.Posts) == 0 || string(r.Posts[0].Image) != "small" {
			t.Errorf("%s: the post carries %q, want the compact map", cmd, r.Posts[0].Image)
		}
	}
	for cmd, want := range map[string]string{"map": "full", "map size:full": "full", "map size:small": "small"} {
		r := mustDo(t, s, eve, cmd)
		if len(r.Posts) != 1 || string(r.Posts[0].Image) != want {
			t.Errorf("%s: posted %q, want the %s map", cmd, r.Posts[0].Image, want)
		}
	}
	mustRefuse(t, s, st, eve, "map size:huge", "size")
}

// Without a compact renderer (local play) every map is the full one.
func TestMapWithoutSmallRenderer(t *testing.T) {
	s := New(Config{FrontEnd: frontend.Discord{}, Store: newMemStore(), Seed: func() uint64 { return 8 },
		Render: func(*rules.State, []rules.Event, i18n.Lang) ([]byte, error) { return []byte("full"), nil }})
	for _, cmd := range []string{"new opponent:hotseat", "setup preset:historical done", "map size:small"} {
		r := mustDo(t, s, ann, cmd)
		if len(r.Posts) == 0 || string(r.Posts[0].Image) != "full" {
			t.Errorf("%s: the post carries %q, want the full map", cmd, r.Posts[0].Image)
		}
	}
}
