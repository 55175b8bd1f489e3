// Package hooks is how the AI lab (rules/ai/lab) reaches inside the
// players of rules/ai: it builds them with weights of its choice, reads
// the hard level's counters, the value model's features and the
// heuristic's scores. None of this is API of rules/ai; rules/ai sets the
// hooks when it is initialised.
package hooks

import (
	"context"
	"time"

	"github.com/mortain/mortain/rules"
)

// GermanWeights are the German side's weights in the heuristic of
// rules/ai (its weights.go holds the values the levels play with).
type GermanWeights struct {
	Move     float64 // value of one hex of progress west
	Sideways float64 // value of a move within the same column
	Cover    float64 // per point of terrain modifier gained
	Threat   float64 // per point of enemy firepower faced
	FireCost float64 // an activation spent on fire, in hexes of progress
	Joker    float64 // cost of the Joker ending the turn, on a redraw
	Tiger    float64 // the Tiger following its stack for free
	TigerPay float64 // the Tiger moving on its own point
	Enter    float64 // entering, on top of one hex of progress
	Pair     float64 // entering with the Tiger (R5.4)
	Lead     float64 // moving west, per column the unit has already gone
	FlipRun  float64 // moving a flipped unit west
	Escape   float64 // moving west, per point of enemy fire on the hex left
	Crowd    float64 // entering, cost per German unit already on the map
	FireMul  float64 // scale of the value of hitting a US unit (0 means 1)
	// Menace raises the value of hitting a US unit by the German units it
	// can fire at: those on the map in its reach, and those in reserve in
	// the share of the entry column it reaches (a unit covering the east
	// edge menaces every German unit still to enter).
	Menace float64
	// Approach values a move by the US units the unit could fire at from
	// its new hex against its old one (their values, by its factors).
	Approach float64
	// Hunt makes the German close in on the nearest US units instead of
	// moving west: it plays for R8.2 (no US unit left) rather than for
	// R8.1 (five exits), and still exits a unit that stands in column 11.
	Hunt bool
}

// Player is rules/ai's Player.
type Player interface {
	Choose(ctx context.Context, s *rules.State) (rules.Action, error)
}

// Hard is the hard level built by NewHard, with its counters.
type Hard interface {
	Player
	// Counts returns the number of decisions that ran a search, and
	// their iterations (the US) or playouts (the German).
	Counts() (searches, iterations int)
}

// The hooks, set by rules/ai.
var (
	// EasyGerman and HardGerman return the German weights of the easy
	// level and of the hard level's heuristic.
	EasyGerman, HardGerman func() GermanWeights
	// NewEasy returns the easy heuristic playing the historical US
	// set-up, with the German weights w (nil: the easy level's).
	NewEasy func(seed uint64, w *GermanWeights) Player
	// NewHard returns the hard level playing the historical US set-up,
	// with a budget of iterations or time per decision on workers
	// threads (zero: the defaults) and the German weights w (nil: the
	// hard level's).
	NewHard func(seed uint64, iterations int, t time.Duration, workers int, w *GermanWeights) Hard
	// GermanFeatures describes s for the value model of the German
	// search (the order of its weights).
	GermanFeatures func(s *rules.State) []float64
	// ExitsLost reports whether too few German units are left in the
	// game for their exits to win (R8.1), as the heuristic reads it.
	ExitsLost func(s *rules.State) bool
	// NumFeatures is the number of GermanFeatures.
	NumFeatures int
	// Scores are the heuristic's scores of the legal actions of s (a
	// blunder scores below every other action), with the German weights
	// w.
	Scores func(s *rules.State, w *GermanWeights, legal []rules.Action) []float64
	// AttackN is N of R6.8 for an attack on t by the units of the mask
	// firers, made now: their strength less the terrain, cover,
	// adjacency and Tiger modifiers.
	AttackN func(s *rules.State, firers uint32, t rules.UnitID) int
)

// Mix derives an independent seed from a seed and a stream number, as the
// players do.
var Mix func(seed, stream uint64) uint64
