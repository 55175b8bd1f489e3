package command

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

func TestANewGameTakesItsLanguageAndItsMapsAreDrawnInIt(t *testing.T) {
	st := newMemStore()
	var drawn []i18n.Lang
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 4 },
		Render: func(_ *rules.State, _ []rules.Event, lang i18n.Lang) ([]byte, error) {
			drawn = append(drawn, lang)
			return []byte("png"), nil
		}})
	start := func(ch string, c Caller, lang i18n.Lang, opts map[string]string) *record.Record {
		t.Helper()
		key := record.Key{Guild: "g", Channel: ch}
		opts["mode"] = "hotseat"
		r := s.Handle(context.Background(), Request{Key: key, Caller: c, Command: "new", Options: opts, Lang: lang})
		require.False(t, r.Refused, r.Private)
		rec, err := st.Get(key)
		require.NoError(t, err)
		return rec
	}
	assert.Equal(t, "ja", start("c1", ann, i18n.Japanese, map[string]string{}).Meta.Lang, "the starter's language")
	assert.Equal(t, i18n.Japanese, drawn[len(drawn)-1], "the new game's map is drawn in it")
	assert.Equal(t, "en", start("c2", ann, i18n.Japanese, map[string]string{"language": "en"}).Meta.Lang, "language: wins")
	set := s.Handle(context.Background(), Request{Key: record.Key{Guild: "g", Channel: "c1"}, Caller: mod, Command: "server", Options: map[string]string{"language": "ja"}})
	require.False(t, set.Refused, set.Private)
	assert.Equal(t, "ja", start("c3", bob, i18n.English, map[string]string{}).Meta.Lang, "the server's setting wins over the starter's")
	mapResp := s.Handle(context.Background(), Request{Key: record.Key{Guild: "g", Channel: "c3"}, Caller: eve, Command: "map", Options: map[string]string{}})
	require.False(t, mapResp.Refused, mapResp.Private)
	assert.Equal(t, i18n.Japanese, drawn[len(drawn)-1], "a spectator's map is in the game's language")
	r := s.Handle(context.Background(), Request{Key: record.Key{Guild: "g", Channel: "c4"}, Caller: ann, Command: "new", Options: map[string]string{"language": "fr"}})
	assert.True(t, r.Refused)
}

func TestRulesAnswerInTheMembersLanguage(t *testing.T) {
	s, _ := newService(t, 1)
	ja := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: "rules", Options: map[string]string{"n": "R6.8"}, Lang: i18n.Japanese})
	en := s.Handle(context.Background(), Request{Key: testKey, Caller: bob, Command: "rules", Options: map[string]string{"n": "R6.8"}, Lang: i18n.English})
	assert.Contains(t, ja.Private, "R6.8")
	assert.Contains(t, en.Private, "R6.8")
	assert.NotEqual(t, ja.Private, en.Private)
	assert.Regexp(t, `[\p{Han}\p{Hiragana}]`, ja.Private)
}

func TestMovesAnswersInTheMembersLanguage(t *testing.T) {
	s, _ := newService(t, 2)
	mustDo(t, s, ann, "new mode:hotseat")
	ja := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: "moves", Options: map[string]string{}, Lang: i18n.Japanese})
	assert.Contains(t, ja.Private, "**合法手** (米軍のセットアップ) — ")
	assert.Contains(t, ja.Private, "setup unit:117 hex:", "the commands stay as they are typed")
	pseudo := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: "moves", Options: map[string]string{}, Lang: i18n.Pseudo})
	for _, line := range strings.Split(pseudo.Private, "\n") {
		if !strings.HasPrefix(line, "  ") && !strings.HasSuffix(line, ":") { // the commands and the units' ids are not words
			assert.Contains(t, line, "⟦", "a line of moves bypasses the catalog")
		}
	}
	assert.Contains(t, strings.Split(pseudo.Private, "\n")[0], "⟦")
}
