package bot_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/testenv"
	"github.com/mortain/mortain/store"
)

// On a full disk the background check has no room for the copy it walks:
// the bot said it had found a damaged page, and /readyz answered 503
// (an orchestrator would restart it for ever). It now logs that the disk
// is full and goes on serving, ready, with nothing called damaged.
func TestAFullDiskIsNotADamagedDatabase(t *testing.T) {
	dir, ok := testenv.SmallDisk(t)
	if !ok {
		testenv.OnSmallDisk(t, "TestAFullDiskIsNotADamagedDatabase", 2<<20)
		return
	}
	e := newEnv(t)
	e.cfg.AdminListen = "127.0.0.1:0"
	e.dbPath = filepath.Join(dir, "mortain.db")
	db, err := store.Open(e.dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	testenv.FillDisk(t, dir)
	e.start()
	waitChecked(t, e)
	base := "http://" + e.bot.Load().AdminAddr()
	if code, body := get(t, base+"/readyz"); code != 200 {
		t.Errorf("/readyz on a full disk: %d %q", code, body)
	}
	if _, metrics := get(t, base+"/metrics"); !strings.Contains(metrics, "mortain_database_damaged 0") {
		t.Error("/metrics calls the database damaged")
	}
	logs := e.logs.String()
	if !strings.Contains(logs, "could not be checked: the disk is full") || strings.Contains(logs, "damaged page") {
		t.Errorf("the log does not say the disk is full:\n%s", logs)
	}
}
