package glossary

import "testing"

func TestAKatakanaWordIsNotFoundInsideALongerOne(t *testing.T) {
	for _, c := range []struct {
		s, w string
		want bool
	}{{"プログラム", "ログ", false}, {"ログを見ます", "ログ", true}, {"記録 (ログ)", "ログ", true}, {"ドイツ軍", "ドイツ軍", true}, {"独軍", "ドイツ軍", false}} {
		if got := ContainsWord(c.s, c.w); got != c.want {
			t.Errorf("ContainsWord(%q, %q) = %v", c.s, c.w, got)
		}
	}
}

func TestAvoidedReadsTheNotColumn(t *testing.T) {
	md := "| English | 日本語 | Source | Notes | Not |\n|---|---|---|---|---|\n| German | 独軍 | 訳 | | ドイツ軍, ドイツ |\n| US | 米軍 | 訳 | | |\n"
	got := Avoided([]byte(md))
	if len(got) != 2 || got["ドイツ軍"] != "独軍" || got["ドイツ"] != "独軍" {
		t.Errorf("Avoided = %v", got)
	}
}
