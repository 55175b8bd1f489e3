//go:build schema4fixture

package store

import (
	"os"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/stretchr/testify/require"
)

// TestWriteFixtureSchema4 writes testdata/schema4.db with the code of the
// last release of schema 4 (commit 02326d1): running games between
// members on two servers, in a thread, against the AI, AI against AI and
// in local play, with deadlines, vacations, a held ping and a queued
// reminder in force; archived games played out, resigned, lost on time,
// abandoned and ended in their last step. It only builds at such a
// commit:
//
//	git worktree add /tmp/old 02326d1 && cp store/fixture_schema4_test.go /tmp/old/store/ &&
//	(cd /tmp/old && go test -tags schema4fixture -run TestWriteFixtureSchema4 ./store) &&
//	cp /tmp/old/store/testdata/schema4.db store/testdata/
func TestWriteFixtureSchema4(t *testing.T) {
	const path = "testdata/schema4.db"
	os.Remove(path)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	at := time.Date(2026, 11, 26, 18, 0, 0, 0, time.UTC)
	mk := func(guild, channel string, seed uint64, steps int, seats map[rules.Side]Seat, meta Meta) *Record {
		g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, seed)
		p := rules.NewRandomPlayer(seed)
		if steps < 0 {
			for !g.State.Over() {
				require.NoError(t, playOne(g, p))
			}
		} else {
			play(t, g, p, steps)
		}
		return &Record{Key: Key{Guild: guild, Channel: channel}, Game: g, Seats: seats, Meta: meta,
			Created: at, Updated: at.Add(time.Duration(len(g.History)) * time.Minute)}
	}
	seat := func(us, ger Seat) map[rules.Side]Seat { return map[rules.Side]Seat{rules.US: us, rules.German: ger} }
	ann, bert, cy := Seat{UserID: "10", Name: "Ann"}, Seat{UserID: "20", Name: "Bert"}, Seat{UserID: "30", Name: "Cy"}
	hard := Seat{AI: "hard"}
	create := func(r *Record) {
		require.NoError(t, db.Create(r))
	}
	deadlines := mk("500", "701", 41, 40, seat(ann, bert), Meta{Lang: "ja", Posts: "round", Salt: "c2FsdDE", StartedBy: "10", Ranked: true,
		Acted: at.Add(40 * time.Minute), Remind: 12 * time.Hour, RoundLimit: 24 * time.Hour, Deadline: 48 * time.Hour,
		Reminded: MarkAt(38), Warned: MarkAt(40), Untold: MarkAt(37),
		US:     SideMeta{Missed: 2, PausedUntil: at.Add(-24 * time.Hour), VacationUsed: time.Hour},
		German: SideMeta{PausedUntil: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC), VacationUsed: 24 * time.Hour},
		Ping:   Ping{At: at.Add(4 * time.Hour), Who: "20", Step: MarkAt(40), Text: "Your move, Bert"}, Pinged: at.Add(-time.Hour)})
	create(deadlines)
	require.NoError(t, db.Update(deadlines.Key, func(r *Record) error {
		r.Notices = []Notice{{Key: r.Key, Text: "reminder", Mention: "20", Mark: MarkReminded, MarkValue: "40", Created: at}}
		return nil
	}))
	create(mk("500", "702", 42, 25, seat(cy, ann), Meta{Lang: "en", Salt: "c2FsdDI", StartedBy: "30", Parent: "700", Deadline: 24 * time.Hour, Acted: at}))
	create(mk("500", "703", 43, 30, seat(hard, bert), Meta{Salt: "c2FsdDM", StartedBy: "20", Ranked: true, Level: "hard",
		Unrated: "an AI played a side", US: SideMeta{Absent: "10", Missed: 3}, Deadline: 7 * 24 * time.Hour, Acted: at}))
	create(mk("500", "704", 44, 20, seat(Seat{AI: "easy"}, hard), Meta{Salt: "c2FsdDQ", Level: "hard", Pace: "turn", AIPaused: at, StartedBy: "10"}))
	create(mk("501", "801", 45, 15, seat(bert, ann), Meta{Lang: "en", Salt: "c2FsdDU", StartedBy: "20"}))
	create(mk("local", "local", 46, 12, seat(Seat{Name: "you"}, hard), Meta{Lang: "en", Level: "hard", Salt: "c2FsdDY"}))

	played := mk("500", "705", 47, -1, seat(ann, bert), Meta{Salt: "c2FsdDc", Ranked: true, Acted: at})
	create(played)
	_, err = db.Finish(played.Key)
	require.NoError(t, err)
	resigned := mk("500", "706", 48, 50, seat(ann, bert), Meta{Salt: "c2FsdDg", Ranked: true, Lang: "ja", Acted: at})
	require.NoError(t, resigned.Game.Resign(rules.German))
	create(resigned)
	_, err = db.Finish(resigned.Key)
	require.NoError(t, err)
	onTime := mk("500", "707", 49, 45, seat(ann, cy), Meta{Salt: "c2FsdDk", Deadline: 24 * time.Hour, Lapsed: MarkAt(45), Acted: at})
	require.NoError(t, onTime.Game.LoseOnTime(rules.US))
	create(onTime)
	_, err = db.Finish(onTime.Key)
	require.NoError(t, err)
	abandoned := mk("500", "708", 50, 15, seat(cy, hard), Meta{Salt: "c2FsMTA", Level: "hard"})
	create(abandoned)
	_, err = db.Abandon(abandoned.Key)
	require.NoError(t, err)
	last := mk("500", "709", 51, 35, seat(bert, cy), Meta{Salt: "c2FsMTE", Acted: at})
	create(last)
	require.NoError(t, db.Update(last.Key, func(r *Record) error {
		if err := r.Game.Resign(rules.US); err != nil {
			return err
		}
		r.End = func(_ *Finished, n []Notice) []Notice { return n }
		return nil
	}))
}
