package command

import (
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
)

// nextCheck puts a waiting game off until its first timer: the deadline's
// warning and lapse, the member's and the game's reminders, the round
// limit, a held ping; quiet hours and a vacation push a ping back; a timer
// that passed without firing is due at once, one whose post waits in the
// outbox is left to its delivery; with no timer, or the AI to act, the
// game waits the longest.
func TestNextCheckIsTheFirstTimer(t *testing.T) {
	acted := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	now := acted.Add(time.Hour)
	game := func(meta record.Meta, ger record.Seat) *record.Record {
		g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, 1)
		if _, err := g.Apply(rules.Action{Kind: rules.ActHistorical}); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(rules.Action{Kind: rules.ActSetupDone}); err != nil {
			t.Fatal(err)
		}
		meta.Acted = acted
		return &record.Record{Game: g, Meta: meta, Created: acted,
			Seats: map[rules.Side]record.Seat{rules.US: {UserID: "1"}, rules.German: ger}}
	}
	bert := record.Seat{UserID: "2"}
	member := record.Member{UserID: "x"}
	for _, c := range []struct {
		name   string
		rec    *record.Record
		member record.Member
		want   time.Time
		queued bool
	}{
		{"no timer", game(record.Meta{}, bert), member, now.Add(maxCheckWait), false},
		{"deadline 24h: its warning 6h before", game(record.Meta{Deadline: 24 * time.Hour}, bert), member, acted.Add(18 * time.Hour), false},
		{"deadline warned: the lapse", game(record.Meta{Deadline: 24 * time.Hour, Warned: record.MarkAt(2)}, bert), member, acted.Add(24 * time.Hour), false},
		{"a timer beyond the longest wait", game(record.Meta{Deadline: 72 * time.Hour}, bert), member, now.Add(maxCheckWait), false},
		{"the game's reminder", game(record.Meta{Remind: 6 * time.Hour}, bert), member, acted.Add(6 * time.Hour), false},
		{"the member's reminder", game(record.Meta{}, bert), record.Member{Remind: 3 * time.Hour}, acted.Add(3 * time.Hour), false},
		{"the member away until after it", game(record.Meta{}, bert), record.Member{Remind: 3 * time.Hour, AwayUntil: acted.Add(5 * time.Hour)}, acted.Add(5 * time.Hour), false},
		{"the round limit", game(record.Meta{RoundLimit: 2 * time.Hour, Remind: 6 * time.Hour}, bert), member, acted.Add(2 * time.Hour), false},
		{"a held ping", game(record.Meta{Ping: record.Ping{At: acted.Add(90 * time.Minute), Who: "1"}}, bert), member, acted.Add(90 * time.Minute), false},
		{"a timer passed meanwhile", game(record.Meta{Remind: 30 * time.Minute}, bert), member, acted.Add(30 * time.Minute), false},
		{"a reminder waiting in the outbox", game(record.Meta{Remind: 30 * time.Minute}, bert), member, now.Add(maxCheckWait), true},
		{"quiet hours push the member's reminder", game(record.Meta{}, bert),
			record.Member{Remind: 30 * time.Minute, QuietFrom: 12 * 60, QuietTo: 15 * 60}, acted.Add(3 * time.Hour), false},
		{"the AI to act", game(record.Meta{Remind: time.Hour, Deadline: time.Hour}, bert), member, now.Add(maxCheckWait), false},
	} {
		rec := c.rec
		if c.name == "the AI to act" {
			rec.Seats[rec.Game.State.ToAct()] = record.Seat{AI: "hard"}
		}
		assert.Equal(t, c.want, nextCheck(rec, c.member, c.member, now, func(string) bool { return c.queued }), c.name)
	}
}
