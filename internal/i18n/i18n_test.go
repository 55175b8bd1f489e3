package i18n

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/stretchr/testify/assert"
	"golang.org/x/text/language"
)

// placeholder finds the fields of a message's templates, {{.Name}}.
var placeholder = regexp.MustCompile(`{{-?\s*\.(\w+)`)

// forms returns the plural forms a message gives, by name.
func forms(m *i18n.Message) map[string]string {
	out := map[string]string{}
	for name, s := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if s != "" {
			out[name] = s
		}
	}
	return out
}

// fields lists the placeholders of every form of m, sorted, once each.
func fields(m *i18n.Message) []string {
	seen := map[string]bool{}
	for _, s := range forms(m) {
		for _, f := range placeholder.FindAllStringSubmatch(s, -1) {
			seen[f[1]] = true
		}
	}
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// problems lists what keeps catalogs from agreeing: a message that one
// language has and another lacks, or whose placeholders differ from the
// English ones.
func problems(msgs map[Lang]map[string]*i18n.Message) []string {
	var out []string
	ids := map[string]bool{}
	for _, l := range Langs() {
		for id := range msgs[l] {
			ids[id] = true
		}
	}
	for id := range ids {
		en, ok := msgs[English][id]
		for _, l := range Langs() {
			m, has := msgs[l][id]
			if !has {
				out = append(out, fmt.Sprintf("%s: missing from %s", id, l))
				continue
			}
			if ok && !slices.Equal(fields(m), fields(en)) {
				out = append(out, fmt.Sprintf("%s: %s has placeholders %v, en %v", id, l, fields(m), fields(en)))
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestEveryMessageIsInEveryLanguageWithTheSamePlaceholders(t *testing.T) {
	if len(cat.messages[English]) == 0 {
		t.Fatal("the English catalog is empty")
	}
	for _, p := range problems(cat.messages) {
		t.Error(p)
	}
	t.Logf("%d messages in each of %v", len(cat.messages[English]), Langs())
}

// The check above fails on catalogs that disagree.
func TestDisagreeingCatalogsAreCaught(t *testing.T) {
	msgs := map[Lang]map[string]*i18n.Message{
		English: {
			"a": {ID: "a", Other: "{{.Unit}} fires at {{.Target}}"},
			"b": {ID: "b", Other: "pass"},
		},
		Japanese: {
			"a": {ID: "a", Other: "{{.Unit}} が射撃"},
			"c": {ID: "c", Other: "余分"},
		},
	}
	want := []string{
		"a: ja has placeholders [Unit], en [Target Unit]",
		"b: missing from ja",
		"c: missing from en",
	}
	if got := problems(msgs); !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A message whose English has several forms is plural: every language
// must give each form its plural rule picks, for any count.
func TestPluralMessagesHaveTheFormsEachLanguageNeeds(t *testing.T) {
	plurals := 0
	for id, en := range cat.messages[English] {
		if len(forms(en)) < 2 {
			continue
		}
		plurals++
		for _, l := range Langs() {
			lz := i18n.NewLocalizer(cat.bundle, l.String())
			for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 11, 12, 21, 22, 100, 101, 1000000} {
				_, err := lz.Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: map[string]any{"Count": n}})
				if err != nil {
					t.Errorf("%s in %s with count %d: %v", id, l, n, err)
				}
			}
		}
	}
	if plurals == 0 {
		t.Error("no plural message to check")
	}
	if one, two := Plural(English, "map.deck", 1, nil), Plural(English, "map.deck", 2, nil); one != "Deck: 1 card left" || two != "Deck: 2 cards left" {
		t.Errorf("English plurals: %q, %q", one, two)
	}
	if got := Plural(Japanese, "map.deck", 1, nil); got != "山札: 残り 1 枚" {
		t.Errorf("Japanese: %q", got)
	}
}

// sample gives every placeholder of m a value.
func sample(m *i18n.Message) map[string]any {
	d := map[string]any{}
	for _, f := range fields(m) {
		d[f] = "X" + f
	}
	return d
}

func TestEveryMessageRendersWithItsPlaceholdersFilled(t *testing.T) {
	for _, l := range Langs() {
		for id, m := range cat.messages[l] {
			got := Plural(l, id, 2, sample(m))
			if got == id || got == "" || strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
				t.Errorf("%s in %s: %q", id, l, got)
			}
			for _, f := range fields(m) {
				if f != "Count" && !strings.Contains(got, "X"+f) {
					t.Errorf("%s in %s: %q lacks {{.%s}}", id, l, got, f)
				}
			}
		}
	}
}

func TestThePseudoLocaleMarksEveryMessage(t *testing.T) {
	for id, m := range cat.messages[English] {
		got := Plural(Pseudo, id, 2, sample(m))
		en := Plural(English, id, 2, sample(m))
		if got != PseudoOpen+en+PseudoClose {
			t.Errorf("%s: %q is not %q marked", id, got, en)
		}
		if got := T(Pseudo, id, sample(m)); !strings.HasPrefix(got, PseudoOpen) || !strings.HasSuffix(got, PseudoClose) {
			t.Errorf("%s: T gives %q", id, got)
		}
	}
}

func TestMessagesInEachLanguage(t *testing.T) {
	if got := T(English, "side.german", nil); got != "German" {
		t.Errorf("English: %q", got)
	}
	if got := T(Japanese, "side.german", nil); got != "独軍" {
		t.Errorf("Japanese: %q", got)
	}
	if got := T(Japanese, "no.such.message", nil); got != "no.such.message" {
		t.Errorf("a missing message shows its id: %q", got)
	}
	if !Has(Japanese, "side.us") || Has(Japanese, "no.such.message") {
		t.Error("Has")
	}
}

func TestParseReadsDiscordAndPOSIXLocales(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Lang
	}{
		{"ja", Japanese}, {"ja-JP", Japanese}, {"ja_JP.UTF-8", Japanese}, {"JA_jp.eucJP", Japanese},
		{"en-US", English}, {"en-GB", English}, {"en_US.UTF-8", English}, {"C", English}, {"POSIX", English},
		{"", English}, {"fr", English}, {"de_DE@euro", English}, {"jam", English},
		{"pseudo", Pseudo},
	} {
		if got := Parse(c.in); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	for _, l := range []Lang{English, Japanese, Pseudo} {
		if Parse(l.String()) != l {
			t.Errorf("Parse(%s.String())", l)
		}
	}
}

func TestEachCatalogIsTheLanguageItsNameSays(t *testing.T) {
	for _, l := range Langs() {
		if _, ok := cat.localizers[l]; !ok || tags[l] == language.Und {
			t.Errorf("%s: no catalog", l)
		}
	}
}

func TestTextsHoldEveryForm(t *testing.T) {
	texts := Texts(Japanese)
	if !slices.Contains(texts, "残り {{.Count}} ポイント") || !slices.Contains(texts, "独軍") {
		t.Errorf("Texts(Japanese) lacks messages: %d texts", len(texts))
	}
	en := Texts(English)
	if !slices.Contains(en, "{{.Count}} point left") || !slices.Contains(en, "{{.Count}} points left") {
		t.Error("Texts(English) lacks a plural form")
	}
}

func TestBareFindsTextOutsideTheMarks(t *testing.T) {
	marked := "⟦Your move, ⟦US⟧⟧ <@123> `move unit:DR-1 to:1803` R6.8 DR-1 <t:17:R> https://x.example/a"
	assert.Empty(t, Bare(marked))
	assert.Empty(t, Bare("1803 · 4-2 · 12 ⟦left⟧"))
	assert.Equal(t, []string{"⟦ok⟧ but not this"}, Bare("⟦ok⟧\n⟦ok⟧ but not this\n"))
	assert.Equal(t, []string{"ja テスト"}, Bare("ja テスト"))
}

func TestBareLetsCommandsAsTypedThrough(t *testing.T) {
	assert.Empty(t, Bare("✓ enter unit:DR-1 to:1904 with:102"))
	assert.Equal(t, []string{"move, fire"}, Bare("move, fire"))
	assert.Equal(t, []string{"Pass"}, Bare("Pass"))
}

func TestListsAndSentencesJoinAsTheLanguageWrites(t *testing.T) {
	assert.Equal(t, "a, b, c", List(English, []string{"a", "b", "c"}))
	assert.Equal(t, "a、b", List(Japanese, []string{"a", "b"}))
	assert.Equal(t, "One. Two.", Sentences(English, "One.", "", "Two."))
	assert.Equal(t, "一。二。", Sentences(Japanese, "一。", "二。"))
	assert.Equal(t, "", Sentences(Japanese))
}
