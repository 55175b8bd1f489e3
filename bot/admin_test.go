package bot_test

import (
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// The admin listener answers health, readiness and Prometheus metrics that
// follow what the bot does.
func TestAdminListenerServesHealthReadinessAndMetrics(t *testing.T) {
	e := newEnv(t)
	e.cfg.AdminListen = "127.0.0.1:0"
	e.start()
	base := "http://" + e.bot.Load().AdminAddr()
	if code, body := get(t, base+"/healthz"); code != 200 || strings.TrimSpace(body) != "ok" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body := get(t, base+"/readyz"); code != 200 {
		t.Errorf("/readyz with the gateway connected: %d %q", code, body)
	}
	e.slash(alice, "new", opt("mode", "hotseat"))
	e.slash(spectator, "pass")
	_, metrics := get(t, base+"/metrics")
	for _, want := range []string{
		`mortain_interactions_total{command="new",result="ok"} 1`,
		`mortain_interactions_total{command="pass",result="refused"} 1`,
		`mortain_posts_total{state="delivered"} 1`,
		`mortain_posts_total{state="queued"} 1`,
		`mortain_running_games 1`,
		`mortain_games_due 1`, // the new game, due at once
		`mortain_records_read_total `,
		`mortain_records_decoded_total `,
		`mortain_outbox_notices 0`, // the new game's post was delivered
		`mortain_outbox_oldest_seconds 0`,
		`mortain_ack_latency_seconds_count 2`,
		`mortain_build_info{`,
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	// The timer check looks at the new game and puts it off to its next
	// timer.
	e.bot.Load().Tick()
	if _, metrics = get(t, base+"/metrics"); !strings.Contains(metrics, "mortain_games_due 0") {
		t.Errorf("/metrics after the timer check lacks mortain_games_due 0")
	}
}

// Scheduled backups keep the newest ones; /backup serves a snapshot that
// opens as the database.
func TestBackupsOnScheduleAndOnRequest(t *testing.T) {
	e := newEnv(t)
	e.cfg.AdminListen = "127.0.0.1:0"
	e.cfg.BackupDir = filepath.Join(t.TempDir(), "backups")
	e.cfg.BackupKeep = 2
	e.start()
	e.slash(alice, "new", opt("mode", "hotseat"))
	b := e.bot.Load()
	for i := 0; i < 3; i++ {
		if _, err := b.BackupNow(); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := os.ReadDir(e.cfg.BackupDir)
	if len(files) != 2 {
		t.Errorf("%d backups kept, want 2", len(files))
	}
	code, body := get(t, "http://"+b.AdminAddr()+"/backup")
	if code != 200 {
		t.Fatalf("/backup: %d", code)
	}
	path := filepath.Join(t.TempDir(), "served.db")
	os.WriteFile(path, []byte(body), 0o600)
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatalf("the served backup does not open: %v", err)
	}
	defer db.Close()
	if _, err := db.Get(record.Key{Guild: guild, Channel: channel}); err != nil {
		t.Errorf("the served backup lacks the game: %v", err)
	}
}

// Shards may share the backup folder: each keeps its own backups, named
// after it, and leaves the others' alone.
func TestShardsKeepTheirOwnBackups(t *testing.T) {
	e := newEnv(t)
	e.cfg.BackupDir = filepath.Join(t.TempDir(), "backups")
	e.cfg.BackupKeep = 1
	e.cfg.ShardID, e.cfg.ShardCount = 0, 2
	os.MkdirAll(e.cfg.BackupDir, 0o700)
	other := []string{"mortain-20260101-000000.000000.db", "mortain-scheduled-shard-1-of-2-20260101-000000.000000.db"}
	for _, n := range other {
		os.WriteFile(filepath.Join(e.cfg.BackupDir, n), nil, 0o600)
	}
	e.start()
	b := e.bot.Load()
	for i := 0; i < 2; i++ {
		if _, err := b.BackupNow(); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := os.ReadDir(e.cfg.BackupDir)
	var names []string
	for _, f := range files {
		names = append(names, f.Name())
	}
	if len(names) != 3 || names[0] != other[0] || !strings.HasPrefix(names[1], "mortain-scheduled-shard-0-of-2-") || names[2] != other[1] {
		t.Errorf("backups %v: want shard 0's newest and the others' untouched", names)
	}
}

// Scheduled backups rotate only the files the bot wrote: a backup made by
// hand into the same folder, named like docs/operations.md's example
// (mortain-$(date +%F).db) or otherwise, is never removed.
func TestScheduledBackupsLeaveManualBackups(t *testing.T) {
	e := newEnv(t)
	e.cfg.BackupDir = filepath.Join(t.TempDir(), "backups")
	e.cfg.BackupKeep = 1
	os.MkdirAll(e.cfg.BackupDir, 0o700)
	manual := []string{
		"mortain-2026-11-20.db",
		"mortain-20260101-000000.000000.db",
		"mortain-scheduled-20260101.db",
		"mortain-scheduled-20260101-000000.000000.db.old",
		"mortain-scheduled-shard-1-of-2-20260101-000000.000000.db",
	}
	for _, n := range manual {
		os.WriteFile(filepath.Join(e.cfg.BackupDir, n), nil, 0o600)
	}
	e.start()
	b := e.bot.Load()
	var last string
	for i := 0; i < 3; i++ {
		p, err := b.BackupNow()
		if err != nil {
			t.Fatal(err)
		}
		last = filepath.Base(p)
	}
	files, _ := os.ReadDir(e.cfg.BackupDir)
	left := map[string]bool{}
	for _, f := range files {
		left[f.Name()] = true
	}
	for _, n := range manual {
		if !left[n] {
			t.Errorf("the scheduled backups removed %s", n)
		}
	}
	if len(files) != len(manual)+1 || !left[last] || !strings.HasPrefix(last, "mortain-scheduled-2") {
		t.Errorf("backups %v: want the manual ones and the newest scheduled one, %s", left, last)
	}
}

// /backup copies the database: on an address other than localhost it
// needs the admin token, and with a token set it needs it everywhere.
func TestBackupEndpointIsLocalOrNeedsTheToken(t *testing.T) {
	e := newEnv(t)
	e.cfg.AdminListen = "0.0.0.0:0"
	e.start()
	_, port, _ := net.SplitHostPort(e.bot.Load().AdminAddr())
	if code, _ := get(t, "http://127.0.0.1:"+port+"/backup"); code != http.StatusForbidden {
		t.Errorf("/backup on 0.0.0.0 without a token: %d", code)
	}
	if code, _ := get(t, "http://127.0.0.1:"+port+"/metrics"); code != http.StatusOK {
		t.Errorf("/metrics: %d", code)
	}
	e.shutdown()
	e.cfg.AdminToken = "s3cret"
	e.start()
	_, port, _ = net.SplitHostPort(e.bot.Load().AdminAddr())
	if code, _ := get(t, "http://127.0.0.1:"+port+"/backup"); code != http.StatusUnauthorized {
		t.Errorf("/backup without the token: %d", code)
	}
	req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+"/backup", nil)
	req.Header.Set("Authorization", "Bearer s3cret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/backup with the token: %d", resp.StatusCode)
	}
}
