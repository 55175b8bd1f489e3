package bot

import (
	"errors"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"
)

func env(vals map[string]string) func(string) string {
	return func(k string) string { return vals[k] }
}

func TestConfigDefaultsAndEnvironmentToken(t *testing.T) {
	cfg, err := ParseConfig(nil, env(map[string]string{"DISCORD_TOKEN": "abc.def.ghi"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Token != "abc.def.ghi" || cfg.Database != DefaultDatabase || cfg.AILevel != "hard" || cfg.Remind != 0 || cfg.RoundLimit != 0 {
		t.Errorf("defaults: %+v", cfg)
	}
	cfg, err = ParseConfig([]byte("token: from-file\n"), env(map[string]string{"DISCORD_TOKEN": "from-env"}))
	if err != nil || cfg.Token != "from-env" {
		t.Errorf("DISCORD_TOKEN should win over the file: %q %v", cfg.Token, err)
	}
}

func TestConfigErrorsNameTheSetting(t *testing.T) {
	cases := map[string]string{
		"":                                          "token",
		"token: x\napplication_id: abc":             "application_id",
		"token: x\ndev_guild: 12":                   "dev_guild",
		"token: x\nai:\n  level: grandmaster":       "ai.level",
		"token: x\nai:\n  time_budget: fast":        "ai.time_budget",
		"token: x\nreminders:\n  remind: 5s":        "reminders.remind",
		"token: x\nreminders:\n  round_limit: soon": "reminders.round_limit",
		"token: x\nlog:\n  level: loud":             "log.level",
		"token: x\nlog:\n  format: xml":             "log.format",
		"token: x\ndiscord:\n  upload_limit_mib: 0": "discord.upload_limit_mib",
		"token: x\ndatabse: typo.db":                "databse",
		"token: x\nai:\n  time_budget: 20m":         "ai.time_budget",
		"token: x\nlimits:\n  games_per_member: -1": "limits.games_per_member",
		"token: x\ncache_games: 0":                  "cache_games",
	}
	for text, setting := range cases {
		_, err := ParseConfig([]byte(text), env(nil))
		if err == nil {
			t.Errorf("%q: accepted", text)
			continue
		}
		if !strings.Contains(err.Error(), setting) {
			t.Errorf("%q: error %q does not name %s", text, err, setting)
		}
		var se *SettingError
		if setting != "databse" && !errors.As(err, &se) {
			t.Errorf("%q: not a SettingError: %v", text, err)
		}
	}
}

func TestExampleConfigIsValidAndComplete(t *testing.T) {
	data, err := os.ReadFile("../config.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := ParseConfig(data, env(map[string]string{"DISCORD_TOKEN": "tok.en"}))
	if err != nil {
		t.Fatalf("config.example.yaml: %v", err)
	}
	if cfg.Token != "tok.en" {
		t.Errorf("token %q", cfg.Token)
	}
	for _, key := range []string{"token:", "application_id:", "dev_guild:", "database:", "cache_games:", "level:", "time_budget:", "delay:", "remind:", "round_limit:", "check_every:", "upload_limit_mib:", "shard_id:", "shard_count:", "format:"} {
		if !strings.Contains(string(data), key) {
			t.Errorf("config.example.yaml does not document %s", key)
		}
	}
}

func TestConfigValues(t *testing.T) {
	cfg, err := ParseConfig([]byte(`token: "Bot abc"
application_id: "123456789012345678"
reminders:
  remind: 12h
  round_limit: 2d
log:
  level: debug
  format: json
discord:
  upload_limit_mib: 8
cache_games: 250
`), env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.CacheGames != 250 {
		t.Errorf("cache_games: %d", cfg.CacheGames)
	}
	if cfg.Token != "abc" || cfg.Remind != 12*time.Hour || cfg.RoundLimit != 48*time.Hour || cfg.LogLevel != slog.LevelDebug || cfg.LogFormat != "json" || cfg.UploadLimit != 8<<20 {
		t.Errorf("%+v", cfg)
	}
}

func TestLogsNeverShowTheToken(t *testing.T) {
	var b strings.Builder
	cfg := DefaultConfig()
	cfg.Token = "very-secret-token-value"
	log := NewLogger(&b, cfg)
	log.Info("connecting with very-secret-token-value", "config", cfg, "err", errors.New("401 for Bot very-secret-token-value"), "header", "Bot very-secret-token-value")
	if strings.Contains(b.String(), cfg.Token) {
		t.Errorf("the token was logged: %s", b.String())
	}
	if !strings.Contains(b.String(), "token_set=true") {
		t.Errorf("the config should log whether a token is set: %s", b.String())
	}
}

func TestConfigAdminListenerAndDrain(t *testing.T) {
	cfg, err := ParseConfig([]byte("token: t\nadmin:\n  listen: 9464\nshutdown:\n  drain: 3s\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if AdminAddress(cfg.AdminListen) != "127.0.0.1:9464" || cfg.Drain != 3*time.Second {
		t.Errorf("admin %q (%s), drain %v", cfg.AdminListen, AdminAddress(cfg.AdminListen), cfg.Drain)
	}
	cfg, err = ParseConfig([]byte("token: t\n"), env(map[string]string{"MORTAIN_ADMIN_LISTEN": "0.0.0.0:9000"}))
	if err != nil || cfg.AdminListen != "0.0.0.0:9000" || cfg.Drain != DefaultDrain {
		t.Errorf("from the environment: %+v, %v", cfg, err)
	}
	if _, err := ParseConfig([]byte("token: t\nadmin:\n  listen: 'not an address'\n"), nil); err == nil || !strings.Contains(err.Error(), "admin.listen") {
		t.Errorf("a bad address: %v", err)
	}
}

func TestConfigScheduledBackups(t *testing.T) {
	cfg, err := ParseConfig([]byte("token: t\nbackup:\n  dir: /data/backups\n  every: 6h\n  keep: 3\n"), nil)
	if err != nil || cfg.BackupDir != "/data/backups" || cfg.BackupEvery != 6*time.Hour || cfg.BackupKeep != 3 {
		t.Errorf("%+v, %v", cfg, err)
	}
	for _, bad := range []string{"backup:\n  dir: /x\n", "backup:\n  every: 1h\n", "backup:\n  dir: /x\n  every: 1h\n  keep: 0\n", "backup:\n  dir: /x\n  every: 5s\n"} {
		if _, err := ParseConfig([]byte("token: t\n"+bad), nil); err == nil || !strings.Contains(err.Error(), "backup") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestConfigShards(t *testing.T) {
	cfg, err := ParseConfig([]byte("token: t\ndatabase: /data/mortain.db\ndiscord:\n  shard_id: 1\n  shard_count: 4\n"), nil)
	if err != nil || cfg.ShardID != 1 || cfg.ShardCount != 4 || cfg.DatabasePath() != "/data/mortain.shard-1-of-4.db" {
		t.Errorf("%+v (%s), %v", cfg, cfg.DatabasePath(), err)
	}
	cfg, err = ParseConfig([]byte("token: t\n"), nil)
	if err != nil || cfg.ShardID != 0 || cfg.ShardCount != 1 || cfg.DatabasePath() != DefaultDatabase {
		t.Errorf("unsharded by default: %+v, %v", cfg, err)
	}
	// A StatefulSet's pod name gives the shard (its ordinal).
	cfg, err = ParseConfig([]byte("token: t\n"), env(map[string]string{"MORTAIN_SHARD_ID": "mortain-2", "MORTAIN_SHARD_COUNT": "3"}))
	if err != nil || cfg.ShardID != 2 || cfg.ShardCount != 3 {
		t.Errorf("from the environment: %+v, %v", cfg, err)
	}
	for _, bad := range []string{"discord:\n  shard_id: 2\n  shard_count: 2\n", "discord:\n  shard_count: 0\n", "discord:\n  shard_id: first\n  shard_count: 2\n", "discord:\n  shard_id: 1\n"} {
		_, err := ParseConfig([]byte("token: t\n"+bad), nil)
		var se *SettingError
		if !errors.As(err, &se) || !strings.HasPrefix(se.Setting, "discord.shard_") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestConfigLimitsAndAdminToken(t *testing.T) {
	cfg, err := ParseConfig([]byte("token: t\nlimits:\n  ai_vs_ai_per_server: 1\n  games_per_member: 0\n  replays_per_minute: 5\nadmin:\n  token: abc\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Limits.AIGamesPerServer != 1 || cfg.Limits.GamesPerMember != 0 || cfg.Limits.ReplaysPerMinute != 5 || cfg.AdminToken != "abc" {
		t.Errorf("%+v", cfg)
	}
	def, _ := ParseConfig([]byte("token: t\n"), nil)
	if def.Limits != DefaultLimits || def.Limits.AIGamesPerServer == 0 {
		t.Errorf("default limits %+v", def.Limits)
	}
	var b strings.Builder
	slog.New(slog.NewTextHandler(&b, nil)).Info("config", "cfg", cfg)
	if strings.Contains(b.String(), "abc") {
		t.Errorf("the admin token is logged: %s", b.String())
	}
}
