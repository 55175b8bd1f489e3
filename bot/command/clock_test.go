package command

import (
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clockRecord is a game between Ann (US) and Bob in its first US round
// (past the set-up, which no round limit passes), its last step at acted,
// with meta; no database.
func clockRecord(t *testing.T, acted time.Time, meta record.Meta) *record.Record {
	t.Helper()
	g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, 5)
	for _, a := range []rules.Action{rules.Historical(), rules.SetupDone()} {
		_, err := g.Apply(a)
		require.NoError(t, err)
	}
	meta.Acted = acted
	return &record.Record{Key: testKey, Game: g, Seats: map[rules.Side]record.Seat{rules.US: {UserID: "1"}, rules.German: {UserID: "2"}},
		Meta: meta, Created: acted.Add(-time.Hour)}
}

// A deadline runs from the last step, or from the end of a vacation of the
// player to act; none without a deadline, for a resigned game or for the
// AI.
func TestDeadlineDue(t *testing.T) {
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	for name, c := range map[string]struct {
		meta  record.Meta
		seats map[rules.Side]record.Seat
		due   time.Time
		ok    bool
	}{
		"none":                 {meta: record.Meta{}},
		"from the last step":   {meta: record.Meta{Deadline: 24 * time.Hour}, due: at.Add(24 * time.Hour), ok: true},
		"after a vacation":     {meta: record.Meta{Deadline: 24 * time.Hour, US: record.SideMeta{PausedUntil: at.Add(72 * time.Hour)}}, due: at.Add(96 * time.Hour), ok: true},
		"a vacation before":    {meta: record.Meta{Deadline: 24 * time.Hour, US: record.SideMeta{PausedUntil: at.Add(-time.Hour)}}, due: at.Add(24 * time.Hour), ok: true},
		"the other's vacation": {meta: record.Meta{Deadline: 24 * time.Hour, German: record.SideMeta{PausedUntil: at.Add(72 * time.Hour)}}, due: at.Add(24 * time.Hour), ok: true},
		"resigned":             {meta: record.Meta{Deadline: 24 * time.Hour, Resigned: rules.German}},
		"the AI to act":        {meta: record.Meta{Deadline: 24 * time.Hour}, seats: map[rules.Side]record.Seat{rules.US: {AI: "hard"}, rules.German: {UserID: "2"}}},
	} {
		rec := clockRecord(t, at, c.meta)
		if c.seats != nil {
			rec.Seats = c.seats
		}
		due, ok := deadlineDue(rec)
		assert.Equal(t, c.ok, ok, name)
		assert.True(t, c.due.Equal(due), "%s: due %v, want %v", name, due, c.due)
	}
}

// What the people of a game are due, from its Meta, the members' settings
// and now: a held ping at its time, a deadline passed (once a step), its
// warning (a quarter before, at most 12 h; not in quiet hours, not twice),
// a member's own reminder.
func TestPeopleDue(t *testing.T) {
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	day := record.Meta{Deadline: 24 * time.Hour}
	ann := record.Member{UserID: "1"}
	quiet := record.Member{UserID: "1", QuietFrom: 0, QuietTo: 24*60 - 1} // quiet all day but a minute
	never := func() bool { return false }
	for name, c := range map[string]struct {
		meta     record.Meta
		member   record.Member
		now      time.Time
		queued   bool
		want     int
		deadline time.Time
	}{
		"nothing yet":                 {meta: day, member: ann, now: at.Add(time.Hour), want: dueNothing},
		"the warning":                 {meta: day, member: ann, now: at.Add(18 * time.Hour), want: dueWarn, deadline: at.Add(24 * time.Hour)},
		"a warning queued already":    {meta: day, member: ann, now: at.Add(18 * time.Hour), queued: true, want: dueNothing},
		"the deadline passed":         {meta: day, member: ann, now: at.Add(24 * time.Hour), want: dueLapse, deadline: at.Add(24 * time.Hour)},
		"no warning in quiet hours":   {meta: day, member: quiet, now: at.Add(18*time.Hour + 30*time.Minute), want: dueNothing},
		"a long deadline warns 12 h":  {meta: record.Meta{Deadline: 7 * 24 * time.Hour}, member: ann, now: at.Add(6*24*time.Hour + 11*time.Hour), want: dueNothing},
		"own reminder":                {member: record.Member{UserID: "1", Remind: 6 * time.Hour}, now: at.Add(6 * time.Hour), want: dueRemind},
		"own reminder, away":          {member: record.Member{UserID: "1", Remind: 6 * time.Hour, AwayUntil: at.Add(48 * time.Hour)}, now: at.Add(6 * time.Hour), want: dueNothing},
		"own reminder, pinged since":  {meta: record.Meta{Pinged: at.Add(3 * time.Hour)}, member: record.Member{UserID: "1", Remind: 6 * time.Hour}, now: at.Add(6 * time.Hour), want: dueNothing},
		"a held ping at its time":     {meta: record.Meta{Ping: record.Ping{At: at.Add(time.Hour), Who: "1"}}, member: ann, now: at.Add(time.Hour), want: dueHeldPing},
		"a held ping before its time": {meta: record.Meta{Ping: record.Ping{At: at.Add(2 * time.Hour), Who: "1"}}, member: ann, now: at.Add(time.Hour), want: dueNothing},
	} {
		rec := clockRecord(t, at, c.meta)
		got := peopleDue(rec, c.member, c.member, c.now, func() bool { return c.queued })
		assert.Equal(t, c.want, got.what, name)
		assert.True(t, c.deadline.Equal(got.deadline), "%s: deadline %v, want %v", name, got.deadline, c.deadline)
	}
	// A warning and a lapse are given once a step.
	rec := clockRecord(t, at, day)
	rec.Meta.Warned = record.MarkAt(len(rec.Game.History))
	assert.Equal(t, dueNothing, peopleDue(rec, ann, ann, at.Add(18*time.Hour), never).what)
	rec.Meta.Lapsed = record.MarkAt(len(rec.Game.History))
	assert.Equal(t, dueNothing, peopleDue(rec, ann, ann, at.Add(25*time.Hour), never).what)
	rec.Meta.Lapsed = record.MarkAt(len(rec.Game.History) - 1)
	assert.Equal(t, dueLapse, peopleDue(rec, ann, ann, at.Add(25*time.Hour), never).what, "a mark of another step")
}

// The round limit passes a round once the player waited that long, never
// in the set-up; the game's reminder once a step, not while away.
func TestRoundLimitAndReminderDue(t *testing.T) {
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	rec := clockRecord(t, at, record.Meta{RoundLimit: 24 * time.Hour, Remind: 12 * time.Hour})
	assert.False(t, roundLimitDue(rec, at.Add(23*time.Hour)))
	assert.True(t, roundLimitDue(rec, at.Add(24*time.Hour)))
	setup := &record.Record{Game: rules.NewGame(rules.DefaultScenario(), rules.Options{}, 5), Meta: rec.Meta, Created: at}
	assert.False(t, roundLimitDue(setup, at.Add(48*time.Hour)), "the set-up is never passed")
	assert.False(t, roundLimitDue(clockRecord(t, at, record.Meta{}), at.Add(480*time.Hour)), "no limit")

	assert.False(t, reminderDue(rec, record.Member{}, at.Add(11*time.Hour)))
	assert.True(t, reminderDue(rec, record.Member{}, at.Add(12*time.Hour)))
	assert.False(t, reminderDue(rec, record.Member{AwayUntil: at.Add(13 * time.Hour)}, at.Add(12*time.Hour)), "away")
	rec.Meta.Reminded = record.MarkAt(len(rec.Game.History))
	assert.False(t, reminderDue(rec, record.Member{}, at.Add(12*time.Hour)), "once a step")
}

// A vacation pauses a side's deadline within the allowance of the game
// (14 days in all); coming back sooner gives the days not taken back.
func TestPauseSide(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	var m record.SideMeta
	assert.Equal(t, now.Add(5*day), pauseSide(&m, now.Add(5*day), now))
	assert.Equal(t, record.SideMeta{PausedUntil: now.Add(5 * day), VacationUsed: 5 * day}, m)
	assert.Equal(t, now.Add(14*day), pauseSide(&m, now.Add(20*day), now), "lengthened to the allowance")
	assert.Equal(t, 14*day, m.VacationUsed)
	assert.Equal(t, now.Add(14*day), pauseSide(&m, now.Add(30*day), now), "no allowance left")
	assert.Equal(t, now.Add(2*day), pauseSide(&m, now.Add(2*day), now), "back sooner")
	assert.Equal(t, record.SideMeta{PausedUntil: now.Add(2 * day), VacationUsed: 2 * day}, m)
	assert.Equal(t, now, pauseSide(&m, now, now), "back now")
	assert.Zero(t, m.VacationUsed)
	used := record.SideMeta{VacationUsed: 13 * day}
	assert.Equal(t, now.Add(day), pauseSide(&used, now.Add(3*day), now), "one day left of a game's allowance")
}
