package store

import (
	"errors"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRoundTripAcrossReopen(t *testing.T) {
	db, path := openTemp(t, Options{})
	key := record.Key{Guild: "g1", Channel: "c1"}
	rec := newRecord(key, 7)
	require.NoError(t, db.Create(rec))
	require.ErrorIs(t, db.Create(newRecord(key, 8)), record.ErrExists)

	p := rules.NewRandomPlayer(7)
	for i := 0; i < 40; i++ {
		require.NoError(t, db.Update(key, func(r *record.Record) error { return playOne(r.Game, p) }))
	}
	require.NoError(t, db.Update(key, func(r *record.Record) error {
		r.Meta.Remind = time.Hour
		r.Seats[rules.German] = record.Seat{UserID: "u2", Name: "Bert"}
		return nil
	}))
	want, err := db.Get(key)
	require.NoError(t, err)
	require.Len(t, want.Game.History, 40)
	require.NoError(t, db.Close())

	db2, err := Open(path, Options{})
	require.NoError(t, err)
	defer db2.Close()
	got := requireReplays(t, db2, key)
	assert.Equal(t, gameJSON(t, want.Game), gameJSON(t, got.Game))
	assert.Equal(t, record.Meta{Pace: "fast", Remind: time.Hour}, got.Meta)
	assert.Equal(t, record.Seat{UserID: "u2", Name: "Bert"}, got.Seats[rules.German])
	assert.Equal(t, want.Created, got.Created)
	assert.True(t, got.Updated.After(got.Created))
	keys, err := db2.Running()
	require.NoError(t, err)
	assert.Equal(t, []record.Key{key}, keys)
}

func TestGetAndMissingGames(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "none"}
	_, err := db.Get(key)
	assert.ErrorIs(t, err, record.ErrNotFound)
	assert.ErrorIs(t, db.Update(key, func(*record.Record) error { return nil }), record.ErrNotFound)
	_, err = db.Finish(key)
	assert.ErrorIs(t, err, record.ErrNotFound)
	_, err = db.History(key)
	assert.ErrorIs(t, err, record.ErrNotFound)
	assert.Error(t, db.Create(newRecord(record.Key{Guild: "a/b", Channel: "c"}, 1)), "a guild with '/' is refused")

	// Get hands out a copy: changing it changes nothing stored.
	key = record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(key, 1)))
	r, err := db.Get(key)
	require.NoError(t, err)
	play(t, r.Game, rules.NewRandomPlayer(1), 5)
	r.Meta.Level = "hard"
	r2, err := db.Get(key)
	require.NoError(t, err)
	assert.Empty(t, r2.Game.History)
	assert.Empty(t, r2.Meta.Level)

	// A record stored without seats or settings can still be given some.
	bare := record.Key{Guild: "g", Channel: "bare"}
	require.NoError(t, db.Create(&record.Record{Key: bare, Game: rules.NewGame(rules.DefaultScenario(), rules.Options{}, 1)}))
	require.NoError(t, db.Update(bare, func(r *record.Record) error {
		r.Seats[rules.US] = record.Seat{UserID: "u1"}
		r.Meta.Pace = "slow"
		return nil
	}))
	r3, err := db.Get(bare)
	require.NoError(t, err)
	assert.Equal(t, "u1", r3.Seats[rules.US].UserID)
	assert.Equal(t, "slow", r3.Meta.Pace)
}

func TestUpdateErrorLeavesNothing(t *testing.T) {
	db, path := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(key, 3)))
	p := rules.NewRandomPlayer(3)
	require.NoError(t, db.Update(key, func(r *record.Record) error { play(t, r.Game, p, 10); return nil }))
	before, err := db.Get(key)
	require.NoError(t, err)
	logBefore, err := db.History(key)
	require.NoError(t, err)

	// fn changes everything, then fails: nothing of it may remain.
	refused := errors.New("refused")
	err = db.Update(key, func(r *record.Record) error {
		play(t, r.Game, p, 5)
		r.Meta.Pace = "slow"
		r.Seats[rules.US] = record.Seat{AI: "random"}
		return refused
	})
	require.ErrorIs(t, err, refused, "Update returns fn's error")
	// An action the engine refuses, after legal ones, leaves nothing too.
	err = db.Update(key, func(r *record.Record) error {
		play(t, r.Game, p, 3)
		_, err := r.Game.Apply(rules.Exit(0))
		return err
	})
	var re *rules.RuleError
	require.ErrorAs(t, err, &re)

	check := func(db *DB) {
		after, err := db.Get(key)
		require.NoError(t, err)
		assert.Equal(t, gameJSON(t, before.Game), gameJSON(t, after.Game))
		assert.Equal(t, before.Meta, after.Meta)
		assert.Equal(t, before.Seats, after.Seats)
		assert.Equal(t, before.Updated, after.Updated)
		logAfter, err := db.History(key)
		require.NoError(t, err)
		assert.Equal(t, logBefore, logAfter)
	}
	check(db)
	// And the file agrees with the cache.
	require.NoError(t, db.Close())
	db2, err := Open(path, Options{})
	require.NoError(t, err)
	defer db2.Close()
	check(db2)
}

func TestUndoIsLoggedAppendOnly(t *testing.T) {
	db, _ := openTemp(t, Options{})
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(key, 11)))
	p := rules.NewRandomPlayer(11)
	// Play until a step can be undone.
	var undone string
	for i := 0; i < 200 && undone == ""; i++ {
		require.NoError(t, db.Update(key, func(r *record.Record) error {
			if err := playOne(r.Game, p); err != nil {
				return err
			}
			if r.Game.CanUndo() {
				undone = r.Game.History[len(r.Game.History)-1]
			}
			return nil
		}))
	}
	require.NotEmpty(t, undone, "some step could be undone")
	require.NoError(t, db.Update(key, func(r *record.Record) error { return r.Game.Undo() }))
	log, err := db.History(key)
	require.NoError(t, err)
	last := log[len(log)-1]
	assert.True(t, last.Undo)
	assert.Equal(t, undone, last.Text)
	assert.Equal(t, log[len(log)-2].Text, undone, "the undone step stays in the log")
	requireReplays(t, db, key)
}

func TestFinishArchiveAndStats(t *testing.T) {
	db, _ := openTemp(t, Options{})
	// Ann (US) against the random AI, played to the end.
	k1 := record.Key{Guild: "g", Channel: "c1"}
	require.NoError(t, db.Create(newRecord(k1, 21)))
	p := rules.NewRandomPlayer(21)
	for over := false; !over; {
		require.NoError(t, db.Update(k1, func(r *record.Record) error {
			err := playOne(r.Game, p)
			over = r.Game.State.Over()
			return err
		}))
	}
	want, err := db.Get(k1)
	require.NoError(t, err)
	log1, err := db.History(k1)
	require.NoError(t, err)
	f1, err := db.Finish(k1)
	require.NoError(t, err)
	winner := want.Game.State.Winner()
	require.NotEqual(t, rules.NoSide, winner)
	assert.Equal(t, winner, f1.Winner)
	assert.Equal(t, want.Game.State.Outcome(), f1.Outcome)
	assert.Equal(t, len(want.Game.History), f1.Steps)

	_, err = db.Get(k1)
	assert.ErrorIs(t, err, record.ErrNotFound, "a finished game is no longer running")
	archivedLog, err := db.History(k1)
	require.NoError(t, err)
	assert.Equal(t, log1, archivedLog, "the archive keeps the log")

	// Ann (US) beats Bert, a person, in another channel.
	k2 := record.Key{Guild: "g", Channel: "c2"}
	r2 := newRecord(k2, 22)
	r2.Seats = map[rules.Side]record.Seat{rules.US: {UserID: "u1", Name: "Ann"}, rules.German: {UserID: "u2", Name: "Bert"}}
	f2 := finishWith(t, db, r2, rules.US)
	assert.Equal(t, rules.US, f2.Winner)
	// An aborted game: no winner.
	k3 := record.Key{Guild: "g", Channel: "c3"}
	require.NoError(t, db.Create(newRecord(k3, 23)))
	f3, err := db.Finish(k3)
	require.NoError(t, err)
	assert.Equal(t, rules.NoSide, f3.Winner)
	assert.Equal(t, rules.Outcome{End: rules.Aborted}, f3.Outcome)
	// Another guild's game does not count here.
	require.NoError(t, db.Create(newRecord(record.Key{Guild: "other", Channel: "c"}, 24)))
	_, err = db.Finish(record.Key{Guild: "other", Channel: "c"})
	require.NoError(t, err)

	arch, err := db.Archive("g", 0)
	require.NoError(t, err)
	require.Len(t, arch, 3)
	assert.Equal(t, []record.Key{k3, k2, k1}, []record.Key{arch[0].Key, arch[1].Key, arch[2].Key}, "newest first")
	assert.Equal(t, gameJSON(t, want.Game), gameJSON(t, arch[2].Game))
	arch, err = db.Archive("g", 2)
	require.NoError(t, err)
	assert.Len(t, arch, 2)

	stats, err := db.Stats("g")
	require.NoError(t, err)
	require.Len(t, stats, 2)
	ann, bert := stats[0], stats[1]
	require.Equal(t, "u1", ann.UserID, "Ann leads: %+v", stats)
	assert.Equal(t, "Ann", ann.Name)
	annWinsAsUS := 0
	if winner == rules.US {
		annWinsAsUS = 1
	}
	assert.Equal(t, annWinsAsUS+1, ann.Wins[rules.US])
	assert.Equal(t, 1-annWinsAsUS, ann.Losses[rules.US])
	assert.Equal(t, 0, ann.Wins[rules.German]+ann.Losses[rules.German])
	assert.Equal(t, [2]int{1, 0}, ann.VsHuman)
	assert.Equal(t, [2]int{annWinsAsUS, 1 - annWinsAsUS}, ann.VsAI["random"])
	assert.Equal(t, 1, ann.Aborted)
	assert.Equal(t, 1, bert.Losses[rules.German])
	assert.Equal(t, [2]int{0, 1}, bert.VsHuman)
	assert.Equal(t, 0, bert.TotalWins())
	other, err := db.Stats("other")
	require.NoError(t, err)
	assert.Len(t, other, 1)
	assert.Equal(t, 1, other[0].Aborted)
}

// finishWith stores, for r, a game played to the end that side won, and
// archives it.
func finishWith(t *testing.T, db *DB, r *record.Record, side rules.Side) *record.Finished {
	t.Helper()
	for seed := uint64(100); ; seed++ {
		require.Less(t, seed, uint64(1000), "no random game won by %v", side)
		g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, seed)
		play(t, g, rules.NewRandomPlayer(seed), 10000)
		if g.State.Winner() == side {
			r.Game = g
			break
		}
	}
	require.NoError(t, db.Create(r))
	f, err := db.Finish(r.Key)
	require.NoError(t, err)
	return f
}

func TestClosedDatabase(t *testing.T) {
	db, _ := openTemp(t, Options{})
	require.NoError(t, db.Close())
	assert.ErrorIs(t, db.Create(newRecord(record.Key{Guild: "g", Channel: "c"}, 1)), ErrClosed)
	_, err := db.Running()
	assert.ErrorIs(t, err, ErrClosed)
	assert.NoError(t, db.Close(), "closing twice is harmless")
}

// A resigned game is archived as won by the other side and counts in the
// players' records (not as aborted).
func TestFinishResignedGame(t *testing.T) {
	db, _ := openTemp(t, Options{})
	k := record.Key{Guild: "g", Channel: "resign"}
	r := newRecord(k, 31)
	r.Seats = map[rules.Side]record.Seat{rules.US: {UserID: "u1", Name: "Ann"}, rules.German: {UserID: "u2", Name: "Bert"}}
	require.NoError(t, db.Create(r))
	require.NoError(t, db.Update(k, func(r *record.Record) error {
		r.Meta.Resigned = rules.US
		return nil
	}))
	f, err := db.Finish(k)
	require.NoError(t, err)
	assert.Equal(t, rules.German, f.Winner)
	assert.Equal(t, rules.Outcome{End: rules.Resigned, Winner: rules.German}, f.Outcome)
	stats, err := db.Stats("g")
	require.NoError(t, err)
	byID := map[string]record.PlayerStats{}
	for _, s := range stats {
		byID[s.UserID] = s
	}
	assert.Equal(t, 1, byID["u2"].Wins[rules.German], "Bert won as German")
	assert.Equal(t, 1, byID["u1"].Losses[rules.US], "Ann lost as US")
}
