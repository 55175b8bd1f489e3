package command

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
)

// Local play keeps several games in its database, each under a key of its
// own in the guild "local": game 1 under "local/local", the key local play
// has always used (so a database from before there were several opens
// with its game as game 1), game N under "local/N". new starts the next
// one and keeps the others; resume id:N switches between them.

// localGuild is the guild of local play's games.
const localGuild = "local"

// LocalKey returns the key of local game id (1 or more).
func LocalKey(id int) store.Key {
	if id <= 1 {
		return store.Key{Guild: localGuild, Channel: localGuild}
	}
	return store.Key{Guild: localGuild, Channel: strconv.Itoa(id)}
}

// LocalID returns the id of a local game's key; false for a key that is
// not one of local play's games.
func LocalID(k store.Key) (int, bool) {
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
	Key store.Key
	// Seats are who plays each side.
	Seats map[rules.Side]store.Seat
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
func (s *Service) LocalGames() ([]LocalGame, error) {
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
		case errors.Is(err, store.ErrSetAside):
			out = append(out, LocalGame{ID: id, Key: k, SetAside: true})
			continue
		case err != nil:
			continue // gone meanwhile
		}
		seen[id] = true
		g := LocalGame{ID: id, Key: k, Seats: rec.Seats, Where: roundHeader(&rec.Game.State), Active: rec.Updated}
		if rec.Game.State.Over() || rec.Settings[SettingResigned] != "" {
			g.Finished = true
			g.Result = resultLine(&view{game: rec.Game, seats: rec.Seats, settings: rec.Settings, finished: true})
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
		g := LocalGame{ID: id, Key: f.Key, Seats: f.Seats, Where: roundHeader(&f.Game.State), Finished: true, Active: f.Finished}
		switch {
		case f.Winner == rules.NoSide:
			g.Result = f.Reason
		default:
			g.Result = fmt.Sprintf("%s won: %s", f.Winner.Title(), f.Reason)
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
func (s *Service) nextLocalKey() (store.Key, error) {
	games, err := s.LocalGames()
	if err != nil {
		return store.Key{}, err
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
	games, err := s.LocalGames()
	if err != nil {
		return Response{}, err
	}
	var lines []string
	for _, g := range games {
		if g.SetAside {
			continue
		}
		state := "running, " + g.Where
		if g.Finished {
			state = "finished: " + g.Result
		}
		here := ""
		if g.Key == req.Key {
			here = " ← this game"
		}
		lines = append(lines, fmt.Sprintf("id:%d — %s — %s — last active %s%s", g.ID, seatsLine(g.Seats), state, g.Active.Local().Format("Jan 2 15:04"), here))
	}
	if len(lines) == 0 {
		return Response{Private: "No saved game yet: start one with new."}, nil
	}
	return Response{Private: fmt.Sprintf("Your saved games, the latest first (resume id:N switches to one; new starts another and keeps these):\n%s", strings.Join(lines, "\n"))}, nil
}

// resume switches local play to the saved game id: (Response.Switch).
func (s *Service) resume(req Request) (Response, error) {
	if req.Key.Guild != localGuild {
		return Response{}, refuse("resume is for local play: on a server each channel holds its own game (games lists them).")
	}
	id, _ := strconv.Atoi(req.Options["id"])
	games, err := s.LocalGames()
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
		if g.Key == req.Key {
			return Response{Private: fmt.Sprintf("Game %d is the one you are playing: %s.", id, g.Where)}, nil
		}
		v, err := s.load(g.Key)
		if err != nil {
			return Response{}, err
		}
		resp := Response{Switch: g.Key}
		if v.finished {
			resp.Private = fmt.Sprintf("Game %d is over (%s): status, map, log, replay and export show it; new starts another.\n%s", id, g.Result, statusText(v))
			return resp, nil
		}
		// Touch the game, so that it is the one resumed at the next start.
		if err := s.cfg.Store.Update(g.Key, func(*store.Record) error { return nil }); err != nil {
			return Response{}, err
		}
		resp.Private = fmt.Sprintf("Resumed game %d (%s so far).\n%s", id, stepsText(len(v.game.History)), statusText(v))
		resp.AINext = v.seats[v.game.State.ToAct()].AI != ""
		return resp, nil
	}
	if len(ids) == 0 {
		return Response{}, refuse("There is no saved game %s: you have none yet. new starts one.", req.Options["id"])
	}
	slices.SortFunc(ids, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return cmp.Compare(x, y) })
	return Response{}, refuse("There is no saved game %s. Your games are %s: games lists them with their players and turn.", req.Options["id"], strings.Join(ids, ", "))
}

// stepsText words a number of steps: "1 step", "12 steps".
func stepsText(n int) string {
	if n == 1 {
		return "1 step"
	}
	return fmt.Sprintf("%d steps", n)
}

// localChoices offers the saved local games for resume id:.
func (s *Service) localChoices(key store.Key) []Choice {
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
		out = append(out, Choice{Name: fmt.Sprintf("%d · %s · %s", g.ID, seatsLine(g.Seats), state), Value: strconv.Itoa(g.ID)})
	}
	return out
}

// resumeDefinition is local play's resume command; never in Definitions
// (on a server each channel holds its own game).
var resumeDefinition = Definition{Name: "resume", Description: "Switch to another of your saved games (local play)", Positional: "id",
	Options: []Option{{Name: "id", Description: "the game's id, as games lists it", Type: Integer, Required: true, Autocomplete: true}},
	Help: "Switches local play to one of your saved games: games lists them with their ids. The game you leave stays saved, as it is. " +
		"A finished game can be looked at (status, map, log, replay, export).",
	Example: "resume id:2"}
