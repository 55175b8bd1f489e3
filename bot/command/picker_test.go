package command

import (
	"context"
	"math/rand/v2"
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

// choice is one way to act the picker offers: the component to use (with
// the menu value) that plays a command, and the command.
type choice struct {
	customID, value string
	command         string
}

// offered walks the picker of the side to act, every menu and view, and
// returns every command it offers with how to choose it.
func offered(t *testing.T, s *Service, rec *record.Record, lang i18n.Lang) []choice {
	t.Helper()
	var out []choice
	var walk func(p *Panel, depth int)
	walk = func(p *Panel, depth int) {
		require.Less(t, depth, 4, "the picker goes deeper than three levels")
		require.LessOrEqual(t, len(p.Selects)+(len(p.Buttons)+4)/5, 5, "more than five rows")
		for _, sel := range p.Selects {
			require.LessOrEqual(t, len(sel.Options), 25)
			require.LessOrEqual(t, len(sel.CustomID), 100)
			arg := sel.CustomID[strings.LastIndex(sel.CustomID, "/")+1:]
			for _, o := range sel.Options {
				require.NotEmpty(t, o.Label)
				require.LessOrEqual(t, len(o.Value), 100)
				switch name, _, _ := strings.Cut(arg, ":"); name {
				case "cmd":
					out = append(out, choice{sel.CustomID, o.Value, o.Value})
				case "unit":
					walk(s.picker(rec, "u:"+o.Value, lang), depth+1)
				case "airhex", "obahex":
					walk(s.picker(rec, strings.TrimSuffix(name, "hex")+":"+o.Value, lang), depth+1)
				default:
					t.Fatalf("a menu %s", sel.CustomID)
				}
			}
		}
		for _, b := range p.Buttons {
			arg := b.CustomID[strings.Index(b.CustomID, "/"+pickVerb+"/")+len(pickVerb)+2:]
			arg = arg[strings.Index(arg, "/")+1:]
			arg = arg[strings.Index(arg, "/")+1:]
			switch {
			case strings.HasPrefix(arg, "do:"):
				out = append(out, choice{b.CustomID, "", strings.TrimPrefix(arg, "do:")})
			case (arg == "view:air" || arg == "view:oba") && depth == 0:
				walk(s.picker(rec, strings.TrimPrefix(arg, "view:"), lang), depth+1)
			case strings.HasPrefix(arg, "view:"): // Back
			default:
				t.Fatalf("a button %s", b.CustomID)
			}
		}
	}
	walk(s.picker(rec, "top", lang), 0)
	return out
}

// legalTexts are the commands the side to act may give, as typed: those
// moves lists (every placement in the set-up), and undo.
func legalTexts(g *rules.Game) []string {
	st := &g.State
	var out []string
	if st.Phase() == rules.PhaseSetup {
		for _, a := range st.LegalActions(nil) {
			name, o := commandFor(st.Scenario(), a)
			out = append(out, commandText(name, o))
		}
	} else {
		for _, lc := range legalCommands(st) {
			out = append(out, lc.text)
		}
	}
	if g.CanUndo() {
		out = append(out, "undo")
	}
	sort.Strings(out)
	return out
}

func TestThePickerOffersEveryLegalCommandAndPlaysWholeGames(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		st := newMemStore()
		s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return seed }})
		mustDo(t, s, ann, "new mode:hotseat")
		rng := rand.New(rand.NewPCG(seed, 9))
		for step := 0; ; step++ {
			require.Less(t, step, 3000, "the game does not end")
			rec, err := st.Get(testKey)
			if err != nil {
				break // over and archived
			}
			if rec.Game.State.Over() {
				break
			}
			// Every other step in Japanese: the same commands are offered.
			lang := i18n.Langs()[step%2]
			got := offered(t, s, rec, lang)
			var texts []string
			for _, c := range got {
				texts = append(texts, c.command)
			}
			sort.Strings(texts)
			require.Equal(t, legalTexts(rec.Game), texts, "seed %d step %d (%s): the picker offers what moves lists", seed, step, whatWaits(&rec.Game.State))
			// moves, its lines grouped, read back: exactly the picker's
			// commands (in the set-up, where the picker also offers to move
			// a placed unit, among them).
			listed := expandMoves(t, movesOf(t, s, testKey, i18n.English))
			if rec.Game.State.Phase() == rules.PhaseSetup {
				require.Subset(t, texts, listed, "seed %d step %d: moves lists a command the picker does not offer", seed, step)
			} else {
				require.Equal(t, texts, listed, "seed %d step %d (%s): the picker offers exactly what moves lists", seed, step, whatWaits(&rec.Game.State))
			}
			c := got[rng.IntN(len(got))]
			if c.command == "undo" && rng.IntN(4) > 0 {
				c = got[0] // undo now and then only, so that the game ends
			}
			var values []string
			if c.value != "" {
				values = []string{c.value}
			}
			caller := ann
			caller.Lang = lang
			r := s.HandleButton(context.Background(), testKey, caller, c.customID, values...)
			require.False(t, r.Refused, "seed %d step %d: %s refused: %s %v", seed, step, c.command, r.Private, r.Panel)
			require.NotNil(t, r.Panel, "the picker shows the next step")
		}
	}
}

func TestStaleForeignAndSpectatorPicksAreRefusedAndChangeNothing(t *testing.T) {
	s, st := newService(t, 3)
	mustDo(t, s, ann, "new opponent:<@2>")
	rec, _ := st.Get(testKey)
	play := button(rec, "Play", "play", Success).CustomID

	open := s.HandleButton(context.Background(), testKey, ann, play)
	require.NotNil(t, open.Panel, open.Private)
	assert.True(t, open.Panel.Apart, "the Play button opens the picker as a message of its own")
	spectator := s.HandleButton(context.Background(), testKey, eve, play)
	assert.Nil(t, spectator.Panel)
	assert.Contains(t, spectator.Private, "you can follow the game")
	notYet := s.HandleButton(context.Background(), testKey, bob, play)
	assert.Nil(t, notYet.Panel, "bob does not act in the set-up")

	hist := pickID(rec, "do:setup preset:historical")
	before := st.Commits
	r := s.HandleButton(context.Background(), testKey, eve, hist)
	assert.True(t, r.Refused)
	assert.Contains(t, r.Private, "Not your game")
	assert.Equal(t, before, st.Commits)

	require.False(t, s.HandleButton(context.Background(), testKey, ann, hist).Refused)
	before = st.Commits
	stale := s.HandleButton(context.Background(), testKey, ann, hist)
	assert.True(t, stale.Refused)
	require.NotNil(t, stale.Panel)
	assert.False(t, stale.Panel.Apart, "the picker's own buttons replace it")
	assert.Contains(t, stale.Panel.Text, "earlier position")
	assert.Contains(t, stale.Panel.Text, "1 step was played since")
	assert.NotEmpty(t, stale.Panel.Buttons, "the picker refreshes")
	assert.Equal(t, before, st.Commits, "nothing changed")
}

func TestThePickerSpeaksTheMembersLanguage(t *testing.T) {
	s, st := newService(t, 5)
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical")
	mustDo(t, s, ann, "setup done")
	rec, _ := st.Get(testKey)
	en, ja := s.picker(rec, "top", i18n.English), s.picker(rec, "top", i18n.Japanese)
	assert.Contains(t, en.Text, "Pick a unit")
	assert.Contains(t, ja.Text, "ユニットか、陣営のコマンドを選んでください")
	require.Equal(t, len(en.Selects), len(ja.Selects))
	for i := range en.Selects {
		for j := range en.Selects[i].Options {
			assert.Equal(t, en.Selects[i].Options[j].Value, ja.Selects[i].Options[j].Value, "the values stay the typed commands")
		}
	}
	pseudo := s.picker(rec, "top", i18n.Pseudo)
	for _, b := range pseudo.Buttons {
		assert.Contains(t, b.Label, "⟦", "a button's label bypasses the catalog")
	}
	for _, sel := range pseudo.Selects {
		assert.Contains(t, sel.Placeholder, "⟦")
		for _, o := range sel.Options {
			assert.Contains(t, o.Label, "⟦", "a menu's label bypasses the catalog")
		}
	}
}
