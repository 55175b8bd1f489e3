package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// A person's input is quoted in Japanese without spaces around 「」
// (grammar.quote): 「不明なコマンド「fly」です」.
func TestJapaneseQuotesInputWithoutSpaces(t *testing.T) {
	s, _ := newService(t, 1)
	r := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: "fly", Lang: i18n.Japanese})
	if !r.Refused || !strings.Contains(r.Private, "不明なコマンド「fly」です") || strings.Contains(r.Private, " 「") {
		t.Errorf("refusal %q, want 不明なコマンド「fly」です", r.Private)
	}
}

// A refusal of the rules says that the action cannot be done, with its
// rule, then why, with no chain of colons: 「実行できません (R6.6): …。」.
func TestJapaneseRefusalNamesItsRuleWithoutChainingColons(t *testing.T) {
	s, _ := debugGame(t)
	mustDo(t, s, ann, "debug round side:us points:3")
	r := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: "resolve", Lang: i18n.Japanese})
	if !r.Refused || !strings.HasPrefix(r.Private, "実行できません (R6.6): ") || strings.Count(r.Private, ": ") != 1 || strings.Contains(r.Private, "反します") {
		t.Errorf("refusal %q, want 実行できません (R6.6): and one colon", r.Private)
	}
}

// R6.8: the attack line gives the total modifier, then its parts joined
// by ・ in Japanese, so that 、 separates the fields alone; English gives
// the same total and parts.
func TestR6_8TheAttackLineTotalsItsModifiers(t *testing.T) {
	g := rules.NewGame(nil, rules.Options{}, 1)
	sc := g.State.Scenario()
	td, _ := sc.UnitByID("TD")
	dr1, _ := sc.UnitByID("DR-1")
	h, _ := rules.ParseHex("1601")
	e := rules.Event{Kind: rules.EvAttack, Firers: 1 << uint(td), Target: dr1, To: h, Strength: 5,
		Terrain: 1, Adjacent: -1, N: 5, Card: rules.NoCard, Result: rules.ResultMiss}
	for lang, want := range map[i18n.Lang]string{
		i18n.Japanese: "戦力 5、修正値 0 (地形 +1・隣接 -1)、N 5。",
		i18n.English:  "strength 5, M 0 (+1 terrain, -1 adjacent), N 5",
	} {
		if got := NarrateIn(sc, e, lang); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	e.Terrain, e.Adjacent = 0, 0
	if got := NarrateIn(sc, e, i18n.Japanese); !strings.Contains(got, "戦力 5、修正値 0、N 5。") {
		t.Errorf("no modifier: %q, want 修正値 0", got)
	}
}

// R4.5: a round that ends because no unit can act, with points left,
// says so, and its last step's header counts the points left (it said
// 「残り 0 ポイント」 beside 「活性化ポイントは残っていますが」).
func TestR4_5ARoundEndedForWantOfActionCountsThePointsLeft(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat language:ja")
	mustDo(t, s, ann, "setup preset:historical done")
	mustDo(t, s, ann, "debug place unit:117 hex:eliminated")
	mustDo(t, s, ann, "debug round side:us points:5") // four units for five points
	for range 8 {
		rec, _ := st.Get(testKey)
		g := rec.Game
		var move *rules.Action
		for _, a := range g.State.LegalActions(nil) {
			if a.Kind == rules.ActMove {
				move = &a
				break
			}
		}
		if move == nil {
			t.Fatalf("no move left before the round ended: %v", g.State.LegalActions(nil))
		}
		sc := g.State.Scenario()
		r := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: "move", Lang: i18n.Japanese,
			Options: map[string]string{"unit": sc.Unit(move.Unit).ID, "to": move.Hex.String()}})
		if r.Refused {
			t.Fatalf("move %v refused: %s", move, r.Private)
		}
		text := r.Posts[0].Text
		if !strings.Contains(text, "ラウンド終了") {
			continue
		}
		if !strings.Contains(text, "R4.5: 活性化ポイントは残っていますが、合法な行動がありません") || strings.Contains(text, "残り 0 ポイント") || !strings.Contains(text, "残り 1 ポイント") {
			t.Errorf("the round's end reads:\n%s", text)
		}
		return
	}
	t.Fatal("the round did not end")
}

// A typed name an older version kept in a seat is quoted as the game's
// language quotes: 「bob」 in Japanese, not "bob".
func TestJapaneseTypedNameSeatIsQuotedInJapanese(t *testing.T) {
	s, st := newService(t, 11)
	nameSeatGame(t, st, "bob")
	if err := st.Update(testKey, func(r *record.Record) error { r.Meta.Lang = "ja"; return nil }); err != nil {
		t.Fatal(err)
	}
	r := s.OpenNameSeats(context.Background(), testKey)
	if len(r.Posts) != 1 {
		t.Fatalf("OpenNameSeats: %+v", r)
	}
	if text := r.Posts[0].Text; !strings.Contains(text, "名前「bob」が") || strings.Contains(text, `"bob"`) {
		t.Errorf("the typed name is not quoted in Japanese:\n%s", text)
	}
}
