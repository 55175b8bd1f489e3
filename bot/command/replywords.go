package command

import (
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// The words of the game's replies and posts that several files share: a
// side, a seat, both seats, what the game waits for, a result. Each takes
// the language to word it in; the English-only names (seatName,
// seatsLine, whatWaits, resultLine) stay for their callers not yet moved
// to the catalog.

// phrase is a refusal's data worded in the language the refusal is worded
// in (the caller's), known only when Service.fail words it.
type phrase func(i18n.Lang) string

// wordData is data for a catalog message in lang: its phrases and sides
// worded in lang.
func wordData(data map[string]any, lang i18n.Lang) map[string]any {
	if data == nil {
		return nil
	}
	out := make(map[string]any, len(data))
	for k, v := range data {
		switch v := v.(type) {
		case phrase:
			out[k] = v(lang)
		case rules.Side:
			out[k] = sideName(v, lang)
		default:
			out[k] = v
		}
	}
	return out
}

// tr is message id in lang, its phrases and sides worded in lang.
func tr(lang i18n.Lang, id string, data map[string]any) string {
	return i18n.T(lang, id, wordData(data, lang))
}

// sideName is a side's name in lang ("US", "German").
func sideName(s rules.Side, lang i18n.Lang) string { return narrator{lang: lang}.side(s) }

// seatNameIn words a seat in lang: the holder's display name, else their
// name as the front end gives it (FrontEnd.Member); "the AI (hard)"; "an open seat".
func seatNameIn(fe FrontEnd, seat record.Seat, lang i18n.Lang) string {
	switch {
	case seat.AI != "":
		return i18n.T(lang, "reply.seat.ai", map[string]any{"Level": i18n.Level(lang, seat.AI)})
	case seat.UserID == "":
		return i18n.T(lang, "reply.seat.open", nil)
	case seat.UserID == LocalPlayer:
		return i18n.T(lang, "reply.seat.you", nil)
	case seat.Name != "":
		return i18n.T(lang, "reply.seat.name", map[string]any{"Name": seat.Name})
	}
	return fe.Member(seat.UserID)
}

// seatsLineIn words both seats in lang: "US: Ann · German: the AI (easy)".
func seatsLineIn(fe FrontEnd, seats map[rules.Side]record.Seat, lang i18n.Lang) string {
	return i18n.T(lang, "reply.seats", map[string]any{"US": seatNameIn(fe, seats[rules.US], lang), "German": seatNameIn(fe, seats[rules.German], lang)})
}

// whatWaitsIn words what the game waits for in lang: "the German round".
func whatWaitsIn(st *rules.State, lang i18n.Lang) string {
	return words{st.Scenario(), lang}.waits(st)
}

// seatsPhrase, waitsPhrase are seatsLineIn and whatWaitsIn for a refusal.
func seatsPhrase(fe FrontEnd, seats map[rules.Side]record.Seat) phrase {
	return func(l i18n.Lang) string { return seatsLineIn(fe, seats, l) }
}

func waitsPhrase(st *rules.State) phrase {
	return func(l i18n.Lang) string { return whatWaitsIn(st, l) }
}

func seatPhrase(fe FrontEnd, seat record.Seat) phrase {
	return func(l i18n.Lang) string { return seatNameIn(fe, seat, l) }
}

// listPhrase is a list of ids for a refusal, joined as its language
// joins lists.
func listPhrase(items []string) phrase {
	return func(l i18n.Lang) string { return i18n.List(l, items) }
}

// reasonPhrase is one of the rules' reasons for a refusal.
func reasonPhrase(why rules.Reason) phrase {
	return func(l i18n.Lang) string { return i18n.Reason(l, why) }
}
