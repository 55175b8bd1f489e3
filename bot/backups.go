package bot

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Scheduled backups: every BackupEvery the bot writes a consistent copy of
// its database into BackupDir (mortain-YYYYMMDD-HHMMSS.db; a shard's are
// mortain-shard-ID-of-COUNT-YYYYMMDD-HHMMSS.db, so that shards may share
// the folder) and keeps the BackupKeep newest of its own. The admin
// listener's /backup serves one on request.

const backupPrefix, backupSuffix = "mortain-", ".db"

// backupName is the start of the name of this process's backups.
func (b *Bot) backupName() string {
	if b.cfg.ShardCount > 1 {
		return fmt.Sprintf("%sshard-%d-of-%d-", backupPrefix, b.cfg.ShardID, b.cfg.ShardCount)
	}
	return backupPrefix
}

// ownBackup reports whether the file name is one of this process's
// backups: its prefix, then the time (a digit).
func (b *Bot) ownBackup(name string) bool {
	rest, ok := strings.CutPrefix(name, b.backupName())
	return ok && strings.HasSuffix(rest, backupSuffix) && rest != "" && rest[0] >= '0' && rest[0] <= '9'
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
	name := b.backupName() + time.Now().UTC().Format("20060102-150405.000000") + backupSuffix
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
	w.Header().Set("Content-Disposition", `attachment; filename="`+b.backupName()+time.Now().UTC().Format("20060102-150405")+`.db"`)
	if err := b.games.Backup(w); err != nil {
		b.log.Error("serving a backup failed", "err", err)
	}
}
