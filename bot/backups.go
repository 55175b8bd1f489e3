package bot

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mortain/mortain/store"
)

// Scheduled backups: every BackupEvery the bot writes a consistent copy of
// its database into BackupDir (mortain-scheduled-YYYYMMDD-HHMMSS.ffffff.db;
// a shard's are mortain-scheduled-shard-ID-of-COUNT-YYYYMMDD-HHMMSS.ffffff.db,
// so that shards may share the folder) and keeps the BackupKeep newest of
// its own: only files named exactly so are ever removed, so a backup made
// by hand into the folder stays. The admin listener's /backup serves one
// on request.

const (
	backupPrefix = "mortain-"
	// scheduledMark follows backupPrefix in the name of a scheduled
	// backup, which tells it from any file named by a person.
	scheduledMark = "scheduled-"
	backupSuffix  = ".db"
	// backupTime is the time in a scheduled backup's name (UTC).
	backupTime = "20060102-150405.000000"
)

// shardTag is "shard-ID-of-COUNT-" for a shard of several, else "".
func (b *Bot) shardTag() string {
	if b.cfg.ShardCount > 1 {
		return fmt.Sprintf("shard-%d-of-%d-", b.cfg.ShardID, b.cfg.ShardCount)
	}
	return ""
}

// backupName is the start of the name of this process's scheduled
// backups.
func (b *Bot) backupName() string { return backupPrefix + scheduledMark + b.shardTag() }

// ownBackup reports whether the file name is one of this process's
// scheduled backups: its start, a time in exactly the layout BackupNow
// writes, and the suffix.
func (b *Bot) ownBackup(name string) bool {
	rest, ok := strings.CutPrefix(name, b.backupName())
	if !ok {
		return false
	}
	stamp, ok := strings.CutSuffix(rest, backupSuffix)
	if !ok || len(stamp) != len(backupTime) {
		return false
	}
	_, err := time.Parse(backupTime, stamp)
	return err == nil
}

// scheduledBackup is one scheduled backup, logged.
func (b *Bot) scheduledBackup() {
	if path, err := b.BackupNow(); err != nil {
		b.log.Error("scheduled backup failed", "dir", b.cfg.BackupDir, "err", err)
	} else {
		b.log.Info("scheduled backup written", "path", path)
	}
}

// BackupNow writes a backup into BackupDir now and drops the oldest ones
// beyond BackupKeep; it returns the new file.
func (b *Bot) BackupNow() (string, error) {
	if err := os.MkdirAll(b.cfg.BackupDir, 0o700); err != nil {
		return "", err
	}
	// A scheduled backup killed while it was written left its temporary
	// file; its name never comes again, so it is removed here.
	for _, left := range store.RemoveUnfinished(filepath.Join(b.cfg.BackupDir, b.backupName()+"[0-9]*"+backupSuffix)) {
		b.log.Info("removed an unfinished scheduled backup that was stopped", "path", left)
	}
	name := b.backupName() + time.Now().UTC().Format(backupTime) + backupSuffix
	path := filepath.Join(b.cfg.BackupDir, name)
	if err := b.games.BackupFile(path); err != nil {
		return "", err
	}
	entries, err := os.ReadDir(b.cfg.BackupDir)
	if err != nil {
		return path, err
	}
	var kept []string
	for _, e := range entries {
		if n := e.Name(); b.ownBackup(n) && !e.IsDir() {
			kept = append(kept, n)
		}
	}
	sort.Strings(kept) // the names sort by time
	for len(kept) > max(b.cfg.BackupKeep, 1) {
		if err := os.Remove(filepath.Join(b.cfg.BackupDir, kept[0])); err != nil {
			return path, fmt.Errorf("removing an old backup: %w", err)
		}
		kept = kept[1:]
	}
	return path, nil
}

// serveBackup streams a consistent snapshot of the database (the admin
// listener's /backup).
func (b *Bot) serveBackup(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		http.Error(w, "GET only", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", `attachment; filename="`+backupPrefix+b.shardTag()+time.Now().UTC().Format("20060102-150405")+backupSuffix+`"`)
	if err := b.games.Backup(w); err != nil {
		b.log.Error("serving a backup failed", "err", err)
	}
}
