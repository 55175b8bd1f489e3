package store

import (
	"encoding/json"
	"fmt"
	"maps"
	"time"

	"github.com/mortain/mortain/rules"
)

// recordJSON is a running game's record as stored: the front ends' data and
// the whole rules.Game (seed, history, state and log) as the engine writes it.
type recordJSON struct {
	Key      Key                 `json:"key"`
	Seats    map[rules.Side]Seat `json:"seats,omitempty"`
	Settings map[string]string   `json:"settings,omitempty"`
	Created  time.Time           `json:"created"`
	Updated  time.Time           `json:"updated"`
	Game     *rules.Game         `json:"game"`
}

func encodeRecord(r *Record) ([]byte, error) {
	if r.Game == nil {
		return nil, fmt.Errorf("store: the record of %s has no game", r.Key)
	}
	b, err := json.Marshal(recordJSON{Key: r.Key, Seats: r.Seats, Settings: r.Settings,
		Created: r.Created, Updated: r.Updated, Game: r.Game})
	if err != nil {
		return nil, fmt.Errorf("store: encoding the game of %s: %w", r.Key, err)
	}
	return b, nil
}

func decodeRecord(b []byte) (*Record, error) {
	var j recordJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, err
	}
	if j.Game == nil {
		return nil, fmt.Errorf("record of %s has no game", j.Key)
	}
	return &Record{Key: j.Key, Game: j.Game, Seats: j.Seats, Settings: j.Settings,
		Created: j.Created, Updated: j.Updated}, nil
}

// clone copies a record deeply enough that changing the copy (its game, its
// maps) leaves the original as it was.
func (r *Record) clone() *Record {
	c := *r
	if r.Game != nil {
		c.Game = r.Game.Clone()
	}
	c.Seats = maps.Clone(r.Seats)
	c.Settings = maps.Clone(r.Settings)
	return &c
}

func encodeStep(s Step) []byte {
	b, _ := json.Marshal(s) // a Step always encodes
	return b
}

func decodeStep(b []byte) (Step, error) {
	var s Step
	err := json.Unmarshal(b, &s)
	return s, err
}
