package command

import (
	"context"
	"errors"
	"fmt"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/store/record"
)

var errStale = errors.New("the game changed while the AI was thinking")

// aiSeed seeds the AI's decision from the game and its progress, so a game
// replays the same for a fixed seed.
func aiSeed(g *rules.Game) uint64 { return g.Seed*0x9E3779B97F4A7C15 + uint64(len(g.History)) + 1 }

// AIStep plays one action for the AI when it holds the side to act in the
// game of key, committed through the store like a person's, and returns
// its post (none for a step a later post tells: the AI's set-up, its
// round in a game that posts by round). more reports that the AI is to
// act again: the front end calls AIStep again, after a pause when the
// Response has Pause set (a game the AI plays for both sides, at the pace
// chosen when it was created). With nothing for the AI to do it returns an
// empty Response and false. Errors are internal (store, AI) and logged.
func (s *Service) AIStep(ctx context.Context, key record.Key) (resp Response, more bool, err error) {
	defer s.busy.Lock(key)()
	for attempt := 0; attempt < 3; attempt++ {
		resp, more, err = s.aiStep(ctx, key)
		if !errors.Is(err, errStale) {
			break
		}
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		s.cfg.Logger.Error("AI step", "key", key, "err", err)
	}
	return resp, more, err
}

func (s *Service) aiStep(ctx context.Context, key record.Key) (Response, bool, error) {
	rec, err := s.cfg.Store.Get(key)
	if errors.Is(err, record.ErrNotFound) {
		return Response{}, false, nil
	}
	if err != nil {
		return Response{}, false, err
	}
	st := rec.Game.State
	if rec.Ended() {
		return Response{}, false, nil
	}
	seat := rec.Seats[st.ToAct()]
	if seat.AI == "" {
		return Response{}, false, nil
	}
	p, err := s.cfg.AI(seat.AI, aiSeed(rec.Game))
	if err != nil {
		return Response{}, false, err
	}
	// The hard US reads the German's style from the game so far.
	if err := ai.WatchGame(p, rec.Game); err != nil {
		return Response{}, false, fmt.Errorf("AI %s: %w", seat.AI, err)
	}
	cctx := ctx
	if s.cfg.AITimeout > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithTimeout(ctx, s.cfg.AITimeout)
		defer cancel()
	}
	a, err := p.Choose(cctx, &st)
	if err != nil {
		return Response{}, false, fmt.Errorf("AI %s: %w", seat.AI, err)
	}
	n, seed := len(rec.Game.History), rec.Game.Seed
	out, err := s.commit(key, func(r *record.Record) error {
		if len(r.Game.History) != n || r.Game.Seed != seed {
			return errStale
		}
		return nil
	}, func(g *rules.Game) ([]rules.Event, string, error) {
		evs, err := g.Apply(a)
		if err != nil {
			return nil, "", fmt.Errorf("AI %s chose %q, which the rules refuse: %w", seat.AI, a.Format(g.State.Scenario()), err)
		}
		return evs, "", nil
	}, s.reportAI)
	if err != nil {
		return Response{}, false, err
	}
	return out.resp, out.resp.AINext, nil
}

// reportAI builds the post of the AI's step out, if it has one of its own
// (untold), with the Continue button where an AI-vs-AI game pauses.
func (s *Service) reportAI(out *outcome) Response {
	if untold(out) {
		// Told by the post that ends the set-up, or the round.
		return Response{AINext: true, Pending: true}
	}
	resp := s.report(out)
	resp.Pending = ai.Ends(out.events) == ai.PaceNone
	if resp.AINext && isAI(out.rec, rules.US) && isAI(out.rec, rules.German) && pauses(out.rec.Meta.Pace, out.events) {
		resp.Pause = true
		resp.Posts[0].Buttons = []Button{continueButton(out.rec)}
	}
	return resp
}

// pauses reports whether a step with these events reaches the boundary
// the pace names.
func pauses(pace string, evs []rules.Event) bool {
	switch pace {
	case PaceActivation:
		return true
	case PaceRound, PaceTurn:
		for _, e := range evs {
			if e.Kind == rules.EvTurnEnd || (pace == PaceRound && e.Kind == rules.EvRoundEnd) {
				return true
			}
		}
	}
	return false
}
