package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// crashGames is how many games the crashing child plays at once.
const crashGames = 4

// childCrash plays random actions in crashGames games as fast as it can,
// resuming the running games of an earlier child, and prints
// "committed KEY N" once Update has returned with the game at N steps,
// and "finished KEY" once a game over is archived, in the commit of its
// last step (a new game replaces it). It never stops: the parent kills
// it.
func childCrash(path string) error {
	db, err := Open(path, Options{})
	if err != nil {
		return err
	}
	keys, err := db.Running()
	if err != nil {
		return err
	}
	var out sync.Mutex
	say := func(format string, args ...any) {
		out.Lock()
		defer out.Unlock()
		fmt.Fprintf(os.Stdout, format+"\n", args...) // unbuffered: written at once
	}
	errs := make(chan error)
	for slot := 0; slot < crashGames; slot++ {
		var key record.Key
		if slot < len(keys) {
			key = keys[slot]
		}
		go func() {
			for {
				if key == (record.Key{}) {
					key = record.Key{Guild: "crash", Channel: fmt.Sprintf("s%d-%x", slot, rand.Uint64())}
					if err := db.Create(newRecord(key, rand.Uint64())); err != nil {
						errs <- err
						return
					}
				}
				p := rules.NewRandomPlayer(rand.Uint64())
				for over := false; !over; {
					var n int
					err := db.Update(key, func(r *record.Record) error {
						a, ok := p.Choose(&r.Game.State)
						if !ok {
							return errors.New("no legal action in a running game")
						}
						if _, err := r.Game.Apply(a); err != nil {
							return err
						}
						n, over = len(r.Game.History), r.Game.State.Over()
						if over {
							r.End = func(_ *record.Finished, ns []record.Notice) []record.Notice { return ns }
						}
						return nil
					})
					if err != nil {
						errs <- err
						return
					}
					say("committed %s %d", key, n)
				}
				say("finished %s", key)
				key = record.Key{}
			}
		}()
	}
	return <-errs
}

// TestCrashLosesNoCommittedAction SIGKILLs a process committing actions
// at a random point (after a random number of reported commits), and
// checks that every commit it reported survives: 3 rounds, 12 with
// MORTAIN_LONG.
func TestCrashLosesNoCommittedAction(t *testing.T) {
	path := t.TempDir() + "/mortain.db"
	committed := map[record.Key]int{}
	finished := map[record.Key]bool{}
	rounds := 3
	if longTests() {
		rounds = 12
	}
	for round := 0; round < rounds; round++ {
		cmd, stdin, out := startChild(t, "crash", path)
		defer stdin.Close()
		lines := make(chan string, 1024)
		go func() {
			for out.Scan() {
				lines <- out.Text()
			}
			close(lines)
		}()
		// Kill at a random point once the child is committing: after a
		// random number of reported commits, whatever the machine's speed.
		first, ok := <-lines
		require.True(t, ok, "the child commits")
		seen := []string{first}
		for target := 1 + rand.IntN(400); len(seen) < target; {
			line, ok := <-lines
			if !ok {
				break
			}
			seen = append(seen, line)
		}
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		err := cmd.Wait()
		var ee interface{ Sys() any }
		require.ErrorAs(t, err, &ee)
		ws, _ := ee.Sys().(syscall.WaitStatus)
		require.True(t, ws.Signaled(), "the child was killed, not stopped by an error: %v", err)
		n := 0
		handle := func(line string) {
			f := strings.Fields(line)
			require.GreaterOrEqual(t, len(f), 2, "line %q", line)
			key, err := parseKey(f[1])
			require.NoError(t, err)
			switch f[0] {
			case "committed":
				c, err := strconv.Atoi(f[2])
				require.NoError(t, err)
				committed[key] = max(committed[key], c)
				n++
			case "finished":
				finished[key] = true
			}
		}
		for _, line := range seen {
			handle(line)
		}
		for line := range lines {
			handle(line)
		}
		t.Logf("round %d: %d commits reported before the kill", round, n)

		db, err := Open(path, Options{})
		require.NoError(t, err, "the database opens after the crash")
		running, err := db.Running()
		require.NoError(t, err)
		isRunning := map[record.Key]bool{}
		for _, key := range running {
			isRunning[key] = true
			rec := requireReplays(t, db, key)
			assert.False(t, rec.Game.State.Over(), "%s is over but was not archived", key)
		}
		for key, c := range committed {
			if isRunning[key] {
				rec, err := db.Get(key)
				require.NoError(t, err)
				assert.GreaterOrEqual(t, len(rec.Game.History), c, "%s keeps every reported commit", key)
				assert.LessOrEqual(t, len(rec.Game.History), c+1, "%s: at most one commit not yet reported", key)
				continue
			}
			log, err := db.History(key)
			require.NoError(t, err, "%s is either running or archived", key)
			assert.GreaterOrEqual(t, len(record.Actions(log)), c, "%s keeps every reported commit", key)
		}
		archived, err := db.Archive("crash", 0)
		require.NoError(t, err)
		inArchive := map[record.Key]bool{}
		for _, f := range archived {
			inArchive[f.Key] = true
			assert.True(t, f.Game.State.Over())
			g, err := rules.Replay(f.Game.State.Scenario(), f.Game.State.Options(), f.Game.Seed, f.Game.History)
			require.NoError(t, err)
			assert.Equal(t, gameJSON(t, f.Game), gameJSON(t, g))
		}
		for key := range finished {
			assert.True(t, inArchive[key], "%s reported finished is archived", key)
		}
		requireSeatsIndexed(t, db)
		requireDueIndexed(t, db)
		requireHeads(t, db)
		require.NoError(t, db.Close())
	}
}
