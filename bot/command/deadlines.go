package command

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

const (
	// SettingDeadline is the option of new with the time a player has each
	// time the game waits for them (Meta.Deadline).
	SettingDeadline = "deadline"
	// SettingWarned is the mark of a deadline warning's notice
	// (Meta.Warned once delivered).
	SettingWarned = record.MarkWarned
)

// Deadlines offered at new (off by default).
var deadlineChoices = []string{"off", "24h", "48h", "72h", "7d"}

// VacationAllowance is the vacation time each player has per game: away
// pauses a game's deadline no longer than this in all.
const VacationAllowance = 14 * 24 * time.Hour

// deadlineLine words the deadline of the player to act in the game's
// language, or "".
func deadlineLine(fe FrontEnd, rec *record.Record) string {
	return deadlineLineIn(fe, rec, langOf(rec.Meta))
}

// deadlineLineIn words the deadline of the player to act in lang, or "".
func deadlineLineIn(fe FrontEnd, rec *record.Record, lang i18n.Lang) string {
	due, ok := deadlineDue(rec)
	if !ok {
		return ""
	}
	st := &rec.Game.State
	return i18n.T(lang, "deadline.line", map[string]any{"Name": seatNameIn(fe, rec.Seats[st.ToAct()], lang), "What": whatWaitsIn(st, lang), "Due": fe.When(due, lang)})
}

// missedText words a side's deadlines missed in a row in the game's
// language, or "" under two.
func missedText(fe FrontEnd, rec *record.Record, side rules.Side) string {
	return missedTextIn(fe, rec, side, langOf(rec.Meta))
}

// missedTextIn words a side's deadlines missed in a row in lang, or ""
// under two.
func missedTextIn(fe FrontEnd, rec *record.Record, side rules.Side, lang i18n.Lang) string {
	n := rec.Meta.Side(side).Missed
	if n < 2 {
		return ""
	}
	return "⚠ " + i18n.Plural(lang, "deadline.missed", n, map[string]any{"Name": seatNameIn(fe, rec.Seats[side], lang)})
}

// quietEnd reports whether now falls in the member's quiet hours, and
// when they end.
func quietEnd(m record.Member, now time.Time) (time.Time, bool) {
	if m.QuietFrom == m.QuietTo {
		return time.Time{}, false
	}
	loc := time.UTC
	if l, err := loadZone(m.TimeZone); err == nil {
		loc = l
	}
	local := now.In(loc)
	midnight := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	minute := local.Hour()*60 + local.Minute()
	from, to := m.QuietFrom, m.QuietTo
	at := func(day time.Time, min int) time.Time {
		return time.Date(day.Year(), day.Month(), day.Day(), min/60, min%60, 0, 0, loc)
	}
	if from < to { // e.g. 13:00-15:00
		if minute >= from && minute < to {
			return at(midnight, to), true
		}
		return time.Time{}, false
	}
	// Across midnight, e.g. 22:00-07:00.
	switch {
	case minute >= from:
		return at(midnight.AddDate(0, 0, 1), to), true
	case minute < to:
		return at(midnight, to), true
	}
	return time.Time{}, false
}

// dress applies the settings of the members that the game's new notices
// ping: a member who turned pings off is named without a ping; quiet
// hours hold the ping for later (Tick sends it); a member who asked for
// direct messages gets one; the player to act sees their deadline.
func (s *Service) dress(rec *record.Record, notices []record.Notice) []record.Notice {
	if !s.cfg.FrontEnd.Members() {
		return notices
	}
	now := s.cfg.Now()
	var dms []record.Notice
	for i := range notices {
		n := &notices[i]
		if n.Key.Channel != "" && n.Key != rec.Key {
			continue
		}
		if n.Mention == "" {
			continue
		}
		toAct := n.Mention == mentionOf(rec, rec.Game.State.ToAct()) && !rec.Ended()
		// A post that pings someone shows the deadline of the player to
		// act while it is still ahead.
		if due, ok := deadlineDue(rec); ok && due.After(now) {
			if line := deadlineLine(s.cfg.FrontEnd, rec); !strings.Contains(n.Text, line) {
				n.Text += "\n" + line
			}
		}
		m, err := s.cfg.Store.Member(rec.Key.Guild, n.Mention)
		if err != nil {
			continue
		}
		if m.NoPing {
			n.NoPing = true
		}
		if end, quiet := quietEnd(m, now); quiet {
			n.NoPing = true
			if !m.NoPing || m.DM && toAct {
				rec.Meta.Ping = record.Ping{At: stampTime(end), Who: n.Mention,
					Step: record.MarkAt(len(rec.Game.History)), Text: clipText(firstLine(n.Text), 300)}
			}
			continue
		}
		if m.DM && toAct {
			dms = append(dms, s.dm(rec, n.Mention))
		}
	}
	return append(notices, dms...)
}

// DMPrefix starts the outbox channel of a member's direct messages
// ("dm:USER"): the front end opens the DM channel when it delivers.
const DMPrefix = "dm:"

// dm is a direct message telling a member that a game waits for them.
func (s *Service) dm(rec *record.Record, user string) record.Notice {
	st := &rec.Game.State
	lang := langOf(rec.Meta)
	d := map[string]any{"Channel": s.cfg.FrontEnd.Channel(rec.Key.Channel), "What": whatWaitsIn(st, lang), "Header": roundHeaderIn(st, lang)}
	text := i18n.T(lang, "deadline.dm", d)
	if line := deadlineLineIn(s.cfg.FrontEnd, rec, lang); line != "" {
		d["Deadline"] = line
		text = i18n.T(lang, "deadline.dm-deadline", d)
	}
	return record.Notice{Key: record.Key{Guild: rec.Key.Guild, Channel: DMPrefix + user}, Text: text, Origin: rec.Key}
}

// tickPeople sends what the people of a game are due: a ping that quiet
// hours held, the passing of a deadline (with the opponent's buttons), a
// warning before it, a member's own reminder. The game waits for a
// person (Tick checked). ok is false when nothing was due.
func (s *Service) tickPeople(key record.Key, rec *record.Record) (resp Response, ok bool) {
	now := s.cfg.Now()
	st := &rec.Game.State
	side := st.ToAct()
	steps := len(rec.Game.History)
	step := strconv.Itoa(steps)
	who := rec.Seats[side]
	member, held := s.membersToTell(key, rec, side)
	lang := langOf(rec.Meta)
	// update queues what fn says in one commit, unless the game moved on;
	// mark, when set, is the mark of Meta the notice sets to step once
	// delivered.
	update := func(mark string, fn func(r *record.Record) Response) (Response, bool) {
		var out Response
		err := s.cfg.Store.Update(key, func(r *record.Record) error {
			if len(r.Game.History) != steps {
				return errStale
			}
			out = fn(r)
			s.queue(r, &out)
			if mark != "" { // the warning: its one post carries the mark
				if !s.cfg.FrontEnd.Queues() {
					r.Meta.SetMark(mark, step)
				} else {
					markOwn(r, mark, step)
				}
			}
			return nil
		})
		return out, err == nil && len(out.Posts) > 0
	}
	// A held ping waits for its own member's quiet hours to end (held).
	due := peopleDue(rec, member, held, now, func() bool { return s.noticeQueued(key, SettingWarned, step) })
	switch due.what {
	case dueHeldPing:
		// The ping quiet hours held: its time came.
		user := rec.Meta.Ping.Who
		return update("", func(r *record.Record) Response {
			ping := r.Meta.Ping
			r.Meta.Ping = record.Ping{Who: ping.Who, Step: ping.Step}
			if !ping.Step.At(steps) {
				return Response{}
			}
			held := ping.Text
			if mentionOf(r, side) == user {
				r.Meta.Pinged = stampTime(now)
				return Response{Posts: []Post{{Text: i18n.T(lang, "deadline.your-move", map[string]any{"What": whatWaitsIn(st, lang), "Header": roundHeaderIn(st, lang), "Since": s.cfg.FrontEnd.When(waitingSince(r), lang)}), Mention: user}}}
			}
			return Response{Posts: []Post{{Text: i18n.T(lang, "deadline.held", map[string]any{"Text": held}), Mention: user}}}
		})
	case dueLapse:
		return update("", func(r *record.Record) Response { return s.lapse(r, side, due.deadline) })
	case dueWarn:
		return update(SettingWarned, func(r *record.Record) Response {
			return Response{Posts: []Post{{Text: i18n.T(lang, "deadline.warn", map[string]any{"Due": s.cfg.FrontEnd.When(due.deadline, lang)}), Mention: who.UserID}}}
		})
	case dueRemind:
		return update("", func(r *record.Record) Response {
			r.Meta.Pinged = stampTime(now)
			return Response{Posts: []Post{{Text: i18n.T(lang, "deadline.remind", map[string]any{"What": whatWaitsIn(st, lang), "Header": roundHeaderIn(st, lang), "Since": s.cfg.FrontEnd.When(waitingSince(r), lang)}), Mention: who.UserID}}}
		})
	}
	return Response{}, false
}

// noticeQueued reports whether a notice marking name=value waits in the
// outbox.
func (s *Service) noticeQueued(key record.Key, name, value string) bool {
	if !s.cfg.FrontEnd.Queues() {
		return false
	}
	pending, err := s.cfg.Store.Pending(key)
	if err != nil {
		return true
	}
	for _, n := range pending {
		if n.Mark == name && n.MarkValue == value {
			return true
		}
	}
	return false
}

// lapse records that side's deadline passed and offers the opponent the
// ways out: claim the win, hand the side to the AI, or wait longer. A
// game with no opponent to ask (the AI, the same member) only says so.
func (s *Service) lapse(rec *record.Record, side rules.Side, due time.Time) Response {
	rec.Meta.Lapsed = record.MarkAt(len(rec.Game.History))
	rec.Meta.Side(side).Missed++
	absent, other := rec.Seats[side], rec.Seats[side.Enemy()]
	lang := langOf(rec.Meta)
	d := map[string]any{"Name": seatNameIn(s.cfg.FrontEnd, absent, lang), "Side": sideName(side, lang), "Due": s.cfg.FrontEnd.When(due, lang)}
	passed := "⏰ " + i18n.T(lang, "deadline.passed", d)
	if warn := missedTextIn(s.cfg.FrontEnd, rec, side, lang); warn != "" {
		d["Missed"] = warn
		passed = "⏰ " + i18n.T(lang, "deadline.passed-missed", d)
	}
	if other.UserID == "" || other.UserID == absent.UserID {
		text := i18n.T(lang, "deadline.waits-on", map[string]any{"Passed": passed})
		return Response{Posts: []Post{{Text: text, Mention: absent.UserID}}}
	}
	text := i18n.T(lang, "deadline.offer", map[string]any{"Passed": passed, "Other": seatNameIn(s.cfg.FrontEnd, other, lang), "Side": sideName(side, lang), "Absent": seatNameIn(s.cfg.FrontEnd, absent, lang)})
	label := func(verb string) string { return i18n.T(lang, "deadline.button."+verb, nil) }
	post := Post{Text: text, Mention: other.UserID, Live: true, Buttons: []Button{
		button(rec, label("claim"), "claim", Danger),
		button(rec, label("hand-easy"), "hand-easy", Primary),
		button(rec, label("hand-hard"), "hand-hard", Primary),
		button(rec, label("wait"), "wait", Secondary),
	}}
	return Response{Posts: []Post{post}}
}

// deadlineVerbs are the buttons of a passed deadline.
func deadlineVerb(verb string) bool {
	return verb == "claim" || verb == "wait" || strings.HasPrefix(verb, "hand-")
}

// deadlineButton runs a button of a passed deadline for the opponent of
// the absent player (or a moderator).
func (s *Service) deadlineButton(_ context.Context, key record.Key, caller Caller, verb string, fresh func(*record.Record) error) Response {
	var resp Response
	var archived *record.Record
	err := s.cfg.Store.Update(key, func(r *record.Record) error {
		if err := fresh(r); err != nil {
			return err
		}
		st := &r.Game.State
		side := st.ToAct()
		if !r.Meta.Lapsed.At(len(r.Game.History)) || st.Over() {
			return refuseT("deadline.not-lapsed", nil)
		}
		absent, other := r.Seats[side], r.Seats[side.Enemy()]
		if !holds(other, caller) && !caller.CanManage || holds(absent, caller) {
			return refuseT("deadline.only", map[string]any{"Name": seatNameIn(s.cfg.FrontEnd, other, caller.Lang)})
		}
		lang := langOf(r.Meta)
		switch {
		case verb == "claim":
			if err := r.Game.LoseOnTime(side); err != nil {
				return err
			}
			text := i18n.T(lang, "deadline.claims", map[string]any{"Name": seatNameIn(s.cfg.FrontEnd, other, lang)}) + "\n" + summaryIn(s.cfg.FrontEnd, r, lang)
			resp = Response{Posts: []Post{{Text: text, Mention: absent.UserID, Live: true}}, Over: true}
			archived = r.Clone()
		case verb == "wait":
			r.Meta.Side(side).PausedUntil = stampTime(s.cfg.Now())
			r.Meta.Lapsed, r.Meta.Warned = record.StepMark{}, record.StepMark{}
			d := map[string]any{"Name": seatNameIn(s.cfg.FrontEnd, other, lang), "Absent": seatNameIn(s.cfg.FrontEnd, absent, lang)}
			text := i18n.T(lang, "deadline.waits", d)
			if line := deadlineLineIn(s.cfg.FrontEnd, r, lang); line != "" {
				d["Deadline"] = line
				text = i18n.T(lang, "deadline.waits-deadline", d)
			}
			resp = Response{Posts: []Post{{Text: text, Mention: absent.UserID, Buttons: buttonsFor(r), Live: true}}}
			s.yourMove(r, &resp.Posts[0])
		default:
			level := strings.TrimPrefix(verb, "hand-")
			if !validLevel(level) {
				return refuseT("deadline.unknown-button", nil)
			}
			r.Meta.Side(side).Absent = absent.UserID
			r.Seats[side] = record.Seat{AI: level}
			r.Meta.Unrated = unratedAI
			r.Meta.Lapsed = record.StepMark{}
			text := i18n.T(lang, "deadline.hand", map[string]any{"Level": i18n.Level(lang, level), "Side": sideName(side, lang), "Name": seatNameIn(s.cfg.FrontEnd, absent, lang)})
			resp = Response{Posts: []Post{{Text: text, Live: true}}, AINext: true}
		}
		s.queue(r, &resp)
		return nil
	})
	if err != nil {
		return s.fail(err, caller.Lang)
	}
	if archived != nil {
		s.ended(key, archived)
	}
	return resp
}

// markOwn sets the Mark of the newest notice of the game's own channel
// (not a direct message or the parent channel's line): it counts as sent
// once delivered there.
func markOwn(r *record.Record, mark, value string) {
	for i := len(r.Notices) - 1; i >= 0; i-- {
		if k := r.Notices[i].Key; k.Channel == "" || k == r.Key {
			r.Notices[i].Mark, r.Notices[i].MarkValue = mark, value
			return
		}
	}
}

// quietSpan is how long a member's quiet hours last each day.
func quietSpan(m record.Member) time.Duration {
	if m.QuietFrom == m.QuietTo {
		return 0
	}
	return time.Duration((m.QuietTo-m.QuietFrom+24*60)%(24*60)) * time.Minute
}

// firstLine is a text's first line.
func firstLine(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return line
}
