package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// recordJSON is a running game's record as stored: the front ends' data and
// the whole rules.Game (seed, history, state and log) as the engine writes it.
type recordJSON struct {
	recordHead
	Game *rules.Game `json:"game"`
}

// recordHead is the record without its game.
type recordHead struct {
	Key   record.Key                 `json:"key"`
	Seats map[rules.Side]record.Seat `json:"seats,omitempty"`
	Meta  record.Meta                `json:"meta,omitzero"`
	// Settings are the name-value settings of schema 3 and older, read
	// into Meta (metaFromSettings) and never written.
	Settings map[string]string `json:"settings,omitempty"`
	Created  time.Time         `json:"created"`
	Updated  time.Time         `json:"updated"`
}

// encodeRecord writes a recordJSON. The game's own encoding is spliced in
// as it is: encoding/json would re-scan and compact it, which costs more
// than the rest of a commit.
func encodeRecord(r *record.Record) ([]byte, error) {
	if r.Game == nil {
		return nil, fmt.Errorf("store: the record of %s has no game", r.Key)
	}
	head, err := json.Marshal(recordHead{Key: r.Key, Seats: r.Seats, Meta: r.Meta,
		Created: r.Created, Updated: r.Updated})
	if err != nil {
		return nil, fmt.Errorf("store: encoding the record of %s: %w", r.Key, err)
	}
	game, err := r.Game.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("store: encoding the game of %s: %w", r.Key, err)
	}
	b := make([]byte, 0, len(head)+len(game)+9)
	b = append(b, head[:len(head)-1]...) // without its closing brace
	b = append(b, `,"game":`...)
	b = append(b, game...)
	return append(b, '}'), nil
}

func decodeRecord(b []byte) (*record.Record, error) {
	var j recordJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, err
	}
	if j.Game == nil {
		return nil, fmt.Errorf("record of %s has no game", j.Key)
	}
	h := j.recordHead
	if h.Settings != nil {
		h.Meta = metaFromSettings(h.Settings)
	}
	return &record.Record{Key: h.Key, Game: j.Game, Seats: h.Seats, Meta: h.Meta,
		Created: h.Created, Updated: h.Updated}, nil
}

func encodeStep(s record.Step) []byte {
	b, _ := json.Marshal(s) // a Step always encodes
	return b
}

func decodeStep(b []byte) (record.Step, error) {
	var s record.Step
	err := json.Unmarshal(b, &s)
	return s, err
}
