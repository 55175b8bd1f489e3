package command

import (
	"context"
	"errors"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// holds reports whether caller sits in seat. Seats belong to a Discord
// account: only the user id is compared, never a name.
func holds(seat record.Seat, c Caller) bool {
	return seat.AI == "" && seat.UserID != "" && seat.UserID == c.UserID
}

// open reports whether nobody holds seat: neither the AI nor an account. A
// name without an account (kept by older versions) holds nothing.
func open(seat record.Seat) bool { return seat.AI == "" && seat.UserID == "" }

// sidesOf lists the sides caller holds, US first.
func sidesOf(rec *record.Record, c Caller) []rules.Side {
	var out []rules.Side
	for _, side := range []rules.Side{rules.US, rules.German} {
		if holds(rec.Seats[side], c) {
			out = append(out, side)
		}
	}
	return out
}

// seatName words a seat for messages in English: the holder's display
// name, else their mention (seatNameIn).
func seatName(fe FrontEnd, seat record.Seat) string { return seatNameIn(fe, seat, i18n.English) }

// seatsLine words both seats in English: "US: Ann · German: the AI
// (easy)" (seatsLineIn).
func seatsLine(fe FrontEnd, seats map[rules.Side]record.Seat) string {
	return seatsLineIn(fe, seats, i18n.English)
}

// mentionOf is the user to ping for side, or "".
func mentionOf(rec *record.Record, side rules.Side) string {
	seat := rec.Seats[side]
	if seat.AI != "" {
		return ""
	}
	return seat.UserID
}

// isAI reports whether the AI holds side.
func isAI(rec *record.Record, side rules.Side) bool { return rec.Seats[side].AI != "" }

// whatWaits words what the game waits for in English: "the German
// round", "the US set-up", "the US choice of redraw or miss"
// (whatWaitsIn).
func whatWaits(st *rules.State) string { return whatWaitsIn(st, i18n.English) }

// mayAct checks that caller may act now for the side to act.
func mayAct(fe FrontEnd, rec *record.Record, c Caller) error {
	st := &rec.Game.State
	if st.Over() {
		return refuseT("reply.act.over", map[string]any{"Side": st.Winner(), "Why": reasonPhrase(st.WinReason())})
	}
	mine := sidesOf(rec, c)
	if len(mine) == 0 {
		return refuseT("reply.act.not-yours", map[string]any{"Seats": seatsPhrase(fe, rec.Seats)})
	}
	side := st.ToAct()
	if holds(rec.Seats[side], c) {
		return nil
	}
	switch seat := rec.Seats[side]; {
	case seat.AI != "":
		return refuseT("reply.act.ai-turn", map[string]any{"What": waitsPhrase(st)})
	case open(seat):
		return refuseT("reply.act.open-turn", map[string]any{"What": waitsPhrase(st), "Side": side})
	}
	return refuseT("reply.act.not-turn", map[string]any{"What": waitsPhrase(st)})
}

// adminCommands need the Manage Channels permission: hand a seat, end a
// game without a result, choose where the server's games are played.
var adminCommands = []Command{
	{Definition: Definition{Name: "seat", Manage: true, Example: "seat side:german user:@member",
		Options: []Option{{Name: "side", Required: true, Choices: choices("us", "german")}, {Name: "user", Required: true, Type: User}}},
		run: noCtx((*Service).seat), Mutates: true, SaysOver: true, Standalone: true, DiscordOnly: true},
	{Definition: Definition{Name: "abort", Manage: true, Example: "abort confirm:yes", Options: []Option{confirmOpt()}},
		run: noCtx((*Service).abort), Mutates: true, Standalone: true, DiscordOnly: true,
		Buttons: map[string]map[string]string{"abort-confirm": {"confirm": "yes"}}},
	{Definition: Definition{Name: "server", Manage: true, Example: "server games:channel",
		Options: []Option{{Name: "games", Choices: choices(GamesInThreads, GamesInChannel)}, {Name: "language", Choices: choices("en", "ja", "off")},
			{Name: "forum-tag"}, {Name: "forum-results", Choices: choices("here", "off")}, {Name: SettingPosts, Choices: choices(PostsActivation, PostsRound)}}},
		run: noCtx((*Service).server), DiscordOnly: true},
}

// seat hands a side's seat to a member (Manage Channels, checked by
// Handle). It refuses a side the AI plays and a member who holds the other
// seat: one person holds both seats only in a game started as hotseat.
// When the side is to act, its time limits count from the hand-over.
func (s *Service) seat(req Request) (Response, error) {
	side, err := rules.ParseSide(req.Options["side"])
	if err != nil || side == rules.NoSide {
		return Response{}, refuseT("reply.seat.bad-side", map[string]any{"Side": req.Options["side"]})
	}
	id, ok := s.cfg.FrontEnd.MemberID(req.Options["user"])
	if !ok {
		return Response{}, refuseT("reply.seat.needs-user", nil)
	}
	newSeat := record.Seat{UserID: id}
	if id == req.Caller.UserID {
		newSeat.Name = req.Caller.Name
	}
	var resp Response
	err = s.cfg.Store.Update(req.Key, func(r *record.Record) error {
		st := &r.Game.State
		if r.Ended() {
			return refuseT("reply.over", nil)
		}
		prev, enemy := r.Seats[side], r.Seats[side.Enemy()]
		switch {
		case prev.AI != "":
			return refuseT("reply.seat.ai-side", map[string]any{"Side": side})
		case prev.UserID == id:
			return refuseT("reply.seat.holds-already", map[string]any{"Who": seatPhrase(s.cfg.FrontEnd, prev), "Side": side})
		case enemy.AI == "" && enemy.UserID == id:
			return refuseT("reply.seat.holds-other", map[string]any{"Who": seatPhrase(s.cfg.FrontEnd, enemy), "Side": side.Enemy()})
		}
		r.Seats[side] = newSeat
		// The new holder starts afresh: no vacation used, no deadline
		// missed, no held ping of the previous holder's.
		*r.Meta.Side(side) = record.SideMeta{}
		if st.ToAct() == side {
			// Their deadline is their own: warned of and passing anew.
			r.Meta.Acted = stampTime(s.cfg.Now())
			r.Meta.Reminded, r.Meta.Warned, r.Meta.Lapsed = record.StepMark{}, record.StepMark{}, record.StepMark{}
		}
		lang := langOf(r.Meta)
		by := i18n.T(lang, "reply.seat.moderator", nil)
		if req.Caller.Name != "" {
			by = i18n.T(lang, "reply.seat.name", map[string]any{"Name": req.Caller.Name})
		}
		d := map[string]any{"By": by, "Side": side, "From": seatNameIn(s.cfg.FrontEnd, prev, lang), "To": seatNameIn(s.cfg.FrontEnd, newSeat, lang)}
		text := tr(lang, "post.seat.hands", d)
		if open(prev) {
			text = tr(lang, "post.seat.gives", d)
		}
		text = i18n.Sentences(lang, text, waitingLine(s.cfg.FrontEnd, r, lang))
		post := Post{Text: text, Buttons: buttonsFor(r), Live: true}
		if st.ToAct() == side {
			post.Mention = id
		}
		s.yourMove(r, &post)
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
func (s *Service) OpenNameSeats(ctx context.Context, key record.Key) Response {
	if ctx.Err() != nil {
		return Response{}
	}
	var resp Response
	err := s.cfg.Store.Update(key, func(r *record.Record) error {
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
			lang := langOf(r.Meta)
			lines = append(lines, tr(lang, "post.seat.typed-name", map[string]any{"Side": side, "Name": seat.Name, "Quoted": quoted(seat.Name)(lang)}))
			r.Seats[side] = record.Seat{}
		}
		if len(lines) == 0 {
			return errNothingToOpen
		}
		lines = append(lines, waitingLine(s.cfg.FrontEnd, r, langOf(r.Meta)))
		resp = Response{Posts: []Post{{Text: strings.Join(lines, "\n"), Buttons: buttonsFor(r), Live: true}}}
		s.queue(r, &resp)
		return nil
	})
	if err != nil {
		if !errors.Is(err, errNothingToOpen) && !errors.Is(err, record.ErrNotFound) {
			s.cfg.Logger.Error("opening the seats held by typed names", "key", key, "err", err)
		}
		return Response{}
	}
	return resp
}

// waitingLine words a game's seats and whom it waits for, in lang: "US:
// Ann · German: Bob. Waiting for Bob: the German round."
func waitingLine(fe FrontEnd, r *record.Record, lang i18n.Lang) string {
	st := &r.Game.State
	return i18n.T(lang, "post.waiting", map[string]any{"Seats": seatsLineIn(fe, r.Seats, lang),
		"Who": seatNameIn(fe, r.Seats[st.ToAct()], lang), "What": whatWaitsIn(st, lang)})
}
