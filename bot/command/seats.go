package command

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
)

var mentionRE = regexp.MustCompile(`^<@!?(\d+)>$`)

// mentionID returns the user id of a mention ("<@123>" or "<@!123>"), the
// text form of a Discord user option; a typed name ("@bob", "bob") is not
// one.
func mentionID(v string) (string, bool) {
	m := mentionRE.FindStringSubmatch(v)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// holds reports whether caller sits in seat. Seats belong to a Discord
// account: only the user id is compared, never a name.
func holds(seat store.Seat, c Caller) bool {
	return seat.AI == "" && seat.UserID != "" && seat.UserID == c.UserID
}

// open reports whether nobody holds seat: neither the AI nor an account. A
// name without an account (kept by older versions) holds nothing.
func open(seat store.Seat) bool { return seat.AI == "" && seat.UserID == "" }

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

// seatName words a seat for messages: the holder's display name, else
// their mention.
func seatName(seat store.Seat) string {
	switch {
	case seat.AI != "":
		return "the AI (" + seat.AI + ")"
	case seat.UserID == "":
		return "an open seat"
	case seat.Name != "":
		return seat.Name
	}
	return "<@" + seat.UserID + ">"
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

// seat hands a side's seat to a member (Manage Channels, checked by
// Handle). It refuses a side the AI plays and a member who holds the other
// seat: one person holds both seats only in a game started as hotseat.
// When the side is to act, its time limits count from the hand-over.
func (s *Service) seat(req Request) (Response, error) {
	side, err := rules.ParseSide(req.Options["side"])
	if err != nil || side == rules.NoSide {
		return Response{}, refuse("side:%s: choose us or german", req.Options["side"])
	}
	id, ok := mentionID(req.Options["user"])
	if !ok {
		return Response{}, refuse("seat needs user:, the member picked from Discord's list")
	}
	newSeat := store.Seat{UserID: id}
	if id == req.Caller.UserID {
		newSeat.Name = req.Caller.Name
	}
	by := req.Caller.Name
	if by == "" {
		by = "a moderator"
	}
	var resp Response
	err = s.cfg.Store.Update(req.Key, func(r *store.Record) error {
		st := &r.Game.State
		if st.Over() || r.Settings[SettingResigned] != "" {
			return refuse("The game is over; start another with new.")
		}
		prev, enemy := r.Seats[side], r.Seats[side.Enemy()]
		switch {
		case prev.AI != "":
			return refuse("The AI plays the %s side: seat hands over a person's seat only.", side.Title())
		case prev.UserID == id:
			return refuse("%s already holds the %s seat.", seatName(prev), side.Title())
		case enemy.AI == "" && enemy.UserID == id:
			return refuse("%s holds the %s seat: one member plays both sides only in a game started with mode:hotseat.", seatName(enemy), side.Enemy().Title())
		}
		r.Seats[side] = newSeat
		// The new holder starts afresh: no vacation used, no deadline
		// missed, no held ping of the previous holder's.
		for _, k := range []string{settingPaused, settingVacation, settingMissed, settingAbsent} {
			delete(r.Settings, k+side.String())
		}
		if st.ToAct() == side {
			r.Settings[SettingActed] = s.cfg.Now().UTC().Format(time.RFC3339)
			delete(r.Settings, SettingReminded)
		}
		text := fmt.Sprintf("%s hands the %s seat from %s to %s", by, side.Title(), seatName(prev), seatName(newSeat))
		if open(prev) {
			text = fmt.Sprintf("%s gives the open %s seat to %s", by, side.Title(), seatName(newSeat))
		}
		text += fmt.Sprintf(". %s. Waiting for %s: %s.", seatsLine(r.Seats), seatName(r.Seats[st.ToAct()]), whatWaits(st))
		post := Post{Text: text, Buttons: buttonsFor(r), Live: true}
		if st.ToAct() == side {
			post.Mention = id
		}
		resp = Response{Posts: []Post{post}}
		s.queue(r, &resp)
		return nil
	})
	if err != nil {
		return Response{}, err
	}
	return resp, nil
}

// errNothingToOpen leaves a game unwritten when it has no seat to open.
var errNothingToOpen = errors.New("no seat held by a typed name")

// OpenNameSeats opens the seats of key's game that hold a typed name but
// no Discord account (older versions seated "@name" as typed): a seat
// belongs to an account, so such a seat could never be played. Inside one
// store update each becomes an open seat that join fills, and the
// Response posts a line saying so in the channel. It is empty when there
// is nothing to open (or no game). Front ends call it for every running
// game at start.
func (s *Service) OpenNameSeats(ctx context.Context, key store.Key) Response {
	if ctx.Err() != nil {
		return Response{}
	}
	var resp Response
	err := s.cfg.Store.Update(key, func(r *store.Record) error {
		st := &r.Game.State
		if st.Over() {
			return errNothingToOpen
		}
		var lines []string
		for _, side := range []rules.Side{rules.US, rules.German} {
			seat := r.Seats[side]
			if seat.Name == "" || seat.UserID != "" || seat.AI != "" {
				continue
			}
			lines = append(lines, fmt.Sprintf("The %s seat was held by the typed name %q, which is not a Discord account; it is open now: %s, or anyone, can take it with join.",
				side.Title(), seat.Name, seat.Name))
			r.Seats[side] = store.Seat{}
		}
		if len(lines) == 0 {
			return errNothingToOpen
		}
		lines = append(lines, fmt.Sprintf("%s. Waiting for %s: %s.", seatsLine(r.Seats), seatName(r.Seats[st.ToAct()]), whatWaits(st)))
		resp = Response{Posts: []Post{{Text: strings.Join(lines, "\n"), Buttons: buttonsFor(r), Live: true}}}
		s.queue(r, &resp)
		return nil
	})
	if err != nil {
		if !errors.Is(err, errNothingToOpen) && !errors.Is(err, store.ErrNotFound) {
			s.cfg.Logger.Error("opening the seats held by typed names", "key", key, "err", err)
		}
		return Response{}
	}
	return resp
}
