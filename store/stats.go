package store

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// addResult adds a finished game to the records of its human players. A
// person who held both sides (playing against themselves) gets no result.
func addResult(tx *bolt.Tx, f *record.Finished) error {
	us, ger := f.Seats[rules.US], f.Seats[rules.German]
	if us.UserID != "" && us.UserID == ger.UserID {
		return nil
	}
	b, err := tx.Bucket(bucketStats).CreateBucketIfNotExists([]byte(f.Key.Guild))
	if err != nil {
		return err
	}
	for _, side := range []rules.Side{rules.US, rules.German} {
		seat := f.Seats[side]
		if seat.UserID == "" {
			continue
		}
		p, err := readStats(b, seat.UserID)
		if err != nil {
			return err
		}
		if seat.Name != "" {
			p.Name = seat.Name
		}
		countGame(p, side, f.Winner, f.Seats[side.Enemy()])
		data, err := json.Marshal(p)
		if err != nil {
			return err
		}
		if err := b.Put([]byte(seat.UserID), data); err != nil {
			return err
		}
	}
	return nil
}

// countGame counts one game the player p held side in, won by winner (NoSide:
// aborted), against opp.
func countGame(p *record.PlayerStats, side, winner rules.Side, opp record.Seat) {
	if winner == rules.NoSide {
		p.Aborted++
		return
	}
	r := record.Loss
	if winner == side {
		r = record.Win
		p.Wins[side]++
	} else {
		p.Losses[side]++
	}
	switch {
	case opp.AI != "":
		v := p.VsAI[opp.AI]
		v[r]++
		p.VsAI[opp.AI] = v
	case opp.UserID != "":
		p.VsHuman[r]++
	}
}

func readStats(b *bolt.Bucket, user string) (*record.PlayerStats, error) {
	p := &record.PlayerStats{UserID: user}
	if v := b.Get([]byte(user)); v != nil {
		if err := json.Unmarshal(v, p); err != nil {
			return nil, fmt.Errorf("store: the record of player %s: %w", user, err)
		}
	}
	if p.Wins == nil {
		p.Wins = map[rules.Side]int{}
	}
	if p.Losses == nil {
		p.Losses = map[rules.Side]int{}
	}
	if p.VsAI == nil {
		p.VsAI = map[string][2]int{}
	}
	return p, nil
}

// Stats returns the records of a guild's players, best first: most wins,
// then fewest losses, then by name.
func (db *DB) Stats(guild string) ([]record.PlayerStats, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var out []record.PlayerStats
	err := db.readTx(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketStats).Bucket([]byte(guild))
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, _ []byte) error {
			p, err := readStats(b, string(k))
			if err != nil {
				return err
			}
			out = append(out, *p)
			return nil
		})
	})
	sort.SliceStable(out, func(i, j int) bool {
		a, b := &out[i], &out[j]
		if a.TotalWins() != b.TotalWins() {
			return a.TotalWins() > b.TotalWins()
		}
		if a.TotalLosses() != b.TotalLosses() {
			return a.TotalLosses() < b.TotalLosses()
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.UserID < b.UserID
	})
	return out, err
}
