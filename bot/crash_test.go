package bot_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mortain/mortain/bot"
	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/internal/testenv"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// The test binary runs as a bot process for the crash test when childEnv
// is set (see TestMain).
const (
	childEnv   = "MORTAIN_BOT_CHILD"
	childDB    = "MORTAIN_BOT_DB"
	childFake  = "MORTAIN_BOT_FAKE"
	childSeed  = "MORTAIN_BOT_SEED"
	childShard = "MORTAIN_BOT_SHARD" // "id/count": one shard, commands registered globally
	crashRuns  = 20                  // games, each killed several times (MORTAIN_LONG)
	crashShort = 3                   // games without MORTAIN_LONG
	crashKills = 3                   // SIGKILLs per game
)

// longTests reports whether the soak and crash tests run at full length:
// MORTAIN_LONG set to 1 or true (.ci/run sets it); else a short version.
func longTests() bool { return testenv.Long() }

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		if err := runBotChild(); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	// The end-to-end tests mostly wait on the bot and the fake Discord:
	// they run several at a time unless -test.parallel says otherwise.
	flag.Parse()
	explicit := false
	flag.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "test.parallel" })
	if !explicit {
		flag.Set("test.parallel", "8")
	}
	os.Exit(m.Run())
}

// runBotChild runs the bot as mortain bot does, against the fake Discord
// of the parent test, until SIGTERM (or a SIGKILL).
func runBotChild() error {
	seed, _ := strconv.ParseUint(os.Getenv(childSeed), 10, 64)
	cfg := bot.DefaultConfig()
	cfg.Token, cfg.ApplicationID, cfg.DevGuild = fakediscord.Token, fakediscord.AppID, guild
	cfg.AILevel, cfg.AIDelay, cfg.CheckEvery = "random", 0, 10*time.Millisecond
	cfg.Database = os.Getenv(childDB)
	if sh := os.Getenv(childShard); sh != "" {
		id, count, _ := strings.Cut(sh, "/")
		cfg.ShardID, _ = strconv.Atoi(id)
		cfg.ShardCount, _ = strconv.Atoi(count)
		cfg.DevGuild = ""
	}
	db, err := store.Open(cfg.DatabasePath(), store.Options{DeferCheck: true})
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.UpdateServer(guild, func(s *record.ServerSettings) error { s.InChannel = true; return nil }); err != nil {
		return err
	}
	log := bot.NewLogger(os.Stderr, cfg)
	svc := command.New(command.Config{Store: db, Render: tinyPNG, Level: "random", Logger: log, FrontEnd: frontend.Discord{Outbox: true},
		Seed: func() uint64 { return seed }})
	sess, err := fakediscord.SessionAt(os.Getenv(childFake))
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	return bot.Run(ctx, sess, bot.Options{Config: cfg, Commands: svc, Games: db, Logger: log})
}

// botChild is a bot process the test can kill.
type botChild struct {
	cmd  *exec.Cmd
	logs syncBuffer
}

// startChild starts a bot process and waits until it registered its
// commands (it serves from then on).
func startChild(t *testing.T, fake *fakediscord.Server, db string, seed uint64) *botChild {
	t.Helper()
	before := len(fake.Requests())
	return startChildWith(t, fake, db, seed, nil, func(*botChild) bool { return registered(fake, before) })
}

// registered reports whether commands were registered since request
// number before.
func registered(fake *fakediscord.Server, before int) bool {
	for _, r := range fake.Requests()[before:] {
		if r.Method == "PUT" && strings.HasSuffix(r.Route, "/commands") {
			return true
		}
	}
	return false
}

// startChildWith starts a bot process with extra environment variables
// and waits until started holds.
func startChildWith(t *testing.T, fake *fakediscord.Server, db string, seed uint64, env []string, started func(*botChild) bool) *botChild {
	t.Helper()
	c := &botChild{cmd: exec.Command(os.Args[0], "-test.run=^$")}
	c.cmd.Env = append(os.Environ(), childEnv+"=1", childDB+"="+db, childFake+"="+fake.URL(), childSeed+"="+strconv.FormatUint(seed, 10))
	c.cmd.Env = append(c.cmd.Env, env...)
	c.cmd.Stderr = &c.logs
	c.cmd.Stdout = io.Discard
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if !fake.WaitFor(30*time.Second, func() bool { return started(c) }) {
		c.cmd.Process.Kill()
		c.cmd.Wait()
		t.Fatalf("the bot process did not start:\n%s", c.logs.String())
	}
	return c
}

// kill SIGKILLs the process: nothing of it runs on, nothing is flushed.
func (c *botChild) kill(t *testing.T) {
	t.Helper()
	if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	c.cmd.Wait()
}

// stop ends the process as a service manager would (SIGTERM).
func (c *botChild) stop(t *testing.T) {
	t.Helper()
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := c.cmd.Wait(); err != nil {
		t.Errorf("the bot process ended with %v:\n%s", err, c.logs.String())
	}
}

// TestCrashLosesNoNoticeAndPostsNoneTwice SIGKILLs a real bot process at
// random points of games against the AI, with reminders and a round time
// limit that pass the person's rounds, and restarts it. Once the last run
// has delivered its outbox, every notice the database ever queued is in
// the channel exactly once, in order, and nothing else is. 3 games, 20
// with MORTAIN_LONG.
func TestCrashLosesNoNoticeAndPostsNoneTwice(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	runs := crashShort
	if longTests() {
		runs = crashRuns
	}
	for run := 0; run < runs; run++ {
		t.Run(strconv.Itoa(run), func(t *testing.T) { crashGame(t, uint64(run+1)) })
	}
}

func crashGame(t *testing.T, seed uint64) {
	fake := fakediscord.New(t)
	db := filepath.Join(t.TempDir(), "mortain.db")
	child := startChild(t, fake, db, seed)
	ask := func(sub string, opts ...fakediscord.Option) {
		t.Helper()
		id := fake.Slash(guild, channel, alice, sub, opts...)
		if !fake.WaitFor(20*time.Second, func() bool { r := fake.Reply(id); return r.Acknowledged && r.AckType != 5 || r.Text() != "" }) {
			t.Fatalf("%s was not answered:\n%s", sub, child.logs.String())
		}
	}
	ask("new", opt("mode", "ai"), opt("side", "us"), opt("remind", "1ms"), opt("round-limit", "40ms"))
	ask("setup", opt("preset", "historical"))
	ask("setup", opt("done", true))

	// Kill the process at random points: after a random number of further
	// posts (the game plays itself on: the AI, reminders, the time limit).
	rng := rand.New(rand.NewPCG(seed, 99))
	for k := 0; k < crashKills; k++ {
		target := len(fake.Messages(channel)) + 1 + rng.IntN(12)
		if !fake.WaitFor(30*time.Second, func() bool { return len(fake.Messages(channel)) >= target }) {
			t.Fatalf("the game stalled at %d posts:\n%s", len(fake.Messages(channel)), child.logs.String())
		}
		child.kill(t)
		child = startChild(t, fake, db, seed)
	}
	// The last run: the person resigns, the game ends, the outbox empties.
	ask("resign", opt("confirm", "yes"))
	if !fake.WaitFor(30*time.Second, func() bool {
		m := fake.Messages(channel)
		return len(m) > 0 && strings.Contains(m[len(m)-1].Content, "Game over")
	}) {
		t.Fatalf("the game's end never reached the channel:\n%s", child.logs.String())
	}
	child.stop(t)

	sdb, err := store.Open(db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	queued, err := sdb.NoticesQueued()
	if err != nil {
		t.Fatal(err)
	}
	if left, err := sdb.Outboxes(); err != nil || len(left) != 0 {
		t.Errorf("notices or button removals left in the outbox: %v, %v", left, err)
	}
	// Every message is a part of a notice (nonce m<seq>.<part>.<tag>), in order
	// of seq and part, and every queued notice is there from part 0.
	var seq uint64
	part := -1
	for i, m := range fake.Messages(channel) {
		s, p, ok := parseNonce(m.Nonce)
		if !ok {
			t.Fatalf("post %d has no notice nonce: %q %q", i, m.Nonce, m.Content)
		}
		switch {
		case s == seq && p == part+1:
		case s == seq+1 && p == 0:
		default:
			t.Fatalf("post %d is notice %d part %d after notice %d part %d: out of order, twice or a notice lost", i, s, p, seq, part)
		}
		seq, part = s, p
	}
	if seq != queued {
		t.Fatalf("the channel shows notices 1 to %d of %d queued", seq, queued)
	}
	t.Logf("seed %d: %d notices, all delivered once and in order over %d kills", seed, queued, crashKills)

}

// parseNonce reads the notice seq and part from a nonce "m<seq base 36>.<part>".
func parseNonce(n string) (seq uint64, part int, ok bool) {
	f := strings.Split(strings.TrimPrefix(n, "m"), ".")
	if len(f) < 2 || !strings.HasPrefix(n, "m") {
		return 0, 0, false
	}
	s, p := f[0], f[1]
	seq, err1 := strconv.ParseUint(s, 36, 64)
	part, err2 := strconv.Atoi(p)
	return seq, part, err1 == nil && err2 == nil
}
