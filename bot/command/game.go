package command

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/mortain/mortain/internal/duration"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/store/record"
)

// newGameCommands start a game, take its open seat, or give it up.
var newGameCommands = []Command{
	{Definition: Definition{Name: "new", Options: newOptions(), Example: "new mode:ai side:german level:random los:lenient"},
		run: noCtx((*Service).newGame), prepare: modeShorthand, Mutates: true, Standalone: true,
		LocalHidden:  []string{"deadline", "ranked", "opponent", "remind", "round-limit", "pace", "confirm"},
		LocalExample: "new mode:ai side:german level:easy"},
	{Definition: Definition{Name: "join", Example: "join"},
		run: noCtx((*Service).join), Mutates: true, SaysOver: true, Standalone: true, DiscordOnly: true},
	{Definition: Definition{Name: "resign", Options: []Option{confirmOpt()}, Example: "resign confirm:yes"},
		run: noCtx((*Service).resign), Mutates: true, SaysOver: true, Standalone: true,
		Buttons: map[string]map[string]string{"resign-confirm": {"confirm": "yes"}}},
}

// newOptions are the options of new: the opponent and sides, the rule
// variants (rules.OptionSpecs), the clocks, the posts.
func newOptions() []Option {
	opts := []Option{
		{Name: "opponent", Type: User},
		{Name: "mode", Choices: choices(modes...), Hint: true},
		{Name: "side", Choices: choices("us", "german", "random")},
		{Name: "level", Choices: choices(ai.Levels...)},
		{Name: "language", Choices: choices("en", "ja")},
		{Name: SettingRanked, Choices: choices("yes", "no")},
	}
	for _, o := range rules.OptionSpecs {
		opts = append(opts, Option{Name: o.Name, Choices: choices(o.Values...)})
	}
	return append(opts,
		Option{Name: SettingRemind},
		Option{Name: SettingRoundLimit},
		Option{Name: SettingDeadline, Choices: choices(deadlineChoices...)},
		Option{Name: SettingPace, Choices: choices(PaceActivation, PaceRound, PaceTurn, PaceEnd)},
		Option{Name: SettingPosts, Choices: choices(PostsActivation, PostsRound)},
		confirmOpt(),
	)
}

// newGame creates a game in the channel with the caller's choices.
func (s *Service) newGame(req Request) (Response, error) {
	g, err := s.planGame(req)
	if err != nil {
		return Response{}, err
	}
	var b strings.Builder
	title, err := s.keepLocal(g, &b)
	if err != nil {
		return Response{}, err
	}
	if cur, err := s.cfg.Store.Get(g.rec.Key); err == nil && !g.threaded {
		if resp, asked, err := s.endRunning(req, cur, &b, g.lang); asked || err != nil {
			return resp, err
		}
	}
	post := s.newGamePost(g, title, &b)
	if g.threaded {
		if err := s.openGameThread(g); err != nil {
			return Response{}, err
		}
	}
	post.Buttons = buttonsFor(g.rec)
	s.yourMove(g.rec, &post)
	if open(g.other) && g.me.AI == "" {
		post.Buttons = append(post.Buttons, joinButtonIn(g.rec, g.lang))
	}
	resp, also := s.newGameResponse(g, post)
	s.queue(g.rec, &resp) // the post is queued in the same commit as the game
	if s.cfg.FrontEnd.Queues() {
		g.rec.Notices = append(g.rec.Notices, also...)
	}
	if err := s.cfg.Store.Create(g.rec); err != nil {
		// No empty thread is left behind, unless the front end cannot
		// delete it: the refusal then says so.
		if g.threaded && (req.Place.DropThread == nil || !req.Place.DropThread(g.rec.Key)) {
			return Response{}, &threadLeftError{err: err, thread: g.rec.Key.Channel}
		}
		return Response{}, err
	}
	return resp, nil
}

// newGamePlan is a new game as the caller's choices make it, before it is
// posted and saved.
type newGamePlan struct {
	req       Request
	opts      rules.Options
	lang      i18n.Lang
	seed      uint64
	salt      string
	me, other record.Seat
	side      rules.Side
	threaded  bool
	server    record.ServerSettings
	rec       *record.Record
}

// planGame reads new's options into the game they make, or refuses them.
func (s *Service) planGame(req Request) (*newGamePlan, error) {
	o := req.Options
	g := &newGamePlan{req: req}
	var err error
	if g.opts, err = ruleOptions(o); err != nil {
		return nil, err
	}
	level, err := s.newLevel(o)
	if err != nil {
		return nil, err
	}
	var meta record.Meta
	if err := newClocks(o, &meta); err != nil {
		return nil, err
	}
	if g.lang, err = s.gameLang(req); err != nil {
		return nil, err
	}
	meta.Lang = g.lang.String()
	s.choosePosts(req, &meta)
	meta.Salt = s.cfg.Salt()
	g.salt = meta.Salt
	meta.StartedBy = req.Caller.UserID
	g.seed = s.cfg.Seed()
	if err := s.seatGame(g, &meta, level); err != nil {
		return nil, err
	}
	g.side = sideOf(o, g.seed)
	now := s.cfg.Now()
	g.rec = &record.Record{Key: req.Key, Game: rules.NewGame(s.cfg.Scenario, g.opts, g.seed),
		Seats: map[rules.Side]record.Seat{g.side: g.me, g.side.Enemy(): g.other},
		Meta:  meta, Created: now, Updated: now}
	for _, sd := range []rules.Side{rules.US, rules.German} {
		s.awayNow(g.rec, sd)
	}
	return g, nil
}

// seatGame gives the plan its seats and where it is played, and meta
// whether it is ranked and its pace, within the limits of games.
func (s *Service) seatGame(g *newGamePlan, meta *record.Meta, level string) error {
	req, o := g.req, g.req.Options
	var err error
	if g.me, g.other, err = seatsOf(s.cfg.FrontEnd, o, req.Caller, level); err != nil {
		return err
	}
	if g.other.UserID != "" && g.other.Name == "" {
		g.other.Name = req.Names[g.other.UserID]
	}
	g.threaded = req.Place.OpenThread != nil
	if g.threaded {
		if g.server, err = s.cfg.Store.Server(req.Key.Guild); err != nil {
			return err
		}
		g.threaded = !g.server.InChannel
	}
	if g.other.AI != "" || g.me.AI != "" {
		meta.Level = level
	}
	ranked, err := rankedSetting(o, g.me, g.other)
	if err != nil {
		return err
	}
	meta.Ranked = ranked != "" && s.cfg.FrontEnd.Members()
	if err := s.withinLimits(req, g.me.AI != "" && g.other.AI != ""); err != nil {
		return err
	}
	return paceSetting(o, g.me, meta)
}

// ruleOptions reads the rule variants of new (opt: of the rules).
func ruleOptions(o map[string]string) (rules.Options, error) {
	var opts rules.Options
	for _, spec := range rules.OptionSpecs {
		if v := o[spec.Name]; v != "" {
			if err := opts.Set(spec.Name, v); err != nil {
				values := spec.Values
				return opts, refuseT("reply.new.bad-rule-option", map[string]any{"Option": spec.Name, "Rule": spec.Rule,
					"Value": quoted(v), "Values": phrase(func(l i18n.Lang) string { return strings.Join(values, i18n.T(l, "reply.or-sep", nil)) })})
			}
		}
	}
	return opts, nil
}

// newLevel is the AI level of new: level:, else the default.
func (s *Service) newLevel(o map[string]string) (string, error) {
	level := s.cfg.Level
	if v := o["level"]; v != "" {
		level = strings.ToLower(v)
	}
	if !validLevel(level) {
		return "", refuseT("reply.new.bad-level", map[string]any{"Level": level, "Levels": strings.Join(ai.Levels, ", ")})
	}
	return level, nil
}

// paceSetting sets the pace of a game the AI plays for the caller's side
// (ai-vs-ai); pace: is refused for any other.
func paceSetting(o map[string]string, me record.Seat, meta *record.Meta) error {
	if me.AI == "" {
		if o[SettingPace] != "" {
			return refuseT("reply.new.pace", nil)
		}
		return nil
	}
	pace := strings.ToLower(o[SettingPace])
	if pace == "" {
		pace = PaceRound
	}
	meta.Pace = pace
	return nil
}

// sideOf is the caller's side: side:, US by default, random from the seed.
func sideOf(o map[string]string, seed uint64) rules.Side {
	switch strings.ToLower(o["side"]) {
	case "german":
		return rules.German
	case "random":
		if seed>>17&1 == 1 {
			return rules.German
		}
	}
	return rules.US
}

// keepLocal gives a local game its own id, telling in b that the game
// played so far stays saved; it returns the title of the new game's post.
func (s *Service) keepLocal(g *newGamePlan, b *strings.Builder) (string, error) {
	req, lang := g.req, g.lang
	if s.cfg.FrontEnd.Members() {
		return i18n.T(lang, "post.new.title", nil), nil
	}
	// Local play keeps every game: the new one gets the next id and the
	// one played so far stays saved, to resume.
	if cur, err := s.cfg.Store.Get(req.Key); err == nil && !cur.Ended() {
		id, _ := LocalID(req.Key)
		b.WriteString(i18n.T(lang, "post.new.kept", map[string]any{"ID": id, "Seats": seatsLineIn(s.cfg.FrontEnd, cur.Seats, lang)}) + "\n")
	}
	var err error
	if g.rec.Key, err = s.nextLocalKey(); err != nil {
		return "", err
	}
	id, _ := LocalID(g.rec.Key)
	return i18n.T(lang, "post.new.title-local", map[string]any{"ID": id}), nil
}

// endRunning ends the game cur running here for the new one, telling so
// in b: only its players (or a moderator) may, and only once they
// confirm; asked is true when the answer is the question.
func (s *Service) endRunning(req Request, cur *record.Record, b *strings.Builder, lang i18n.Lang) (resp Response, asked bool, err error) {
	starter := cur.Meta.StartedBy == req.Caller.UserID && isAIvsAI(cur)
	if len(sidesOf(cur, req.Caller)) == 0 && !req.Caller.CanManage && !starter {
		return Response{}, false, record.ErrExists
	}
	if !confirmed(req) {
		what := i18n.T(req.Lang, "reply.new.running", map[string]any{"Seats": seatsLineIn(s.cfg.FrontEnd, cur.Seats, req.Lang), "What": whatWaitsIn(&cur.Game.State, req.Lang)})
		return askConfirm(req.Lang, what, s.rememberNew(req)), true, nil
	}
	if _, err := s.cfg.Store.Finish(req.Key); err != nil && !errors.Is(err, record.ErrNotFound) {
		return Response{}, false, err
	}
	b.WriteString(i18n.T(lang, "post.new.ended", map[string]any{"Seats": seatsLineIn(s.cfg.FrontEnd, cur.Seats, lang)}) + "\n")
	return Response{}, false, nil
}

// newGamePost is the post that starts the game: its seats, rules and
// settings, the commitment to the seed, who sets up, with the map.
func (s *Service) newGamePost(g *newGamePlan, title string, b *strings.Builder) Post {
	rec, lang := g.rec, g.lang
	b.WriteString(i18n.T(lang, "post.new.head", map[string]any{"Title": title, "Seats": seatsLineIn(s.cfg.FrontEnd, rec.Seats, lang)}) + "\n")
	rulesLine := i18n.T(lang, "post.new.rules", map[string]any{"Rules": optionsText(g.opts, lang)})
	if extra := settingsLineIn(rec.Meta, lang); extra != "" {
		rulesLine = i18n.Sentences(lang, rulesLine, i18n.T(lang, "post.new.settings", map[string]any{"Settings": extra}))
	}
	b.WriteString(rulesLine)
	if open(g.other) {
		b.WriteString("\n" + tr(lang, "post.new.open-seat", map[string]any{"Side": g.side.Enemy()}))
	}
	d := map[string]any{"Commitment": "`" + rules.Commitment(g.seed, g.salt) + "`"}
	if s.cfg.SeedGiven {
		b.WriteString("\n" + i18n.T(lang, "post.new.seed-given", d))
	} else {
		b.WriteString("\n" + i18n.T(lang, "post.new.seed-secret", d))
	}
	if isAI(rec, rules.US) {
		b.WriteString("\n" + i18n.T(lang, "post.new.ai-sets-up", nil))
	} else {
		b.WriteString("\n" + i18n.T(lang, "post.new.us-sets-up", nil))
	}
	// Ping the person who sets up, or else the member challenged.
	post := Post{Text: b.String(), Mention: mentionOf(rec, rules.US), Live: true}
	if post.Mention == g.req.Caller.UserID {
		post.Mention = mentionOf(rec, rules.German)
	}
	if post.Mention == g.req.Caller.UserID {
		post.Mention = ""
	}
	post.Image, post.ImageName = s.render(&rec.Game.State, nil, langOf(rec.Meta))
	return post
}

// openGameThread opens the game's thread (a forum's post) and moves the
// game there.
func (s *Service) openGameThread(g *newGamePlan) error {
	rec := g.rec
	nt := NewThread{Name: threadName(rec.Seats, langOf(rec.Meta))}
	if g.req.Place.Forum {
		nt.First, nt.Tag = forumFirst(s.cfg.FrontEnd, rec, g.server.ForumResults), g.server.ForumTag
		rec.Meta.Forum = true
	}
	key, err := g.req.Place.OpenThread(nt)
	if err != nil {
		return err
	}
	rec.Key = key
	rec.Meta.Parent = g.req.Key.Channel
	return nil
}

// newGameResponse is new's answer with its post, and the notice the
// channel a thread was opened from gets.
func (s *Service) newGameResponse(g *newGamePlan, post Post) (Response, []record.Notice) {
	rec, req := g.rec, g.req
	var also []record.Notice
	resp := Response{Posts: []Post{post}, AINext: isAI(rec, rules.US)}
	if g.threaded && !req.Place.Forum {
		var buttons []Button
		if open(g.other) {
			buttons = append(buttons, joinButtonIn(rec, g.lang))
		}
		if n, ok := s.parentNotice(rec, &resp, startLine(s.cfg.FrontEnd, rec), buttons...); ok {
			also = append(also, n)
		}
	}
	resp.Game = rec.Key
	if g.threaded {
		resp.Private = i18n.T(req.Lang, "reply.new.in-thread", map[string]any{"Channel": s.cfg.FrontEnd.Channel(rec.Key.Channel)})
	}
	if g.me.AI == "" && g.other.AI != "" && s.firstGame(req) {
		first := i18n.T(req.Lang, "reply.new.first-us", nil)
		if g.side == rules.German {
			first = i18n.T(req.Lang, "reply.new.first-german", nil)
		}
		resp.Private = strings.TrimSpace(resp.Private + "\n" + first)
	}
	return resp, also
}

// firstGame reports whether the caller has finished no game yet on this
// server (in the terminal: none at all).
func (s *Service) firstGame(req Request) bool {
	ps, err := s.cfg.Store.Stats(req.Key.Guild)
	if err != nil {
		return false
	}
	for _, p := range ps {
		if p.UserID == req.Caller.UserID {
			return false
		}
	}
	return true
}

// seatsOf gives the seats new makes for the caller (me) and their
// opponent: the member of opponent: (a seat holds an account, never a
// typed name), or the choice of mode:. Challenging oneself is hotseat.
func seatsOf(fe FrontEnd, o map[string]string, c Caller, level string) (me, other record.Seat, err error) {
	me = record.Seat{UserID: c.UserID, Name: c.Name}
	mode := strings.ToLower(strings.TrimSpace(o["mode"]))
	if user := strings.TrimSpace(o["opponent"]); user != "" {
		if mode != "" {
			return me, other, refuseT("reply.new.opponent-and-mode", map[string]any{"Mode": mode})
		}
		id, ok := fe.MemberID(user)
		if !ok {
			return me, other, refuseT("reply.new.typed-opponent", map[string]any{"User": user})
		}
		if id == me.UserID {
			return me, me, nil // playing oneself is hotseat
		}
		return me, record.Seat{UserID: id}, nil
	}
	switch mode {
	case ModeAI:
		return me, record.Seat{AI: level}, nil
	case ModeHotseat:
		return me, me, nil
	case ModeAIvsAI:
		return record.Seat{AI: level}, record.Seat{AI: level}, nil
	case "", ModeOpen:
		return me, other, nil
	}
	return me, other, refuseT("reply.new.bad-mode", map[string]any{"Mode": mode})
}

// modeShorthand reads the typed opponent:ai (hotseat, ai-vs-ai, open) of
// the text form as mode:, which it was before opponent: took members.
func modeShorthand(opts map[string]string) {
	switch v := strings.ToLower(strings.TrimSpace(opts["opponent"])); v {
	case ModeAI, ModeHotseat, ModeAIvsAI, ModeOpen:
		if _, ok := opts["mode"]; !ok {
			delete(opts, "opponent")
			opts["mode"] = v
		}
	}
}

func validLevel(level string) bool {
	for _, l := range ai.Levels {
		if l == level {
			return true
		}
	}
	return false
}

// newClocks reads the clocks of new (remind:, round-limit:, deadline:)
// into m; off or nothing leaves one off.
func newClocks(o map[string]string, m *record.Meta) error {
	for name, dst := range map[string]*time.Duration{SettingRemind: &m.Remind, SettingRoundLimit: &m.RoundLimit, SettingDeadline: &m.Deadline} {
		if v := o[name]; v != "" && !strings.EqualFold(v, "off") {
			d, err := duration.Parse(v)
			if err != nil {
				return refuseT("reply.new.bad-duration", map[string]any{"Name": name, "Why": durationError(v)})
			}
			*dst = d
		}
	}
	return nil
}

// metaSettings are the options of new a game keeps, as they are shown:
// name and value, in the order status gives them.
func metaSettings(m record.Meta) [][2]string {
	clock := func(d time.Duration) string {
		if d <= 0 {
			return ""
		}
		return duration.Format(d)
	}
	ranked := ""
	if m.Ranked {
		ranked = "yes"
	}
	return [][2]string{{SettingLevel, m.Level}, {SettingPace, m.Pace}, {SettingPosts, m.Posts}, {SettingRemind, clock(m.Remind)},
		{SettingRoundLimit, clock(m.RoundLimit)}, {SettingDeadline, clock(m.Deadline)}, {SettingRanked, ranked}}
}

// settingsLineIn words the options of new in force, in lang: "level:
// hard · deadline: 24h".
func settingsLineIn(m record.Meta, lang i18n.Lang) string {
	var parts []string
	for _, kv := range metaSettings(m) {
		if k, v := kv[0], kv[1]; v != "" {
			name := k
			if id := "opt." + k + ".name"; i18n.Has(lang, id) {
				name = i18n.T(lang, id, nil)
			}
			if id := "choice." + k + "." + v; i18n.Has(lang, id) {
				v = i18n.T(lang, id, nil)
			}
			parts = append(parts, i18n.T(lang, "reply.setting", map[string]any{"Name": name, "Value": v}))
		}
	}
	return strings.Join(parts, " · ")
}

// joinButtonIn is the Join button of an open challenge (joinButton), its
// label in lang.
func joinButtonIn(rec *record.Record, lang i18n.Lang) Button {
	b := joinButton(rec)
	b.Label = i18n.T(lang, "reply.button.join", nil)
	return b
}

// join seats the caller in the open seat.
func (s *Service) join(req Request) (Response, error) {
	var side rules.Side
	var rec *record.Record
	var resp Response
	if err := s.withinLimits(req, false); err != nil {
		return Response{}, err
	}
	err := s.cfg.Store.Update(req.Key, func(r *record.Record) error {
		if r.Game.State.Over() {
			return refuseT("reply.over", nil)
		}
		lang := langOf(r.Meta)
		for _, sd := range []rules.Side{rules.US, rules.German} {
			if m := r.Meta.Side(sd); m.Absent == req.Caller.UserID && r.Seats[sd].AI != "" {
				// The player whose seat was handed to the AI takes it back.
				m.Absent, m.Missed = "", 0
				r.Seats[sd] = record.Seat{UserID: req.Caller.UserID, Name: req.Caller.Name}
				rec = r.Clone()
				post := Post{Text: tr(lang, "post.join.back", map[string]any{"Who": seatNameIn(s.cfg.FrontEnd, rec.Seats[sd], lang), "Side": sd,
					"Seats": seatsLineIn(s.cfg.FrontEnd, rec.Seats, lang), "What": whatWaitsIn(&rec.Game.State, lang)})}
				post.Mention = mentionOf(rec, rec.Game.State.ToAct())
				post.Buttons = buttonsFor(rec)
				post.Live = true
				s.yourMove(rec, &post)
				resp = Response{Posts: []Post{post}, AINext: isAI(rec, rec.Game.State.ToAct())}
				s.queue(r, &resp)
				return nil
			}
		}
		if mine := sidesOf(r, req.Caller); len(mine) > 0 {
			return refuseT("reply.join.already", map[string]any{"Side": mine[0]})
		}
		side = rules.NoSide
		for _, sd := range []rules.Side{rules.US, rules.German} {
			if open(r.Seats[sd]) {
				side = sd
			}
		}
		if side == rules.NoSide {
			return refuseT("reply.join.none-open", map[string]any{"Seats": seatsPhrase(s.cfg.FrontEnd, r.Seats)})
		}
		r.Seats[side] = record.Seat{UserID: req.Caller.UserID, Name: req.Caller.Name}
		s.awayNow(r, side)
		rec = r.Clone()
		post := Post{Text: tr(lang, "post.join.joins", map[string]any{"Who": seatNameIn(s.cfg.FrontEnd, rec.Seats[side], lang), "Side": side,
			"Seats": seatsLineIn(s.cfg.FrontEnd, rec.Seats, lang), "What": whatWaitsIn(&rec.Game.State, lang)})}
		post.Mention = mentionOf(rec, rec.Game.State.ToAct())
		post.Buttons = buttonsFor(rec)
		s.yourMove(rec, &post)
		resp = Response{Posts: []Post{post}}
		s.queue(r, &resp)
		return nil
	})
	if err != nil {
		return Response{}, err
	}
	return resp, nil
}

// resign ends the game: the other side wins.
func (s *Service) resign(req Request) (Response, error) {
	if !confirmed(req) {
		rec, err := s.cfg.Store.Get(req.Key)
		switch {
		case err != nil:
			return Response{}, err
		case rec.Game.State.Over():
			return Response{}, refuseT("reply.already-over", nil)
		case len(sidesOf(rec, req.Caller)) == 0:
			return Response{}, refuseT("reply.not-yours", map[string]any{"Seats": seatsPhrase(s.cfg.FrontEnd, rec.Seats)})
		}
		return askConfirm(req.Lang, i18n.T(req.Lang, "reply.resign.ask", nil),
			button(rec, i18n.T(req.Lang, "reply.button.confirm-resign", nil), "resign-confirm", Danger)), nil
	}
	var rec *record.Record
	var resp Response
	err := s.cfg.Store.Update(req.Key, func(r *record.Record) error {
		if r.Game.State.Over() {
			return refuseT("reply.already-over", nil)
		}
		mine := sidesOf(r, req.Caller)
		if len(mine) == 0 {
			return refuseT("reply.not-yours", map[string]any{"Seats": seatsPhrase(s.cfg.FrontEnd, r.Seats)})
		}
		side := mine[0]
		if len(mine) == 2 {
			side = r.Game.State.ToAct()
		}
		if err := r.Game.Resign(side); err != nil {
			return err
		}
		rec = r.Clone()
		lang := langOf(rec.Meta)
		text := tr(lang, "post.resign.by", map[string]any{"Who": seatNameIn(s.cfg.FrontEnd, rec.Seats[side], lang), "Side": side})
		if rec.Seats[side].Name == "you" { // the terminal's player
			text = tr(lang, "post.resign.you", map[string]any{"Side": side})
		}
		text += "\n" + summaryIn(s.cfg.FrontEnd, rec, lang)
		resp = Response{Posts: []Post{{Text: text, Mention: mentionOf(rec, side.Enemy()), Live: true}}, Over: true}
		s.queue(r, &resp)
		return nil
	})
	if err != nil {
		return Response{}, err
	}
	s.ended(req.Key, rec)
	return resp, nil
}

// abort ends the game without a result.
func (s *Service) abort(req Request) (Response, error) {
	rec, err := s.cfg.Store.Get(req.Key)
	if err != nil {
		return Response{}, err
	}
	if req.fresh != nil {
		if err := req.fresh(rec); err != nil {
			return Response{}, err
		}
	}
	if !confirmed(req) {
		return askConfirm(req.Lang, i18n.T(req.Lang, "reply.abort.ask", map[string]any{"Seats": seatsLineIn(s.cfg.FrontEnd, rec.Seats, req.Lang)}),
			button(rec, i18n.T(req.Lang, "reply.button.confirm-abort", nil), "abort-confirm", Danger)), nil
	}
	lang := langOf(rec.Meta)
	name := i18n.T(lang, "reply.seat.moderator", nil)
	if req.Caller.Name != "" {
		name = i18n.T(lang, "reply.seat.name", map[string]any{"Name": req.Caller.Name})
	}
	text := i18n.T(lang, "post.abort", map[string]any{"Seats": seatsLineIn(s.cfg.FrontEnd, rec.Seats, lang), "By": name})
	if reveal := revealLineIn(rec.Game, rec.Meta.Salt, lang); reveal != "" {
		text += "\n" + reveal
	}
	resp := Response{Posts: []Post{{Text: text, Live: true}}, Over: true}
	var notices []record.Notice
	if s.cfg.FrontEnd.Queues() {
		notices, resp.queued = noticesOf(resp.Posts), true
		if n, ok := s.parentNotice(rec, &resp, endLine(s.cfg.FrontEnd, rec)); ok {
			notices = append(notices, n)
		}
	}
	if _, err := s.cfg.Store.Finish(req.Key, notices...); err != nil {
		return Response{}, err
	}
	s.remember(req.Key, &view{game: rec.Game, seats: rec.Seats, meta: rec.Meta, finished: true, outcome: rules.Outcome{End: rules.Aborted}})
	return resp, nil
}

// Abandon archives the game of a channel, thread or server that was
// deleted: no result, no change to anyone's record, and its undelivered
// notices dropped. It reports whether a game was running there.
// A game in a thread says so in the channel its thread was opened from.
func (s *Service) Abandon(key record.Key) (bool, error) {
	running, _ := s.cfg.Store.Get(key)
	rec, err := s.cfg.Store.Abandon(key)
	if errors.Is(err, record.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if running != nil && s.cfg.FrontEnd.Queues() {
		if pk, ok := s.reportKey(running); ok {
			lang := langOf(running.Meta)
			line := i18n.T(lang, "post.thread-lost", map[string]any{"Channel": s.cfg.FrontEnd.Channel(key.Channel), "Seats": seatsLineIn(s.cfg.FrontEnd, running.Seats, lang)})
			if err := s.cfg.Store.Enqueue(pk, record.Notice{Text: line}); err != nil {
				s.cfg.Logger.Error("telling a channel its game's thread was lost", "key", key, "err", err)
			}
		}
	}
	s.remember(key, finishedView(rec))
	return true, nil
}

// view is a game to show: the running one, or the last finished one of the
// channel, and how it ended (end).
type view struct {
	game     *rules.Game
	seats    map[rules.Side]record.Seat
	meta     record.Meta
	created  time.Time // when the running game started (its clocks count from it before its first step)
	finished bool
	outcome  rules.Outcome
}

// end is how the view's game ended: as its archive or record says, else
// as its steps say; a finished game that did not end was aborted.
func (v *view) end() rules.Outcome {
	o := v.outcome
	if o.End == rules.NotEnded {
		o = v.game.State.Outcome()
	}
	if o.End == rules.NotEnded && v.finished {
		o = rules.Outcome{End: rules.Aborted}
	}
	return o
}

// load returns the channel's running game, or else its last finished one.
// A running game found over (the process stopped before archiving it) is
// archived now.
func (s *Service) load(key record.Key) (*view, error) {
	rec, err := s.cfg.Store.Get(key)
	if err == nil {
		if o := rec.Outcome(); o.End != rules.NotEnded {
			s.finish(key, rec)
			return &view{game: rec.Game, seats: rec.Seats, meta: rec.Meta, finished: true, outcome: o}, nil
		}
		return &view{game: rec.Game, seats: rec.Seats, meta: rec.Meta, created: rec.Created}, nil
	}
	if !errors.Is(err, record.ErrNotFound) {
		return nil, err
	}
	s.mu.Lock()
	v, known := s.last[key]
	s.mu.Unlock()
	if !known {
		f, err := s.cfg.Store.LastFinished(key)
		if err != nil && !errors.Is(err, record.ErrNotFound) {
			return nil, err
		}
		if f != nil && f.Game != nil {
			v = finishedView(f)
		}
		s.remember(key, v)
	}
	if v == nil {
		return nil, record.ErrNotFound
	}
	return v, nil
}

// finishedView is the view of an archived game, with its outcome.
func finishedView(f *record.Finished) *view {
	return &view{game: f.Game, seats: f.Seats, meta: record.Meta{Salt: f.Salt, Lang: f.Lang}, finished: true, outcome: f.Outcome}
}

// remember caches the last finished game of a channel (nil: none).
func (s *Service) remember(key record.Key, v *view) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.last[key]; !ok && len(s.last) >= maxCached {
		for k := range s.last { // a cache: forget any one
			delete(s.last, k)
			break
		}
	}
	s.last[key] = v
}

// maxCached bounds the per-channel memory of the Service (the last games,
// the new games waiting for their Confirm), for a bot that serves many
// channels for months.
const maxCached = 1024

// Game returns the channel's running game, or its last finished game
// (finished set), for front ends that show it (local play's --json).
// record.ErrNotFound when the channel never had one.
func (s *Service) Game(key record.Key) (g *rules.Game, finished bool, err error) {
	v, err := s.load(key)
	if err != nil {
		return nil, false, err
	}
	return v.game, v.finished, nil
}

// durationError words why v is not a duration, in the reader's language
// (duration.bad: the same words as internal/duration's error).
func durationError(v string) phrase {
	return func(l i18n.Lang) string { return i18n.T(l, "duration.bad", map[string]any{"Value": strconv.Quote(v)}) }
}
