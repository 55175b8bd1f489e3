package store

import (
	"fmt"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// The games of one shard at scale: 10,000 running games of about 150
// steps, 9,000 of them spread over 1,999 servers and 1,000 on one big
// server, two members seated in each.
const (
	scaleGames    = 10000
	scaleBigGames = 1000
	scaleServers  = 2000
	scaleSteps    = 150
)

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

// BenchmarkGamesOfOneMember: what `/mortain games` reads for one member of
// the big server (two games there) in a shard of 10,000 running games,
// from a database just opened (nothing cached): games-ms through the seats
// index (GamesOf, then each of the member's games), scan-ms the way it read
// before the index (every running game of the server).
func BenchmarkGamesOfOneMember(b *testing.B) {
	path := buildScaleShard(b)
	const member = "m0" // seated in c0, c1500 ... of the big server
	var indexed, scanned time.Duration
	var found int
	for i := 0; i < b.N; i++ {
		db, err := Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		keys, err := db.GamesOf("big", member)
		if err != nil {
			b.Fatal(err)
		}
		for _, k := range keys {
			if _, err := db.Get(k); err != nil {
				b.Fatal(err)
			}
		}
		indexed += time.Since(start)
		found = len(keys)
		db.Close()

		db, err = Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		start = time.Now()
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
		scanned += time.Since(start)
		db.Close()
		if n != found {
			b.Fatalf("the index lists %d games of %s, the scan %d", found, member, n)
		}
	}
	b.ReportMetric(float64(indexed.Microseconds())/1000/float64(b.N), "games-ms")
	b.ReportMetric(float64(scanned.Microseconds())/1000/float64(b.N), "scan-ms")
	b.ReportMetric(float64(found), "member-games")
}
