package i18n

import (
	"slices"
	"testing"
)

// The pseudo-locale is English marked: it holds exactly English's
// messages (Has, Texts), so code that asks whether a message exists
// behaves the same under it as in English.
func TestThePseudoLocaleHoldsEnglishsMessages(t *testing.T) {
	for id := range cat.messages[English] {
		if !Has(Pseudo, id) {
			t.Errorf("Has(Pseudo, %q) is false, Has(English) true", id)
		}
	}
	if Has(Pseudo, "no.such.message") || Has(English, "no.such.message") {
		t.Error("Has finds a message no catalog holds")
	}
	if !slices.Equal(Texts(Pseudo), Texts(English)) {
		t.Error("Texts(Pseudo) differs from Texts(English)")
	}
	if len(Texts(Japanese)) == 0 || slices.Equal(Texts(Japanese), Texts(English)) {
		t.Error("Texts(Japanese) is not Japanese's own")
	}
}

// A language with no catalog of its own speaks English, unmarked.
func TestALanguageWithoutACatalogSpeaksEnglish(t *testing.T) {
	other := Lang(9)
	if got := T(other, "side.german", nil); got != "German" {
		t.Errorf("T = %q, want German", got)
	}
	if got := Plural(other, "people.allowance", 14, nil); got != Plural(English, "people.allowance", 14, nil) {
		t.Errorf("Plural = %q", got)
	}
	if other.String() != "en" {
		t.Errorf("String = %q", other.String())
	}
}

// A stray closing mark outside every message hides nothing after it.
func TestBareSeesPastAStrayClosingMark(t *testing.T) {
	line := PseudoClose + " bare words " + PseudoOpen + "marked" + PseudoClose
	if got := Bare(line); len(got) != 1 {
		t.Errorf("Bare(%q) = %q, want the line", line, got)
	}
}
