package bot_test

import (
	"os"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// sound is a channel whose game is on sound pages of the damaged file.
const sound = "300000000000000011"

// A command that reaches a damaged page of the database gets a plain
// answer naming mortain doctor, and the bot goes on: the other channels
// answer, /readyz says why it is not ready and /metrics shows the damage.
func TestADamagedPageDoesNotStopTheBot(t *testing.T) {
	e := newEnv(t)
	e.cfg.AdminListen = "127.0.0.1:0"
	damagedRecord(t, e.dbPath, record.Key{Guild: guild, Channel: other}, record.Key{Guild: guild, Channel: sound})
	e.start()

	r := e.reply(e.fake.Slash(guild, other, alice, "status"))
	if !strings.Contains(r.Text(), "database is damaged") || !strings.Contains(r.Text(), "mortain doctor") || !r.Ephemeral() {
		t.Errorf("status in the damaged channel: %q", r.Text())
	}
	r = e.reply(e.fake.Slash(guild, other, bob, "pass"))
	if r.Text() != i18n.T(i18n.English, "fail.damaged", nil) {
		t.Errorf("a move in the damaged channel: %q", r.Text())
	}

	r = e.reply(e.fake.Slash(guild, sound, alice, "status"))
	if strings.Contains(r.Text(), "damaged") || strings.Contains(r.Text(), "went wrong") || r.Text() == "" {
		t.Errorf("status in a channel on sound pages: %q", r.Text())
	}
	e.slash(alice, "new", opt("mode", "hotseat"))
	if rec := e.game(channel); rec.Seats[rules.US].UserID != alice.ID {
		t.Errorf("a new game in another channel: seats %v", rec.Seats)
	}

	base := "http://" + e.bot.Load().AdminAddr()
	if code, body := get(t, base+"/readyz"); code != 503 || !strings.Contains(body, "mortain doctor --db "+e.dbPath) {
		t.Errorf("/readyz with a damaged page met: %d %q", code, body)
	}
	if _, metrics := get(t, base+"/metrics"); !strings.Contains(metrics, "mortain_database_damaged 1") {
		t.Error("/metrics does not show the damaged page")
	}
	if !strings.Contains(e.logs.String(), "go.etcd.io/bbolt") {
		t.Errorf("the log lacks where bbolt panicked:\n%s", e.logs.String())
	}
	waitChecked(t, e) // the background walk ends before the test removes the file
}

// damagedRecord writes a database with a hotseat game between alice and
// bob in each of keys, then gives the page of the first one's record a
// page type that does not exist: bbolt panics on reading it.
func damagedRecord(t *testing.T, path string, keys ...record.Key) {
	t.Helper()
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, key := range keys {
		g := rules.NewGame(rules.DefaultScenario(), rules.Options{}, uint64(i+1))
		if err := db.Create(&record.Record{Key: key, Game: g, Seats: map[rules.Side]record.Seat{rules.US: {UserID: alice.ID}, rules.German: {UserID: bob.ID}}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var page, pageSize int64
	bdb.View(func(tx *bolt.Tx) error {
		running := tx.Bucket([]byte("running"))
		page = int64(running.Bucket([]byte(keys[0].String())).Root())
		for _, k := range keys[1:] {
			if int64(running.Bucket([]byte(k.String())).Root()) == page {
				page = 0 // shared: the test would damage a sound game too
			}
		}
		pageSize = int64(tx.DB().Info().PageSize)
		return nil
	})
	bdb.Close()
	if page == 0 {
		t.Fatal("the game has no page of its own")
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte{0xff, 0xff}, page*pageSize+8); err != nil { // the page's type
		t.Fatal(err)
	}
}
