package command

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // quiet hours in any time zone, whatever the machine has

	"github.com/mortain/mortain/internal/duration"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// The reminder intervals notify offers.
var remindChoices = []string{"off", "6h", "12h", "24h"}

// peopleCommands set how a member is told that a game waits, and their
// absences.
var peopleCommands = []Command{
	{Definition: Definition{Name: "notify", Example: "notify dm:on quiet:22:00-07:00 tz:Europe/Paris",
		Options: []Option{{Name: "ping", Choices: choices("on", "off")}, {Name: "dm", Choices: choices("on", "off")},
			{Name: "remind", Choices: choices(remindChoices...)}, {Name: "quiet"}, {Name: "tz", Autocomplete: true}}},
		run: noCtx((*Service).notify), DiscordOnly: true},
	{Definition: Definition{Name: "away", Example: "away days:5",
		Options: []Option{{Name: "days", Type: Integer}, {Name: "until"}, {Name: "back", Choices: choices("yes")}}},
		run: noCtx((*Service).away), DiscordOnly: true},
}

// notify shows or changes how the bot tells the caller that a game waits
// for them, on this server.
func (s *Service) notify(req Request) (Response, error) {
	if !s.cfg.FrontEnd.Members() {
		return Response{}, refuseT("people.notify.local", nil)
	}
	c, err := readNotify(req.Options)
	if err != nil {
		return Response{}, err
	}
	changed := c.changed()
	var m record.Member
	err = s.cfg.Store.UpdateMember(req.Key.Guild, req.Caller.UserID, func(cur *record.Member) error {
		c.apply(cur)
		m = *cur
		if !changed {
			return errStale // nothing to write
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStale) {
		return Response{}, err
	}
	head := i18n.T(req.Lang, "people.notify.head", nil)
	if changed {
		head = i18n.T(req.Lang, "people.notify.saved", nil)
		s.checkSoon(req.Key.Guild, req.Caller.UserID)
	}
	return Response{Private: head + "\n" + notifyText(s.cfg.FrontEnd, m, s.cfg.Now(), req.Lang)}, nil
}

// checkSoon makes the games of a member whose settings changed (a
// reminder, quiet hours) due for Tick at once, so that their timers
// follow the new settings.
func (s *Service) checkSoon(guild, user string) {
	keys, err := s.cfg.Store.GamesOf(guild, user)
	if err != nil {
		s.cfg.Logger.Error("listing a member's games", "member", user, "err", err)
		return
	}
	now := s.cfg.Now()
	for _, k := range keys {
		if err := s.cfg.Store.SetDue(k, now, time.Time{}); err != nil && !errors.Is(err, record.ErrNotFound) {
			s.cfg.Logger.Error("setting a game's next timer check", "key", k, "err", err)
		}
	}
}

// notifyChange is what notify's options change: each set* (or a remind
// or tz given) tells that the setting is given.
type notifyChange struct {
	ping, setPing, dm, setDM bool
	remind                   time.Duration
	setRemind                bool
	from, to                 int
	setQuiet                 bool
	tz                       string
}

// readNotify reads notify's options, or refuses a value it cannot read.
func readNotify(o map[string]string) (notifyChange, error) {
	var c notifyChange
	var err error
	if c.ping, c.setPing, err = onOff(o, "ping"); err != nil {
		return c, err
	}
	if c.dm, c.setDM, err = onOff(o, "dm"); err != nil {
		return c, err
	}
	c.setRemind = o["remind"] != ""
	if v := strings.ToLower(o["remind"]); v != "" && v != "off" {
		if c.remind, err = duration.Parse(v); err != nil || c.remind < time.Hour {
			return c, refuseT("people.notify.remind", map[string]any{"Value": echo(o["remind"]), "Choices": strings.Join(remindChoices, ", ")})
		}
	}
	if v := strings.TrimSpace(o["quiet"]); v != "" {
		c.setQuiet = true
		if !strings.EqualFold(v, "off") {
			if c.from, c.to, err = parseQuiet(v); err != nil {
				return c, err
			}
		}
	}
	c.tz = strings.TrimSpace(o["tz"])
	if c.tz != "" {
		if _, err := loadZone(c.tz); err != nil {
			return c, refuseT("people.notify.tz", map[string]any{"Value": echo(c.tz)})
		}
	}
	return c, nil
}

// onOff reads option name as on (yes) or off (no); set is false when it
// is not given.
func onOff(o map[string]string, name string) (on, set bool, err error) {
	switch strings.ToLower(o[name]) {
	case "":
		return false, false, nil
	case "on", "yes":
		return true, true, nil
	case "off", "no":
		return false, true, nil
	}
	return false, false, refuseT("people.notify.on-off", map[string]any{"Name": name, "Value": echo(o[name])})
}

// changed reports whether any setting is given.
func (c notifyChange) changed() bool {
	return c.setPing || c.setDM || c.setRemind || c.setQuiet || c.tz != ""
}

// apply writes the settings given into m.
func (c notifyChange) apply(m *record.Member) {
	if c.setPing {
		m.NoPing = !c.ping
	}
	if c.setDM {
		m.DM = c.dm
	}
	if c.setRemind {
		m.Remind = c.remind
	}
	if c.setQuiet {
		m.QuietFrom, m.QuietTo = c.from, c.to
	}
	if c.tz != "" {
		m.TimeZone = c.tz
	}
}

// notifyText words a member's notification settings in lang, a line
// each.
func notifyText(fe FrontEnd, m record.Member, now time.Time, lang i18n.Lang) string {
	onOff := func(b bool) string {
		if b {
			return i18n.T(lang, "people.notify.on", nil)
		}
		return i18n.T(lang, "people.notify.off", nil)
	}
	remind := onOff(false)
	switch {
	case m.Remind > 0 && m.Remind%time.Hour == 0:
		remind = i18n.Plural(lang, "people.notify.every-hours", int(m.Remind/time.Hour), nil)
	case m.Remind > 0:
		remind = i18n.T(lang, "people.notify.every", map[string]any{"Every": strings.TrimSuffix(m.Remind.String(), "0m0s")})
	}
	quiet := onOff(false)
	if m.QuietFrom != m.QuietTo {
		quiet = fmt.Sprintf("%s-%s", clockText(m.QuietFrom), clockText(m.QuietTo))
	}
	tz := m.TimeZone
	if tz == "" {
		tz = i18n.T(lang, "people.notify.tz-unset", nil)
	}
	lines := []string{
		i18n.T(lang, "people.notify.ping", map[string]any{"Value": onOff(!m.NoPing)}),
		i18n.T(lang, "people.notify.dm", map[string]any{"Value": onOff(m.DM)}),
		i18n.T(lang, "people.notify.reminder", map[string]any{"Value": remind}),
		i18n.T(lang, "people.notify.quiet", map[string]any{"Quiet": quiet, "Zone": tz}),
	}
	if m.AwayUntil.After(now) {
		lines = append(lines, i18n.T(lang, "people.notify.away", map[string]any{"Until": fe.When(m.AwayUntil, lang)}))
	}
	return strings.Join(lines, "\n")
}

// parseQuiet reads quiet hours "22:00-07:00" as minutes after midnight.
func parseQuiet(v string) (from, to int, err error) {
	a, b, ok := strings.Cut(v, "-")
	if ok {
		from, err = parseClock(a)
	}
	if ok && err == nil {
		to, err = parseClock(b)
	}
	if !ok || err != nil || from == to {
		return 0, 0, refuseT("people.notify.quiet-bad", map[string]any{"Value": echo(v)})
	}
	return from, to, nil
}

// parseClock reads "7", "07:00" or "22:30" as minutes after midnight.
func parseClock(v string) (int, error) {
	h, m, _ := strings.Cut(strings.TrimSpace(v), ":")
	hh, err := strconv.Atoi(h)
	if err != nil || hh < 0 || hh > 23 {
		return 0, fmt.Errorf("bad hour %q", h)
	}
	mm := 0
	if m != "" {
		if mm, err = strconv.Atoi(m); err != nil || mm < 0 || mm > 59 {
			return 0, fmt.Errorf("bad minute %q", m)
		}
	}
	return hh*60 + mm, nil
}

func clockText(min int) string { return fmt.Sprintf("%02d:%02d", min/60, min%60) }

// away pauses the deadlines of all the caller's games on this server
// until a date (days:N, until:YYYY-MM-DD in their time zone), within
// each game's vacation allowance, and tells each opponent; back:yes ends
// the vacation.
func (s *Service) away(req Request) (Response, error) {
	if !s.cfg.FrontEnd.Members() {
		return Response{}, refuseT("people.away.local", nil)
	}
	o := req.Options
	now := s.cfg.Now().UTC()
	m, err := s.cfg.Store.Member(req.Key.Guild, req.Caller.UserID)
	if err != nil {
		return Response{}, err
	}
	back := strings.EqualFold(o["back"], "yes") || strings.EqualFold(o["back"], "true")
	until, answer, err := awayUntil(s.cfg.FrontEnd, o, m, back, now, req.Lang)
	if answer != "" || err != nil {
		return Response{Private: answer}, err
	}
	if err := s.cfg.Store.UpdateMember(req.Key.Guild, req.Caller.UserID, func(cur *record.Member) error {
		cur.AwayUntil = time.Time{}
		if !back {
			cur.AwayUntil = until
		}
		return nil
	}); err != nil {
		return Response{}, err
	}
	resp, lines, err := s.pauseGames(req, until, back, now)
	if err != nil {
		return Response{}, err
	}
	head := i18n.T(req.Lang, "people.away.until", map[string]any{"Until": s.cfg.FrontEnd.When(until, req.Lang)})
	if back {
		head = i18n.T(req.Lang, "people.away.welcome", nil)
	}
	if len(lines) == 0 {
		resp.Private = i18n.T(req.Lang, "people.away.no-games", map[string]any{"Head": head})
	} else {
		resp.Private = i18n.T(req.Lang, "people.away.games", map[string]any{"Head": head}) + "\n" + strings.Join(lines, "\n")
	}
	return resp, nil
}

// awayUntil reads until when member m is away from away's options (zero
// when back), or the answer to give instead (nothing to change, or
// whether m is away).
func awayUntil(fe FrontEnd, o map[string]string, m record.Member, back bool, now time.Time, lang i18n.Lang) (until time.Time, answer string, err error) {
	switch {
	case back && !m.AwayUntil.After(now):
		return until, i18n.T(lang, "people.away.nothing-to-end", nil), nil
	case back: // until stays zero: pause resumes each game from now
		return until, "", nil
	case o["days"] != "":
		n, err := strconv.Atoi(o["days"])
		if err != nil || n < 1 || n > 30 {
			return until, "", refuseT("people.away.days-bad", map[string]any{"Value": echo(o["days"])})
		}
		return now.Add(time.Duration(n) * 24 * time.Hour), "", nil
	case o["until"] != "":
		loc := time.UTC
		if l, err := loadZone(m.TimeZone); err == nil {
			loc = l
		}
		d, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(o["until"]), loc) // midnight of that day in the member's time zone (notify tz:)
		if err != nil {
			return until, "", refuseT("people.away.until-bad", map[string]any{"Value": echo(o["until"]), "Example": now.AddDate(0, 0, 7).Format("2006-01-02")})
		}
		until = d.UTC()
		if !until.After(now) || until.After(now.Add(31*24*time.Hour)) {
			return until, "", refuseT("people.away.until-range", map[string]any{"Value": echo(o["until"])})
		}
		return until, "", nil
	}
	if m.AwayUntil.After(now) {
		return until, i18n.T(lang, "people.away.is-away", map[string]any{"Until": fe.When(m.AwayUntil, lang)}), nil
	}
	return until, i18n.T(lang, "people.away.not-away", map[string]any{"Allowance": allowanceText(lang)}), nil
}

// pauseGames pauses (or, back, resumes) the deadlines of the caller's
// running games on this server: the games' posts, and a line a game for
// the caller.
func (s *Service) pauseGames(req Request, until time.Time, back bool, now time.Time) (Response, []string, error) {
	keys, err := s.cfg.Store.GamesOf(req.Key.Guild, req.Caller.UserID)
	if err != nil {
		return Response{}, nil, err
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].Channel < keys[j].Channel })
	var resp Response
	var lines []string
	for _, k := range keys {
		if k.Guild != req.Key.Guild {
			continue
		}
		var line string
		err := s.cfg.Store.Update(k, func(r *record.Record) error {
			sides := sidesOf(r, req.Caller)
			if len(sides) == 0 || r.Game.State.Over() {
				return errStale
			}
			post, text := s.pause(r, req.Caller, sides, until, back, now, req.Lang)
			line = text
			one := Response{Posts: []Post{post}}
			s.queue(r, &one)
			resp.Also = append(resp.Also, k)
			resp.Also = append(resp.Also, one.Also...)
			return nil
		})
		if err == nil && line != "" {
			lines = append(lines, s.cfg.FrontEnd.Channel(k.Channel)+": "+line)
		}
	}
	return resp, lines, nil
}

// pause pauses (or, back, resumes) the deadline of the caller's sides of
// a game within its vacation allowance, and words the game's post (in
// the game's language) and the caller's line about it (in lang, theirs).
func (s *Service) pause(r *record.Record, c Caller, sides []rules.Side, until time.Time, back bool, now time.Time, lang i18n.Lang) (Post, string) {
	game := langOf(r.Meta)
	name := seatNameIn(s.cfg.FrontEnd, r.Seats[sides[0]], game)
	opp := r.Seats[sides[0].Enemy()]
	mention := "" // the opponent, unless the caller holds both seats
	if opp.UserID != c.UserID {
		mention = opp.UserID
	}
	_, hasDeadline := parseDeadline(r)
	if back {
		for _, side := range sides {
			pauseSide(r.Meta.Side(side), now, now)
		}
		text := i18n.T(game, "people.pause.back", map[string]any{"Name": name})
		if line := deadlineLineIn(s.cfg.FrontEnd, r, game); line != "" {
			text = i18n.T(game, "people.pause.back-deadline", map[string]any{"Name": name, "Deadline": line})
		}
		return Post{Text: text, Mention: mention}, i18n.T(lang, "people.away.line-back", nil)
	}
	if !hasDeadline {
		return Post{Text: i18n.T(game, "people.pause.no-deadline", map[string]any{"Name": name, "Until": s.cfg.FrontEnd.When(until, game)}), Mention: mention},
			i18n.T(lang, "people.away.line-no-deadline", nil)
	}
	paused := now
	for _, side := range sides {
		paused = pauseSide(r.Meta.Side(side), until, now)
	}
	d := map[string]any{"Name": name, "Until": s.cfg.FrontEnd.When(until, game), "Paused": s.cfg.FrontEnd.When(paused, game), "Allowance": allowanceText(game)}
	if paused.Before(until) {
		return Post{Text: i18n.T(game, "people.pause.paused-out", d), Mention: mention},
			i18n.T(lang, "people.away.line-paused-out", map[string]any{"Until": s.cfg.FrontEnd.When(paused, lang)})
	}
	return Post{Text: i18n.T(game, "people.pause.paused", d), Mention: mention},
		i18n.T(lang, "people.away.line-paused", map[string]any{"Until": s.cfg.FrontEnd.When(paused, lang)})
}

// parseDeadline is a game's deadline, if it has one.
func parseDeadline(r *record.Record) (time.Duration, bool) {
	d := r.Meta.Deadline
	return d, d > 0
}

// allowanceText words the vacation allowance of a game in lang: "14 days".
func allowanceText(lang i18n.Lang) string {
	return i18n.Plural(lang, "people.allowance", int(VacationAllowance/(24*time.Hour)), nil)
}

// loadZone loads the IANA time zone name (notify tz:). It refuses what
// is not a zone a person lives in, though Go loads it: "" and Local (the
// machine's own zone), IANA's placeholder for an unknown zone (Factory),
// and the files a system's zone folder holds beside the zones
// (posixrules, localtime, and the posix/, right/ and SystemV/ copies of
// the database).
func loadZone(name string) (*time.Location, error) {
	switch {
	case name == "" || strings.EqualFold(name, "local") || notZones[name]:
		return nil, fmt.Errorf("%q is not a time zone", name)
	case strings.HasPrefix(name, "posix/") || strings.HasPrefix(name, "right/") || strings.HasPrefix(name, "SystemV/"):
		return nil, fmt.Errorf("%q is not a time zone", name)
	}
	return time.LoadLocation(name)
}

// notZones are names Go's time zone loading accepts that are no zone (see
// loadZone).
var notZones = map[string]bool{"Factory": true, "posixrules": true, "localtime": true}

// timeZones are the IANA names notify tz: suggests; any IANA zone is
// accepted (loadZone).
var timeZones = []string{
	"UTC", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin", "Europe/Madrid",
	"Europe/Rome", "Europe/Amsterdam", "Europe/Brussels", "Europe/Stockholm", "Europe/Oslo", "Europe/Helsinki",
	"Europe/Warsaw", "Europe/Prague", "Europe/Vienna", "Europe/Zurich", "Europe/Athens", "Europe/Istanbul",
	"Europe/Kyiv", "Europe/Moscow", "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix",
	"America/Los_Angeles", "America/Anchorage", "America/Toronto", "America/Vancouver", "America/Mexico_City",
	"America/Sao_Paulo", "America/Buenos_Aires", "America/Santiago", "America/Bogota", "America/Lima",
	"Pacific/Honolulu", "Pacific/Auckland", "Australia/Sydney", "Australia/Melbourne", "Australia/Brisbane",
	"Australia/Adelaide", "Australia/Perth", "Asia/Tokyo", "Asia/Seoul", "Asia/Shanghai", "Asia/Hong_Kong",
	"Asia/Taipei", "Asia/Singapore", "Asia/Manila", "Asia/Jakarta", "Asia/Bangkok", "Asia/Kolkata",
	"Asia/Dubai", "Asia/Jerusalem", "Asia/Karachi", "Africa/Cairo", "Africa/Johannesburg", "Africa/Lagos",
	"Africa/Nairobi",
}

// DMRefused handles a direct message Discord refused for good (the
// member's privacy settings): their DMs are switched off, and the first
// time they are told so in the game's thread. The Response's Also names
// the channels with new notices.
func (s *Service) DMRefused(key record.Key, n record.Notice) Response {
	user := strings.TrimPrefix(key.Channel, DMPrefix)
	wasOn := false
	if err := s.cfg.Store.UpdateMember(key.Guild, user, func(m *record.Member) error {
		wasOn = m.DM
		m.DM = false
		return nil
	}); err != nil {
		s.cfg.Logger.Error("switching off a member's direct messages", "member", user, "err", err)
		return Response{}
	}
	if !wasOn || n.Origin.Channel == "" {
		return Response{}
	}
	lang := i18n.English
	if rec, err := s.cfg.Store.Get(n.Origin); err == nil {
		lang = langOf(rec.Meta)
	}
	line := i18n.T(lang, "people.dm-refused", nil)
	if err := s.cfg.Store.Enqueue(n.Origin, record.Notice{Text: line, Mention: user, Report: true}); err != nil {
		s.cfg.Logger.Error("telling a member their DMs were refused", "member", user, "err", err)
		return Response{}
	}
	return Response{Also: []record.Key{n.Origin}}
}

// awayNow pauses the deadline of side's player in a game they just sat
// down in when they are away (within the game's allowance).
func (s *Service) awayNow(r *record.Record, side rules.Side) {
	seat := r.Seats[side]
	if seat.UserID == "" || !s.cfg.FrontEnd.Members() {
		return
	}
	if _, ok := parseDeadline(r); !ok {
		return
	}
	now := s.cfg.Now().UTC()
	if m, err := s.cfg.Store.Member(r.Key.Guild, seat.UserID); err == nil && m.AwayUntil.After(now) {
		pauseSide(r.Meta.Side(side), m.AwayUntil, now)
	}
}
