package command

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
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
func (s *Service) Record(key record.Key) (*rules.Record, error) {
	v, err := s.load(key)
	if err != nil {
		return nil, err
	}
	r := rules.NewRecord(v.game, v.meta.Salt, v.finished && v.meta.Salt != "")
	r.Players = map[string]string{}
	for _, side := range []rules.Side{rules.US, rules.German} {
		r.Players[side.String()] = seatName(s.cfg.FrontEnd, v.seats[side])
	}
	if v.finished && r.Outcome == nil {
		r.StateEnd(v.end())
	}
	return r, nil
}

// historyCommands hand out a game's record and list the games.
var historyCommands = []Command{
	{Definition: Definition{Name: "export", Group: GroupHistory, Example: "export", Options: []Option{{Name: "out", Local: true}}},
		run: noCtx((*Service).export), Posts: true, Standalone: true, LocalExample: "export out:game.json"},
	{Definition: Definition{Name: "games", Example: "games", Options: []Option{{Name: "all", Choices: choices("yes")}}},
		run: noCtx((*Service).games), Standalone: true, LocalHidden: []string{"all"}},
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
	lang := i18n.English
	if v, err := s.load(req.Key); err == nil {
		lang = langOf(v.meta)
	}
	text := i18n.T(lang, "post.export.record", map[string]any{"Actions": len(r.Actions), "Draws": len(r.Draws)})
	if r.Seed != nil {
		text = i18n.Sentences(lang, text, i18n.T(lang, "post.export.seed", nil))
	} else {
		text = i18n.Sentences(lang, text, i18n.T(lang, "post.export.no-seed", nil))
	}
	return Response{Posts: []Post{{Text: text, Image: data, ImageName: "mortain-game.json"}}}, nil
}

// games lists the caller's running games on the server, those waiting
// for them first, each with its thread, opponent, turn and wait; all:yes
// (Manage Channels) lists every game of this channel and its threads. In
// local play, the saved local games (localGames).
func (s *Service) games(req Request) (Response, error) {
	if !s.cfg.FrontEnd.Members() {
		return s.localGames(req)
	}
	all := strings.EqualFold(req.Options["all"], "yes") || strings.EqualFold(req.Options["all"], "true")
	if all && !req.Caller.CanManage {
		return Response{}, refuseT("reply.games.all-manage", nil)
	}
	keys, err := s.gamesListed(req, all)
	if err != nil {
		return Response{}, err
	}
	now := s.cfg.Now()
	var rows []gamesRow
	for _, k := range keys {
		if k.Guild != req.Key.Guild {
			continue
		}
		rec, err := s.cfg.Store.Get(k)
		if err != nil {
			continue
		}
		mine := sidesOf(rec, req.Caller)
		here := k == req.Key || rec.Meta.Parent == req.Key.Channel
		if len(mine) == 0 && !(all && here) {
			continue
		}
		rows = append(rows, s.gameRow(k, rec, mine, req, now))
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
		b.WriteString(i18n.T(req.Lang, "reply.games.none-here", nil))
	case len(rows) == 0:
		b.WriteString(i18n.T(req.Lang, "reply.games.none", nil))
	case all:
		b.WriteString(i18n.T(req.Lang, "reply.games.all", map[string]any{"Count": len(rows)}))
	default:
		b.WriteString(i18n.T(req.Lang, "reply.games.yours", map[string]any{"Count": len(rows)}))
	}
	for _, r := range rows {
		b.WriteString("\n" + r.text)
	}
	return Response{Private: b.String()}, nil
}

// gamesRow is one game of games: its line, whether it waits for the
// caller, since when it waits.
type gamesRow struct {
	text    string
	waiting bool
	since   time.Time
}

// gamesListed are the games games lists: the caller's, from the index of
// seats, and with all (a moderator's view) the channel's, found by the
// server's games' heads.
func (s *Service) gamesListed(req Request, all bool) ([]record.Key, error) {
	keys, err := s.cfg.Store.GamesOf(req.Key.Guild, req.Caller.UserID)
	if err != nil || !all {
		return keys, err
	}
	heads, err := s.cfg.Store.HeadsOf(req.Key.Guild)
	if err != nil {
		return nil, err
	}
	for _, h := range heads {
		if (h.Key == req.Key || h.Parent == req.Key.Channel) && !slices.Contains(keys, h.Key) {
			keys = append(keys, h.Key)
		}
	}
	return keys, nil
}

// gameRow is games' line of the game rec at k, the caller holding the
// seats mine: its thread, opponent, turn, wait, deadline and warnings.
func (s *Service) gameRow(k record.Key, rec *record.Record, mine []rules.Side, req Request, now time.Time) gamesRow {
	st := &rec.Game.State
	since := waitingSince(rec)
	toAct := st.ToAct()
	waiting := !st.Over() && holds(rec.Seats[toAct], req.Caller)
	lang := req.Lang
	var who string
	switch {
	case len(mine) == 0:
		who = seatsLineIn(s.cfg.FrontEnd, rec.Seats, lang)
	case len(mine) == 2:
		who = i18n.T(lang, "reply.games.both", nil)
	default:
		who = tr(lang, "reply.games.against", map[string]any{"Side": mine[0], "Who": seatNameIn(s.cfg.FrontEnd, rec.Seats[mine[0].Enemy()], lang)})
	}
	d := map[string]any{"Who": seatNameIn(s.cfg.FrontEnd, rec.Seats[toAct], lang), "For": waitedText(now.Sub(since), lang)}
	wait := i18n.T(lang, "reply.games.waiting", d)
	if waiting {
		wait = i18n.T(lang, "reply.games.your-move", d)
	}
	text := fmt.Sprintf("%s — %s — %s — %s", s.cfg.FrontEnd.Channel(k.Channel), who, roundHeaderIn(st, lang), wait)
	if due, ok := deadlineDue(rec); ok {
		text += " — " + i18n.T(lang, "reply.games.deadline", map[string]any{"When": s.cfg.FrontEnd.Relative(due, lang)})
	}
	for _, side := range []rules.Side{rules.US, rules.German} {
		if warn := missedTextIn(s.cfg.FrontEnd, rec, side, lang); warn != "" {
			text += " — " + warn
		}
	}
	return gamesRow{text: text, waiting: waiting, since: since}
}

// waitedText words how long a game has waited, in lang: "5 min", "3 h",
// "2 days".
func waitedText(d time.Duration, lang i18n.Lang) string {
	switch {
	case d < time.Minute:
		return i18n.T(lang, "reply.games.under-minute", nil)
	case d < time.Hour:
		return i18n.T(lang, "reply.games.minutes", map[string]any{"N": int(d / time.Minute)})
	case d < 48*time.Hour:
		return i18n.T(lang, "reply.games.hours", map[string]any{"N": int(d / time.Hour)})
	}
	return i18n.Plural(lang, "reply.games.days", int(d/(24*time.Hour)), nil)
}
