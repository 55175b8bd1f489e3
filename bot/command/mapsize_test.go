package command

import (
	"testing"

	"github.com/mortain/mortain/rules"
)

// map size:small posts the compact picture; plain map the full one.
func TestMapSizeSmall(t *testing.T) {
	st := NewMemStore()
	s := New(Config{Store: st, Seed: func() uint64 { return 8 },
		Render:      func(*rules.State, []rules.Event) ([]byte, error) { return []byte("full"), nil },
		RenderSmall: func(*rules.State, []rules.Event) ([]byte, error) { return []byte("small"), nil }})
	mustDo(t, s, ann, "new opponent:hotseat")
	mustDo(t, s, ann, "setup preset:historical done")
	for cmd, want := range map[string]string{"map": "full", "map size:full": "full", "map size:small": "small"} {
		r := mustDo(t, s, eve, cmd)
		if len(r.Posts) != 1 || string(r.Posts[0].Image) != want {
			t.Errorf("%s: posted %q, want the %s map", cmd, r.Posts[0].Image, want)
		}
	}
	mustRefuse(t, s, st, eve, "map size:huge", "size")
}
