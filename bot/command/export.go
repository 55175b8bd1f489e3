package command

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
)

// randomSeed is a new game's seed from crypto/rand: nobody can guess it
// from the time the game started.
func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// randomSalt is the salt of a new game's commitment to its seed.
func randomSalt() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Record exports the channel's running game, or its last finished one, as
// a self-contained record; the seed and salt are in it only once the game
// is over (a game started without a salt cannot be checked).
func (s *Service) Record(key store.Key) (*rules.Record, error) {
	v, err := s.load(key)
	if err != nil {
		return nil, err
	}
	r := rules.NewRecord(v.game, v.settings[SettingSalt], v.finished && v.settings[SettingSalt] != "")
	r.Players = map[string]string{}
	for _, side := range []rules.Side{rules.US, rules.German} {
		r.Players[side.String()] = seatName(v.seats[side])
	}
	if v.finished && r.Result == "" {
		r.Result = strings.TrimPrefix(strings.SplitN(summary(v.game, v.seats, v.settings), "\n", 2)[0], "**Game over** — ")
	}
	return r, nil
}

// export posts the game's record as a JSON file.
func (s *Service) export(req Request) (Response, error) {
	r, err := s.Record(req.Key)
	if err != nil {
		return Response{}, err
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return Response{}, err
	}
	text := fmt.Sprintf("Game record: %d actions, %d cards drawn.", len(r.Actions), len(r.Draws))
	if r.Seed != nil {
		text += " It holds the seed and the salt: `mortain verify` on the file checks every card against the commitment made at the start."
	} else {
		text += " The seed and the salt join it when the game ends."
	}
	return Response{Posts: []Post{{Text: text, Image: data, ImageName: "mortain-game.json"}}}, nil
}

// games lists the server's running games; in local play, the saved
// local games (localGames).
func (s *Service) games(req Request) (Response, error) {
	if req.Key.Guild == localGuild {
		return s.localGames(req)
	}
	keys, err := s.cfg.Store.Running()
	if err != nil {
		return Response{}, err
	}
	// The caller sees this channel's game and the games they play in;
	// the others may be in channels they cannot view, so they are only
	// counted.
	var lines []string
	others := 0
	for _, k := range keys {
		if k.Guild != req.Key.Guild {
			continue
		}
		rec, err := s.cfg.Store.Get(k)
		if err != nil {
			continue
		}
		if k != req.Key && len(sidesOf(rec, req.Caller)) == 0 {
			others++
			continue
		}
		st := &rec.Game.State
		lines = append(lines, fmt.Sprintf("<#%s> — %s — %s", k.Channel, seatsLine(rec.Seats), roundHeader(st)))
	}
	var b strings.Builder
	switch len(lines) {
	case 0:
		b.WriteString("You play in no running game here, and none runs in this channel: start one with new.")
	default:
		fmt.Fprintf(&b, "This channel's game and yours (%d):\n%s", len(lines), strings.Join(lines, "\n"))
	}
	if others > 0 {
		fmt.Fprintf(&b, "\n%d other game(s) run on this server, in channels you may not see.", others)
	}
	return Response{Private: b.String()}, nil
}
