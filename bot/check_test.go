package bot_test

import (
	"os"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// waitChecked waits for the background walk of the database.
func waitChecked(t *testing.T, e *env) {
	t.Helper()
	select {
	case <-e.bot.Load().DatabaseChecked():
	case <-time.After(patience):
		t.Fatal("the background check of the database did not end")
	}
}

// The bot answers before the walk of every page of its database, which
// runs in the background; its result is on /metrics.
func TestDatabaseIsCheckedInTheBackground(t *testing.T) {
	e := newEnv(t)
	e.cfg.AdminListen = "127.0.0.1:0"
	e.start()
	e.slash(alice, "new", opt("mode", "hotseat"))
	waitChecked(t, e)
	base := "http://" + e.bot.Load().AdminAddr()
	_, metrics := get(t, base+"/metrics")
	for _, want := range []string{"mortain_database_checked 1", "mortain_database_damaged 0"} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if code, body := get(t, base+"/readyz"); code != 200 {
		t.Errorf("/readyz: %d %q", code, body)
	}
	if !strings.Contains(e.logs.String(), "every page is sound") {
		t.Errorf("the log does not tell the result:\n%s", e.logs.String())
	}
}

// A damaged page deep in the file does not stop the start: the bot
// answers, and the background walk finds the page, logs it naming mortain
// doctor, and /readyz and /metrics show it.
func TestADamagedPageIsFoundInTheBackground(t *testing.T) {
	e := newEnv(t)
	e.cfg.AdminListen = "127.0.0.1:0"
	damagedDatabase(t, e.dbPath)
	e.start()
	e.slash(alice, "new", opt("mode", "hotseat"))
	waitChecked(t, e)
	base := "http://" + e.bot.Load().AdminAddr()
	if code, body := get(t, base+"/readyz"); code != 503 || !strings.Contains(body, "mortain doctor") {
		t.Errorf("/readyz with a damaged page: %d %q", code, body)
	}
	if _, metrics := get(t, base+"/metrics"); !strings.Contains(metrics, "mortain_database_damaged 1") {
		t.Error("/metrics does not show the damaged page")
	}
	if !strings.Contains(e.logs.String(), "run mortain doctor") {
		t.Errorf("the log does not name mortain doctor:\n%s", e.logs.String())
	}
}

// damagedDatabase writes a database whose game in another guild, between
// two people (nothing reads it at start), has a history page with a
// broken header.
func damagedDatabase(t *testing.T, path string) {
	t.Helper()
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	key := record.Key{Guild: "300000000000000009", Channel: "300000000000000010"}
	g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, 1)
	if err := db.Create(&record.Record{Key: key, Game: g, Seats: map[rules.Side]record.Seat{rules.US: {UserID: alice.ID}, rules.German: {UserID: bob.ID}}}); err != nil {
		t.Fatal(err)
	}
	p := rules.NewRandomPlayer(1)
	err = db.Update(key, func(r *record.Record) error {
		for i := 0; i < 200 && !r.Game.State.Over(); i++ {
			a, ok := p.Choose(&r.Game.State)
			if !ok {
				break
			}
			if _, err := r.Game.Apply(a); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	bdb, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	var page int64
	bdb.View(func(tx *bolt.Tx) error {
		page = int64(tx.Bucket([]byte("running")).Bucket([]byte(key.String())).Bucket([]byte("history")).Root()) * int64(tx.DB().Info().PageSize)
		return nil
	})
	bdb.Close()
	if page == 0 {
		t.Fatal("the history has no page of its own")
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte{0xff, 0xff}, page+8); err != nil { // the page's type
		t.Fatal(err)
	}
}
