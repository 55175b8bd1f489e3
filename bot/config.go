package bot

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/duration"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/store"
)

// Config is the bot's configuration (config.example.yaml documents it).
type Config struct {
	// Token is the bot token; DISCORD_TOKEN takes precedence. Never logged.
	Token string
	// ApplicationID is the Discord application's id; empty takes it from
	// Discord at login.
	ApplicationID string
	// DevGuild registers the commands in this guild only (instantly) rather
	// than globally.
	DevGuild string
	// Database is the path of the bbolt database file.
	Database string
	// CacheGames is how many running games the database keeps decoded in
	// memory (store.Options.CacheGames; 0: the store's default).
	CacheGames int
	// Scenario is a scenario file for new games ("" for the built-in one).
	Scenario string
	// AILevel is the AI level of new games when the player names none.
	AILevel string
	// AIBudget is the time the AI may think about one decision.
	AIBudget time.Duration
	// AIDelay is the pause between two AI steps posted in a row; the
	// time the step took (the AI's search included) counts towards it,
	// and a step that completed nothing yet is followed at once.
	AIDelay time.Duration
	// Remind and RoundLimit are the defaults of new games (0: off).
	Remind, RoundLimit time.Duration
	// CheckEvery is how often reminders and time limits are checked.
	CheckEvery time.Duration
	// UploadLimit is the largest attachment the bot sends, in bytes.
	UploadLimit int
	// DeferAfter is how long an interaction's work may run before the bot
	// defers its answer (well inside Discord's 3 s).
	DeferAfter time.Duration
	// LogLevel and LogFormat ("text" or "json") shape the logs.
	LogLevel  slog.Level
	LogFormat string
	// AdminToken, when set, is the bearer token the admin listener's
	// /backup asks for; without it /backup answers on a loopback address
	// only. Never logged.
	AdminToken string
	// Limits bound what one member, channel or server may start.
	Limits command.Limits
	// AdminListen is the address of the admin listener (/healthz, /readyz,
	// /metrics); "" for none. A port alone listens on localhost.
	AdminListen string
	// Drain is how long the bot delivers posts at shutdown; what is left
	// stays in the database for the next start.
	Drain time.Duration
	// BackupDir, BackupEvery and BackupKeep schedule backups of the
	// database (off unless both the folder and the period are set).
	BackupDir   string
	BackupEvery time.Duration
	BackupKeep  int
	// ShardID and ShardCount make the process serve one Discord shard of
	// ShardCount (1: every guild), with its own database (DatabasePath).
	ShardID, ShardCount int
	// IdentifySpacing is the pause between two groups of shards that open
	// the gateway (Discord lets max_concurrency shards identify every
	// 5 s); shard i waits (i / max_concurrency) of them.
	IdentifySpacing time.Duration
	// RequestRate is the requests a second the process sends on the
	// routes Discord's global limit counts (GlobalRate, half of the 50
	// Discord allows a bot, when 0).
	RequestRate float64
}

// DatabasePath is the database of the shard the bot serves: Database
// itself without sharding, else the shard's own file beside it
// (store.ShardPath: mortain.shard-1-of-4.db).
func (c Config) DatabasePath() string { return store.ShardPath(c.Database, c.ShardID, c.ShardCount) }

// Defaults of the settings a file may leave out.
const (
	DefaultDatabase    = "mortain.db"
	DefaultUploadLimit = 10 << 20 // Discord's limit for servers without boosts
	DefaultDeferAfter  = 300 * time.Millisecond
)

// DefaultConfig returns the configuration with every default filled in.
func DefaultConfig() Config {
	return Config{
		Database:    DefaultDatabase,
		AILevel:     ai.Levels[len(ai.Levels)-1],
		AIBudget:    ai.DefaultTime,
		AIDelay:     400 * time.Millisecond,
		CheckEvery:  time.Minute,
		UploadLimit: DefaultUploadLimit,
		DeferAfter:  DefaultDeferAfter,
		LogLevel:    slog.LevelInfo,
		LogFormat:   "text",
		Drain:       DefaultDrain,
		BackupKeep:  7,
		ShardCount:  1,

		IdentifySpacing: 5 * time.Second,
		Limits:          DefaultLimits,
	}
}

// DefaultLimits are the limits of a configuration that names none.
var DefaultLimits = command.Limits{AIGamesPerServer: 3, GamesPerMember: 10, ReplaysPerMinute: 2}

// MaxAIBudget bounds ai.time_budget: a reply deferred while the AI thinks
// must come well inside the 15 minutes an interaction's token lives.
const MaxAIBudget = time.Minute

// DefaultDrain is the delivery time left at shutdown, well under the 10 s
// a container manager usually grants before it kills the process.
const DefaultDrain = 5 * time.Second

// LogValue hides the token from logs.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("application_id", c.ApplicationID),
		slog.String("dev_guild", c.DevGuild),
		slog.String("database", c.DatabasePath()),
		slog.Int("shard_id", c.ShardID),
		slog.Int("shard_count", c.ShardCount),
		slog.String("ai_level", c.AILevel),
		slog.Duration("ai_budget", c.AIBudget),
		slog.Duration("remind", c.Remind),
		slog.Duration("round_limit", c.RoundLimit),
		slog.Bool("token_set", c.Token != ""),
	)
}

// fileConfig is the YAML form.
type fileConfig struct {
	Token         string `yaml:"token"`
	ApplicationID string `yaml:"application_id"`
	DevGuild      string `yaml:"dev_guild"`
	Database      string `yaml:"database"`
	CacheGames    *int   `yaml:"cache_games"`
	Scenario      string `yaml:"scenario"`
	AI            struct {
		Level      string `yaml:"level"`
		TimeBudget string `yaml:"time_budget"`
		Delay      string `yaml:"delay"`
	} `yaml:"ai"`
	Admin struct {
		Listen string `yaml:"listen"`
		Token  string `yaml:"token"`
	} `yaml:"admin"`
	Limits struct {
		AIGamesPerServer *int `yaml:"ai_vs_ai_per_server"`
		GamesPerMember   *int `yaml:"games_per_member"`
		ReplaysPerMinute *int `yaml:"replays_per_minute"`
	} `yaml:"limits"`
	Shutdown struct {
		Drain string `yaml:"drain"`
	} `yaml:"shutdown"`
	Backup struct {
		Dir   string `yaml:"dir"`
		Every string `yaml:"every"`
		Keep  *int   `yaml:"keep"`
	} `yaml:"backup"`
	Reminders struct {
		Remind     string `yaml:"remind"`
		RoundLimit string `yaml:"round_limit"`
		CheckEvery string `yaml:"check_every"`
	} `yaml:"reminders"`
	Discord struct {
		UploadLimitMiB *float64 `yaml:"upload_limit_mib"`
		ShardID        *string  `yaml:"shard_id"`
		ShardCount     *int     `yaml:"shard_count"`
	} `yaml:"discord"`
	Log struct {
		Level  string `yaml:"level"`
		Format string `yaml:"format"`
	} `yaml:"log"`
}

// SettingError is a missing or invalid setting, named as in the file.
type SettingError struct {
	Setting string
	Msg     string
}

func (e *SettingError) Error() string { return e.Setting + ": " + e.Msg }

// LoadConfig reads the YAML configuration at path ("" for none: defaults
// and the environment only) and applies DISCORD_TOKEN from getenv. The
// error names the file and the setting at fault.
func LoadConfig(path string, getenv func(string) string) (Config, error) {
	var data []byte
	if path != "" {
		var err error
		if data, err = os.ReadFile(path); err != nil {
			return Config{}, fmt.Errorf("config: %w", err)
		}
	}
	cfg, err := ParseConfig(data, getenv)
	if err != nil && path != "" {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return cfg, err
}

var snowflake = regexp.MustCompile(`^[1-9][0-9]{5,19}$`)

// ParseConfig reads a YAML configuration (empty data for none) and checks
// it; see LoadConfig.
func ParseConfig(data []byte, getenv func(string) string) (Config, error) {
	var f fileConfig
	if len(bytes.TrimSpace(data)) > 0 {
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
			return Config{}, fmt.Errorf("invalid configuration: %s", strings.TrimPrefix(err.Error(), "yaml: "))
		}
	}
	cfg := DefaultConfig()
	cfg.Token = strings.TrimSpace(f.Token)
	if getenv != nil {
		if t := strings.TrimSpace(getenv("DISCORD_TOKEN")); t != "" {
			cfg.Token = t
		}
	}
	cfg.Token = strings.TrimPrefix(cfg.Token, "Bot ")
	if cfg.Token == "" {
		return Config{}, &SettingError{"token", "missing: set token: in the configuration file or the DISCORD_TOKEN environment variable (Discord Developer Portal > your application > Bot > Reset Token)"}
	}
	if strings.ContainsAny(cfg.Token, " \t\n") {
		return Config{}, &SettingError{"token", "invalid: a bot token has no spaces"}
	}
	cfg.ApplicationID = strings.TrimSpace(f.ApplicationID)
	if cfg.ApplicationID != "" && !snowflake.MatchString(cfg.ApplicationID) {
		return Config{}, &SettingError{"application_id", fmt.Sprintf("%q is not a Discord id (a number, e.g. 1234567890123456789)", cfg.ApplicationID)}
	}
	cfg.DevGuild = strings.TrimSpace(f.DevGuild)
	if cfg.DevGuild != "" && !snowflake.MatchString(cfg.DevGuild) {
		return Config{}, &SettingError{"dev_guild", fmt.Sprintf("%q is not a Discord server id (right-click the server > Copy Server ID)", cfg.DevGuild)}
	}
	if d := strings.TrimSpace(f.Database); d != "" {
		cfg.Database = d
	}
	if n := f.CacheGames; n != nil {
		if *n < 1 {
			return Config{}, &SettingError{"cache_games", fmt.Sprintf("%d is not a number of games: give 1 or more (about 30 KB of memory a game)", *n)}
		}
		cfg.CacheGames = *n
	}
	cfg.Scenario = strings.TrimSpace(f.Scenario)
	if l := strings.ToLower(strings.TrimSpace(f.AI.Level)); l != "" {
		if !slices.Contains(ai.Levels, l) {
			return Config{}, &SettingError{"ai.level", fmt.Sprintf("%q is not an AI level: choose %s", f.AI.Level, strings.Join(ai.Levels, ", "))}
		}
		cfg.AILevel = l
	}
	durations := []struct {
		name, text string
		dst        *time.Duration
		off        bool // "off" or empty allowed: zero
		min, max   time.Duration
	}{
		{"ai.time_budget", f.AI.TimeBudget, &cfg.AIBudget, false, 10 * time.Millisecond, MaxAIBudget},
		{"ai.delay", f.AI.Delay, &cfg.AIDelay, true, 0, time.Minute},
		{"reminders.remind", f.Reminders.Remind, &cfg.Remind, true, time.Minute, 0},
		{"reminders.round_limit", f.Reminders.RoundLimit, &cfg.RoundLimit, true, time.Minute, 0},
		{"reminders.check_every", f.Reminders.CheckEvery, &cfg.CheckEvery, false, time.Second, time.Hour},
		{"shutdown.drain", f.Shutdown.Drain, &cfg.Drain, true, 0, 10 * time.Minute},
		{"backup.every", f.Backup.Every, &cfg.BackupEvery, true, time.Minute, 0},
	}
	for _, d := range durations {
		text := strings.ToLower(strings.TrimSpace(d.text))
		if text == "" {
			continue
		}
		if text == "off" || text == "0" {
			if !d.off {
				return Config{}, &SettingError{d.name, "cannot be off"}
			}
			*d.dst = 0
			continue
		}
		v, err := duration.Parse(text)
		if err != nil {
			return Config{}, &SettingError{d.name, err.Error() + map[bool]string{true: " (or off)", false: ""}[d.off]}
		}
		if v < d.min {
			return Config{}, &SettingError{d.name, fmt.Sprintf("%q is shorter than the least it may be, %s", d.text, duration.Format(d.min))}
		}
		if d.max > 0 && v > d.max {
			return Config{}, &SettingError{d.name, fmt.Sprintf("%q is longer than its limit of %v", d.text, d.max)}
		}
		*d.dst = v
	}
	if f.Discord.UploadLimitMiB != nil {
		mib := *f.Discord.UploadLimitMiB
		if !(mib >= 0.25 && mib <= 500) { // NaN fails both comparisons
			return Config{}, &SettingError{"discord.upload_limit_mib", fmt.Sprintf("%v is not a size in MiB between 0.25 and 500", mib)}
		}
		cfg.UploadLimit = int(mib * (1 << 20))
	}
	switch l := strings.ToLower(strings.TrimSpace(f.Log.Level)); l {
	case "":
	case "debug":
		cfg.LogLevel = slog.LevelDebug
	case "info":
		cfg.LogLevel = slog.LevelInfo
	case "warn", "warning":
		cfg.LogLevel = slog.LevelWarn
	case "error":
		cfg.LogLevel = slog.LevelError
	default:
		return Config{}, &SettingError{"log.level", fmt.Sprintf("%q is not a log level: choose debug, info, warn or error", f.Log.Level)}
	}
	if err := readShard(&cfg, f.Discord.ShardID, f.Discord.ShardCount, getenv); err != nil {
		return Config{}, err
	}
	cfg.BackupDir = strings.TrimSpace(f.Backup.Dir)
	if f.Backup.Keep != nil {
		if *f.Backup.Keep < 1 {
			return Config{}, &SettingError{"backup.keep", fmt.Sprintf("%d: keep at least 1 backup", *f.Backup.Keep)}
		}
		cfg.BackupKeep = *f.Backup.Keep
	}
	if (cfg.BackupDir == "") != (cfg.BackupEvery == 0) {
		return Config{}, &SettingError{"backup", "give both dir and every (or neither)"}
	}
	listen := strings.TrimSpace(f.Admin.Listen)
	if getenv != nil {
		if l := strings.TrimSpace(getenv("MORTAIN_ADMIN_LISTEN")); l != "" {
			listen = l
		}
	}
	if listen != "" && !strings.EqualFold(listen, "off") {
		_, port, err := net.SplitHostPort(AdminAddress(listen))
		if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 {
			return Config{}, &SettingError{"admin.listen", fmt.Sprintf("%q is not an address such as 127.0.0.1:9464 or a port", listen)}
		}
		cfg.AdminListen = listen
	}
	cfg.AdminToken = strings.TrimSpace(f.Admin.Token)
	if getenv != nil {
		if t := strings.TrimSpace(getenv("MORTAIN_ADMIN_TOKEN")); t != "" {
			cfg.AdminToken = t
		}
	}
	limits := []struct {
		name string
		v    *int
		dst  *int
	}{
		{"limits.ai_vs_ai_per_server", f.Limits.AIGamesPerServer, &cfg.Limits.AIGamesPerServer},
		{"limits.games_per_member", f.Limits.GamesPerMember, &cfg.Limits.GamesPerMember},
		{"limits.replays_per_minute", f.Limits.ReplaysPerMinute, &cfg.Limits.ReplaysPerMinute},
	}
	for _, l := range limits {
		if l.v == nil {
			continue
		}
		if *l.v < 0 || *l.v > 1000 {
			return Config{}, &SettingError{l.name, fmt.Sprintf("%d is not a number from 0 (no limit) to 1000", *l.v)}
		}
		*l.dst = *l.v
	}
	switch l := strings.ToLower(strings.TrimSpace(f.Log.Format)); l {
	case "":
	case "text", "json":
		cfg.LogFormat = l
	default:
		return Config{}, &SettingError{"log.format", fmt.Sprintf("%q is not a log format: choose text or json", f.Log.Format)}
	}
	return cfg, nil
}

// maxShards bounds discord.shard_count (Discord asks for one shard per
// 2,500 guilds at most: this is ample).
const maxShards = 4096

// podOrdinal reads a shard id: a number, or a name ending in "-N" (the
// hostname or pod name of a Kubernetes StatefulSet's pod N).
var podOrdinal = regexp.MustCompile(`^(?:.*-)?([0-9]+)$`)

// readShard reads discord.shard_id and discord.shard_count, which
// MORTAIN_SHARD_ID and MORTAIN_SHARD_COUNT override.
func readShard(cfg *Config, id *string, count *int, getenv func(string) string) error {
	idText, countText := "", ""
	if id != nil {
		idText = strings.TrimSpace(*id)
	}
	if count != nil {
		countText = strconv.Itoa(*count)
	}
	if getenv != nil {
		if v := strings.TrimSpace(getenv("MORTAIN_SHARD_ID")); v != "" {
			idText = v
		}
		if v := strings.TrimSpace(getenv("MORTAIN_SHARD_COUNT")); v != "" {
			countText = v
		}
	}
	if countText != "" {
		n, err := strconv.Atoi(countText)
		if err != nil || n < 1 || n > maxShards {
			return &SettingError{"discord.shard_count", fmt.Sprintf("%q is not a number of shards from 1 to %d", countText, maxShards)}
		}
		cfg.ShardCount = n
	}
	if idText != "" {
		m := podOrdinal.FindStringSubmatch(idText)
		if m == nil || len(m[1]) > 5 {
			return &SettingError{"discord.shard_id", fmt.Sprintf("%q is not a shard number (0, 1, ...) or a pod name ending in one (mortain-2)", idText)}
		}
		cfg.ShardID, _ = strconv.Atoi(m[1])
	}
	if cfg.ShardID >= cfg.ShardCount {
		return &SettingError{"discord.shard_id", fmt.Sprintf("%d is not below discord.shard_count (%d): shards are numbered from 0", cfg.ShardID, cfg.ShardCount)}
	}
	return nil
}
