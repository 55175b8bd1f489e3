package bot_test

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/store"
)

// Two guilds on different shards of two: (id >> 22) % 2 is 0 and 1.
var (
	guildShard0 = strconv.FormatUint(300000000000<<22, 10)
	guildShard1 = strconv.FormatUint(300000000001<<22, 10)
)

// TestTwoShardProcessesServeTheirOwnGuilds runs shard 1 and shard 0 of
// two as separate bot processes against one fake Discord: each gets and
// answers only its guilds' interactions, keeps their games in its own
// database, and only shard 0 registers the commands.
func TestTwoShardProcessesServeTheirOwnGuilds(t *testing.T) {
	t.Parallel()
	fake := fakediscord.New(t)
	base := filepath.Join(t.TempDir(), "mortain.db")

	shard1 := startChildWith(t, fake, base, 1, []string{childShard + "=1/2"}, func(c *botChild) bool {
		return strings.Contains(c.logs.String(), "bot running")
	})
	if registered(fake, 0) {
		t.Fatal("shard 1 registered the commands")
	}
	shard0 := startChildWith(t, fake, base, 1, []string{childShard + "=0/2"}, func(*botChild) bool { return registered(fake, 0) })
	if !fake.WaitFor(10*time.Second, func() bool { return len(fake.Shards()) == 2 }) {
		t.Fatalf("shards connected: %v, want [0 1]", fake.Shards())
	}

	ask := func(g, ch string) {
		t.Helper()
		id := fake.Slash(g, ch, alice, "new", opt("mode", "hotseat"))
		if !fake.WaitFor(20*time.Second, func() bool { r := fake.Reply(id); return r.Acknowledged && r.AckType != 5 || r.Text() != "" }) {
			t.Fatalf("/mortain new in guild %s was not answered:\nshard 0:\n%s\nshard 1:\n%s", g, shard0.logs.String(), shard1.logs.String())
		}
	}
	ask(guildShard0, "500000000000000001")
	ask(guildShard1, "500000000000000002")
	shard0.stop(t)
	shard1.stop(t)

	puts := 0
	for _, r := range fake.Requests() {
		if r.Method == "PUT" && strings.HasSuffix(r.Route, "/commands") {
			puts++
		}
	}
	if puts != 1 || len(fake.Commands("")) != 2 {
		t.Errorf("%d registrations, %d global commands: want one registration (shard 0's) of 2 commands", puts, len(fake.Commands("")))
	}
	for shard, want := range []string{guildShard0, guildShard1} {
		db, err := store.Open(store.ShardPath(base, shard, 2), store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		keys, err := db.Running()
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) != 1 || keys[0].Guild != want {
			t.Errorf("shard %d's database holds %v, want the game of guild %s only", shard, keys, want)
		}
	}
}

// /mortain-admin is offered only to members who may manage channels;
// /mortain to everyone. The registration sends the permission as the
// integer the spec wants (the fake checks every request against it).
func TestAdminCommandIsOfferedToModeratorsOnly(t *testing.T) {
	e := newEnv(t)
	e.start()
	if e.fake.Offered(guild, alice, "abort") || e.fake.Offered(guild, alice, "seat") {
		t.Error("a member without Manage Channels is offered /mortain-admin")
	}
	if !e.fake.Offered(guild, moderator, "abort") {
		t.Error("a moderator is not offered /mortain-admin abort")
	}
	if !e.fake.Offered(guild, alice, "new") {
		t.Error("a member is not offered /mortain new")
	}
	for _, r := range e.fake.Requests() {
		if r.Method != "PUT" || !strings.HasSuffix(r.Route, "/commands") {
			continue
		}
		var cmds []map[string]any
		if err := json.Unmarshal(r.JSON, &cmds); err != nil {
			t.Fatal(err)
		}
		for _, c := range cmds {
			if c["name"] == "mortain-admin" && c["default_member_permissions"] != float64(fakediscord.PermManageChannels) {
				t.Errorf("/mortain-admin registered with default_member_permissions %#v", c["default_member_permissions"])
			}
		}
	}
}
