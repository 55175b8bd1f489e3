// Package ai plays Stand at Mortain for either side, through the same
// actions as a person: a random baseline, a quick heuristic (easy) and a
// search player (hard) that samples the hidden order of the undrawn cards.
package ai

import (
	"context"
	"fmt"
	"strings"

	"github.com/mortain/mortain/rules"
)

// Player chooses the next action for the side to act in s. Choose is called
// only when the game waits for the player's side; it must return an action
// that s.Apply accepts. ctx bounds the time a search may take.
type Player interface {
	Choose(ctx context.Context, s *rules.State) (rules.Action, error)
}

// Levels lists the AI levels, weakest first.
var Levels = []string{"random", "easy", "hard"}

// New returns a player of the named level, seeded for reproducible play;
// the hard level thinks for the default time per decision.
func New(level string, seed uint64) (Player, error) {
	return NewWithBudget(level, seed, Budget{})
}

// NewWithBudget is New with the hard level's search budget per decision
// (ignored by the other levels). As the US, the easy level sets up as one
// of aiSetups and the hard level as one of hardSetups, chosen by the seed;
// the random level places its units at random.
func NewWithBudget(level string, seed uint64, b Budget) (Player, error) {
	switch strings.ToLower(strings.TrimSpace(level)) {
	case "random":
		return &randomPlayer{p: rules.NewRandomPlayer(seed)}, nil
	case "easy":
		return &placedEasy{newEasy(seed), aiPlacer(seed, aiSetups())}, nil
	case "hard":
		return &placedHard{newHard(seed, b).withPlan(), aiPlacer(seed, hardSetups())}, nil
	}
	return nil, fmt.Errorf("AI level %q: choose one of %s", level, strings.Join(Levels, ", "))
}

// randomPlayer picks uniformly among the legal actions (the baseline).
type randomPlayer struct{ p *rules.RandomPlayer }

func (r *randomPlayer) Choose(_ context.Context, s *rules.State) (rules.Action, error) {
	a, ok := r.p.Choose(s)
	if !ok {
		return rules.Action{}, ErrGameOver
	}
	return a, nil
}
