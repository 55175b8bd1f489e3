package bot

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// Discord deletes a thread only for a bot with Manage Threads, its own
// threads included: the thread of a game that could not be saved is
// deleted with it, and left (said by the command layer) without it.
func TestTheThreadOfAGameNotSavedIsDeletedOnlyWithManageThreads(t *testing.T) {
	const guild, parent = "300000000000000001", "300000000000000002"
	fake := fakediscord.New(t)
	fake.AddChannel(guild, parent)
	db, err := store.Open(filepath.Join(t.TempDir(), "m.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := New(session{fake.Session()}, Options{Games: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer b.Close()
	open := func() record.Key {
		endpoint := discordgo.EndpointChannelThreads(parent)
		data, err := b.api.RequestWithBucketID(http.MethodPost, endpoint, map[string]any{"name": "game", "type": 11}, endpoint, discordgo.WithContext(context.Background()))
		if err != nil {
			t.Fatal(err)
		}
		var ch struct {
			ID string `json:"id"`
		}
		json.Unmarshal(data, &ch)
		return record.Key{Guild: guild, Channel: ch.ID}
	}
	deletes := func() int {
		n := 0
		for _, r := range fake.Requests() {
			if r.Method == http.MethodDelete {
				n++
			}
		}
		return n
	}
	without := &call{i: &discordgo.Interaction{AppPermissions: fakediscord.DefaultAppPermissions}}
	kept := open()
	if b.threadDropper(without)(kept) {
		t.Error("the thread was reported deleted without Manage Threads")
	}
	if n := deletes(); n != 0 {
		t.Errorf("%d DELETE requests without Manage Threads, want none (Discord refuses them)", n)
	}
	with := &call{i: &discordgo.Interaction{AppPermissions: fakediscord.DefaultAppPermissions | fakediscord.PermManageThreads}}
	fake.SetAppPermissions(parent, fakediscord.DefaultAppPermissions|fakediscord.PermManageThreads)
	dropped := open()
	if !b.threadDropper(with)(dropped) || !slices.Contains(fake.Deleted(), dropped.Channel) {
		t.Errorf("with Manage Threads the thread was not deleted: %v", fake.Deleted())
	}
}
