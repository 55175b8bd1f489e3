package command

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// otherSide swaps the sides named in a record's result: the same result,
// won by the other side.
func otherSide(result string) string {
	r := strings.NewReplacer("US", "German", "German", "US")
	return r.Replace(result)
}

// exported is the record export posts for the channel's game, read back.
func exported(t *testing.T, s *Service, c Caller) rules.Record {
	t.Helper()
	r := mustDo(t, s, c, "export")
	var rec rules.Record
	require.NoError(t, json.Unmarshal(r.Posts[0].Image, &rec))
	return rec
}

// requireRefusedWhenSwapped checks that rec verifies, and that the same
// record whose result names the other side does not, naming both results.
func requireRefusedWhenSwapped(t *testing.T, rec rules.Record) {
	t.Helper()
	require.NoError(t, rec.Verify(), "the honest record")
	want := rec.Result
	rec.Result = otherSide(want)
	err := rec.Verify()
	require.Error(t, err, "a record whose result %q was changed to %q", want, rec.Result)
	assert.Contains(t, err.Error(), want)
	assert.Contains(t, err.Error(), rec.Result)
}

// A resignation is a step of the game's history, with the side: the
// exported record of a resigned game states it, and the same record with
// its result changed to the other side is refused.
func TestAResignedGamesRecordChecksWhoResigned(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 4242 }, Salt: func() string { return "s4lt" }})
	mustDo(t, s, ann, "new opponent:<@2>")
	mustDo(t, s, ann, "setup preset:historical done")
	mustDo(t, s, bob, "resign confirm:yes")
	rec := exported(t, s, eve)
	assert.Equal(t, "resign german", rec.Actions[len(rec.Actions)-1])
	assert.Equal(t, "US wins: the German side resigned", rec.Result)
	requireRefusedWhenSwapped(t, rec)
	f, err := st.LastFinished(testKey)
	require.NoError(t, err)
	assert.Equal(t, rules.Outcome{End: rules.Resigned, Winner: rules.US}, f.Outcome)
}

// A claim on time is a step of the game's history, with the side that
// lost: the exported record states it, and the same record with its
// result changed to the other side is refused.
func TestALostOnTimeGamesRecordChecksWhoLost(t *testing.T) {
	st := newMemStore()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s := New(Config{Store: st, FrontEnd: frontend.Discord{Outbox: true}, Now: func() time.Time { return now }, Seed: func() uint64 { return 77 }, Salt: func() string { return "s4lt" }})
	mustDo(t, s, ann, "new opponent:<@2> deadline:24h")
	now = now.Add(20 * time.Hour)
	s.Tick(context.Background(), testKey) // the warning
	now = now.Add(5 * time.Hour)
	s.Tick(context.Background(), testKey) // the deadline passed
	r := s.HandleButton(context.Background(), testKey, bob, buttonOf(t, lastNotice(t, st, testKey), "claim"))
	require.False(t, r.Refused, r.Private)
	rec := exported(t, s, eve)
	assert.Equal(t, "lose-on-time us", rec.Actions[len(rec.Actions)-1])
	assert.Equal(t, "German wins: the US side lost on time", rec.Result)
	requireRefusedWhenSwapped(t, rec)
}

// An aborted game's record names no winner, stated as its outcome, and
// verifies.
func TestAnAbortedGamesRecordNamesNoWinner(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Salt: func() string { return "s4lt" }})
	mustDo(t, s, ann, "new opponent:<@2>")
	mustDo(t, s, mod, "abort confirm:yes")
	rec := exported(t, s, eve)
	require.NoError(t, rec.Verify())
	assert.Equal(t, &rules.Outcome{End: rules.Aborted}, rec.Outcome)
	assert.Equal(t, "aborted", rec.Result)
}

// openReleaseEnds opens a copy of the database the release before typed
// outcomes wrote (store/testdata/release-ends.db) with a Service over it.
func openReleaseEnds(t *testing.T) *Service {
	t.Helper()
	data, err := os.ReadFile("../../store/testdata/release-ends.db")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "mortain.db")
	require.NoError(t, os.WriteFile(path, data, 0o600))
	db, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return New(Config{FrontEnd: frontend.Discord{}, Store: db})
}

// The games the previous release finished keep being shown with their
// end: status words who resigned or lost on time, an abort, an abandoned
// channel, a game played out, in English and Japanese; the export of
// a game resigned then (no step for it) is of the older format, whose
// result verify reports as not checked.
func TestPreviousReleaseEndsShowRight(t *testing.T) {
	s := openReleaseEnds(t)
	for ch, want := range map[string]string{
		"resign-us":     "**Game over** after turn 1 of 6: the US side resigned; German won.",
		"resign-german": "独軍が投了し、米軍の勝利",
		"on-time":       "the German side missed its deadline; US won on time",
		"aborted":       "**Game over** after turn 1 of 6: aborted.",
		"played":        "US won: R8.4: turn 6 ended without a German victory",
		"abandoned":     "abandoned: its channel was deleted",
		"unarchived":    "the US side resigned; German won",
	} {
		key := record.Key{Guild: "g1", Channel: ch}
		lang := i18n.English
		if ch == "resign-german" {
			lang = i18n.Japanese
		}
		r := s.Handle(context.Background(), Request{Key: key, Caller: eve, Command: "status", Options: map[string]string{}, Lang: lang})
		assert.Contains(t, r.Private, want, ch)
	}
	var unchecked *rules.UncheckedResultError
	old, err := s.Record(record.Key{Guild: "g1", Channel: "resign-us"})
	require.NoError(t, err)
	assert.Equal(t, rules.RecordFormatV1, old.Format)
	assert.True(t, errors.As(old.Verify(), &unchecked), "an older resignation's record: %v", old.Verify())
	played, err := s.Record(record.Key{Guild: "g1", Channel: "played"})
	require.NoError(t, err)
	assert.NoError(t, played.Verify())
	assert.Equal(t, rules.RecordFormat, played.Format)
}

// Every way a game ends is worded from its type in each language, through
// the catalog: the post at the end, the result line (status, games, the
// parent channel's line).
func TestEveryOutcomeIsWordedInEachLanguage(t *testing.T) {
	g := rules.NewGame(nil, rules.Options{}, 3)
	seats := map[rules.Side]record.Seat{rules.US: {UserID: "1", Name: "Ann"}, rules.German: {UserID: "2", Name: "Bob"}}
	outcomes := map[rules.Outcome]string{
		{End: rules.Resigned, Winner: rules.German}:                        "the US side resigned",
		{End: rules.Resigned, Winner: rules.US}:                            "the German side resigned",
		{End: rules.LostOnTime, Winner: rules.German}:                      "the US side missed its deadline",
		{End: rules.LostOnTime, Winner: rules.US}:                          "the German side missed its deadline",
		{End: rules.Aborted}:                                               "aborted",
		{End: rules.Abandoned}:                                             "abandoned",
		{End: rules.PlayedOut, Winner: rules.US, Reason: rules.ReasonR8_4}: "R8.4",
	}
	for o, want := range outcomes {
		v := &view{game: g, seats: seats, finished: true, outcome: o}
		en, ja := resultLineIn(v, i18n.English), resultLineIn(v, i18n.Japanese)
		assert.Contains(t, en, want)
		assert.NotEqual(t, en, ja, "%v in Japanese", o)
		assert.Empty(t, i18n.Bare(resultLineIn(v, i18n.Pseudo)), "%v bypasses the catalog", o)
	}
	for _, end := range []func(*rules.Game) error{
		func(g *rules.Game) error { return g.Resign(rules.US) },
		func(g *rules.Game) error { return g.LoseOnTime(rules.German) },
		func(*rules.Game) error { return nil }, // aborted
	} {
		rec := &record.Record{Game: g.Clone(), Seats: seats}
		require.NoError(t, end(rec.Game))
		en, ja := summaryIn(frontend.Discord{}, rec, i18n.English), summaryIn(frontend.Discord{}, rec, i18n.Japanese)
		assert.NotEqual(t, en, ja)
		assert.Empty(t, i18n.Bare(summaryIn(frontend.Discord{}, rec, i18n.Pseudo)), "the end's post bypasses the catalog: %q", en)
	}
}
