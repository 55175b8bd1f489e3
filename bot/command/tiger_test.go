package command

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/internal/i18n"
)

// R4.6: when the Tiger cannot move along, the player is told why, in
// their language: the rule of the move with the Tiger (R4.6), and the
// reason the Tiger could not follow with its own rule (R4.4); nothing is
// played.
func TestR4_6TheRefusalSaysWhyTheTigerCouldNotFollow(t *testing.T) {
	s, st := debugGame(t)
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1901")
	mustDo(t, s, ann, "debug place unit:102 hex:1801")
	mustDo(t, s, ann, "debug round side:german points:3")
	mustDo(t, s, ann, "move unit:102 to:1901") // the Tiger pays and is stacked with DR-1
	for lang, want := range map[i18n.Lang][]string{
		i18n.English:  {"Not allowed by rule R4.6", "after DR-1 moves, the Tiger could not follow it: 102 was already activated this round (R4.4)"},
		i18n.Japanese: {"実行できません (R4.6)", "DR-1 が移動したあと、タイガー戦車はいっしょに移動できません。102 はこのラウンドすでに活性化しました (R4.4)"},
	} {
		before := st.Commits
		r := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: "move", Lang: lang,
			Options: map[string]string{"unit": "DR-1", "to": "1801", "with": "102"}})
		require.True(t, r.Refused, "%s: accepted", lang)
		for _, w := range want {
			assert.Contains(t, r.Private, w, lang)
		}
		assert.Equal(t, before, st.Commits, "%s: the refusal wrote to the store", lang)
	}
	rec, _ := st.Get(testKey)
	sc := rec.Game.State.Scenario()
	dr1, _ := sc.UnitByID("DR-1")
	assert.Equal(t, "1901", rec.Game.State.Unit(dr1).Hex.String(), "DR-1 moved although the Tiger could not follow")
}

// R4.6: the picker offers a unit's move with the Tiger along, as moves
// lists it and autocomplete suggests it; chosen, it moves both, the
// Tiger for free, in one step that undo takes back whole.
func TestR4_6ThePickerOffersTheTigerAlong(t *testing.T) {
	s, st := debugGame(t)
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1803")
	mustDo(t, s, ann, "debug place unit:102 hex:1803")
	mustDo(t, s, ann, "debug round side:german points:3")
	rec, _ := st.Get(testKey)

	text := movesOf(t, s, testKey, i18n.English)
	assert.Contains(t, text, "  DR-1 at 1803: move to:1703/1704/1802/1804/1903/1904 [with:102]", text)

	var pick choice
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		found := 0
		for _, c := range offered(t, s, rec, lang) {
			if strings.HasSuffix(c.command, " with:102") {
				require.True(t, strings.HasPrefix(c.command, "move unit:DR-1 to:"), "%s: the picker offers %q", lang, c.command)
				found++
				if c.command == "move unit:DR-1 to:1703 with:102" {
					pick = c
				}
			}
		}
		assert.Equal(t, 6, found, "%s: the picker offers DR-1's six moves with the Tiger along", lang)
	}
	p := s.picker(rec, "u:DR-1", i18n.English)
	labels := map[string]string{}
	for _, sel := range p.Selects {
		for _, o := range sel.Options {
			labels[o.Value] = o.Label
		}
	}
	assert.Equal(t, "move to 1703 (open) with 102 (R4.6)", labels["move unit:DR-1 to:1703 with:102"])

	got := s.Suggest(context.Background(), testKey, ann, "move", map[string]string{"unit": "DR-1", "to": "1703", "with": ""}, "with")
	require.Len(t, got, 1)
	assert.Equal(t, "102", got[0].Value)

	require.NotEmpty(t, pick.customID, "the picker does not offer move unit:DR-1 to:1703 with:102")
	r := s.HandleButton(context.Background(), testKey, ann, pick.customID, pick.value)
	require.False(t, r.Refused, r.Private)
	rec, _ = st.Get(testKey)
	g := rec.Game
	sc := g.State.Scenario()
	dr1, _ := sc.UnitByID("DR-1")
	assert.Equal(t, "1703", g.State.Unit(dr1).Hex.String())
	assert.Equal(t, "1703", g.State.Unit(sc.Tiger).Hex.String())
	assert.Equal(t, 2, g.State.PointsLeft(), "the Tiger moved along for free")
	assert.Equal(t, "move DR-1 1703 102", g.History[len(g.History)-1])

	mustDo(t, s, ann, "undo")
	rec, _ = st.Get(testKey)
	assert.Equal(t, "1803", rec.Game.State.Unit(sc.Tiger).Hex.String(), "undo takes back the Tiger's move too")
	assert.Equal(t, "1803", rec.Game.State.Unit(dr1).Hex.String())

	// Typed with unit: naming the Tiger, it is the same action.
	mustDo(t, s, ann, "move unit:102 to:1704 with:DR-1")
	rec, _ = st.Get(testKey)
	assert.Equal(t, "move DR-1 1704 102", rec.Game.History[len(rec.Game.History)-1])
}
