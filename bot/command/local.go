package command

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// Local play keeps several games in its database, each under a key of its
// own in the guild "local": game 1 under "local/local", the key local play
// has always used (so a database from before there were several opens
// with its game as game 1), game N under "local/N". new starts the next
// one and keeps the others; resume id:N switches between them.

// localGuild is the guild of local play's games.
const localGuild = "local"

// LocalPlayer is the user id of the terminal's player, whose seats are
// worded "you" in the game's language.
const LocalPlayer = "local"

// LocalKey returns the key of local game id (1 or more).
func LocalKey(id int) record.Key {
	if id <= 1 {
		return record.Key{Guild: localGuild, Channel: localGuild}
	}
	return record.Key{Guild: localGuild, Channel: strconv.Itoa(id)}
}

// LocalID returns the id of a local game's key; false for a key that is
// not one of local play's games.
func LocalID(k record.Key) (int, bool) {
	if k.Guild != localGuild {
		return 0, false
	}
	if k.Channel == localGuild {
		return 1, true
	}
	id, err := strconv.Atoi(k.Channel)
	if err != nil || id < 2 || strconv.Itoa(id) != k.Channel {
		return 0, false
	}
	return id, true
}

// LocalGame is one of local play's saved games, as games lists it.
type LocalGame struct {
	ID  int
	Key record.Key
	// Seats are who plays each side.
	Seats map[rules.Side]record.Seat
	// Where is where the game stands ("Turn 3 · US round 5H (2 points
	// left)", "US set-up", "Game over").
	Where string
	// Finished is set for a game that is over (or was ended); Result
	// words its result.
	Finished bool
	Result   string
	// Active is the time of the last activity: the last step taken or
	// resume, or the end.
	Active time.Time
	// SetAside marks a game whose record could not be read: the store
	// moved it aside (mortain doctor lists it), and it cannot be resumed.
	SetAside bool
}

// LocalGames lists local play's saved games, the most recently active
// first: the running ones, then the finished ones of the archive. A
// damaged game is listed once, SetAside, the first time it is read.
// Where and Result are in English.
func (s *Service) LocalGames() ([]LocalGame, error) { return s.localGamesIn(i18n.English) }

// LocalGamesIn is LocalGames with Where and Result in lang.
func (s *Service) LocalGamesIn(lang i18n.Lang) ([]LocalGame, error) { return s.localGamesIn(lang) }

// localGamesIn is LocalGames with Where and Result in lang.
func (s *Service) localGamesIn(lang i18n.Lang) ([]LocalGame, error) {
	keys, err := s.cfg.Store.Running()
	if err != nil {
		return nil, err
	}
	var out []LocalGame
	seen := map[int]bool{}
	for _, k := range keys {
		id, ok := LocalID(k)
		if !ok {
			continue
		}
		rec, err := s.cfg.Store.Get(k)
		switch {
		case errors.Is(err, record.ErrSetAside):
			out = append(out, LocalGame{ID: id, Key: k, SetAside: true})
			continue
		case err != nil:
			continue // gone meanwhile
		}
		seen[id] = true
		g := LocalGame{ID: id, Key: k, Seats: rec.Seats, Where: roundHeaderIn(&rec.Game.State, lang), Active: rec.Updated}
		if o := rec.Outcome(); o.End != rules.NotEnded {
			g.Finished = true
			g.Result = resultLineIn(&view{game: rec.Game, seats: rec.Seats, meta: rec.Meta, finished: true, outcome: o}, lang)
		}
		out = append(out, g)
	}
	arch, err := s.cfg.Store.Archive(localGuild, 0)
	if err != nil {
		return nil, err
	}
	for _, f := range arch { // newest first: an older game under the same key is no longer reachable
		id, ok := LocalID(f.Key)
		if !ok || seen[id] || f.Game == nil {
			continue
		}
		seen[id] = true
		g := LocalGame{ID: id, Key: f.Key, Seats: f.Seats, Where: roundHeaderIn(&f.Game.State, lang), Finished: true, Active: f.Finished}
		switch {
		case f.Winner == rules.NoSide:
			g.Result = i18n.Outcome(lang, f.Outcome)
		default:
			g.Result = i18n.T(lang, "term.games.won", map[string]any{"Side": narrator{lang: lang}.side(f.Winner), "Reason": i18n.Outcome(lang, f.Outcome)})
		}
		out = append(out, g)
	}
	slices.SortStableFunc(out, func(a, b LocalGame) int {
		if c := b.Active.Compare(a.Active); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	return out, nil
}

// nextLocalKey is the key of the next new local game: one more than the
// highest id in use, running or finished.
func (s *Service) nextLocalKey() (record.Key, error) {
	games, err := s.LocalGames()
	if err != nil {
		return record.Key{}, err
	}
	next := 1
	for _, g := range games {
		if !g.SetAside {
			next = max(next, g.ID+1)
		}
	}
	return LocalKey(next), nil
}

// localGames words the saved local games for games: id, players, where
// each stands, whether it is over, and the last activity.
func (s *Service) localGames(req Request) (Response, error) {
	lang := req.Lang
	games, err := s.localGamesIn(lang)
	if err != nil {
		return Response{}, err
	}
	var lines []string
	for _, g := range games {
		if g.SetAside {
			continue
		}
		state := i18n.T(lang, "term.games.running", map[string]any{"Where": g.Where})
		if g.Finished {
			state = i18n.T(lang, "term.games.finished", map[string]any{"Result": g.Result})
		}
		here := ""
		if g.Key == req.Key {
			here = i18n.T(lang, "term.games.here", nil)
		}
		when := s.cfg.FrontEnd.When(g.Active, lang)
		lines = append(lines, i18n.T(lang, "term.games.line", map[string]any{"ID": g.ID, "Seats": seatsLineIn(s.cfg.FrontEnd, g.Seats, lang), "State": state, "When": when, "Here": here}))
	}
	if len(lines) == 0 {
		return Response{Private: i18n.T(lang, "term.games.none", nil)}, nil
	}
	return Response{Private: i18n.T(lang, "term.games.head", nil) + "\n" + strings.Join(lines, "\n")}, nil
}

// resume switches local play to the saved game id: (Response.Game).
func (s *Service) resume(req Request) (Response, error) {
	if s.cfg.FrontEnd.Members() {
		return Response{}, refuseT("term.resume.server", nil)
	}
	lang := req.Lang
	id, _ := strconv.Atoi(req.Options["id"])
	games, err := s.localGamesIn(lang)
	if err != nil {
		return Response{}, err
	}
	var ids []string
	for _, g := range games {
		if g.SetAside {
			continue
		}
		if g.ID != id {
			ids = append(ids, strconv.Itoa(g.ID))
			continue
		}
		if g.Key == req.Key && !g.Finished {
			return Response{Private: i18n.T(lang, "term.resume.current", map[string]any{"ID": id, "Where": g.Where})}, nil
		}
		v, err := s.load(g.Key)
		if err != nil {
			return Response{}, err
		}
		resp := Response{Game: g.Key}
		if v.finished {
			resp.Private = i18n.T(lang, "term.resume.over", map[string]any{"ID": id, "Result": g.Result}) + "\n" + statusTextIn(s.cfg.FrontEnd, v, lang)
			return resp, nil
		}
		// Touch the game, so that it is the one resumed at the next start.
		if err := s.cfg.Store.Update(g.Key, func(*record.Record) error { return nil }); err != nil {
			return Response{}, err
		}
		resp.Private = i18n.T(lang, "term.resume.resumed", map[string]any{"ID": id, "Steps": StepsText(lang, len(v.game.History))}) + "\n" + statusTextIn(s.cfg.FrontEnd, v, lang)
		resp.AINext = v.seats[v.game.State.ToAct()].AI != ""
		return resp, nil
	}
	if len(ids) == 0 {
		return Response{}, refuseT("term.resume.none-yet", map[string]any{"ID": echo(req.Options["id"])})
	}
	slices.SortFunc(ids, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return cmp.Compare(x, y) })
	return Response{}, refuseT("term.resume.none", map[string]any{"ID": echo(req.Options["id"]), "IDs": listPhrase(ids)})
}

// StepsText words a number of steps in lang: "1 step", "12 steps".
func StepsText(lang i18n.Lang, n int) string { return i18n.Plural(lang, "term.steps", n, nil) }

// localChoices offers the saved local games for resume id:.
func (s *Service) localChoices(key record.Key) []Choice {
	games, err := s.LocalGames()
	if err != nil {
		return nil
	}
	var out []Choice
	for _, g := range games {
		if g.SetAside || g.Key == key {
			continue
		}
		state := g.Where
		if g.Finished {
			state = "over"
		}
		out = append(out, Choice{Name: fmt.Sprintf("%d · %s · %s", g.ID, seatsLine(s.cfg.FrontEnd, g.Seats), state), Value: strconv.Itoa(g.ID)})
	}
	return out
}

// resumeCommands switch local play to another saved game (on a server
// each channel holds its own game).
var resumeCommands = []Command{
	{Definition: Definition{Name: "resume", Positional: "id", Example: "resume id:2",
		Options: []Option{{Name: "id", Type: Integer, Required: true, Autocomplete: true}}},
		run: noCtx((*Service).resume), Standalone: true, LocalOnly: true},
}
