package render

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/mortain/mortain/internal/i18n"
)

// mapTexts are the Japanese messages the map draws (map.*, the place
// names and the rules' reasons among them), each placeholder filled.
func mapTexts(t *testing.T) map[string]string {
	t.Helper()
	fill := regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)
	keep := map[string]any{}
	for _, s := range i18n.Texts(i18n.Japanese) {
		for _, m := range fill.FindAllStringSubmatch(s, -1) {
			keep[m[1]] = "DR-1"
		}
	}
	out := map[string]string{}
	for _, id := range i18n.IDs(i18n.Japanese) {
		if strings.HasPrefix(id, "map.") {
			out[id] = i18n.Plural(i18n.Japanese, id, 3, keep)
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d map messages", len(out))
	}
	return out
}

// wordChar is a rune of a Japanese word that a line may not cut: kanji,
// katakana and the long vowel mark.
func wordChar(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Katakana) || r == 'ー'
}

// lineFaults lists what is wrong with lines, the lines text was broken
// into: a line starting with a character kinsoku forbids there, a line
// ending with an opening bracket, a line of a single character, a break
// inside a word (unless the word alone is wider than the line).
func lineFaults(p *painter, f fontFace, lines []string, w float64) []string {
	var out []string
	for i, ln := range lines {
		rs := []rune(ln)
		if len(rs) == 0 {
			out = append(out, "an empty line")
			continue
		}
		if i > 0 && noLineStart(rs[0]) {
			out = append(out, "a line starts with "+string(rs[0])+": "+ln)
		}
		if i < len(lines)-1 && strings.ContainsRune(openers, rs[len(rs)-1]) {
			out = append(out, "a line ends with "+string(rs[len(rs)-1])+": "+ln)
		}
		if len(lines) > 1 && letters(ln) == 1 {
			out = append(out, "a single character on a line: "+ln)
		}
		if i > 0 {
			prev := []rune(lines[i-1])
			a, b := prev[len(prev)-1], rs[0]
			if wordChar(a) && wordChar(b) || unicode.Is(unicode.Hiragana, a) && unicode.Is(unicode.Hiragana, b) && a != 'を' {
				word := wordAround(lines[i-1], ln)
				if p.width(f, word) <= w {
					out = append(out, "a break inside "+word+": "+lines[i-1]+" / "+ln)
				}
			}
		}
	}
	return out
}

// wordAround is the run of word characters (or of hiragana) across the
// end of a and the start of b.
func wordAround(a, b string) string {
	ra, rb := []rune(a), []rune(b)
	same := wordChar
	if unicode.Is(unicode.Hiragana, rb[0]) {
		same = func(r rune) bool { return unicode.Is(unicode.Hiragana, r) }
	}
	i := len(ra)
	for i > 0 && same(ra[i-1]) {
		i--
	}
	j := 0
	for j < len(rb) && same(rb[j]) {
		j++
	}
	return string(ra[i:]) + string(rb[:j])
}

// Every Japanese text of the map, broken into lines at every width from
// a narrow box's to the status panel's, at the sizes of the full map and of the
// 550-pixel preview, breaks at phrase boundaries: after particles, never
// inside a word, never leaving a single character on a line, never
// starting a line with 、。」 or a small kana (kinsoku).
func TestJapaneseMapTextBreaksAtPhrases(t *testing.T) {
	r := newRenderer(t)
	texts := mapTexts(t)
	for _, width := range []int{0, 550} {
		p := r.paint(&specialGames(t)["busy"].State, nil, clampWidth(width), i18n.Japanese)
		f := p.face(bold, 11.5*p.l.K)
		if p.l.Compact {
			f = p.face(bold, 12*p.l.C)
		}
		for id, text := range texts {
			for w := 100.0; w <= 420; w += 10 {
				for _, fault := range lineFaults(p, f, p.wrap(f, text, w), w) {
					t.Errorf("width %d, %s broken at %.0f px: %s", width, id, w, fault)
				}
			}
		}
		r.release(p)
	}
}

// The victory box's reason, which the review found broken inside a word
// (「終わ / りました」), breaks after a particle.
func TestJapaneseVictoryReasonBreaksAfterAParticle(t *testing.T) {
	r := newRenderer(t)
	p := r.paint(&specialGames(t)["busy"].State, nil, clampWidth(0), i18n.Japanese)
	defer r.release(p)
	f := p.face(regular, 11*p.l.K)
	text := i18n.T(i18n.Japanese, "map.reason.r8-4", nil)
	for w := 120.0; w < p.width(f, text); w += 4 {
		lines := p.wrap(f, text, w)
		for _, fault := range lineFaults(p, f, lines, w) {
			t.Errorf("at %.0f px: %s", w, fault)
		}
	}
}

// On the map in Japanese, at both widths: every label (place names, road
// destinations) is at least minTextPx high on the full map and breaks
// into lines by the same rules; the 550-pixel preview, where a place name
// cannot be drawn 10 pixels high in its hex, leaves them out and its
// legend says so.
func TestJapaneseMapLabelsKeepTheirSize(t *testing.T) {
	r := newRenderer(t)
	for name, g := range specialGames(t) {
		for _, width := range []int{0, 550} {
			p := r.paint(&g.State, g.LastEvents(), clampWidth(width), i18n.Japanese)
			labels, legend := 0, false
			for _, it := range p.items {
				switch {
				case it.kind == kLabel:
					labels++
					if it.px < minTextPx {
						t.Errorf("%s (width %d): label %q is %.1f px, want at least %d", name, width, it.text, it.px, minTextPx)
					}
					for _, fault := range lineFaults(p, p.face(bold, it.px), strings.Split(it.text, "\n"), it.r.W) {
						t.Errorf("%s (width %d): label: %s", name, width, fault)
					}
				case it.kind == kStatus && it.text == i18n.T(i18n.Japanese, "map.legend.no-places", nil):
					legend = true
					if it.px < minPreviewPx*p.l.C {
						t.Errorf("%s: the legend is %.1f px", name, it.px)
					}
				}
			}
			if width == 550 && (labels != 0 || !legend) {
				t.Errorf("%s (550): %d place labels, legend %v; want none, and the legend saying so", name, labels, legend)
			}
			if width == 0 && labels < 8 {
				t.Errorf("%s (full): %d labels, want the place names and roads", name, labels)
			}
			r.release(p)
		}
	}
}

// No line of the Japanese map chains colons (docs/glossary-ja.md, 文体):
// 「直前: 1603 に航空攻撃 → DR-1 除去」, 「DR-1: 命中 (除去)」; a colon
// inside parentheses (a rule's reason) is the aside's own.
func TestJapaneseMapLinesDoNotChainColons(t *testing.T) {
	r := newRenderer(t)
	for name, g := range specialGames(t) {
		for _, width := range []int{0, 550} {
			p := r.paint(&g.State, g.LastEvents(), clampWidth(width), i18n.Japanese)
			for _, it := range p.items {
				if it.kind != kStatus && it.kind != kResult && it.kind != kLabel {
					continue
				}
				// a result box's lines are joined by " / ", a status line's fields by " · "
				for _, field := range strings.FieldsFunc(strings.ReplaceAll(it.text, " / ", " · "), func(r rune) bool { return r == '·' }) {
					if n := strings.Count(outsideParens(field), ": "); n > 1 {
						t.Errorf("%s (width %d): %q has %d colons", name, width, field, n)
					}
				}
			}
			r.release(p)
		}
	}
}

// outsideParens is s without its parenthesised asides.
func outsideParens(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(' || r == '（':
			depth++
		case (r == ')' || r == '）') && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
