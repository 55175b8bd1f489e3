//go:build schema3fixture

package store

import (
	"os"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/stretchr/testify/require"
)

// TestWriteFixtureSchema3 writes testdata/schema3.db with the code of the
// last release of schema 3 (commit 4246448): running games with deadlines,
// vacations, held pings and marks in force, and archived games played out,
// abandoned, resigned and won on time. It only builds at such a commit:
//
//	git worktree add /tmp/old 4246448 && cp store/fixture_schema3_test.go /tmp/old/store/ &&
//	(cd /tmp/old && go test -tags schema3fixture -run TestWriteFixtureSchema3 ./store) &&
//	cp /tmp/old/store/testdata/schema3.db store/testdata/
func TestWriteFixtureSchema3(t *testing.T) {
	const path = "testdata/schema3.db"
	os.Remove(path)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	for _, r := range schema3Games(t) {
		notices, end := r.rec.Notices, r.end
		r.rec.Notices = nil
		require.NoError(t, db.Create(r.rec))
		if len(notices) > 0 {
			require.NoError(t, db.Update(r.rec.Key, func(rec *Record) error { rec.Notices = notices; return nil }))
		}
		switch end {
		case "finish":
			_, err = db.Finish(r.rec.Key)
		case "abandon":
			_, err = db.Abandon(r.rec.Key)
		}
		require.NoError(t, err)
	}
}

type schema3Game struct {
	rec *Record
	end string // "", "finish" or "abandon"
}

func schema3Games(t testing.TB) []schema3Game {
	at := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	mk := func(channel string, seed uint64, steps int, seats map[rules.Side]Seat, settings map[string]string) *Record {
		g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, seed)
		p := rules.NewRandomPlayer(seed)
		if steps < 0 {
			for !g.State.Over() {
				require.NoError(t, playOne(g, p))
			}
		} else {
			play(t, g, p, steps)
		}
		return &Record{Key: Key{Guild: "500", Channel: channel}, Game: g, Seats: seats, Settings: settings,
			Created: at, Updated: at.Add(time.Duration(len(g.History)) * time.Minute)}
	}
	people := map[rules.Side]Seat{rules.US: {UserID: "10", Name: "Ann"}, rules.German: {UserID: "20", Name: "Bert"}}
	vsAI := map[rules.Side]Seat{rules.US: {UserID: "10", Name: "Ann"}, rules.German: {AI: "hard"}}
	ais := map[rules.Side]Seat{rules.US: {AI: "easy"}, rules.German: {AI: "hard"}}
	deadlines := mk("601", 31, 40, people, map[string]string{
		"lang": "ja", "posts": "round", "deal-salt": "c2FsdDE", "started-by": "10", "ranked": "yes",
		"parent": "600", "forum": "1", "acted": "2026-11-20T18:40:00Z",
		"remind": "12h0m0s", "round-limit": "24h0m0s", "deadline": "48h0m0s",
		"reminded": "38", "deadline-warned": "40", "deadline-lapsed": "39", "untold": "37",
		"missed-us": "2", "paused-german": "2030-01-01T00:00:00Z", "vacation-used-german": "86400",
		"paused-us": "2026-11-19T00:00:00Z", "vacation-used-us": "3600",
		"ping-at": "2026-11-20T22:00:00Z", "ping-who": "20", "ping-step": "40", "ping-text": "Your move, Bert",
		"pinged-at": "2026-11-20T17:00:00Z",
	})
	deadlines.Notices = []Notice{{Key: deadlines.Key, Text: "reminder", Mention: "20", Mark: "reminded", MarkValue: "40", Created: at}}
	absent := mk("602", 32, 30, map[rules.Side]Seat{rules.US: {AI: "hard"}, rules.German: {UserID: "20", Name: "Bert"}}, map[string]string{
		"lang": "en", "deal-salt": "c2FsdDI", "started-by": "20", "ranked": "yes", "level": "hard",
		"unrated": "an AI played a side", "absent-us": "10", "missed-us": "3", "deadline": "168h0m0s",
		"acted": "2026-11-20T18:30:00Z",
	})
	paused := mk("603", 33, 20, ais, map[string]string{
		"deal-salt": "c2FsdDM", "level": "hard", "pace": "turn", "bot-paused": "2026-11-20T18:20:00Z", "started-by": "10",
	})
	local := mk("local", 34, 12, vsAI, map[string]string{"lang": "en", "level": "hard", "deal-salt": "c2FsdDQ", "remind": "30m0s"})
	local.Key.Guild = "local"
	played := mk("604", 35, -1, people, map[string]string{"deal-salt": "c2FsdDU", "ranked": "yes", "lang": "en", "acted": "2026-11-21T01:00:00Z"})
	abandoned := mk("605", 36, 15, vsAI, map[string]string{"deal-salt": "c2FsdDY", "level": "hard"})
	resigned := mk("606", 37, 50, people, map[string]string{"deal-salt": "c2FsdDc", "ranked": "yes", "resigned": "german", "lang": "ja", "acted": "2026-11-20T18:50:00Z"})
	onTime := mk("607", 38, 45, people, map[string]string{"deal-salt": "c2FsdDg", "ranked": "yes", "resigned": "us", "on-time": "1",
		"deadline": "24h0m0s", "deadline-lapsed": "45", "missed-us": "1", "acted": "2026-11-20T18:45:00Z"})
	return []schema3Game{{rec: deadlines}, {rec: absent}, {rec: paused}, {rec: local},
		{rec: played, end: "finish"}, {rec: abandoned, end: "abandon"}, {rec: resigned, end: "finish"}, {rec: onTime, end: "finish"}}
}
