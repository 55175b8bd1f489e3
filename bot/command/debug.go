package command

import (
	"context"
	"errors"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// debugCommands edit a game in local play started with --debug.
var debugCommands = []Command{
	{Definition: Definition{Name: "debug", Positional: "edit", Acts: true, Example: `debug deck cards:"5H KS"`,
		Options: []Option{{Name: "edit", Required: true}, {Name: "unit"}, {Name: "hex"}, {Name: "n"}, {Name: "side"}, {Name: "points"}, {Name: "card"}, {Name: "cards"}}},
		run: (*Service).debug, LocalOnly: true, Debug: true},
}

// debug performs a debug edit (local play with --debug only), recorded in
// the game's history so that it replays. Its refusals are in the
// member's language.
func (s *Service) debug(_ context.Context, req Request) (Response, error) {
	o := req.Options
	say := func(id string, data map[string]any) error {
		return &refusal{msg: tr(req.Lang, id, data)}
	}
	help := i18n.T(req.Lang, "options.debug.help", nil)
	need := func(names ...string) error {
		for _, n := range names {
			if o[n] == "" {
				return say("options.debug.needs", map[string]any{"Edit": o["edit"], "Option": n, "Help": help})
			}
		}
		return nil
	}
	var text string
	switch edit := strings.ToLower(o["edit"]); edit {
	case "position":
		return s.debugPosition(req)
	case "place":
		if err := need("unit", "hex"); err != nil {
			return Response{}, err
		}
		text = "debug place " + o["unit"] + " " + o["hex"]
	case "flip":
		if err := need("unit"); err != nil {
			return Response{}, err
		}
		text = "debug flip " + o["unit"]
	case "turn":
		if err := need("n"); err != nil {
			return Response{}, err
		}
		text = "debug turn " + o["n"]
	case "round":
		if err := need("side"); err != nil {
			return Response{}, err
		}
		v := o["points"]
		if o["card"] != "" {
			v = o["card"]
		}
		if v == "" {
			return Response{}, say("options.debug.round-needs", nil)
		}
		text = "debug round " + o["side"] + " " + v
	case "deck":
		if err := need("cards"); err != nil {
			return Response{}, err
		}
		text = "debug deck " + o["cards"]
	default:
		return Response{}, say("options.debug.unknown-edit", map[string]any{"Edit": quote(edit), "Help": help})
	}
	out, err := s.commit(req.Key, func(*record.Record) error { return nil }, func(g *rules.Game) ([]rules.Event, string, error) {
		if err := g.Debug(text); err != nil {
			var re *rules.RuleError
			if errors.As(err, &re) {
				return nil, "", err
			}
			why := err.Error()
			var de *rules.DebugError
			if errors.As(err, &de) {
				why = i18n.DebugRefusal(req.Lang, de)
			}
			return nil, "", say("options.debug.refused", map[string]any{"Why": why})
		}
		return nil, g.History[len(g.History)-1], nil
	})
	if err != nil {
		return Response{}, err
	}
	return out.resp, nil
}

// debugPosition answers debug position: the position in the notation of
// rules.ParsePosition, the next cards included, for a bug report or a
// test. It shows the undrawn cards, so the read is kept in the game's
// history ("debug position"): its record then names it a debug game, as a
// debug edit does, and undo does not go back past it.
func (s *Service) debugPosition(req Request) (Response, error) {
	var pos string
	_, err := s.commit(req.Key, func(*record.Record) error { return nil }, func(g *rules.Game) ([]rules.Event, string, error) {
		pos = g.State.Position()
		return nil, "", g.Debug("debug position")
	}, func(*outcome) Response { return Response{} })
	if err != nil {
		return Response{}, err
	}
	return Response{Private: pos}, nil
}
