package command

import (
	"context"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// BenchmarkHandle measures one command through Handle against the real
// store (fsync on): a hotseat game played with random legal actions
// written as text commands, parsed, checked, committed and narrated, with
// no map rendering and no AI. It reports the p50 and p99 latency.
func BenchmarkHandle(b *testing.B) {
	db, err := store.Open(filepath.Join(b.TempDir(), "b.db"), store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: db, Seed: func() uint64 { return 1 }})
	ctx := context.Background()
	key := record.Key{Guild: "bench", Channel: "c"}
	p := rules.NewRandomPlayer(1)
	start := func() {
		s.Handle(ctx, Request{Key: key, Caller: ann, Command: "new", Options: map[string]string{"opponent": "hotseat"}})
		s.Handle(ctx, Request{Key: key, Caller: ann, Command: "setup", Options: map[string]string{"preset": "historical", "done": "true"}})
	}
	start()
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, finished, err := s.Game(key)
		if err != nil || finished {
			start()
			g, _, _ = s.Game(key)
		}
		a, _ := p.Choose(&g.State)
		name, opts := commandFor(g.State.Scenario(), a)
		b.StartTimer()
		t0 := time.Now()
		r := s.Handle(ctx, Request{Key: key, Caller: ann, Command: name, Options: opts})
		lat = append(lat, time.Since(t0))
		if r.Refused {
			b.Fatalf("%s %v refused: %s", name, opts, r.Private)
		}
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
