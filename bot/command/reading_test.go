package command

import (
	"strings"
	"testing"
)

// The end of a game words each side's eliminated units as its losses, so
// that "US ...: eliminated 119" cannot read as the US eliminating them.
func TestGameOverSaysWhatEachSideLost(t *testing.T) {
	st := NewMemStore()
	s := New(Config{Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical")
	mustDo(t, s, ann, "setup done")
	mustDo(t, s, ann, "debug place unit:119 hex:eliminated")
	mustDo(t, s, ann, "debug place unit:DR-1 hex:eliminated")
	r := mustDo(t, s, ann, "resign confirm:yes")
	text := r.Posts[len(r.Posts)-1].Text
	for _, want := range []string{"US (Ann) lost 119;", "German (Ann) lost DR-1;"} {
		if !strings.Contains(text, want) {
			t.Errorf("the result does not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "eliminated 119") {
		t.Errorf("the result says the US eliminated its own unit:\n%s", text)
	}
}
