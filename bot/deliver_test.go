package bot

import (
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// failingDelivered is a database whose first Delivered writes fail.
type failingDelivered struct {
	*store.DB
	fail atomic.Int32
}

func (f *failingDelivered) Delivered(key record.Key, seq uint64, id string, buttons bool) (string, error) {
	if f.fail.Add(-1) >= 0 {
		return "", errors.New("disk full")
	}
	return f.DB.Delivered(key, seq, id, buttons)
}

func TestAFailedDeliveredWriteHoldsBackTheNextPost(t *testing.T) {
	fake := fakediscord.New(t)
	db, err := store.Open(filepath.Join(t.TempDir(), "m.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	key := record.Key{Guild: "300000000000000001", Channel: "300000000000000002"}
	if err := db.Enqueue(key, record.Notice{Text: "first"}, record.Notice{Text: "second"}); err != nil {
		t.Fatal(err)
	}
	box := &failingDelivered{DB: db}
	box.fail.Store(1)
	d := newDeliverer(session{fake.Session()}, box, slog.New(slog.NewTextHandler(io.Discard, nil)), DefaultUploadLimit)
	d.retryStore = time.Millisecond
	defer d.close(time.Second)
	d.kick(key)
	if !fake.WaitFor(10*time.Second, func() bool { left, _ := db.Pending(key); return len(left) == 0 }) {
		t.Fatal("the notices were not delivered once the write went through")
	}
	var order []string
	for _, r := range fake.Requests() {
		if fakediscord.IsChannelPost(r) {
			order = append(order, r.Path)
		}
	}
	msgs := fake.Messages(key.Channel)
	if len(msgs) != 2 || msgs[0].Content != "first" || msgs[1].Content != "second" {
		t.Fatalf("the channel shows %d posts", len(msgs))
	}
	// first, first again (its nonce gives back the same message), second.
	if len(order) != 3 {
		t.Errorf("%d post requests, want 3: the second post went before the first was recorded", len(order))
	}
}
