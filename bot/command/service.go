package command

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mortain/mortain/bot/internal/keylock"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/store/record"
)

// RenderFunc draws the map after events as a PNG, its words in lang.
type RenderFunc func(s *rules.State, events []rules.Event, lang i18n.Lang) ([]byte, error)

// ReplayFunc draws the animated replay of a game.
type ReplayFunc func(g *rules.Game, lang i18n.Lang) ([]byte, error)

// AIFactory makes an AI player of a level, seeded (ai.New).
type AIFactory func(level string, seed uint64) (ai.Player, error)

// Config holds the Service's dependencies; only Store is required.
type Config struct {
	Store Store
	// Render draws the full map, the one map posts; nil posts no images.
	Render RenderFunc
	// RenderSmall draws the compact map made for a phone's preview
	// (Discord shows a picture about 550 pixels wide there). When set, the
	// routine posts (the new game, the map after every activation) carry
	// it, and so does map size:small, while plain map posts Render's full
	// one. Nil: Render everywhere (local play, whose maps are opened at
	// full size).
	RenderSmall RenderFunc
	// RenderCompact draws the compact map that map size:small posts when
	// RenderSmall is nil (local play, whose other maps stay full size).
	RenderCompact RenderFunc
	// Replay draws a game's replay; nil refuses replay.
	Replay ReplayFunc
	// AI makes AI players (default ai.New).
	AI AIFactory
	// Level is the AI level of new games when none is given (default the
	// strongest of ai.Levels).
	Level string
	// AITimeout bounds one AI decision (0: no bound beyond ctx).
	AITimeout time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Seed gives the seed of each new game (default: crypto/rand, so that
	// nobody can guess it from the time a game started).
	Seed func() uint64
	// SeedGiven tells that Seed gives seeds a person chose (local play's
	// --seed, for replays and tests): new games say their seed is not
	// secret.
	SeedGiven bool
	// Salt gives the salt of each new game's commitment to its seed
	// (default: 16 random bytes from crypto/rand, in hex).
	Salt func() string
	// Scenario is the map and units of new games (nil: the built-in Stand
	// at Mortain scenario).
	Scenario *rules.Scenario
	// Debug enables the debug commands (local play with --debug only).
	Debug bool
	// Logger logs internal errors (default slog.Default()).
	Logger *slog.Logger
	// FrontEnd is what differs between the front ends: how places are
	// named, whether posts are queued in the store's outbox, what the
	// front end can do (required).
	FrontEnd FrontEnd
	// Limits bound the games and replays one member, channel or server
	// may start (zero: none).
	Limits Limits
}

// Service handles the commands of every front end.
type Service struct {
	cfg  Config
	mu   sync.Mutex
	busy keylock.Locks[record.Key] // serialises the AI's steps in a channel
	// last caches each channel's last finished game (nil: none), so that
	// the archive is read at most once per channel.
	last map[record.Key]*view
	// pending holds each channel's new waiting for its Confirm button.
	pending map[record.Key]pendingNew
	// replays holds each channel's replays of the last minute; drawing
	// holds the one replay drawn at a time.
	replays map[record.Key][]time.Time
	drawing chan struct{}
}

// New returns a Service over the dependencies in cfg.
func New(cfg Config) *Service {
	if cfg.FrontEnd == nil {
		panic("command.New: Config.FrontEnd is required")
	}
	if cfg.AI == nil {
		cfg.AI = ai.New
	}
	if cfg.Level == "" {
		cfg.Level = StrongestLevel()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	if cfg.Salt == nil {
		cfg.Salt = randomSalt
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Service{cfg: cfg, last: map[record.Key]*view{}, pending: map[record.Key]pendingNew{},
		replays: map[record.Key][]time.Time{}, drawing: make(chan struct{}, 1)}
}

// StrongestLevel is the strongest AI level (the last of ai.Levels).
func StrongestLevel() string { return ai.Levels[len(ai.Levels)-1] }

// refusal is a reason to refuse a command, safe to show to the caller:
// catalog message id with data, worded in the caller's language, or msg
// as it is (a front end's own words).
type refusal struct {
	msg  string
	id   string
	data map[string]any
}

func (r *refusal) Error() string {
	if r.id != "" {
		return r.in(i18n.English)
	}
	return r.msg
}

// in words the refusal in lang.
func (r *refusal) in(lang i18n.Lang) string {
	if r.id == "" {
		return r.msg
	}
	return tr(lang, r.id, r.data)
}

// refuseT is a refusal worded by catalog message id with data; a phrase
// or a rules.Side in data is worded in the caller's language too.
func refuseT(id string, data map[string]any) error { return &refusal{id: id, data: data} }

// Refuse is a refusal a front end's callback (Place.OpenThread) returns:
// the command is refused with msg, and changes nothing.
func Refuse(msg string) error { return &refusal{msg: msg} }

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// Handle runs one command and returns what to show. It never fails: a
// refused or malformed command gets a Response with Refused set and the
// reason in Private, and changes nothing.
func (s *Service) Handle(ctx context.Context, req Request) Response {
	c, ok := Lookup(req.Command)
	if !ok || (c.Debug && !s.cfg.Debug) {
		if ok {
			return refusedT(req.Lang, "options.debug-only", nil)
		}
		return refusedT(req.Lang, "parse.unknown-command", map[string]any{"Command": quote(req.Command)})
	}
	def := c.Definition
	req.Options = narrowOptions(req.Options)
	if c.prepare != nil {
		c.prepare(req.Options)
	}
	if err := checkOptions(s.cfg.FrontEnd, def, req.Options); err != nil {
		return s.fail(err, req.Lang)
	}
	if def.Manage && !req.Caller.CanManage {
		return refusedT(req.Lang, "reply.needs-manage", map[string]any{"Command": def.Name})
	}
	resp, err := c.run(s, ctx, req)
	if errors.Is(err, record.ErrNotFound) {
		if r, over := s.notFound(c, req); over {
			return r
		}
	}
	if err != nil {
		return leftBehind(s.cfg.FrontEnd, s.fail(err, req.Lang), err, req.Lang)
	}
	return s.flush(req.Key, resp, req.Lang)
}

// notFound is the refusal of command c when no game runs here: the result
// of the game that ended here, for a command that acts on a game (SaysOver,
// Acts); on a server, the games started from here. ok is false when
// neither applies.
func (s *Service) notFound(c Command, req Request) (Response, bool) {
	if c.Acts || c.SaysOver {
		if v, lerr := s.load(req.Key); lerr == nil && v.finished {
			if !s.cfg.FrontEnd.Members() {
				return refusedT(req.Lang, "reply.over-local", map[string]any{"Result": resultLineIn(v, req.Lang)}), true
			}
			return refusedT(req.Lang, "reply.over-here", map[string]any{"Result": resultLineIn(v, req.Lang)}), true
		}
	}
	if s.cfg.FrontEnd.Members() {
		if text := s.gamesFromHereIn(req.Key, req.Lang); text != "" {
			return refused("%s", text), true
		}
	}
	return Response{}, false
}

// fail turns an error into a refusal the caller can read in lang;
// internal errors are logged and reported without detail.
func (s *Service) fail(err error, lang i18n.Lang) Response {
	var r *refusal
	var re *rules.RuleError
	var dmg *record.DamagedFileError
	var pe *record.PanicError
	say := func(id string, data map[string]any) Response {
		return Response{Private: i18n.T(lang, id, data), Refused: true}
	}
	switch {
	case errors.As(err, &r):
		return Response{Private: r.in(lang), Refused: true}
	case errors.As(err, &re):
		return say("fail.rule", map[string]any{"Rule": re.Rule, "Why": i18n.Refusal(lang, re)})
	case errors.As(err, &dmg):
		s.cfg.Logger.Error("a command reached a damaged page of the database: stop the bot, back up the file and run mortain doctor", "err", err, "stack", string(dmg.Stack))
		return say("fail.damaged", nil)
	case errors.As(err, &pe):
		s.cfg.Logger.Error("command failed", "err", err, "stack", string(pe.Stack))
		return say("fail.internal", nil)
	case errors.Is(err, record.ErrNotFound):
		if !s.cfg.FrontEnd.Members() {
			return say("fail.no-game-local", nil)
		}
		return say("fail.no-game", nil)
	case errors.Is(err, record.ErrSetAside):
		s.cfg.Logger.Warn("a damaged game was set aside", "err", err)
		id := "damaged"
		var sa *record.SetAsideError
		if errors.As(err, &sa) {
			id = sa.ID()
		}
		return say("fail.set-aside", map[string]any{"ID": id})
	case errors.Is(err, record.ErrExists):
		return say("fail.exists", nil)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return say("fail.too-long", nil)
	case errors.Is(err, record.ErrDiskFull):
		s.cfg.Logger.Error("the disk that holds the database is full: a command was refused, nothing was saved; free some space", "err", err)
		if !s.cfg.FrontEnd.Members() {
			return say("fail.disk-full-local", nil)
		}
		return say("fail.disk-full", nil)
	}
	s.cfg.Logger.Error("command failed", "err", err)
	return say("fail.internal", nil)
}

// checkOptions refuses unknown options, missing required ones, values
// outside an option's choices and users that are not mentions.
func checkOptions(fe FrontEnd, def Definition, opts map[string]string) error {
	for k, v := range opts {
		o, ok := def.Option(k)
		if !ok {
			return optionsRefusal("options.no-option", def, map[string]any{"Command": def.Name, "Option": k})
		}
		if len(o.Choices) > 0 && v != "" {
			found := false
			for _, c := range o.Choices {
				if strings.EqualFold(c.Value, v) {
					found = true
				}
			}
			if !found {
				vals := make([]string, len(o.Choices))
				for i, c := range o.Choices {
					vals[i] = c.Value
				}
				d := map[string]any{"Option": k, "Value": v, "Choices": strings.Join(vals, ", ")}
				if o.Hint {
					return refuseT("options.not-choice-"+def.Name+"-"+o.Name, d)
				}
				return refuseT("options.not-choice", d)
			}
		}
		if o.Type == User && v != "" {
			if _, ok := fe.MemberID(v); !ok {
				return refuseT("options.typed-name", map[string]any{"Option": k, "Value": v})
			}
		}
		if o.Type == Integer && v != "" {
			if _, err := strconv.Atoi(v); err != nil {
				return refuseT("options.not-integer", map[string]any{"Option": k, "Value": v})
			}
		}
	}
	for _, o := range def.Options {
		if o.Required && opts[o.Name] == "" {
			return refuseT("options.missing", map[string]any{"Command": def.Name, "Option": o.Name, "Example": def.Example})
		}
	}
	return nil
}
