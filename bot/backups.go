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
// its database into BackupDir (mortain-YYYYMMDD-HHMMSS.db) and keeps the
// BackupKeep newest. The admin listener's /backup serves one on request.

const backupPrefix, backupSuffix = "mortain-", ".db"

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
	name := backupPrefix + time.Now().UTC().Format("20060102-150405.000000") + backupSuffix
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
		if n := e.Name(); strings.HasPrefix(n, backupPrefix) && strings.HasSuffix(n, backupSuffix) && !e.IsDir() {
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
	w.Header().Set("Content-Disposition", `attachment; filename="mortain-`+time.Now().UTC().Format("20060102-150405")+`.db"`)
	if err := b.games.Backup(w); err != nil {
		b.log.Error("serving a backup failed", "err", err)
	}
}
