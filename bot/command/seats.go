package command

import (
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
)

// holds reports whether caller sits in seat.
func holds(seat store.Seat, c Caller) bool {
	if seat.AI != "" {
		return false
	}
	if seat.UserID != "" {
		return seat.UserID == c.UserID
	}
	return seat.Name != "" && strings.EqualFold(seat.Name, c.Name)
}

func open(seat store.Seat) bool { return seat.AI == "" && seat.UserID == "" && seat.Name == "" }

// sidesOf lists the sides caller holds, US first.
func sidesOf(rec *store.Record, c Caller) []rules.Side {
	var out []rules.Side
	for _, side := range []rules.Side{rules.US, rules.German} {
		if holds(rec.Seats[side], c) {
			out = append(out, side)
		}
	}
	return out
}

// seatName words a seat for messages.
func seatName(seat store.Seat) string {
	switch {
	case seat.AI != "":
		return "the AI (" + seat.AI + ")"
	case seat.Name != "":
		return seat.Name
	case seat.UserID != "":
		return "<@" + seat.UserID + ">"
	}
	return "an open seat"
}

// seatsLine words both seats: "US: Ann · German: the AI (easy)".
func seatsLine(seats map[rules.Side]store.Seat) string {
	return "US: " + seatName(seats[rules.US]) + " · German: " + seatName(seats[rules.German])
}

// mentionOf is the user to ping for side, or "".
func mentionOf(rec *store.Record, side rules.Side) string {
	seat := rec.Seats[side]
	if seat.AI != "" {
		return ""
	}
	return seat.UserID
}

// isAI reports whether the AI holds side.
func isAI(rec *store.Record, side rules.Side) bool { return rec.Seats[side].AI != "" }

// whatWaits words what the game waits for: "the German round", "the US
// set-up", "the US choice of redraw or miss".
func whatWaits(st *rules.State) string {
	switch st.Phase() {
	case rules.PhaseSetup:
		return "the US set-up"
	case rules.PhaseFaceChoice:
		return "the " + st.ToAct().Title() + " choice of redraw or miss"
	case rules.PhaseOver:
		return "nothing: the game is over"
	}
	return "the " + st.RoundSide().Title() + " round"
}

// mayAct checks that caller may act now for the side to act.
func mayAct(rec *store.Record, c Caller) error {
	st := &rec.Game.State
	if st.Over() {
		return refuse("The game is over: %s won (%s). Start another with new.", st.Winner().Title(), st.WinReason())
	}
	mine := sidesOf(rec, c)
	if len(mine) == 0 {
		return refuse("Not your game: %s. You can follow it with status, map, log and units.", seatsLine(rec.Seats))
	}
	side := st.ToAct()
	if holds(rec.Seats[side], c) {
		return nil
	}
	switch seat := rec.Seats[side]; {
	case seat.AI != "":
		return refuse("Not your turn: it is %s, played by the AI.", whatWaits(st))
	case open(seat):
		return refuse("Not your turn: it is %s, and the %s seat is open (someone can join).", whatWaits(st), side.Title())
	}
	return refuse("Not your turn: it is %s.", whatWaits(st))
}
