package record

import (
	"math"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/glicko2"
)

// Wins and losses in PlayerStats.VsHuman and the values of VsAI.
const (
	Win  = 0
	Loss = 1
)

// TotalWins is the player's wins with either side.
func (p *PlayerStats) TotalWins() int { return p.Wins[rules.US] + p.Wins[rules.German] }

// TotalLosses is the player's losses with either side.
func (p *PlayerStats) TotalLosses() int { return p.Losses[rules.US] + p.Losses[rules.German] }

// The thresholds of rated games.
const (
	// MinRatedSteps is the fewest steps a game needs to be rated: a game
	// given up at once says nothing of its players.
	MinRatedSteps = 10
	// RatingPeriod is Glicko-2's rating period: a player's deviation grows
	// with every period without a rated game.
	RatingPeriod = 24 * time.Hour
	// ProvisionalRD is the deviation above which a rating is provisional
	// (not yet on the leaderboard).
	ProvisionalRD = 110.0
)

// RatingChange is what a rated game did to a player's rating.
type RatingChange struct {
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	RD     float64 `json:"rd"` // the deviation after
}

// Delta is the change, rounded as shown.
func (c RatingChange) Delta() int { return int(math.Round(c.After)) - int(math.Round(c.Before)) }

// Rating is the player's rating (a new player's when they have no rated
// game).
func (p *PlayerStats) Rating() glicko2.Rating {
	if p.RatedGames == 0 {
		return glicko2.New()
	}
	return glicko2.Rating{R: p.RatingValue, RD: p.RatingRD, Vol: p.RatingVol}
}

// Provisional reports whether the player's rating is still uncertain.
func (p *PlayerStats) Provisional() bool { return p.RatedGames == 0 || p.RatingRD > ProvisionalRD }
