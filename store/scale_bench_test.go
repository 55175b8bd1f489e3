package store

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// The games of one shard at scale: 10,000 running games of about 150
// steps (MORTAIN_SCALE_GAMES sets another number), all but 1,000 spread
// over 1,999 servers and 1,000 on one big server, two members seated in
// each.
const (
	scaleBigGames = 1000
	scaleServers  = 2000
	scaleSteps    = 150
)

// scaleGames is the number of running games of the shard.
var scaleGames = func() int {
	if n, err := strconv.Atoi(os.Getenv("MORTAIN_SCALE_GAMES")); err == nil && n >= scaleBigGames {
		return n
	}
	return 10000
}()

// buildScaleShard writes the shard's games straight into a new database
// (500 a transaction, the seats index with them) and returns its path.
func buildScaleShard(b *testing.B) string {
	b.Helper()
	db, path := openTemp(b, Options{})
	p := rules.NewRandomPlayer(1)
	now := time.Now().UTC()
	for start := 0; start < scaleGames; start += 500 {
		err := db.bolt.Update(func(tx *bolt.Tx) error {
			for i := start; i < start+500 && i < scaleGames; i++ {
				guild := "big"
				if i >= scaleBigGames {
					guild = fmt.Sprintf("s%d", i%(scaleServers-1))
				}
				key := record.Key{Guild: guild, Channel: fmt.Sprintf("c%d", i)}
				rec := newRecord(key, uint64(i))
				rec.Seats = map[rules.Side]record.Seat{rules.US: {UserID: fmt.Sprintf("m%d", i%3000)}, rules.German: {UserID: fmt.Sprintf("m%d", (i*7+1)%3000)}}
				for n := 0; n < scaleSteps && !rec.Game.State.Over(); n++ {
					if err := playOne(rec.Game, p); err != nil {
						return err
					}
				}
				if rec.Game.State.Over() {
					rec.Game = rules.NewGame(rules.DefaultScenario(), rules.Options{}, uint64(i))
				}
				rec.Created, rec.Updated = now, now
				data, err := encodeRecord(rec)
				if err != nil {
					return err
				}
				bk, err := tx.Bucket(bucketRunning).CreateBucket([]byte(key.String()))
				if err != nil {
					return err
				}
				if err := bk.Put(keyRecord, data); err != nil {
					return err
				}
				h, err := bk.CreateBucket(bucketHistory)
				if err != nil {
					return err
				}
				if err := appendSteps(h, newSteps(nil, rec.Game.History, now)); err != nil {
					return err
				}
				if err := indexSeats(tx, key, nil, rec.Seats); err != nil {
					return err
				}
				if err := putHead(bk, rec); err != nil {
					return err
				}
				// Each game's next timer in the coming day, none in the
				// next hour.
				if err := setDue(tx, bk, key.String(), now.Add(time.Hour+time.Duration(i)*8*time.Second)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkScale: a shard of 10,000 running games (scaleGames), from a
// database just opened, reports
//   - start-ms: opening it and resuming (Open, the games' heads, the first
//     timer check, the outboxes), none due;
//   - heap-MB: the heap in use after that start (after a collection);
//   - heap-all-read-MB: the heap once every game was read (the cache holds
//     DefaultCacheGames of them);
//   - tick-idle-ms: a timer check when no game is due;
//   - games-ms: what `/mortain games` reads for a member of the big server
//     (two games there): the seats index, then the member's games;
//   - scan-games-ms: the same read the way it was before the index, every
//     running game of the server decoded;
//   - file-MB: the size of the database file.
func BenchmarkScale(b *testing.B) {
	path := buildScaleShard(b)
	const member = "m0" // seated in c0 and one other game of the big server
	var start, tick, indexed, scanned time.Duration
	var heap, heapAll uint64
	for i := 0; i < b.N; i++ {
		runtime.GC()
		t0 := time.Now()
		db, err := Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		heads, err := db.Heads()
		if err != nil || len(heads) != scaleGames {
			b.Fatalf("heads: %d, %v", len(heads), err)
		}
		if due, err := db.Due(time.Now()); err != nil || len(due) != 0 {
			b.Fatalf("due at start: %d, %v", len(due), err)
		}
		if _, err := db.Outboxes(); err != nil {
			b.Fatal(err)
		}
		start += time.Since(t0)
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		heap = max(heap, ms.HeapAlloc)

		t0 = time.Now()
		if due, err := db.Due(time.Now()); err != nil || len(due) != 0 {
			b.Fatalf("due: %d, %v", len(due), err)
		}
		tick += time.Since(t0)

		t0 = time.Now()
		keys, err := db.GamesOf("big", member)
		if err != nil {
			b.Fatal(err)
		}
		for _, k := range keys {
			if _, err := db.Get(k); err != nil {
				b.Fatal(err)
			}
		}
		indexed += time.Since(t0)

		// Every game read once: the cache keeps DefaultCacheGames of them.
		for _, h := range heads {
			if _, err := db.Get(h.Key); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&ms)
		heapAll = max(heapAll, ms.HeapAlloc)
		db.Close()

		db, err = Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		t0 = time.Now()
		all, err := db.Running()
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, k := range all {
			if k.Guild != "big" {
				continue
			}
			rec, err := db.Get(k)
			if err != nil {
				b.Fatal(err)
			}
			if hasUser(rec.Seats, member) {
				n++
			}
		}
		scanned += time.Since(t0)
		db.Close()
		if n != len(keys) {
			b.Fatalf("the index lists %d games of %s, the scan %d", len(keys), member, n)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(b.N) }
	b.ReportMetric(ms(start), "start-ms")
	b.ReportMetric(float64(heap)/(1<<20), "heap-MB")
	b.ReportMetric(float64(heapAll)/(1<<20), "heap-all-read-MB")
	b.ReportMetric(ms(tick), "tick-idle-ms")
	b.ReportMetric(ms(indexed), "games-ms")
	b.ReportMetric(ms(scanned), "scan-games-ms")
	if info, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(info.Size())/(1<<20), "file-MB")
	}
}
