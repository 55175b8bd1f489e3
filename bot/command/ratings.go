package command

import (
	"fmt"
	"math"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// SettingRanked is the option of new that makes a game ranked
// (Meta.Ranked).
const SettingRanked = "ranked"

// ratingStore is a store that rates ranked games as it archives them
// (*store.DB; the tests' in-memory store does not).
type ratingStore interface {
	RecomputeRatings() (int, error)
}

// rankedSetting decides whether a new game is ranked: between two
// members, yes unless ranked:no; ranked:yes is refused for any other.
func rankedSetting(o map[string]string, me, other record.Seat) (string, error) {
	v := strings.ToLower(strings.TrimSpace(o[SettingRanked]))
	members := me.AI == "" && other.AI == "" && me.UserID != "" && me.UserID != other.UserID
	switch {
	case v == "no":
		return "", nil
	case !members && v == "yes":
		return "", refuseT("rating.ranked-refused", nil)
	case !members:
		return "", nil
	}
	return "yes", nil
}

// unratedAI is the Meta.Unrated of a game whose side was handed
// to the AI (the result post words it from the catalog, rating.unrated-ai).
const unratedAI = "an AI played a side"

// ratingLine words what archiving a ranked game that ended did to its
// players' ratings, f being its archive entry ("Ratings: alice 1512 →
// 1528 (+16) · bob 1490 → 1474 (−16)"), or why it was not rated, in the
// game's language; "" for an unranked game.
func (s *Service) ratingLine(rec *record.Record, f *record.Finished) string {
	lang := langOf(rec.Meta)
	if _, ok := s.cfg.Store.(ratingStore); !ok || !rec.Meta.Ranked {
		return ""
	}
	if f == nil || !f.Rated {
		switch {
		case rec.Outcome().Winner == rules.NoSide:
			return ""
		case rec.Meta.Unrated != "":
			why := rec.Meta.Unrated
			if why == unratedAI {
				why = i18n.T(lang, "rating.unrated-ai", nil)
			}
			return i18n.T(lang, "rating.not-rated", map[string]any{"Why": why})
		case rec.Game.PlayedSteps() < record.MinRatedSteps:
			return i18n.Plural(lang, "rating.few-steps", record.MinRatedSteps, nil)
		}
		return i18n.T(lang, "rating.members-only", nil)
	}
	var parts []string
	for _, side := range []rules.Side{rules.US, rules.German} {
		c := f.Ratings[side]
		parts = append(parts, i18n.T(lang, "rating.change", map[string]any{"Name": seatNameIn(s.cfg.FrontEnd, rec.Seats[side], lang),
			"Before": round(c.Before), "After": round(c.After), "Delta": signed(c.Delta())}))
	}
	return i18n.T(lang, "rating.line", map[string]any{"Changes": strings.Join(parts, " · ")})
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
