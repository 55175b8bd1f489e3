package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/render"
	"github.com/mortain/mortain/rules"
)

// replayRecord replays an exported game record step by step (mortain
// local --replay GAME.json): each action with its narration, and its map
// in outDir when one is given. At a terminal it waits for Enter between
// steps (q stops).
func (m *Main) replayRecord(path, outDir string, in lineSource, step bool) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain local --replay:", err)
		return 2
	}
	var r rules.Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil || r.Format != rules.RecordFormat {
		fmt.Fprintf(m.Stderr, "mortain local --replay: %s is not a game record made by export\n", path)
		return 2
	}
	if r.Seed == nil {
		fmt.Fprintf(m.Stderr, "mortain local --replay: %s has no seed yet (its game was still running when exported): the cards cannot be dealt again until it ends\n", path)
		return 1
	}
	if err := r.Verify(); err != nil {
		fmt.Fprintf(m.Stderr, "mortain local --replay: %s does not check out (%v); replaying what its seed deals\n", path, err)
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
			draw = func(s *rules.State, evs []rules.Event) ([]byte, error) { return rd.Map(s, evs, render.Options{}) }
		}
	}
	fmt.Fprintf(m.Stdout, "Replaying %s: %d steps. Players: US %s, German %s.\n", path, len(r.Actions), r.Players["us"], r.Players["german"])
	g := rules.NewGame(sc, r.Options, *r.Seed)
	for i, text := range r.Actions {
		evs, err := g.ApplyText(text)
		if err != nil {
			fmt.Fprintf(m.Stderr, "mortain local --replay: step %d (%s): %v\n", i+1, text, err)
			return 1
		}
		fmt.Fprintf(m.Stdout, "— step %d of %d: %s\n", i+1, len(r.Actions), text)
		for _, e := range evs {
			if line := command.Narrate(sc, e); line != "" {
				fmt.Fprintf(m.Stdout, "  %s\n", plain(line))
			}
		}
		if draw != nil {
			if png, err := draw(&g.State, evs); err == nil {
				name := filepath.Join(outDir, fmt.Sprintf("replay-%04d.png", i+1))
				if os.WriteFile(name, png, 0o644) == nil {
					fmt.Fprintf(m.Stdout, "  map: %s\n", name)
				}
			}
		}
		if step && i < len(r.Actions)-1 {
			fmt.Fprint(m.Stdout, "(Enter for the next step, q to stop) ")
			line, err := in.ReadLine()
			if errors.Is(err, io.EOF) || strings.TrimSpace(line) == "q" {
				return 0
			}
		}
	}
	if r.Result != "" {
		fmt.Fprintf(m.Stdout, "Result: %s\n", r.Result)
	}
	return 0
}
