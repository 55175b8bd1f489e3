package command

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// TestErrorTextWordsEngineRefusals checks that the terminal words the
// engine's refusals (R9.1) and a debug edit's refusal from the catalog, in
// the reader's language, never as the engine's developer text.
func TestErrorTextWordsEngineRefusals(t *testing.T) {
	g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, 3)
	_, refused := g.ApplyText("pass")
	debug := g.Debug("debug turn x")
	for _, err := range []error{refused, debug} {
		if err == nil {
			t.Fatal("want a refusal")
		}
		en, ja := ErrorText(err, i18n.English), ErrorText(err, i18n.Japanese)
		if bare := i18n.Bare(ErrorText(err, i18n.Pseudo)); len(bare) > 0 {
			t.Errorf("%v: words outside the catalog: %q", err, bare)
		}
		if en == ja || en == err.Error() || strings.Contains(en, "(") && strings.Contains(en, "=") {
			t.Errorf("%v: in English %q, in Japanese %q", err, en, ja)
		}
	}
}
