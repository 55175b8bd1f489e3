package bot_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot"
	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

const (
	guild   = "300000000000000001"
	channel = "300000000000000002"
	other   = "300000000000000003"
)

var (
	alice     = fakediscord.User{ID: "400000000000000001", Name: "alice"}
	bob       = fakediscord.User{ID: "400000000000000002", Name: "bob"}
	spectator = fakediscord.User{ID: "400000000000000003", Name: "carol"}
	moderator = fakediscord.User{ID: "400000000000000004", Name: "dave", ManageChannels: true}
)

// clock is a settable clock for the command layer's timers.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// syncBuffer collects logs from many goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// tinyPNG is a small real PNG whose colour tells the turn, for tests that
// do not look at the picture.
func tinyPNG(s *rules.State, _ []rules.Event, _ i18n.Lang) ([]byte, error) {
	img := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Black, color.White})
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	return buf.Bytes(), err
}

// env is a bot running against the fake Discord over a database file
// that outlives restarts.
type env struct {
	t      *testing.T
	fake   *fakediscord.Server
	dbPath string
	clock  *clock
	logs   *syncBuffer
	cfg    bot.Config
	render command.RenderFunc
	seed   uint64
	ai     command.AIFactory // the AI players (nil: ai.New)
	// threads leaves the server's default: a thread per game.
	threads bool

	db     *store.DB
	sess   *discordgo.Session
	svc    *command.Service
	bot    atomic.Pointer[bot.Bot]
	stop   context.CancelFunc
	done   chan error
	runs   int
	mu     sync.Mutex
	seedNo uint64
}

// newEnv makes an env for a test that runs in parallel with the others
// (each has its own fake Discord and database; the tests mostly wait on
// the bot, so running them together keeps the package fast).
func newEnv(t *testing.T) *env {
	t.Helper()
	t.Parallel()
	return newSerialEnv(t)
}

// newSerialEnv makes an env for a test that must run alone: one that
// makes the bot stop for good through discordgo's logger, which every bot
// of the process shares.
func newSerialEnv(t *testing.T) *env {
	t.Helper()
	cfg := bot.DefaultConfig()
	cfg.Token = fakediscord.Token
	cfg.ApplicationID = fakediscord.AppID
	cfg.DevGuild = guild
	cfg.AILevel = "random"
	cfg.AIDelay = 0
	cfg.CheckEvery = 0
	cfg.IdentifySpacing = 0
	e := &env{t: t, fake: fakediscord.New(t), dbPath: filepath.Join(t.TempDir(), "mortain.db"),
		clock: &clock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}, logs: &syncBuffer{}, cfg: cfg, render: tinyPNG, seed: 7}
	e.fake.JoinGuild(guild)
	t.Cleanup(e.shutdown)
	return e
}

// start runs the bot (again) the way mortain bot does.
func (e *env) start() {
	e.t.Helper()
	db, err := store.Open(e.dbPath, store.Options{DeferCheck: true})
	if err != nil {
		e.t.Fatal(err)
	}
	if e.runs == 0 && !e.threads {
		// The tests written before threads play in the channel itself.
		if err := db.UpdateServer(guild, func(s *record.ServerSettings) error { s.InChannel = true; return nil }); err != nil {
			e.t.Fatal(err)
		}
	}
	log := bot.NewLogger(io.MultiWriter(e.logs), e.cfg)
	e.db = db
	e.svc = command.New(command.Config{Store: db, Render: e.render, AI: e.ai, Level: "random", Now: e.clock.Now, Logger: log, FrontEnd: frontend.Discord{Outbox: true}, Salt: testSalt,
		Seed: func() uint64 { e.mu.Lock(); defer e.mu.Unlock(); e.seedNo++; return e.seed + e.seedNo - 1 }})
	sess := e.fake.Session()
	e.sess = sess
	ctx, cancel := context.WithCancel(context.Background())
	e.stop, e.done = cancel, make(chan error, 1)
	before := len(e.fake.Requests())
	go func() {
		e.done <- bot.Run(ctx, sess, bot.Options{Config: e.cfg, Commands: e.svc, Games: db, Logger: log,
			Running: func(b *bot.Bot) { e.bot.Store(b) }})
	}()
	e.runs++
	if !e.fake.WaitFor(patience, func() bool {
		for _, r := range e.fake.Requests()[before:] {
			if r.Method == "PUT" && strings.HasSuffix(r.Route, "/commands") {
				return true
			}
		}
		return false
	}) {
		e.t.Fatal("the bot did not register its commands")
	}
	// Serving starts after the registration: the outbox kept from before
	// is being delivered once Running was called.
	if !e.fake.WaitFor(patience, func() bool { return e.bot.Load() != nil }) {
		e.t.Fatal("the bot did not start serving")
	}
}

// shutdown stops the bot and closes the database.
func (e *env) shutdown() {
	if e.stop == nil {
		return
	}
	e.stop()
	select {
	case err := <-e.done:
		if err != nil {
			e.t.Errorf("bot.Run: %v", err)
		}
	case <-time.After(patience):
		e.t.Error("the bot did not stop")
	}
	e.stop = nil
	e.bot.Store(nil)
	e.db.Close()
	if strings.Contains(e.logs.String(), fakediscord.Token) {
		e.t.Error("the token appears in the logs")
	}
}

func (e *env) restart() {
	e.t.Helper()
	e.shutdown()
	e.start()
}

// reply waits for the answer to interaction id.
func (e *env) reply(id string) fakediscord.Reply {
	e.t.Helper()
	ok := e.fake.WaitFor(patience, func() bool {
		r := e.fake.Reply(id)
		if !r.Acknowledged {
			return false
		}
		// A deferred answer is complete once edited or followed up.
		switch r.AckType {
		case 5:
			return r.Original != nil && r.Original.Content != ""
		}
		return true
	})
	if !ok {
		e.t.Fatalf("interaction %s was not answered", id)
	}
	return e.fake.Reply(id)
}

// slash runs /mortain sub and returns the caller's reply once the
// channel posts it caused have arrived.
func (e *env) slash(u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Reply {
	e.t.Helper()
	return e.settled(func() string { return e.fake.Slash(guild, channel, u, sub, opts...) })
}

// press presses a button of message m.
func (e *env) press(u fakediscord.User, m fakediscord.Message, customID string) fakediscord.Reply {
	e.t.Helper()
	return e.settled(func() string { return e.fake.Press(guild, u, m, customID) })
}

// settled sends an interaction and waits for its reply and for the posts
// it queued to stop arriving.
func (e *env) settled(send func() string) fakediscord.Reply {
	e.t.Helper()
	id := send()
	r := e.reply(id)
	e.quiet(channel)
	return r
}

// patience is how long a test waits for what it expects before it fails:
// a guard against a hang, not a figure of speed.
const patience = fakediscord.Patience

// quiet waits until the bot has nothing in flight (no interaction, AI run
// or unsent post) and no new message arrives in ch for a short while.
func (e *env) quiet(ch string) { e.quietFor(ch, 100*time.Millisecond) }

// quietFor waits until the bot has nothing in flight, twice in a row with
// no new message in ch between, and then until no new message arrives in
// ch for d. It fails the test when the bot is still busy after patience.
func (e *env) quietFor(ch string, d time.Duration) {
	e.t.Helper()
	idle := func() bool { b := e.bot.Load(); return b == nil || b.Idle() }
	n := -1
	if !e.fake.WaitFor(patience, func() bool {
		if !idle() {
			n = -1
			return false
		}
		m := len(e.fake.Messages(ch))
		settled := m == n
		n = m
		return settled
	}) {
		e.t.Fatalf("the bot was still busy after %v", patience)
	}
	n, since := len(e.fake.Messages(ch)), time.Now()
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		if m := len(e.fake.Messages(ch)); m != n || !idle() {
			n, since = m, time.Now()
		} else if time.Since(since) >= d {
			return
		}
	}
}

// game returns the running game of the channel.
func (e *env) game(ch string) *record.Record {
	e.t.Helper()
	rec, err := e.db.Get(record.Key{Guild: guild, Channel: ch})
	if err != nil {
		e.t.Fatalf("game of %s: %v", ch, err)
	}
	return rec
}

// last returns the newest message of ch.
func (e *env) last(ch string) fakediscord.Message {
	e.t.Helper()
	msgs := e.fake.Messages(ch)
	if len(msgs) == 0 {
		e.t.Fatal("no message in the channel")
	}
	return msgs[len(msgs)-1]
}

// button finds the button whose custom ID starts with prefix on m.
func button(t *testing.T, m fakediscord.Message, verb string) string {
	t.Helper()
	for _, c := range m.Components {
		if strings.HasPrefix(c.CustomID, "mortain/"+verb+"/") || c.CustomID == "mortain/"+verb {
			return c.CustomID
		}
	}
	t.Fatalf("no %s button on %q (buttons %v)", verb, m.Content, m.Components)
	return ""
}

var _ = slog.LevelInfo

// testSalt is the salt of the tests' commitments, so that a game's posts
// are the same in every run.
func testSalt() string { return "5a17" }
