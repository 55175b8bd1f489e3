package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/glicko2"
	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// Ratings: every ranked game between two members is rated with Glicko-2
// as it is archived, in the same commit, on its server alone. The game is
// asymmetric: the side advantage is estimated from the server's rated
// games (glicko2.SideAdvantage) and enters each player's expected score.

// rateable reports whether a finished game is rated: ranked, between two
// members (no AI ever took a side over), with a winner and at least
// MinRatedSteps steps.
func rateable(f *record.Finished, m record.Meta) bool {
	us, ger := f.Seats[rules.US], f.Seats[rules.German]
	return m.Ranked && m.Unrated == "" && f.Winner != rules.NoSide && f.Steps >= record.MinRatedSteps &&
		us.UserID != "" && ger.UserID != "" && us.UserID != ger.UserID && us.AI == "" && ger.AI == ""
}

// ratedAt is the time a game counts at: its last step (Meta.Acted).
func ratedAt(rec *record.Record) time.Time {
	if !rec.Meta.Acted.IsZero() {
		return rec.Meta.Acted.UTC()
	}
	return rec.Created.UTC()
}

// rate works out a rated game's changes from the players' records before
// it and the server's side advantage; at is when it counts.
func rate(players map[rules.Side]*record.PlayerStats, winner rules.Side, advantage float64, at time.Time) map[rules.Side]record.RatingChange {
	out := map[rules.Side]record.RatingChange{}
	now := map[rules.Side]glicko2.Rating{}
	for _, side := range []rules.Side{rules.US, rules.German} {
		p := players[side]
		r := p.Rating()
		if p.RatedGames > 0 {
			r = glicko2.Inflate(r, at.Sub(p.RatedAt).Hours()/record.RatingPeriod.Hours())
		}
		now[side] = r
	}
	for _, side := range []rules.Side{rules.US, rules.German} {
		opp := now[side.Enemy()]
		// The side advantage: the US player's expected score is that of
		// a player advantage points stronger, the German's weaker.
		shift := advantage
		if side == rules.German {
			shift = -advantage
		}
		opp.R -= shift
		score := 0.0
		if winner == side {
			score = 1
		}
		after := glicko2.Update(now[side], []glicko2.Result{{Opponent: opp, Score: score}}, glicko2.Tau)
		out[side] = record.RatingChange{Before: players[side].Rating().R, After: after.R, RD: after.RD}
		players[side].RatingValue, players[side].RatingRD, players[side].RatingVol = after.R, after.RD, after.Vol
		players[side].RatedGames++
		players[side].RatedAt = at
	}
	return out
}

// sideCounts are a server's rated games and the US wins among them,
// kept beside its archived games (archive / guild / "sides") so that
// rating a game does not read the archive.
type sideCounts struct {
	Rated  int `json:"rated"`
	USWins int `json:"us_wins"`
}

// keySides holds a guild's sideCounts in its archive bucket.
var keySides = []byte("sides")

// readSides returns the side counts of the archive bucket g of a guild.
// A file that has none (an older version wrote it, or an archived game
// was set aside since) or whose counts do not decode counts them from
// the archive once; the caller stores them with the next rated game.
func readSides(g *bolt.Bucket) (sideCounts, error) {
	var c sideCounts
	if v := g.Get(keySides); v != nil && json.Unmarshal(v, &c) == nil {
		return c, nil
	}
	c = sideCounts{}
	err := g.ForEachBucket(func(seq []byte) error {
		var f struct {
			Winner rules.Side `json:"winner"`
			Rated  bool       `json:"rated"`
		}
		if json.Unmarshal(g.Bucket(seq).Get(keyFinished), &f) != nil || !f.Rated {
			return nil
		}
		c.count(f.Winner)
		return nil
	})
	return c, err
}

// count adds a rated game won by winner.
func (c *sideCounts) count(winner rules.Side) {
	c.Rated++
	if winner == rules.US {
		c.USWins++
	}
}

// putSides stores the side counts of the archive bucket g of a guild.
func putSides(g *bolt.Bucket, c sideCounts) error {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return g.Put(keySides, data)
}

// rateFinished rates a game being archived in the archive bucket g of its
// guild, when it is rateable: it sets f.Rated, f.RatedAt and f.Ratings,
// writes the players' new ratings and counts the game in g's side counts.
func rateFinished(tx *bolt.Tx, g *bolt.Bucket, f *record.Finished, rec *record.Record) error {
	if !rateable(f, rec.Meta) {
		return nil
	}
	b, err := tx.Bucket(bucketStats).CreateBucketIfNotExists([]byte(f.Key.Guild))
	if err != nil {
		return err
	}
	sides, err := readSides(g)
	if err != nil {
		return err
	}
	players := map[rules.Side]*record.PlayerStats{}
	for _, side := range []rules.Side{rules.US, rules.German} {
		if players[side], err = readStats(b, f.Seats[side].UserID); err != nil {
			return err
		}
	}
	f.Rated, f.RatedAt = true, ratedAt(rec)
	f.Ratings = rate(players, f.Winner, glicko2.SideAdvantage(sides.USWins, sides.Rated), f.RatedAt)
	for _, side := range []rules.Side{rules.US, rules.German} {
		if err := putStats(b, players[side]); err != nil {
			return err
		}
	}
	sides.count(f.Winner)
	return putSides(g, sides)
}

func putStats(b *bolt.Bucket, p *record.PlayerStats) error {
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return b.Put([]byte(p.UserID), data)
}

// RecomputeRatings rebuilds every rating of the database from its
// archive: each server's rated games again, in the order they were
// archived, at the times they counted, with the side advantage of the
// games before each. It rewrites the players' ratings and each rated
// game's changes, and returns the number of rated games. The result does
// not depend on anything but the archive, so a fix to the rating rules
// can be applied to history.
func (db *DB) RecomputeRatings() (int, error) {
	if err := db.enter(); err != nil {
		return 0, err
	}
	defer db.leave()
	var rated int
	err := db.writeTx(func(tx *bolt.Tx) error {
		rated = 0
		archive, stats := tx.Bucket(bucketArchive), tx.Bucket(bucketStats)
		return archive.ForEachBucket(func(guild []byte) error {
			b, err := stats.CreateBucketIfNotExists(guild)
			if err != nil {
				return err
			}
			players := map[string]*record.PlayerStats{}
			if err := b.ForEach(func(k, _ []byte) error {
				p, err := readStats(b, string(k))
				if err != nil {
					return err
				}
				p.RatingValue, p.RatingRD, p.RatingVol, p.RatedGames, p.RatedAt = 0, 0, 0, 0, time.Time{}
				players[string(k)] = p
				return nil
			}); err != nil {
				return err
			}
			g := archive.Bucket(guild)
			var sides sideCounts
			if err := g.ForEachBucket(func(seq []byte) error {
				a := g.Bucket(seq)
				var f record.Finished
				if err := json.Unmarshal(a.Get(keyFinished), &f); err != nil {
					return fmt.Errorf("archived game #%s of %s: %w", seqName(seq), guild, err)
				}
				if !f.Rated {
					return nil
				}
				pair := map[rules.Side]*record.PlayerStats{}
				for _, side := range []rules.Side{rules.US, rules.German} {
					id := f.Seats[side].UserID
					if players[id] == nil {
						players[id] = &record.PlayerStats{UserID: id, Wins: map[rules.Side]int{}, Losses: map[rules.Side]int{}, VsAI: map[string][2]int{}}
					}
					pair[side] = players[id]
				}
				f.Ratings = rate(pair, f.Winner, glicko2.SideAdvantage(sides.USWins, sides.Rated), f.RatedAt)
				sides.count(f.Winner)
				rated++
				data, err := json.Marshal(&f)
				if err != nil {
					return err
				}
				return a.Put(keyFinished, data)
			}); err != nil {
				return err
			}
			if err := putSides(g, sides); err != nil {
				return err
			}
			for _, p := range players {
				if err := putStats(b, p); err != nil {
					return err
				}
			}
			return nil
		})
	})
	return rated, err
}

// Guilds lists the servers that have players' records, in order.
func (db *DB) Guilds() ([]string, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var out []string
	err := db.readTx(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketStats).ForEachBucket(func(k []byte) error {
			out = append(out, string(k))
			return nil
		})
	})
	return out, err
}
