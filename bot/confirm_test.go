package bot_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mortain/mortain/store/record"
)

func TestResignAsksFirstAndItsConfirmButtonResigns(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	posts := len(e.fake.Messages(channel))
	r := e.slash(alice, "resign")
	if !r.Ephemeral() || !strings.Contains(r.Text(), "confirm:yes") || r.Original == nil || len(r.Original.Components) != 1 {
		t.Fatalf("resign without confirm: %q, %+v", r.Text(), r.Original)
	}
	if len(e.fake.Messages(channel)) != posts {
		t.Fatal("resign without confirm posted")
	}
	e.game(channel) // still running
	e.press(alice, *r.Original, r.Original.Components[0].CustomID)
	if m := e.last(channel); !strings.Contains(m.Content, "resigns") {
		t.Fatalf("after Confirm the channel shows %q", m.Content)
	}
	if _, err := e.db.Get(record.Key{Guild: guild, Channel: channel}); !errors.Is(err, record.ErrNotFound) {
		t.Errorf("the game still runs after the confirmed resignation: %v", err)
	}
}
