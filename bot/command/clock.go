package command

import (
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// The decisions of a game's clocks: deadlines, warnings, held pings,
// reminders, the round limit and vacations. Each is a plain function of
// the game's record (its Meta, seats and state), the members' settings and
// now; the timers (Tick, tickPeople) and the commands call them.

// stampTime is t as the game keeps a time: UTC, to the second.
func stampTime(t time.Time) time.Time { return t.UTC().Truncate(time.Second) }

// waitingSince is when the game began to wait for the player to act: its
// last step (Meta.Acted), else its start.
func waitingSince(rec *record.Record) time.Time {
	if !rec.Meta.Acted.IsZero() {
		return rec.Meta.Acted
	}
	return rec.Created
}

// deadlineDue is when the player to act must have acted, and whether the
// game waits for a person under a deadline at all. A vacation of theirs
// (Meta's PausedUntil) starts the deadline afresh at its end.
func deadlineDue(rec *record.Record) (time.Time, bool) {
	d := rec.Meta.Deadline
	if d <= 0 {
		return time.Time{}, false
	}
	st := &rec.Game.State
	if rec.Ended() {
		return time.Time{}, false
	}
	side := st.ToAct()
	if seat := rec.Seats[side]; seat.AI != "" || open(seat) {
		return time.Time{}, false
	}
	start := waitingSince(rec)
	if t := rec.Meta.Side(side).PausedUntil; t.After(start) {
		start = t
	}
	return start.Add(d), true
}

// warnBefore is how long before a deadline its warning goes: a quarter of
// the deadline, at most 12 hours.
func warnBefore(m record.Meta) time.Duration { return min(m.Deadline/4, 12*time.Hour) }

// lastPinged is when the player to act was last told: their own last
// reminder, or the step that began the wait.
func lastPinged(rec *record.Record) time.Time {
	since := waitingSince(rec)
	if t := rec.Meta.Pinged; t.After(since) {
		return t
	}
	return since
}

// What peopleDue finds due.
const (
	dueNothing  = iota
	dueHeldPing // the ping quiet hours held: its time came
	dueLapse    // the deadline passed
	dueWarn     // the deadline is near
	dueRemind   // the member's own reminder (notify remind:)
)

// peopleDueResult is what is due to the people of a game, and the
// deadline of the player to act when it is about it.
type peopleDueResult struct {
	what     int
	deadline time.Time
}

// peopleDue decides what the people of a game that waits for a person are
// due at now: member holds the seat to act; held is the member whose ping
// quiet hours held (Meta.Ping.Who; member when nobody's). warnQueued
// reports whether a warning for this step waits in the outbox (asked only
// when a warning would be due).
func peopleDue(rec *record.Record, member, held record.Member, now time.Time, warnQueued func() bool) peopleDueResult {
	m := &rec.Meta
	steps := len(rec.Game.History)
	due, hasDeadline := deadlineDue(rec)
	_, quiet := quietEnd(member, now)
	_, heldQuiet := quietEnd(held, now)
	switch {
	case !m.Ping.At.IsZero() && !heldQuiet && !now.Before(m.Ping.At):
		return peopleDueResult{what: dueHeldPing}
	case hasDeadline && !now.Before(due) && !m.Lapsed.At(steps):
		return peopleDueResult{what: dueLapse, deadline: due}
	case hasDeadline && !quiet && !m.Warned.At(steps) && due.Sub(now) <= warnBefore(*m)+quietSpan(member) && !warnQueued():
		return peopleDueResult{what: dueWarn, deadline: due}
	case member.Remind > 0 && !quiet && !member.AwayUntil.After(now) && now.Sub(lastPinged(rec)) >= member.Remind:
		return peopleDueResult{what: dueRemind}
	}
	return peopleDueResult{what: dueNothing}
}

// roundLimitDue reports whether the player to act has waited past the
// game's round limit at now (never during the set-up, which is not
// passed).
func roundLimitDue(rec *record.Record, now time.Time) bool {
	limit := rec.Meta.RoundLimit
	return limit > 0 && now.Sub(waitingSince(rec)) >= limit && rec.Game.State.Phase() != rules.PhaseSetup
}

// reminderDue reports whether the player to act is due the game's
// reminder (Meta.Remind) at now: they waited that long, were not reminded
// at this step, and are not away (member's AwayUntil).
func reminderDue(rec *record.Record, member record.Member, now time.Time) bool {
	remind := rec.Meta.Remind
	return remind > 0 && !member.AwayUntil.After(now) && now.Sub(waitingSince(rec)) >= remind &&
		!rec.Meta.Reminded.At(len(rec.Game.History))
}

// pauseSide pauses the deadline of a side's player (m, their clocks)
// until until (from now), within the game's vacation allowance, and
// returns the end of the pause. A vacation already running is lengthened
// by what the allowance has left, or shortened to until, giving the days
// back.
func pauseSide(m *record.SideMeta, until, now time.Time) time.Time {
	cur := m.PausedUntil
	if cur.Before(now) {
		cur = now
	}
	used := m.VacationUsed
	if until.Before(cur) {
		// Back sooner than said: the days not taken are given back.
		end := until
		if end.Before(now) {
			end = now
		}
		m.VacationUsed = max(0, used-cur.Sub(end).Truncate(time.Second))
		m.PausedUntil = stampTime(end)
		return end
	}
	end := until
	if limit := cur.Add(VacationAllowance - used); end.After(limit) {
		end = limit
	}
	if end.After(cur) {
		m.VacationUsed = used + end.Sub(cur).Truncate(time.Second)
		m.PausedUntil = stampTime(end)
		return end
	}
	return cur
}

// maxCheckWait is the longest a game goes without a timer check, whatever
// its timers say.
const maxCheckWait = 24 * time.Hour

// nextCheck is when a timer of the game may next have something to do,
// after now: the held ping, the deadline's warning and lapse, the member's
// and the game's reminders, the round limit (member holds the seat to
// act; held is the member whose ping is held). A reminder or warning whose
// post waits in the outbox (queued, by its mark) is left out: its delivery
// makes the game due. A time already past, which the check just made did
// not act on (it passed meanwhile), is now: the next check looks again.
// With no timer the game is checked again after maxCheckWait.
func nextCheck(rec *record.Record, member, held record.Member, now time.Time, queued func(mark string) bool) time.Time {
	next := now.Add(maxCheckWait)
	at := func(t time.Time) {
		if t.Before(next) {
			next = t
		}
	}
	st := &rec.Game.State
	if rec.Ended() || rec.Seats[st.ToAct()].AI != "" || open(rec.Seats[st.ToAct()]) {
		return next
	}
	m := &rec.Meta
	steps := len(rec.Game.History)
	if !m.Ping.At.IsZero() {
		at(later(m.Ping.At, quietOver(held, now)))
	}
	if due, ok := deadlineDue(rec); ok {
		if !m.Lapsed.At(steps) {
			at(due)
		}
		if !m.Warned.At(steps) && !queued(record.MarkWarned) {
			at(later(due.Add(-warnBefore(*m)-quietSpan(member)), quietOver(member, now)))
		}
	}
	if member.Remind > 0 {
		at(later(lastPinged(rec).Add(member.Remind), member.AwayUntil, quietOver(member, now)))
	}
	if m.Remind > 0 && !m.Reminded.At(steps) && !queued(record.MarkReminded) {
		at(later(waitingSince(rec).Add(m.Remind), member.AwayUntil))
	}
	if m.RoundLimit > 0 && st.Phase() != rules.PhaseSetup {
		at(waitingSince(rec).Add(m.RoundLimit))
	}
	return next
}

// quietOver is when the member's quiet hours that hold at now end (zero
// when they hold none).
func quietOver(m record.Member, now time.Time) time.Time {
	end, quiet := quietEnd(m, now)
	if !quiet {
		return time.Time{}
	}
	return end
}

// later is the latest of ts.
func later(ts ...time.Time) time.Time {
	var out time.Time
	for _, t := range ts {
		if t.After(out) {
			out = t
		}
	}
	return out
}
