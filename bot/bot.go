package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/bot/internal/keylock"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// Options are the bot's dependencies.
type Options struct {
	Config   Config
	Commands Commands
	Games    Games
	// Definitions are the subcommands to register (default
	// command.Definitions()).
	Definitions []command.Definition
	// Logger receives structured logs (default slog.Default()).
	Logger *slog.Logger
	// Running, if set, is called by Run with the bot once it serves (for
	// health checks and tests, e.g. Bot.Idle).
	Running func(*Bot)
	// Version is the program's version, for the metrics and the logs.
	Version string
}

// Bot is the Discord adapter. Its methods are safe for concurrent use.
type Bot struct {
	api    Discord
	cfg    Config
	cmds   Commands
	games  Games
	defs   []command.Definition
	log    *slog.Logger
	routes router
	out    *deliverer

	metrics   *metrics
	connected atomic.Bool   // the gateway is connected (readiness)
	adminAddr atomic.Value  // the admin listener's address
	checkDone chan struct{} // closed when the background page walk ended
	checkErr  error         // what it found, once checkDone is closed
	checkOnce sync.Once

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup // interactions, AI runs and the ticker in flight
	busy   atomic.Int32   // interactions and AI runs in flight

	fatalOnce sync.Once
	fatal     chan error // receives the first error that stops the process

	mu       sync.Mutex
	closed   bool
	appID    string
	userID   string                    // the bot's own user id, from READY
	channels keylock.Locks[record.Key] // per-channel serialisation of game changes
	ai       map[record.Key]*aiRun     // the AI run of a channel, if any
}

// New returns a bot that talks to Discord through api.
func New(api Discord, opts Options) *Bot {
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	defs := opts.Definitions
	if defs == nil {
		defs = command.Definitions()
	}
	cfg := opts.Config
	if cfg.UploadLimit <= 0 {
		cfg.UploadLimit = DefaultUploadLimit
	}
	if cfg.DeferAfter <= 0 {
		cfg.DeferAfter = DefaultDeferAfter
	}
	ctx, cancel := context.WithCancel(context.Background())
	b := &Bot{
		api: api, cfg: cfg, cmds: opts.Commands, games: opts.Games, defs: defs, log: log,
		out: newDeliverer(api, opts.Games, log, cfg.UploadLimit), ctx: ctx, cancel: cancel,
		appID: cfg.ApplicationID, ai: map[record.Key]*aiRun{}, checkDone: make(chan struct{}), fatal: make(chan error, 1),
	}
	b.metrics = newMetrics(shardGauges{
		running: func() (int, error) {
			keys, err := opts.Games.Running()
			return len(keys), err
		},
		due: func() (int, error) {
			keys, err := opts.Games.Due(opts.Commands.Now())
			return len(keys), err
		},
		reads:  opts.Games.RecordsRead,
		outbox: opts.Games.Outbox,
		now:    time.Now,
	}, func() bool { return b.DatabaseCheck() != nil || opts.Games.Damaged() != nil }, opts.Version)
	b.out.metrics = b.metrics
	b.out.gone = func(key record.Key) {
		b.log.Warn("Discord says the channel is gone: its game ends as abandoned", "guild", key.Guild, "channel", key.Channel)
		b.ChannelGone(key.Guild, key.Channel)
	}
	b.out.fatal = b.stopFor
	b.out.recovered = b.resume
	b.out.dmRefused = func(key record.Key, n record.Notice) {
		resp := b.cmds.DMRefused(key, n)
		for _, k := range resp.Also {
			b.out.kick(k)
		}
	}
	for _, name := range []string{CommandName, AdminCommandName} {
		b.routes.add(slashCommand, name+"/{sub}", b.onCommand)
		b.routes.add(autocomplete, name+"/{sub}", b.onAutocomplete)
	}
	b.routes.add(component, CommandName+"/{verb}/*", b.onButton)
	b.routes.add(component, CommandName+"/{verb}", b.onButton)
	return b
}

// stopFor stops the bot for good: Run returns err (the process exits
// non-zero) and nothing more is sent. Only the first error counts.
func (b *Bot) stopFor(err error) {
	b.fatalOnce.Do(func() {
		b.log.Error("stopping: "+err.Error(), "err", err)
		b.fatal <- err
	})
}

// Fatal receives the error that makes the bot stop for good (a refused
// token, a gateway close Discord says not to reconnect after).
func (b *Bot) Fatal() <-chan error { return b.fatal }

// typedName reports whether a seat holds a typed name but no account (kept
// by older versions: OpenNameSeats opens it).
func typedName(seats map[rules.Side]record.Seat) bool {
	for _, s := range seats {
		if s.Name != "" && s.UserID == "" && s.AI == "" {
			return true
		}
	}
	return false
}

// resume restarts the clock and the AI of a channel whose posts go through
// again after a refusal: the player to act gets their whole time from now,
// and the AI plays if it is its turn.
func (b *Bot) resume(key record.Key) {
	if !b.enter() {
		return
	}
	defer b.wg.Done()
	b.locked(key, func() command.Response {
		b.cmds.RestartClock(key)
		return command.Response{}
	})
	rec, err := b.games.Get(key)
	if err != nil || !rec.Meta.AIPaused.IsZero() {
		return
	}
	if st := &rec.Game.State; !st.Over() && rec.Seats[st.ToAct()].AI != "" {
		b.startAI(key)
	}
}

// SetApplicationID sets the application id when the configuration left
// it out (it comes with Discord's READY event).
func (b *Bot) SetApplicationID(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.appID == "" {
		b.appID = id
	}
}

// Register replaces the application's commands with /mortain and
// /mortain-admin: in the development guild when one is configured
// (instant), else globally. Run calls it on shard 0 only: the commands are
// the application's, whatever the shard.
func (b *Bot) Register() error {
	b.mu.Lock()
	app := b.appID
	b.mu.Unlock()
	if app == "" {
		return errors.New("the application id is unknown: set application_id in the configuration")
	}
	cmds := ApplicationCommands(b.defs)
	endpoint := discordgo.EndpointApplicationGlobalCommands(app)
	if b.cfg.DevGuild != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(app, b.cfg.DevGuild)
	}
	if _, err := b.api.RequestWithBucketID("PUT", endpoint, registration(cmds), endpoint); err != nil {
		return fmt.Errorf("registering the /%s commands: %w", CommandName, err)
	}
	scope := "global"
	if b.cfg.DevGuild != "" {
		scope = "guild " + b.cfg.DevGuild
	}
	subs := 0
	for _, c := range cmds {
		subs += len(c.Options)
	}
	b.log.Info("commands registered", "scope", scope, "commands", len(cmds), "subcommands", subs)
	return nil
}

// Start resumes every running game (an AI round interrupted by a restart
// continues), opens the seats older versions gave to a typed name, starts
// the clock of reminders and round time limits, and starts the walk of
// every page of the database in the background (checkDatabase).
func (b *Bot) Start() {
	boxes, err := b.games.Outboxes()
	if err != nil {
		b.log.Error("listing the channels with posts to deliver", "err", err)
	}
	for _, k := range boxes {
		b.out.kick(k)
	}
	if len(boxes) > 0 {
		b.log.Info("delivering the posts kept from before the restart", "channels", len(boxes))
	}
	heads, err := b.games.Heads()
	if err != nil {
		b.log.Error("listing the running games", "err", err)
	}
	resumed := 0
	for _, h := range heads {
		if typedName(h.Seats) {
			b.locked(h.Key, func() command.Response { return b.cmds.OpenNameSeats(b.ctx, h.Key) })
		}
		if !h.AIPaused.IsZero() {
			continue // an AI-vs-AI game waiting for its Continue button
		}
		if !h.Ended && h.Seats[h.ToAct].AI != "" {
			b.startAI(h.Key)
			resumed++
		}
	}
	b.log.Info("games resumed", "running", len(heads), "ai_to_act", resumed)
	b.checkOnce.Do(func() { go b.checkDatabase() })
	b.mu.Lock()
	if !b.closed && b.cfg.CheckEvery > 0 {
		b.wg.Add(1)
		go b.every(b.cfg.CheckEvery, b.Tick)
	}
	if !b.closed && b.cfg.BackupEvery > 0 && b.cfg.BackupDir != "" {
		b.wg.Add(1)
		go b.every(b.cfg.BackupEvery, b.scheduledBackup)
	}
	b.mu.Unlock()
}

// checkDatabase walks every page of a snapshot of the database, while the
// bot serves (the store's Open leaves that walk out when told to, so that
// a start does not wait for it), and logs and exposes the result: on
// /readyz and as mortain_database_checked and mortain_database_damaged.
// Close does not wait for it (the walk of a large file takes a while; the
// snapshot is taken under the database's own lock).
func (b *Bot) checkDatabase() {
	start := time.Now()
	err := b.games.CheckSnapshot()
	if errors.Is(err, store.ErrClosed) {
		return // stopped before the snapshot was taken
	}
	full := errors.Is(err, record.ErrDiskFull)
	if full {
		// No room for the copy it walks: nothing was found damaged.
		b.log.Error("the database could not be checked: the disk is full; free some space (the check runs again at the next start)", "err", err)
		err = nil
	}
	b.checkErr = err
	close(b.checkDone)
	b.metrics.checked()
	if full {
		return
	}
	if err != nil {
		b.log.Error("the database check found a damaged page: back the file up, stop the bot and run mortain doctor", "err", err)
		return
	}
	b.log.Info("database checked: every page is sound", "took", time.Since(start).Round(time.Millisecond))
}

// DatabaseChecked is closed once the walk of every page of the database,
// started by Start, has ended; DatabaseCheck then tells what it found.
func (b *Bot) DatabaseChecked() <-chan struct{} { return b.checkDone }

// DatabaseCheck is the result of the background walk of every page
// (record.ErrDamaged for a damaged page), valid once DatabaseChecked is
// closed; nil before.
func (b *Bot) DatabaseCheck() error {
	select {
	case <-b.checkDone:
		return b.checkErr
	default:
		return nil
	}
}

// Close stops the AI runs and the clock, waits for the interactions in
// flight, and delivers what is queued for at most 5 s (the rest stays in
// the outbox for the next start).
func (b *Bot) Close() {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return
	}
	b.closed = true
	b.mu.Unlock()
	b.cancel()
	b.wg.Wait()
	b.out.close(b.cfg.Drain)
}

// Idle reports whether nothing is in flight: no interaction being
// answered, no AI activation being played (an AI run waiting out its
// delay between activations is idle), no notice being delivered.
func (b *Bot) Idle() bool { return b.busy.Load() == 0 && b.out.idle() }

// enter registers work in flight; false once the bot is closing.
func (b *Bot) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	b.wg.Add(1)
	return true
}

// lockChannel locks the game changes of a channel with their posts, so
// the posts are queued in the order of the game; it returns the unlock.
// Idle channels keep no lock in memory.
func (b *Bot) lockChannel(key record.Key) (unlock func()) { return b.channels.Lock(key) }

// Run connects the session, registers the commands, resumes the games and
// serves until ctx ends, then shuts down in order. The session must carry
// the bot token.
func Run(ctx context.Context, sess *discordgo.Session, opts Options) error {
	b := New(session{sess}, opts)
	sess.Identify.Intents = discordgo.IntentsGuilds
	// One shard of many: Discord sends this process the events of its
	// guilds only (IDENTIFY's shard field).
	sess.ShardID, sess.ShardCount = b.cfg.ShardID, max(b.cfg.ShardCount, 1)
	// Interactions are read from the raw event, which also tells whether
	// the channel is a thread (discordgo's Interaction drops the channel).
	sess.AddHandler(func(_ *discordgo.Session, e *discordgo.Event) {
		if ic, ok := e.Struct.(*discordgo.InteractionCreate); ok && e.Type == "INTERACTION_CREATE" {
			b.HandleInteraction(ic.Interaction, WhereOf(e.RawData))
		}
	})
	sess.AddHandler(func(_ *discordgo.Session, e *discordgo.ChannelDelete) { b.ChannelGone(e.GuildID, e.ID) })
	sess.AddHandler(func(_ *discordgo.Session, e *discordgo.ThreadDelete) { b.ChannelGone(e.GuildID, e.ID) })
	sess.AddHandler(func(_ *discordgo.Session, e *discordgo.GuildCreate) { b.reconcileChannels(e.Guild) })
	sess.AddHandler(func(_ *discordgo.Session, e *discordgo.GuildDelete) {
		if !e.Unavailable {
			b.GuildGone(e.ID)
		}
	})
	ready, readyOnce := make(chan struct{}), sync.Once{}
	sess.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		if r.Application != nil {
			b.SetApplicationID(r.Application.ID)
		}
		if r.User != nil {
			b.mu.Lock()
			b.userID = r.User.ID
			b.mu.Unlock()
		}
		b.connected.Store(true)
		readyOnce.Do(func() { close(ready) })
		go b.reconcileGuilds(r)
	})
	sess.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { b.connected.Store(true) })
	sess.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { b.connected.Store(false) })
	sess.AddHandler(func(_ *discordgo.Session, _ *discordgo.RateLimit) { b.metrics.limited() })
	if b.cfg.AdminListen != "" {
		stop, err := b.serveAdmin(ctx, AdminAddress(b.cfg.AdminListen))
		if err != nil {
			b.Close()
			return err
		}
		defer stop()
	}
	defer b.watchGateway(sess)()
	// One limiter for the process's requests under Discord's global limit;
	// 429s are waited out there, with the request's context, so discordgo
	// does not sleep on them itself.
	if sess.Client == nil {
		sess.Client = &http.Client{Timeout: 20 * time.Second}
	}
	sess.Client.Transport = newRateTransport(sess.Client.Transport, b.cfg.RequestRate, b.metrics, b.log)
	sess.ShouldRetryOnRateLimit = false
	// The bot reads only the application's id from READY (its handler
	// above): discordgo's state cache, which would keep every guild,
	// channel and member it hears of, is off.
	sess.StateEnabled = false
	if err := b.connect(ctx, sess); err != nil {
		b.Close()
		if ctx.Err() != nil {
			return nil // stopped while waiting for Discord
		}
		return err
	}
	select { // the READY handler runs apart from Open
	case <-ready:
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		b.log.Warn("READY's handler did not run in 10 s")
	}
	if b.cfg.ShardID == 0 {
		if err := b.Register(); err != nil {
			// The commands Discord already has stay in use: a restart
			// would not fix this.
			b.log.Error("registering the commands failed; the bot runs on with the commands Discord has", "err", err)
		}
	} else {
		b.log.Info("commands left to shard 0 to register", "shard", b.cfg.ShardID)
	}
	b.Start()
	b.log.Info("bot running", "shard", b.cfg.ShardID, "shards", max(b.cfg.ShardCount, 1))
	if opts.Running != nil {
		opts.Running(b)
	}
	var fatal error
	select {
	case <-ctx.Done():
		b.log.Info("shutting down")
	case fatal = <-b.fatal:
	}
	err := sess.Close()
	b.Close()
	if fatal != nil {
		return fatal
	}
	return err
}

// connect opens the gateway, retrying with a growing pause (from 250 ms
// to a minute) while Discord cannot be reached, until ctx ends. A refused
// token is not retried.
func (b *Bot) connect(ctx context.Context, sess *discordgo.Session) error {
	wait := 250 * time.Millisecond
	for {
		spacing, err := b.checkStarts(sess)
		if err != nil {
			return err
		}
		if spacing > 0 {
			b.log.Info("waiting for this shard's turn to identify", "wait", spacing)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(spacing):
			}
		}
		err = sess.Open()
		if err == nil {
			return nil
		}
		var rest *discordgo.RESTError
		if errors.As(err, &rest) && rest.Response != nil && (rest.Response.StatusCode == 401 || rest.Response.StatusCode == 403) {
			return fmt.Errorf("connecting to Discord: the token was refused (%w): check DISCORD_TOKEN", err)
		}
		b.log.Warn("connecting to Discord failed; retrying", "in", wait, "err", err)
		sess.Close()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-b.fatal:
			return err
		case <-time.After(wait):
		}
		wait = min(2*wait, time.Minute)
	}
}
