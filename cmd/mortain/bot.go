package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot"
	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/render"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/store"
)

const botUsage = `mortain bot — the Discord bot

Usage:
  mortain bot [--config FILE] [--db FILE]

Flags:
  --config FILE  the configuration file (default ./config.yaml when present)
  --db FILE      the database file (overrides database: in the configuration;
                 with discord.shard_count above 1, each shard's file is beside it)

The token may also come from the DISCORD_TOKEN environment variable, the
shard from MORTAIN_SHARD_ID and MORTAIN_SHARD_COUNT; see config.example.yaml.
`

// runBot runs the Discord bot (mortain bot, or mortain with a token
// configured) until ctx is done (SIGINT or SIGTERM). Exit status: 0 after a clean
// shutdown, 1 on a failure, 2 for a usage or configuration error.
func (m *Main) runBot(ctx context.Context, args []string) error {
	flags := flag.NewFlagSet("bot", flag.ContinueOnError)
	configPath := flags.String("config", "", "")
	dbPath := flags.String("db", "", "")
	if err := m.parseFlags(flags, args, "bot", botUsage); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(m.Stderr, "mortain bot: unexpected argument %q\n", flags.Arg(0))
		return exitStatus(2)
	}
	path := *configPath
	if path == "" {
		if _, err := os.Stat("config.yaml"); err == nil {
			path = "config.yaml"
		} else if !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintln(m.Stderr, "mortain bot:", err)
			return exitStatus(2)
		}
	}
	cfg, err := bot.LoadConfig(path, m.Getenv)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain bot:", err)
		return exitStatus(2)
	}
	if *dbPath != "" {
		cfg.Database = *dbPath
	}
	scenario, err := loadScenario(cfg.Scenario)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain bot: scenario:", err)
		return exitStatus(2)
	}
	log := bot.NewLogger(m.Stderr, cfg)
	slog.SetDefault(log)
	log.Info("starting", "version", versionText(), "config", cfg)

	// The walk of every page runs in the background once the bot serves.
	db, err := store.Open(cfg.DatabasePath(), store.Options{DeferCheck: true, CacheGames: cfg.CacheGames})
	if err != nil {
		log.Error("opening the database", "path", cfg.DatabasePath(), "err", err)
		return exitStatus(1)
	}
	defer db.Close()
	for _, name := range db.Removed() {
		log.Info("removed a temporary file left by a backup, restore or check that was stopped", "path", name)
	}
	if ended, err := db.ArchiveEnded(); err != nil {
		log.Error("archiving the games that had ended", "err", err)
	} else if len(ended) > 0 {
		log.Info("archived the games that had ended but were not archived", "games", len(ended))
	}

	sc := serviceConfig(cfg, db, log)
	sc.Scenario = scenario
	svc := command.New(sc)
	sess, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		log.Error("creating the Discord session", "err", err)
		return exitStatus(1)
	}
	bot.ConfigureSession(sess, log)

	if err := bot.Run(ctx, sess, bot.Options{Config: cfg, Commands: svc, Games: db, Logger: log, Version: versionText()}); err != nil {
		log.Error("the bot stopped", "err", err)
		return exitStatus(1)
	}
	return nil
}

// serviceConfig wires the command layer for the bot: the store, maps and
// replays kept under Discord's upload limit, and the AI's level and time
// budget.
func serviceConfig(cfg bot.Config, db *store.DB, log *slog.Logger) command.Config {
	budget := ai.Budget{Time: cfg.AIBudget}
	c := command.Config{
		Store: db,
		AI: func(level string, seed uint64) (ai.Player, error) {
			return ai.NewWithBudget(level, seed, budget)
		},
		Level:     cfg.AILevel,
		AITimeout: 2*cfg.AIBudget + 5*time.Second,
		Logger:    log,
		FrontEnd:  frontend.Discord{Outbox: true}, // the bot delivers every post from the store's outbox
		Limits:    cfg.Limits,
	}
	r, err := render.New()
	if err != nil {
		log.Error("maps will not be drawn", "err", err)
		return c
	}
	smaller := []int{render.DefaultWidth * 3 / 4, render.DefaultWidth / 2, render.DefaultWidth / 3}
	c.Render = bot.FitRender(func(s *rules.State, evs []rules.Event, width int, lang i18n.Lang) ([]byte, error) {
		return r.Map(s, evs, render.Options{Width: width, Lang: lang})
	}, cfg.UploadLimit, smaller...)
	// map size:small: the compact layout made for a phone's preview.
	c.RenderSmall = bot.FitRender(func(s *rules.State, evs []rules.Event, width int, lang i18n.Lang) ([]byte, error) {
		if width == 0 {
			width = 550
		}
		return r.Map(s, evs, render.Options{Width: width, Lang: lang})
	}, cfg.UploadLimit, render.DefaultWidth/3)
	c.Replay = bot.FitReplay(func(g *rules.Game, width int, lang i18n.Lang) ([]byte, error) {
		return r.Replay(g, render.Options{Width: width, Lang: lang})
	}, cfg.UploadLimit, smaller...)
	return c
}
