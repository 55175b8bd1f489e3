package command

import (
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
)

// The words of people, deadlines, threads and ratings in a language: the
// seats, the sides, the AI levels and what a game waits for, as
// seatName, seatsLine and whatWaits word them in English.

// sideIn is a side's name in lang ("US", "German").
func sideIn(lang i18n.Lang, s rules.Side) string { return narrator{lang: lang}.side(s) }

// levelIn is an AI level's name in lang ("easy").
func levelIn(lang i18n.Lang, level string) string {
	id := "choice.level." + level
	if lang == i18n.English || !i18n.Has(lang, id) {
		return level
	}
	return i18n.T(lang, id, nil)
}

// seatNameIn is seatName in lang: the holder's display name, else their
// mention, the AI with its level, or an open seat.
func seatNameIn(lang i18n.Lang, seat store.Seat) string {
	switch {
	case seat.AI != "":
		return i18n.T(lang, "people.seat.ai", map[string]any{"Level": levelIn(lang, seat.AI)})
	case seat.UserID == "":
		return i18n.T(lang, "people.seat.open", nil)
	}
	return seatName(seat)
}

// seatsLineIn is seatsLine in lang: "US: Ann · German: the AI (easy)".
func seatsLineIn(lang i18n.Lang, seats map[rules.Side]store.Seat) string {
	return i18n.T(lang, "people.seats", map[string]any{"US": seatNameIn(lang, seats[rules.US]), "German": seatNameIn(lang, seats[rules.German])})
}

// waitsIn is whatWaits in lang: "the German round", "the US set-up".
func waitsIn(lang i18n.Lang, st *rules.State) string {
	switch st.Phase() {
	case rules.PhaseSetup:
		return i18n.T(lang, "pick.waits-setup", nil)
	case rules.PhaseFaceChoice:
		return i18n.T(lang, "pick.waits-face", map[string]any{"Side": sideIn(lang, st.ToAct())})
	case rules.PhaseOver:
		return i18n.T(lang, "pick.waits-over", nil)
	}
	return i18n.T(lang, "pick.waits-round", map[string]any{"Side": sideIn(lang, st.RoundSide())})
}

// listIn joins the items of a list in lang: "a, b, c" ("a、b、c").
func listIn(lang i18n.Lang, items []string) string {
	if lang == i18n.Japanese {
		return strings.Join(items, "、")
	}
	return strings.Join(items, ", ")
}
