package command

import (
	"fmt"
	"math"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
)

// SettingRanked is the Record.Settings entry of a ranked game ("yes").
const SettingRanked = store.SettingRanked

// ratingStore is a store that rates ranked games (*store.DB).
type ratingStore interface {
	RatingPreview(rec *store.Record) (map[rules.Side]store.RatingChange, bool, error)
}

// rankedSetting decides whether a new game is ranked: between two
// members, yes unless ranked:no; ranked:yes is refused for any other.
func rankedSetting(o map[string]string, me, other store.Seat) (string, error) {
	v := strings.ToLower(strings.TrimSpace(o[SettingRanked]))
	members := me.AI == "" && other.AI == "" && me.UserID != "" && me.UserID != other.UserID
	switch {
	case v == "no":
		return "", nil
	case !members && v == "yes":
		return "", refuse("ranked:yes is for games between two members: a game against the AI, a hotseat game or an AI-vs-AI game is never rated.")
	case !members:
		return "", nil
	}
	return "yes", nil
}

// ratingLine words what a ranked game that ends does to its players'
// ratings ("Ratings: alice 1512 → 1528 (+16) · bob 1490 → 1474 (−16)"),
// or "" when it is not rated.
func (s *Service) ratingLine(rec *store.Record) string {
	rs, ok := s.cfg.Store.(ratingStore)
	if !ok || rec.Settings[SettingRanked] != "yes" {
		return ""
	}
	changes, rated, err := rs.RatingPreview(rec)
	if err != nil {
		s.cfg.Logger.Error("working out the ratings of a game", "key", rec.Key, "err", err)
		return ""
	}
	if !rated {
		switch {
		case rec.Game.State.Winner() == rules.NoSide && rec.Settings[SettingResigned] == "":
			return ""
		case rec.Settings[store.SettingUnrated] != "":
			return "Not rated: " + rec.Settings[store.SettingUnrated] + "."
		case len(rec.Game.History) < store.MinRatedSteps:
			return fmt.Sprintf("Not rated: a ranked game is rated once it has %d steps.", store.MinRatedSteps)
		}
		return "Not rated: a ranked game is rated between two members only."
	}
	var parts []string
	for _, side := range []rules.Side{rules.US, rules.German} {
		c := changes[side]
		parts = append(parts, fmt.Sprintf("%s %d → %d (%s)", seatName(rec.Seats[side]), round(c.Before), round(c.After), signed(c.Delta())))
	}
	return "Ratings: " + strings.Join(parts, " · ")
}

func round(x float64) int { return int(math.Round(x)) }

// signed writes a change with its sign: "+16", "−16", "±0".
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "±0"
}

// ratingText words a player's rating: "1528 (±64)", "1500 (provisional,
// ±350)".
func ratingText(p *store.PlayerStats) string {
	r := p.Rating()
	if p.Provisional() {
		return fmt.Sprintf("%d (provisional, ±%d)", round(r.R), round(2*r.RD))
	}
	return fmt.Sprintf("%d (±%d)", round(r.R), round(2*r.RD))
}

// levelRatings are the AI levels' ratings on the players' scale, by the
// side they play (docs/ai.md, "Ratings of the levels", says how they were
// measured and the command that measures them again).
var levelRatings = map[string][2]int{
	"random": {LevelRatingRandomUS, LevelRatingRandomGerman},
	"easy":   {LevelRatingEasyUS, LevelRatingEasyGerman},
	"hard":   {LevelRatingHardUS, LevelRatingHardGerman},
}

// levelsText words the levels with their ratings, for help.
func levelsText() string {
	var parts []string
	for _, l := range []string{"random", "easy", "hard"} {
		r := levelRatings[l]
		parts = append(parts, fmt.Sprintf("%s ≈ %d as US, %d as German", l, r[0], r[1]))
	}
	return strings.Join(parts, "; ")
}
