package command

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

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

// games lists the caller's running games on the server, those waiting
// for them first, each with its thread, opponent, turn and wait; all:yes
// (Manage Channels) lists every game of this channel and its threads. In
// local play, the saved local games (localGames).
func (s *Service) games(req Request) (Response, error) {
	if req.Key.Guild == localGuild {
		return s.localGames(req)
	}
	all := strings.EqualFold(req.Options["all"], "yes") || strings.EqualFold(req.Options["all"], "true")
	if all && !req.Caller.CanManage {
		return Response{}, refuse("games all:yes needs the Manage Channels permission; games alone lists yours.")
	}
	keys, err := s.cfg.Store.Running()
	if err != nil {
		return Response{}, err
	}
	now := s.cfg.Now()
	type row struct {
		text    string
		waiting bool
		since   time.Time
	}
	var rows []row
	for _, k := range keys {
		if k.Guild != req.Key.Guild {
			continue
		}
		rec, err := s.cfg.Store.Get(k)
		if err != nil {
			continue
		}
		mine := sidesOf(rec, req.Caller)
		here := k == req.Key || rec.Settings[SettingParent] == req.Key.Channel
		if len(mine) == 0 && !(all && here) {
			continue
		}
		st := &rec.Game.State
		since := waitingSince(rec)
		toAct := st.ToAct()
		waiting := !st.Over() && holds(rec.Seats[toAct], req.Caller)
		var who string
		switch {
		case len(mine) == 0:
			who = seatsLine(rec.Seats)
		case len(mine) == 2:
			who = "you play both sides"
		default:
			who = "you (" + mine[0].Title() + ") against " + seatName(rec.Seats[mine[0].Enemy()])
		}
		wait := "waiting for " + seatName(rec.Seats[toAct])
		if waiting {
			wait = "**your move**"
		}
		text := fmt.Sprintf("<#%s> — %s — %s — %s for %s", k.Channel, who, roundHeader(st), wait, waitedText(now.Sub(since)))
		if due, ok := deadlineDue(rec); ok {
			text += " — deadline <t:" + strconv.FormatInt(due.Unix(), 10) + ":R>"
		}
		for _, side := range []rules.Side{rules.US, rules.German} {
			if warn := missedText(rec, side); warn != "" {
				text += " — " + warn
			}
		}
		rows = append(rows, row{text: text, waiting: waiting, since: since})
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].waiting != rows[j].waiting {
			return rows[i].waiting
		}
		return rows[i].since.Before(rows[j].since)
	})
	var b strings.Builder
	switch {
	case len(rows) == 0 && all:
		b.WriteString("No game runs in this channel or its threads.")
	case len(rows) == 0:
		b.WriteString("You play in no running game on this server: start one with new.")
	case all:
		fmt.Fprintf(&b, "The games of this channel and its threads (%d):", len(rows))
	default:
		fmt.Fprintf(&b, "Your games on this server (%d), those waiting for you first:", len(rows))
	}
	for _, r := range rows {
		b.WriteString("\n" + r.text)
	}
	return Response{Private: b.String()}, nil
}

// waitingSince is when a game began to wait for the person to act: its
// last step, or its start.
func waitingSince(rec *store.Record) time.Time {
	if t, err := time.Parse(time.RFC3339, rec.Settings[SettingActed]); err == nil {
		return t
	}
	return rec.Created
}

// waitedText words how long a game has waited: "5 min", "3 h", "2 days".
func waitedText(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "under a minute"
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h", int(d/time.Hour))
	}
	return fmt.Sprintf("%d days", int(d/(24*time.Hour)))
}
