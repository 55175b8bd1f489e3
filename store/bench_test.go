package store

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// BenchmarkConcurrentCommits: 100 channels play at once, one goroutine per
// channel, one action per Update, fsync on. b.N is the number of actions
// in all; a game that ends is archived and replaced.
func BenchmarkConcurrentCommits(b *testing.B) {
	for _, mode := range []CommitMode{GroupCommit, BatchCommit, SingleCommit} {
		b.Run(mode.String(), func(b *testing.B) { benchCommits(b, mode, 100) })
	}
}

// BenchmarkOneChannelCommits: a single channel playing alone, the latency
// a lone player sees for each action.
func BenchmarkOneChannelCommits(b *testing.B) {
	for _, mode := range []CommitMode{GroupCommit, BatchCommit, SingleCommit} {
		b.Run(mode.String(), func(b *testing.B) { benchCommits(b, mode, 1) })
	}
}

func benchCommits(b *testing.B, mode CommitMode, channels int) {
	db, _ := openTemp(b, Options{Commit: mode})
	keys := make([]record.Key, channels)
	for i := range keys {
		keys[i] = record.Key{Guild: fmt.Sprintf("g%d", i%10), Channel: fmt.Sprintf("c%d", i)}
		if err := db.Create(newRecord(keys[i], uint64(i))); err != nil {
			b.Fatal(err)
		}
	}
	var left atomic.Int64
	left.Store(int64(b.N))
	var wg sync.WaitGroup
	var failed atomic.Value
	b.ResetTimer()
	start := time.Now()
	for i, key := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := rules.NewRandomPlayer(uint64(i))
			for left.Add(-1) >= 0 {
				over := false
				err := db.Update(key, func(r *record.Record) error {
					err := playOne(r.Game, p)
					over = r.Game.State.Over()
					return err
				})
				if err == nil && over {
					if _, err = db.Finish(key); err == nil {
						err = db.Create(newRecord(key, uint64(p.Intn(1<<30))))
					}
				}
				if err != nil {
					failed.Store(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if err := failed.Load(); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "actions/s")
	if mode == GroupCommit {
		b.ReportMetric(float64(db.gc.calls.Load())/float64(db.gc.txs.Load()), "commits/tx")
	}
}

// BenchmarkEndARatedGame: the commit of the step that ends a ranked game
// (Update with Record.End: the step, the archiving, the rating and the
// result post), on a server whose archive holds 100 or 1,000 rated
// games. Its cost does not grow with the archive.
func BenchmarkEndARatedGame(b *testing.B) {
	for _, archived := range []int{100, 1000} {
		b.Run(fmt.Sprintf("archive=%d", archived), func(b *testing.B) {
			db, _ := openTemp(b, Options{})
			rec := newRecord(record.Key{Guild: "g"}, 5)
			rec.Seats = map[rules.Side]record.Seat{rules.US: {UserID: "ann"}, rules.German: {UserID: "bob"}}
			rec.Meta = record.Meta{Ranked: true, Acted: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
			play(b, rec.Game, rules.NewRandomPlayer(3), 12)
			create := func(channel string) {
				rec.Key.Channel = channel
				if err := db.Create(rec); err != nil {
					b.Fatal(err)
				}
			}
			end := func(resigned string) {
				if err := db.Update(rec.Key, func(r *record.Record) error {
					r.Meta.Resigned, _ = rules.ParseSide(resigned)
					r.Notices = []record.Notice{{Text: "the result"}}
					r.End = func(_ *record.Finished, ns []record.Notice) []record.Notice { return ns }
					return nil
				}); err != nil {
					b.Fatal(err)
				}
			}
			for i := 0; i < archived; i++ {
				create(fmt.Sprintf("c%d", i))
				end([]string{"us", "german"}[i%2])
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				create(fmt.Sprintf("n%d", i))
				b.StartTimer()
				end("us")
			}
		})
	}
}
