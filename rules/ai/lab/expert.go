package lab

import (
	"context"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/internal/principles"
)

// The scripted experts (issue 50): one rule-based player a side, with no
// search, playing by the principles a wargamer names, to measure the AI
// against. Each decision scores the legal actions by those principles and
// plays the best (ties broken by the seed). Both sides concentrate fire
// on the target worth most for the chance to hit (R6.4, R6.8), never
// pass with a shot worth its activation, and keep out of open hexes that
// two or more enemy units can fire at. The German (expertgerman.go)
// enters and moves the Tiger with a tank (R5.4, R4.6), goes round the US
// strongpoints towards the west edge and exits (R5.5, R8.1); the US
// (expertus.go) holds Mortain, Hill 314 and Romagny, sets up away from the
// German entry edge, brings the combat commands in to block the exits
// (R5.3) and strikes German stacks with Air and OBA (R7). They are the
// lab's sparring partners (sparring.go, mortain-lab sparring); every
// action they play comes from State.LegalActions.

// ExpertLevel is the name the experts play under in the lab's matches
// (Sparring, SparringPlayers).
const ExpertLevel = "expert"

// expert is the scripted expert of one side.
type expert struct {
	side rules.Side
	r    rng
	buf  []rules.Action
	// setup is the US set-up it places (R2.1).
	setup ai.USSetup
}

// NewExpert returns the scripted expert of side, seeded: as the US the
// seed picks its set-up among expertSetups; either side breaks ties
// between equal actions with it.
func NewExpert(side rules.Side, seed uint64) ai.Player {
	p := &expert{side: side, r: rng(seed), buf: make([]rules.Action, 0, 256)}
	if side == rules.US {
		p.setup = expertSetups[mix(seed, 1)%uint64(len(expertSetups))]
	}
	return p
}

// Choose plays the side to act in s, which must be the expert's side.
func (p *expert) Choose(_ context.Context, s *rules.State) (rules.Action, error) {
	if s.Over() {
		return rules.Action{}, ai.ErrGameOver
	}
	p.buf = s.SingleActions(p.buf[:0])
	legal := p.buf
	switch s.Phase() {
	case rules.PhaseSetup:
		return p.setupStep(s, legal), nil
	case rules.PhaseFaceChoice:
		return faceChoice(s, legal), nil
	}
	scores := principles.Scores(s, legal)
	return legal[p.best(scores)], nil
}

// best is the index of the highest score, ties broken by the generator.
func (p *expert) best(scores []float64) int {
	best, ties := 0, 1
	for i := 1; i < len(scores); i++ {
		switch {
		case scores[i] > scores[best]+1e-9:
			best, ties = i, 1
		case scores[i] > scores[best]-1e-9:
			ties++
			if p.r.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
}

// setupStep places the next unit of the expert's set-up, then ends the
// set-up (R2.1); a placement the engine does not list (another
// scenario) falls back on the first legal action, the historical preset
// when listed.
func (p *expert) setupStep(s *rules.State, legal []rules.Action) rules.Action {
	sc := s.Scenario()
	for _, pl := range p.setup {
		u, ok := sc.UnitByID(pl.Unit)
		if !ok || s.Unit(u).Status == rules.OnMap {
			continue
		}
		if a := rules.Place(u, pl.Hex); contains(legal, a) {
			return a
		}
	}
	for _, k := range []rules.ActionKind{rules.ActSetupDone, rules.ActHistorical} {
		for _, a := range legal {
			if a.Kind == k {
				return a
			}
		}
	}
	return legal[0]
}

// contains reports whether legal lists a.
func contains(legal []rules.Action, a rules.Action) bool {
	for _, b := range legal {
		if b == a {
			return true
		}
	}
	return false
}

// faceChoice answers a face card drawn in combat (R6.8): the US always
// redraws (the Joker, which cancels the attack and ends the turn, suits
// it); the German redraws unless the Joker is likelier than a hit is
// worth.
func faceChoice(s *rules.State, legal []rules.Action) rules.Action {
	redraw := true
	if s.ToAct() == rules.German {
		joker := 0.0
		if !jokerDrawn(s) && s.DeckLeft() > 0 {
			joker = 1 / float64(s.DeckLeft())
		}
		p := 0.0
		if e, ok := s.PendingOdds(); ok {
			p = s.HitChance(int(e.N))
		}
		redraw = p > 3*joker
	}
	for _, a := range legal {
		if (a.Kind == rules.ActRedraw) == redraw {
			return a
		}
	}
	return legal[0]
}

// jokerDrawn reports whether the Joker was drawn this turn.
func jokerDrawn(s *rules.State) bool {
	for _, c := range s.Drawn() {
		if c.IsJoker() {
			return true
		}
	}
	return false
}
