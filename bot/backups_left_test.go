package bot_test

import (
	"os"
	"path/filepath"
	"testing"
)

// A scheduled backup killed while it was written left its temporary file
// for good (its name never comes again): the next scheduled backup
// removes it, and leaves another shard's alone.
func TestAScheduledBackupRemovesTheUnfinishedOnesBeforeIt(t *testing.T) {
	e := newEnv(t)
	e.cfg.BackupDir = filepath.Join(t.TempDir(), "backups")
	os.MkdirAll(e.cfg.BackupDir, 0o700)
	killed := filepath.Join(e.cfg.BackupDir, ".mortain-scheduled-20260101-000000.000000.db.tmp-1234")
	others := filepath.Join(e.cfg.BackupDir, ".mortain-scheduled-shard-1-of-2-20260101-000000.000000.db.tmp-99")
	for _, p := range []string{killed, others} {
		if err := os.WriteFile(p, make([]byte, 4096), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	e.start()
	if _, err := e.bot.Load().BackupNow(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(killed); !os.IsNotExist(err) {
		t.Errorf("%s is still there: %v", killed, err)
	}
	if _, err := os.Stat(others); err != nil {
		t.Errorf("another shard's file was removed: %v", err)
	}
}
