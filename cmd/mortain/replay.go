package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/render"
	"github.com/mortain/mortain/rules"
)

// replayRecord replays an exported game record step by step (mortain
// local --replay GAME.json): each action with its narration, and its map
// in outDir when one is given. At a terminal it waits for Enter between
// steps (q stops).
func (m *Main) replayRecord(path, outDir string, in lineSource, step bool, lang i18n.Lang) int {
	say := func(id string, data map[string]any) string { return i18n.T(lang, id, data) }
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain local --replay:", err)
		return 2
	}
	var r rules.Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil || !rules.KnownRecordFormat(r.Format) {
		fmt.Fprintln(m.Stderr, "mortain local --replay:", say("replay.not-a-record", map[string]any{"Path": path}))
		return 2
	}
	if r.Seed == nil {
		fmt.Fprintln(m.Stderr, "mortain local --replay:", say("replay.no-seed", map[string]any{"Path": path}))
		return 1
	}
	if err := r.Verify(); err != nil {
		fmt.Fprintln(m.Stderr, "mortain local --replay:", say("replay.unverified", map[string]any{"Path": path, "Err": err}))
	}
	sc := rules.DefaultScenario()
	if len(r.Scenario) > 0 && !bytes.Equal(r.Scenario, sc.Source) {
		if sc, err = rules.ParseScenario(r.Scenario); err != nil {
			fmt.Fprintln(m.Stderr, "mortain local --replay:", err)
			return 1
		}
	}
	var draw func(s *rules.State, evs []rules.Event) ([]byte, error)
	if outDir != "" {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			fmt.Fprintln(m.Stderr, "mortain local --replay:", err)
			return 1
		}
		if rd, err := render.New(); err == nil {
			draw = func(s *rules.State, evs []rules.Event) ([]byte, error) {
				return rd.Map(s, evs, render.Options{Lang: lang})
			}
		}
	}
	fmt.Fprintln(m.Stdout, i18n.Plural(lang, "replay.start", len(r.Actions), map[string]any{"Path": path, "US": playerIn(r.Players["us"], lang), "German": playerIn(r.Players["german"], lang)}))
	g := rules.NewGame(sc, r.Options, *r.Seed)
	for i, text := range r.Actions {
		evs, err := g.ApplyText(text)
		if err != nil {
			fmt.Fprintln(m.Stderr, "mortain local --replay:", say("replay.step-refused", map[string]any{"Step": i + 1, "Action": text, "Why": command.ErrorText(err, lang)}))
			return 1
		}
		fmt.Fprintln(m.Stdout, say("replay.step", map[string]any{"Step": i + 1, "Steps": len(r.Actions), "Action": command.TypedCommand(sc, text)}))
		for _, e := range evs {
			if line := command.NarrateIn(sc, e, lang); line != "" {
				fmt.Fprintf(m.Stdout, "  %s\n", plain(line))
			}
		}
		if draw != nil {
			if png, err := draw(&g.State, evs); err == nil {
				name := filepath.Join(outDir, fmt.Sprintf("replay-%04d.png", i+1))
				if os.WriteFile(name, png, 0o644) == nil {
					fmt.Fprintln(m.Stdout, "  "+say("replay.map", map[string]any{"Path": name}))
				}
			}
		}
		if step && i < len(r.Actions)-1 {
			fmt.Fprint(m.Stdout, say("replay.pause", nil)+" ")
			line, err := in.ReadLine()
			if errors.Is(err, io.EOF) || strings.TrimSpace(line) == "q" {
				return 0
			}
		}
	}
	switch st := &g.State; {
	case st.Over():
		fmt.Fprintln(m.Stdout, say("replay.result", map[string]any{"Side": say("side."+st.Winner().String(), nil), "Why": i18n.Outcome(lang, st.Outcome())}))
	case r.Outcome != nil:
		fmt.Fprintln(m.Stdout, say("replay.result-recorded", map[string]any{"Result": i18n.Outcome(lang, *r.Outcome)}))
	case r.Result != "":
		fmt.Fprintln(m.Stdout, say("replay.result-recorded", map[string]any{"Result": r.Result}))
	}
	return 0
}

// aiPlayer is how a record names an AI's seat: "the AI (hard)".
var aiPlayer = regexp.MustCompile(`^the AI \(([a-z]+)\)$`)

// playerIn words a record's player in lang: the terminal's player and
// the AI as the game words them, a member's name as it is.
func playerIn(name string, lang i18n.Lang) string {
	if name == "you" {
		return i18n.T(lang, "reply.seat.you", nil)
	}
	if m := aiPlayer.FindStringSubmatch(name); m != nil {
		return i18n.T(lang, "reply.seat.ai", map[string]any{"Level": i18n.Level(lang, m[1])})
	}
	return name
}
