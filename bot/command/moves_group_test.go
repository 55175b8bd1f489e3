package command

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// expandMoves reads the answer of moves (in English) back into the
// commands it lists, as typed: a shot's or a side command's line is its
// command (or its commands, hexes joined by "/"); a unit's line ("DR-1 in
// reserve: enter to:1901/1902 [with:102] · ...") is its parts, each the
// product of its alternatives, unit: added. Notes after " — " are left
// out.
func expandMoves(t *testing.T, text string) []string {
	t.Helper()
	var out []string
	lines := strings.Split(text, "\n")
	for _, line := range lines[1:] { // the first line is the heading
		if !strings.HasPrefix(line, "  ") {
			continue // a section's heading
		}
		line = strings.TrimSpace(line)
		unit := ""
		if name, _, _ := strings.Cut(line, " "); name != "undo" {
			if _, ok := Find(name); !ok {
				prefix, rest, found := strings.Cut(line, ": ")
				require.True(t, found, "a line of moves is neither a command nor a unit's: %q", line)
				unit, _, _ = strings.Cut(prefix, " ")
				line = rest
			}
		}
		for _, part := range strings.Split(line, " · ") {
			part, _, _ = strings.Cut(part, " — ")
			out = append(out, expandPart(t, part, unit)...)
		}
	}
	sort.Strings(out)
	return out
}

// expandPart lists the commands a part of a line of moves stands for.
func expandPart(t *testing.T, part, unit string) []string {
	t.Helper()
	toks := strings.Fields(part)
	name := toks[0]
	if name == "undo" {
		return []string{"undo"}
	}
	combos := []map[string]string{{}}
	if unit != "" {
		combos[0]["unit"] = unit
	}
	for _, tok := range toks[1:] {
		optional := strings.HasPrefix(tok, "[") && strings.HasSuffix(tok, "]")
		tok = strings.Trim(tok, "[]")
		k, v, isOpt := strings.Cut(tok, ":")
		values := strings.Split(v, "/")
		if !isOpt {
			values = []string{"true"} // a flag: setup done
		}
		if optional {
			values = append(values, "")
		}
		var next []map[string]string
		for _, c := range combos {
			for _, val := range values {
				m := map[string]string{}
				for a, b := range c {
					m[a] = b
				}
				if val != "" {
					m[k] = val
				}
				next = append(next, m)
			}
		}
		combos = next
	}
	var out []string
	for _, c := range combos {
		def, ok := Find(name)
		require.True(t, ok, "moves lists an unknown command %q", part)
		require.NoError(t, checkOptions(frontend.Discord{}, def, c), "moves lists %q, which does not read as a command", part)
		out = append(out, commandText(name, c))
	}
	return out
}

// movesOf is the answer of moves for the side to act.
func movesOf(t *testing.T, s *Service, key record.Key, lang i18n.Lang) string {
	t.Helper()
	r := s.Handle(context.Background(), Request{Key: key, Caller: eve, Command: "moves", Options: map[string]string{}, Lang: lang})
	require.False(t, r.Refused, r.Private)
	return r.Private
}

// At the start of a German round moves fits the first screen: one line
// per unit with its entry hexes, the Tiger's pairings on its own line,
// and still every legal command (read back, they are exactly the picker's).
func TestMovesGroupsTheGermanEntriesOneLinePerUnit(t *testing.T) {
	s, st := newService(t, 3)
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical done")
	mustDo(t, s, ann, "pass")
	rec, _ := st.Get(testKey)
	require.Equal(t, rules.German, rec.Game.State.ToAct(), "the German round starts")
	text := movesOf(t, s, testKey, i18n.English)
	lines := strings.Split(text, "\n")
	assert.LessOrEqual(t, len(lines), 14, "moves at the start of a German round is %d lines:\n%s", len(lines), text)
	assert.Less(t, len(text), 2000, "moves does not fit one Discord message")
	assert.Contains(t, text, "  DR-1 in reserve: enter to:1901/1902/1903/1904/1905 [with:102]")
	assert.Contains(t, text, "  102 in reserve: enter to:1901/1902/1903/1904/1905 [with:DR-1/DR-2/DF/D/17-StuG/17-37/17-38]")
	assert.Equal(t, legalTexts(rec.Game), expandMoves(t, text), "moves lists every legal command, and only those")
}

// The shots come first, likeliest first, each a whole command with its
// odds; the units' moves follow.
func TestMovesListsTheShotsFirst(t *testing.T) {
	s, st := debugGame(t)
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1601")
	mustDo(t, s, ann, "debug round side:us points:3")
	text := movesOf(t, s, testKey, i18n.English)
	lines := strings.Split(text, "\n")
	require.GreaterOrEqual(t, len(lines), 3)
	assert.Equal(t, "Attacks, the likeliest to hit first:", lines[1], text)
	assert.True(t, strings.HasPrefix(lines[2], "  fire unit:") && strings.Contains(lines[2], "% to hit"), "the first line after the heading is a shot:\n%s", text)
	pct := func(l string) string { _, p, _ := strings.Cut(l, ", "); return p }
	for i := 3; i < len(lines) && strings.HasPrefix(lines[i], "  fire "); i++ {
		assert.GreaterOrEqual(t, pct(lines[i-1]), pct(lines[i]), "the shots are not the likeliest first:\n%s", text)
	}
	rec, _ := st.Get(testKey)
	assert.Equal(t, legalTexts(rec.Game), expandMoves(t, text))
}

// R4.6: the Tiger's free move is marked where it is offered: in moves, in
// the picker's menu and in the autocomplete of to:, in either language;
// the Tiger's other moves, which cost a point, are not.
func TestR4_6TheTigersFreeMoveIsMarkedWhereOffered(t *testing.T) {
	s, st := debugGame(t)
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1803")
	mustDo(t, s, ann, "debug place unit:102 hex:1803")
	mustDo(t, s, ann, "debug round side:german points:3")
	mustDo(t, s, ann, "move unit:DR-1 to:1703")
	rec, _ := st.Get(testKey)

	text := movesOf(t, s, testKey, i18n.English)
	assert.Contains(t, text, "  102 at 1803: move to:1703 — free with its stack (R4.6) · move to:1704/1802/1804/1903/1904", text)
	ja := movesOf(t, s, testKey, i18n.Japanese)
	assert.Contains(t, ja, "move to:1703 — スタックといっしょに活性化ポイントなし (R4.6) · move to:1704/", ja)

	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		p := s.picker(rec, "u:102", lang)
		free := 0
		for _, sel := range p.Selects {
			for _, o := range sel.Options {
				marked := strings.Contains(o.Label, "R4.6")
				assert.Equal(t, o.Value == "move unit:102 to:1703", marked, "%s: the picker's %q is labelled %q", lang, o.Value, o.Label)
				if marked {
					free++
				}
			}
		}
		assert.Equal(t, 1, free, "%s: the picker offers the free move once", lang)
	}

	caller := ann
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		caller.Lang = lang
		got := s.Suggest(context.Background(), testKey, caller, "move", map[string]string{"unit": "102", "to": ""}, "to")
		require.NotEmpty(t, got)
		for _, c := range got {
			assert.Equal(t, c.Value == "1703", strings.Contains(c.Name, "R4.6"), "%s: to:%s is labelled %q", lang, c.Value, c.Name)
		}
	}
}

// R4.6: the terminal's next: line marks the Tiger's free fire too, and
// only it.
func TestR4_6TheTigersFreeFireIsMarkedInNext(t *testing.T) {
	s, _ := debugGame(t)
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1602")
	mustDo(t, s, ann, "debug place unit:102 hex:1602")
	mustDo(t, s, ann, "debug round side:german points:3")
	mustDo(t, s, ann, "fire unit:DR-1 target:120")
	rec, _ := s.cfg.Store.Get(testKey)
	best := bestCommands(&rec.Game.State, 5, i18n.English)
	found := false
	for _, c := range best {
		free := strings.Contains(c, "free with its stack (R4.6)")
		assert.Equal(t, strings.HasPrefix(c, "fire unit:102 target:120 "), free, "next offers %q", c)
		found = found || free
	}
	assert.True(t, found, "next does not offer the Tiger's free fire: %v", best)
}
