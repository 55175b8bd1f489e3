package command

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// RestartClock starts the time the person to act has had afresh, from now:
// the channel could not see the game (the bot's posts were refused), so
// the time they waited does not count against the round time limit or the
// reminder.
func (s *Service) RestartClock(key record.Key) {
	now := stampTime(s.cfg.Now())
	err := s.cfg.Store.Update(key, func(rec *record.Record) error {
		rec.Meta.Acted = now
		return nil
	})
	if err != nil && !errors.Is(err, record.ErrNotFound) {
		s.cfg.Logger.Error("restarting a game's clock", "key", key, "err", err)
	}
}

// Tick applies the game's time settings (both off by default): once the
// person to act has waited past round-limit, their round is passed for
// them (a face-card choice is taken as a miss; the set-up is never
// passed); past remind, they are reminded once per step. Front ends call
// it now and then for each running game; it returns an empty Response
// when nothing is due. The settings and the time of the last step are kept
// in the store, so this survives restarts.
func (s *Service) Tick(ctx context.Context, key record.Key) Response {
	resp := s.tick(ctx, key)
	s.scheduleNext(key)
	return resp
}

// Now is the clock the service's timers go by (Config.Now).
func (s *Service) Now() time.Time { return s.cfg.Now() }

// scheduleNext tells the store when the game of key next needs Tick
// (nextCheck), unless it changed since it was read.
func (s *Service) scheduleNext(key record.Key) {
	rec, err := s.cfg.Store.Get(key)
	if err != nil {
		return
	}
	side := rec.Game.State.ToAct()
	member, held := s.membersToTell(key, rec, side)
	step := strconv.Itoa(len(rec.Game.History))
	next := nextCheck(rec, member, held, s.cfg.Now(), func(mark string) bool { return s.noticeQueued(key, mark, step) })
	if err := s.cfg.Store.SetDue(key, next, rec.Updated); err != nil && !errors.Is(err, record.ErrNotFound) {
		s.cfg.Logger.Error("setting a game's next timer check", "key", key, "err", err)
	}
}

// membersToTell are the settings of the member who holds side and of the
// member whose ping quiet hours hold (that member when nobody's).
func (s *Service) membersToTell(key record.Key, rec *record.Record, side rules.Side) (member, held record.Member) {
	if side != rules.NoSide && rec.Seats[side].UserID != "" {
		if m, err := s.cfg.Store.Member(key.Guild, rec.Seats[side].UserID); err == nil {
			member = m
		}
	}
	held = member
	if who := rec.Meta.Ping.Who; who != "" && who != member.UserID {
		if m, err := s.cfg.Store.Member(key.Guild, who); err == nil {
			held = m
		}
	}
	return member, held
}

// tick is Tick without the scheduling of the next check.
func (s *Service) tick(ctx context.Context, key record.Key) Response {
	rec, err := s.cfg.Store.Get(key)
	if err != nil {
		return Response{}
	}
	st := &rec.Game.State
	side := st.ToAct()
	if st.Over() || isAI(rec, side) || open(rec.Seats[side]) {
		return Response{}
	}
	if roundLimitDue(rec, s.cfg.Now()) {
		limit, n := rec.Meta.RoundLimit, len(rec.Game.History)
		out, err := s.commit(key, func(r *record.Record) error {
			if len(r.Game.History) != n {
				return errStale
			}
			return nil
		}, func(g *rules.Game) ([]rules.Event, string, error) {
			a := rules.Pass()
			if g.State.Phase() == rules.PhaseFaceChoice {
				a = rules.TakeMiss()
			}
			evs, err := g.Apply(a)
			return evs, i18n.T(langOf(rec.Meta), "deadline.round-limit", map[string]any{"Limit": limit.String()}), err
		})
		if err != nil {
			return Response{}
		}
		return out.resp
	}
	if resp, ok := s.tickPeople(key, rec); ok {
		return resp
	}
	member, _ := s.cfg.Store.Member(key.Guild, rec.Seats[side].UserID) // no reminder while the member is away
	step := strconv.Itoa(len(rec.Game.History))
	if !reminderDue(rec, member, s.cfg.Now()) || s.noticeQueued(key, SettingReminded, step) {
		return Response{}
	}
	// The reminder counts as sent once delivered (the notice's mark); with
	// no outbox, once returned.
	var resp Response
	if err := s.cfg.Store.Update(key, func(r *record.Record) error {
		if strconv.Itoa(len(r.Game.History)) != step {
			return errStale
		}
		who := r.Seats[side]
		lang := langOf(r.Meta)
		text := i18n.T(lang, "deadline.reminder", map[string]any{"Name": seatNameIn(s.cfg.FrontEnd, who, lang), "What": whatWaitsIn(st, lang), "Header": roundHeaderIn(st, lang)})
		resp = Response{Posts: []Post{{Text: text, Mention: who.UserID, Buttons: buttonsFor(r)}}}
		if !s.cfg.FrontEnd.Queues() {
			r.Meta.Reminded = record.MarkAt(len(r.Game.History))
			return nil
		}
		s.queue(r, &resp)
		markOwn(r, SettingReminded, step)
		return nil
	}); err != nil {
		return Response{}
	}
	return resp
}
