package command

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/store"
)

var mentionRE = regexp.MustCompile(`^<@!?(\d+)>$`)

// newGame creates a game in the channel with the caller's choices.
func (s *Service) newGame(req Request) (Response, error) {
	o := req.Options
	var opts rules.Options
	for _, spec := range rules.OptionSpecs {
		if v := o[spec.Name]; v != "" {
			if err := opts.Set(spec.Name, v); err != nil {
				return Response{}, refuse("%s", capitalize(err.Error())+".")
			}
		}
	}
	level := s.cfg.Level
	if v := o["level"]; v != "" {
		level = strings.ToLower(v)
	}
	if !validLevel(level) {
		return Response{}, refuse("level:%s is not an AI level: choose %s", level, strings.Join(ai.Levels, ", "))
	}
	settings := map[string]string{}
	for _, name := range []string{SettingRemind, SettingRoundLimit} {
		if v := o[name]; v != "" && !strings.EqualFold(v, "off") {
			d, err := parseDuration(v)
			if err != nil {
				return Response{}, refuse("%s:%s: want a duration such as 30m, 12h or 2d, or off", name, v)
			}
			settings[name] = d.String()
		}
	}
	seed := s.cfg.Seed()
	me := store.Seat{UserID: req.Caller.UserID, Name: req.Caller.Name}
	var other store.Seat
	opp := strings.TrimSpace(o["opponent"])
	switch low := strings.ToLower(opp); {
	case low == "ai":
		other = store.Seat{AI: level}
	case low == "hotseat":
		other = me
	case low == "ai-vs-ai":
		me, other = store.Seat{AI: level}, store.Seat{AI: level}
	case low == "" || low == "open":
	case mentionRE.MatchString(opp):
		other = store.Seat{UserID: mentionRE.FindStringSubmatch(opp)[1]}
	case strings.HasPrefix(opp, "@") && len(opp) > 1:
		other = store.Seat{Name: opp[1:]}
	default:
		return Response{}, refuse("opponent:%s: choose ai, hotseat, ai-vs-ai, or mention a user (@name)", opp)
	}
	if !open(other) && other.AI == "" && (holds(other, req.Caller) || (other.UserID != "" && other.UserID == me.UserID)) {
		other = me // playing oneself is hotseat
	}
	if other.AI != "" || me.AI != "" {
		settings[SettingLevel] = level
	}
	if me.AI != "" {
		pace := strings.ToLower(o[SettingPace])
		if pace == "" {
			pace = PaceRound
		}
		settings[SettingPace] = pace
	} else if o[SettingPace] != "" {
		return Response{}, refuse("pace: is for games the AI plays for both sides (opponent:ai-vs-ai)")
	}
	side := rules.US
	switch strings.ToLower(o["side"]) {
	case "german":
		side = rules.German
	case "random":
		if seed>>17&1 == 1 {
			side = rules.German
		}
	}
	now := s.cfg.Now()
	rec := &store.Record{Key: req.Key, Game: rules.NewGame(s.cfg.Scenario, opts, seed),
		Seats:    map[rules.Side]store.Seat{side: me, side.Enemy(): other},
		Settings: settings, Created: now, Updated: now}
	var b strings.Builder
	err := s.cfg.Store.Create(rec)
	if errors.Is(err, store.ErrExists) && s.cfg.ReplaceOnNew {
		if _, err = s.cfg.Store.Finish(req.Key); err == nil {
			b.WriteString("(The unfinished game was abandoned for this one.)\n")
			err = s.cfg.Store.Create(rec)
		}
	}
	if err != nil {
		return Response{}, err
	}
	fmt.Fprintf(&b, "**New game of Stand at Mortain** — %s.\n", seatsLine(rec.Seats))
	fmt.Fprintf(&b, "Rules: %s.", opts)
	if extra := settingsLine(settings); extra != "" {
		fmt.Fprintf(&b, " %s.", extra)
	}
	if open(other) {
		fmt.Fprintf(&b, "\nThe %s seat is open: anyone may take it with join.", side.Enemy().Title())
	}
	if isAI(rec, rules.US) {
		b.WriteString("\nThe AI sets up the US units (R2.1).")
	} else {
		b.WriteString("\nThe US sets up first (R2.1): setup unit:ID hex:CCRR for each of 117, 119, 120, 823 and TD, or setup preset:historical; then setup done.")
	}
	post := Post{Text: b.String(), Mention: mentionOf(rec, rules.US)}
	if post.Mention == req.Caller.UserID {
		post.Mention = ""
	}
	post.Image, post.ImageName = s.render(&rec.Game.State, nil)
	post.Buttons = buttonsFor(rec)
	return Response{Posts: []Post{post}, AINext: isAI(rec, rules.US)}, nil
}

func validLevel(level string) bool {
	for _, l := range ai.Levels {
		if l == level {
			return true
		}
	}
	return false
}

// parseDuration reads a Go duration, also with days ("2d").
func parseDuration(v string) (time.Duration, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if n, ok := strings.CutSuffix(v, "d"); ok {
		d, err := strconv.Atoi(n)
		if err != nil || d <= 0 {
			return 0, fmt.Errorf("bad duration")
		}
		return time.Duration(d) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("bad duration")
	}
	return d, nil
}

// settingsLine words the front-end settings in force.
func settingsLine(settings map[string]string) string {
	var parts []string
	for _, k := range []string{SettingLevel, SettingPace, SettingRemind, SettingRoundLimit} {
		if v := settings[k]; v != "" {
			parts = append(parts, k+": "+v)
		}
	}
	return strings.Join(parts, " · ")
}

// join seats the caller in the open seat.
func (s *Service) join(req Request) (Response, error) {
	var side rules.Side
	var rec *store.Record
	err := s.cfg.Store.Update(req.Key, func(r *store.Record) error {
		if r.Game.State.Over() {
			return refuse("The game is over; start another with new.")
		}
		if mine := sidesOf(r, req.Caller); len(mine) > 0 {
			return refuse("You already play the %s side in this game.", mine[0].Title())
		}
		side = rules.NoSide
		for _, sd := range []rules.Side{rules.US, rules.German} {
			if open(r.Seats[sd]) {
				side = sd
			}
		}
		if side == rules.NoSide {
			return refuse("No seat is open in this game: %s.", seatsLine(r.Seats))
		}
		r.Seats[side] = store.Seat{UserID: req.Caller.UserID, Name: req.Caller.Name}
		rec = cloneRecord(r)
		return nil
	})
	if err != nil {
		return Response{}, err
	}
	post := Post{Text: fmt.Sprintf("%s joins the game as the %s side. %s. Waiting for %s.", seatName(rec.Seats[side]), side.Title(), seatsLine(rec.Seats), whatWaits(&rec.Game.State))}
	post.Mention = mentionOf(rec, rec.Game.State.ToAct())
	post.Buttons = buttonsFor(rec)
	return Response{Posts: []Post{post}}, nil
}

// resign ends the game: the other side wins.
func (s *Service) resign(req Request) (Response, error) {
	var rec *store.Record
	err := s.cfg.Store.Update(req.Key, func(r *store.Record) error {
		if r.Game.State.Over() {
			return refuse("The game is already over.")
		}
		mine := sidesOf(r, req.Caller)
		if len(mine) == 0 {
			return refuse("Not your game: %s.", seatsLine(r.Seats))
		}
		side := mine[0]
		if len(mine) == 2 {
			side = r.Game.State.ToAct()
		}
		r.Settings[SettingResigned] = side.String()
		rec = cloneRecord(r)
		return nil
	})
	if err != nil {
		return Response{}, err
	}
	side, _ := rules.ParseSide(rec.Settings[SettingResigned])
	text := fmt.Sprintf("%s resigns for the %s side.\n%s", seatName(rec.Seats[side]), side.Title(), s.finish(req.Key, rec))
	return Response{Posts: []Post{{Text: text, Mention: mentionOf(rec, side.Enemy())}}, Over: true}, nil
}

// abort ends the game without a result.
func (s *Service) abort(req Request) (Response, error) {
	rec, err := s.cfg.Store.Get(req.Key)
	if err != nil {
		return Response{}, err
	}
	if _, err := s.cfg.Store.Finish(req.Key); err != nil {
		return Response{}, err
	}
	s.remember(req.Key, &view{game: rec.Game, seats: rec.Seats, settings: map[string]string{}, finished: true})
	name := req.Caller.Name
	if name == "" {
		name = "a moderator"
	}
	return Response{Posts: []Post{{Text: fmt.Sprintf("The game (%s) was aborted by %s, without a result.", seatsLine(rec.Seats), name)}}, Over: true}, nil
}

// view is a game to show: the running one, or the last finished one of the
// channel.
type view struct {
	game     *rules.Game
	seats    map[rules.Side]store.Seat
	settings map[string]string
	finished bool
}

// load returns the channel's running game, or else its last finished one.
// A running game found over (the process stopped before archiving it) is
// archived now.
func (s *Service) load(key store.Key) (*view, error) {
	rec, err := s.cfg.Store.Get(key)
	if err == nil {
		if rec.Game.State.Over() || rec.Settings[SettingResigned] != "" {
			s.finish(key, rec)
			return &view{game: rec.Game, seats: rec.Seats, settings: rec.Settings, finished: true}, nil
		}
		return &view{game: rec.Game, seats: rec.Seats, settings: rec.Settings}, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	s.mu.Lock()
	v, known := s.last[key]
	s.mu.Unlock()
	if !known {
		arch, err := s.cfg.Store.Archive(key.Guild, 50)
		if err != nil {
			return nil, err
		}
		for _, f := range arch {
			if f.Key == key && f.Game != nil {
				v = &view{game: f.Game, seats: f.Seats, settings: map[string]string{}, finished: true}
				break
			}
		}
		s.remember(key, v)
	}
	if v == nil {
		return nil, store.ErrNotFound
	}
	return v, nil
}

// remember caches the last finished game of a channel (nil: none).
func (s *Service) remember(key store.Key, v *view) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last[key] = v
}

// Game returns the channel's running game, or its last finished game
// (finished set), for front ends that show it (local play's --json).
// store.ErrNotFound when the channel never had one.
func (s *Service) Game(key store.Key) (g *rules.Game, finished bool, err error) {
	v, err := s.load(key)
	if err != nil {
		return nil, false, err
	}
	return v.game, v.finished, nil
}
