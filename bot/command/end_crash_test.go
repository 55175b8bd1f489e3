package command

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// endChildEnv names the database of the child process of
// TestAKillAfterTheLastStepLeavesTheGameArchivedAndRated.
const endChildEnv = "MORTAIN_COMMAND_END_CHILD"

// stopAfterUpdate is the command layer's store, which stops the process
// for good (it waits to be killed) once an Update has returned: the step
// is committed, and nothing after it runs.
type stopAfterUpdate struct{ *store.DB }

func (s stopAfterUpdate) Update(key record.Key, fn func(rec *record.Record) error) error {
	err := s.DB.Update(key, fn)
	fmt.Printf("committed %v\n", err)
	select {} // killed here
}

// rankedRecord is a ranked game between Ann (US) and Bob, 12 steps in.
func rankedRecord(t *testing.T, key record.Key, seed uint64) *record.Record {
	t.Helper()
	rec := &record.Record{Key: key, Game: rules.NewGame(rules.DefaultScenario(), rules.Options{}, seed),
		Seats: map[rules.Side]record.Seat{rules.US: {UserID: ann.UserID, Name: ann.Name}, rules.German: {UserID: bob.UserID, Name: bob.Name}},
		Meta:  record.Meta{Ranked: true, Acted: time.Now().UTC().Truncate(time.Second)}}
	p := rules.NewRandomPlayer(seed)
	for len(rec.Game.History) < 12 {
		a, _ := p.Choose(&rec.Game.State)
		_, err := rec.Game.Apply(a)
		require.NoError(t, err)
	}
	return rec
}

// TestEndChild is the child process: a ranked game between Ann and Bob,
// 12 steps in, that Bob resigns through the command layer as the bot runs
// it (the outbox on), killed once the resignation is committed.
func TestEndChild(t *testing.T) {
	path := os.Getenv(endChildEnv)
	if path == "" {
		t.Skip("the child of TestAKillAfterTheLastStepLeavesTheGameArchivedAndRated")
	}
	db, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	// A first rated game on the server, so that the second one's rating
	// depends on what the archive holds.
	first := rankedRecord(t, record.Key{Guild: testKey.Guild, Channel: "c0"}, 8)
	first.Meta.Resigned = rules.US
	require.NoError(t, db.Create(first))
	_, err = db.Finish(first.Key)
	require.NoError(t, err)
	require.NoError(t, db.Create(rankedRecord(t, testKey, 9)))
	s := New(Config{Store: stopAfterUpdate{db}, FrontEnd: frontend.Discord{Outbox: true}, Seed: func() uint64 { return 9 }})
	fmt.Println("ready")
	r := do(t, s, bob, "resign confirm:yes")
	t.Fatalf("the resignation returned: %+v", r)
}

// A game's last step, its archiving, its rating and its result post are
// one commit: a process killed right after the commit of the step that
// ends a ranked game leaves the game archived and rated, out of the
// member's running games, and the result post queued with the ratings
// that were stored.
func TestAKillAfterTheLastStepLeavesTheGameArchivedAndRated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mortain.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestEndChild$")
	cmd.Env = append(os.Environ(), endChildEnv+"="+path)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	out := bufio.NewScanner(stdout)
	var said []string
	for out.Scan() {
		said = append(said, out.Text())
		if len(out.Text()) >= 9 && out.Text()[:9] == "committed" {
			break
		}
	}
	require.NotEmpty(t, said, "the child ran")
	require.Equal(t, "committed <nil>", said[len(said)-1], "the resignation was committed: %q", said)
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	cmd.Wait()

	db, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	defer db.Close()
	running, err := db.Running()
	require.NoError(t, err)
	assert.Empty(t, running, "the game that ended still runs (it counts against its members' limit)")
	f, err := db.LastFinished(testKey)
	require.NoError(t, err, "the game is archived")
	assert.Equal(t, rules.US, f.Winner)
	require.True(t, f.Rated, "the game is rated")
	stats, err := db.Stats(testKey.Guild)
	require.NoError(t, err)
	for _, p := range stats {
		assert.Equal(t, 2, p.RatedGames, p.UserID)
	}

	pending, err := db.Pending(testKey)
	require.NoError(t, err)
	line := regexp.MustCompile(`Ratings: Ann (\d+) → (\d+) \(\S+\) · Bob (\d+) → (\d+)`)
	var got []string
	for _, n := range pending {
		if m := line.FindStringSubmatch(n.Text); m != nil {
			got = m
		}
	}
	require.NotNil(t, got, "the result post with its ratings is queued: %+v", pending)
	want := []float64{f.Ratings[rules.US].Before, f.Ratings[rules.US].After, f.Ratings[rules.German].Before, f.Ratings[rules.German].After}
	for i, w := range want {
		assert.Equal(t, strconv.Itoa(int(math.Round(w))), got[i+1], "the post says the ratings stored (%s)", got[0])
	}
}
