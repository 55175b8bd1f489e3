package fakediscord

import (
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Each shard's connection gets the events of its guilds only: (guild_id
// >> 22) % count, as Discord routes them.
func TestGatewayHonoursIdentifysShard(t *testing.T) {
	s := New(t)
	var sessions [2]*discordgo.Session
	var events [2]<-chan *discordgo.InteractionCreate
	for i := range sessions {
		sess := s.Session()
		sess.ShardID, sess.ShardCount = i, 2
		events[i] = collect[*discordgo.InteractionCreate](sess)
		if err := sess.Open(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { sess.Close() })
		sessions[i] = sess
	}
	// Open returns once IDENTIFY is sent, not once it is handled: wait
	// for the server to have answered both with READY.
	both := func() bool { got := s.Shards(); return len(got) == 2 && got[0] == 0 && got[1] == 1 }
	if !s.WaitFor(5*time.Second, both) {
		t.Fatalf("shards %v, want [0 1]", s.Shards())
	}
	u := User{ID: "400000000000000001", Name: "alice"}
	want := [2][]string{}
	for n := uint64(0); n < 6; n++ {
		g := strconv.FormatUint((700000000000+n)<<22, 10)
		want[n%2] = append(want[n%2], s.Slash(g, "500000000000000001", u, "status"))
	}
	// Events without a guild go to shard 0.
	want[0] = append(want[0], s.Slash("", "500000000000000009", u, "status"))
	// (discordgo runs each handler in its own goroutine: any order.)
	for shard := range want {
		mine := map[string]bool{}
		for _, id := range want[shard] {
			mine[id] = true
		}
		for range want[shard] {
			if ev := next(t, events[shard]); !mine[ev.ID] {
				t.Fatalf("shard %d got interaction %s of guild %q, not one of its guilds'", shard, ev.ID, ev.GuildID)
			}
		}
	}
}
