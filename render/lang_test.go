package render

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/golang/freetype/truetype"

	"github.com/mortain/mortain/internal/i18n"
)

// missingGlyphs lists the runes of texts (line breaks aside) that neither the Japanese font
// nor every Go font can draw (the fallback face draws a rune from the Go
// font of the text's style when it has it, else from the Japanese font).
func missingGlyphs(jp *truetype.Font, f fonts, texts []string) []string {
	seen := map[rune]bool{}
	var out []string
	for _, s := range texts {
		for _, r := range s {
			if seen[r] || r == '\n' { // a line break is never drawn
				continue
			}
			seen[r] = true
			if jp.Index(r) != 0 || f[regular].Index(r) != 0 && f[bold].Index(r) != 0 && f[italic].Index(r) != 0 {
				continue
			}
			out = append(out, fmt.Sprintf("%q (U+%04X) in %q", r, r, s))
		}
	}
	return out
}

// Every character of the Japanese catalog has a glyph: the embedded font
// is cut to the catalog, and render/fonts/subset.sh must run again when
// the catalog gains a character.
func TestEveryJapaneseMessageHasItsGlyphs(t *testing.T) {
	r := newRenderer(t)
	for _, m := range missingGlyphs(r.jp, r.fonts, i18n.Texts(i18n.Japanese)) {
		t.Errorf("no glyph for %s: run render/fonts/subset.sh", m)
	}
	// The check finds a character the subset lacks.
	if got := missingGlyphs(r.jp, r.fonts, []string{"米軍 鬱"}); len(got) != 1 || !strings.Contains(got[0], "鬱") {
		t.Errorf("a kanji outside the catalog: %v", got)
	}
}

// Under the pseudo-locale every word of the map that is not a unit id, a
// factor, a hex number or a card comes from the catalog: each status
// line, result box and label carries the pseudo-locale's marks.
func TestEveryWordOfTheMapComesFromTheCatalog(t *testing.T) {
	r := newRenderer(t)
	games := specialGames(t)
	for _, name := range []string{"busy", "air strike", "elimination", "pending", "entry", "cover", "setup", "over"} {
		g := games[name]
		for _, w := range []int{0, 550} {
			p := r.paint(&g.State, g.LastEvents(), clampWidth(w), i18n.Pseudo)
			for _, it := range p.items {
				if it.kind != kStatus && it.kind != kResult && it.kind != kLabel || strings.HasPrefix(it.text, "card ") {
					continue
				}
				// A line wrapped in two keeps one mark on each part.
				if !strings.Contains(it.text, i18n.PseudoOpen) && !strings.Contains(it.text, i18n.PseudoClose) {
					t.Errorf("%s (width %d): %s %q bypasses the catalog", name, w, it.kind, it.text)
				}
			}
			r.release(p)
		}
	}
}

// The Japanese map says in Japanese what the English one says: the turn,
// whose round, the place names, the result of an attack.
func TestTheJapaneseMapSpeaksJapanese(t *testing.T) {
	g := specialGames(t)["elimination"]
	for _, w := range []int{0, 550} {
		items, _ := sceneIn(t, i18n.Japanese, &g.State, g.LastEvents(), w)
		var texts []string
		for _, it := range items {
			texts = append(texts, it.text)
		}
		all := strings.Join(texts, "\n")
		wants := []string{"ターン 3/6", "米軍のラウンド", "モルタン", "314 高地", "除去"}
		if w == 550 { // the preview leaves the place names out and says so
			wants = []string{"ターン 3/6", "米軍のラウンド", "地名は全体のマップ (map) に示します。", "除去"}
		}
		for _, want := range wants {
			if !strings.Contains(all, want) {
				t.Errorf("width %d: the Japanese map lacks %q:\n%s", w, want, all)
			}
		}
		for _, english := range []string{"Turn ", " round", "Last:", "HIT", "Hill 314"} {
			if strings.Contains(all, english) {
				t.Errorf("width %d: the Japanese map says %q", w, english)
			}
		}
	}
}

// The Japanese maps keep within Discord's and the bot's sizes.
func TestJapaneseMapSizeWithinBounds(t *testing.T) {
	r := newRenderer(t)
	for name, g := range specialGames(t) {
		for _, w := range []int{0, 550} {
			b, err := r.Map(&g.State, g.LastEvents(), Options{Width: w, Lang: i18n.Japanese})
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 400<<10 {
				t.Errorf("%s (width %d): the Japanese PNG is %d bytes, want at most 400 KB", name, w, len(b))
			}
			if dir := os.Getenv("MORTAIN_JA_SAMPLES"); dir != "" {
				if err := os.WriteFile(fmt.Sprintf("%s/%s-%d.png", dir, strings.ReplaceAll(name, " ", "-"), w), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if _, err := r.Replay(randomGame(t, 5), Options{Width: 500, Lang: i18n.Japanese}); err != nil {
		t.Errorf("the Japanese replay: %v", err)
	}
}
