package bot_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/internal/fakediscord"
)

// TestLatencyWith200GamesAtOnce plays 200 games at once, one a channel,
// through the fake Discord: each wave sends one command in every game at
// the same moment (a new game, the set-up, its end, then passes) and
// waits for all 200 answers. It logs the interactions' latency with the
// machine's load (go test -run TestLatencyWith200GamesAtOnce -v ./bot;
// the figure is in docs/benchmarks.md). No test asserts a speed.
func TestLatencyWith200GamesAtOnce(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a measure: without -race and -short")
	}
	const games = 200
	e := newEnv(t)
	e.start()
	channels := make([]string, games)
	for i := range channels {
		channels[i] = fmt.Sprintf("71%016d", i)
		e.fake.AddChannel(guild, channels[i])
	}
	wave := func(sub string, opts ...fakediscord.Option) {
		t.Helper()
		ids := make([]string, games)
		for i, ch := range channels {
			ids[i] = e.fake.Slash(guild, ch, alice, sub, opts...)
		}
		for i, id := range ids {
			if r := e.reply(id); r.Text() == "" && r.AckType != 6 && len(e.fake.Messages(channels[i])) == 0 {
				t.Fatalf("%s in %s: no answer", sub, channels[i])
			}
		}
	}
	before := len(e.fake.Latencies())
	wave("new", opt("mode", "hotseat"))
	wave("setup", opt("preset", "historical"))
	wave("setup", opt("done", true))
	for i := 0; i < 5; i++ {
		wave("pass")
	}
	for _, ch := range channels {
		e.quiet(ch)
		if m := e.fake.Messages(ch); len(m) < 5 || !strings.Contains(m[len(m)-1].Content, "Turn ") {
			t.Fatalf("%s: %d posts, the game not under way", ch, len(m))
		}
	}
	load, _ := os.ReadFile("/proc/loadavg")
	t.Logf("load average: %s", strings.TrimSpace(string(load)))
	reportLatency(t, e.fake.Latencies()[before:])
}
