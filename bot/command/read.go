package command

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// readCommands show the game: its state, map, units and log, the
// server's records, the replay.
var readCommands = []Command{
	{Definition: Definition{Name: "status", Example: "status"}, run: noCtx((*Service).status)},
	{Definition: Definition{Name: "map", Example: "map size:full", Options: []Option{{Name: "size", Choices: choices("full", "small")}}},
		run: noCtx((*Service).mapPost), Posts: true},
	{Definition: Definition{Name: "log", Positional: "n", Group: GroupHistory, Example: "log n:30", Options: []Option{{Name: "n", Type: Integer}}},
		run: noCtx((*Service).logText)},
	{Definition: Definition{Name: "units", Example: "units"}, run: noCtx((*Service).units)},
	{Definition: Definition{Name: "stats", Group: GroupHistory, Example: "stats"}, run: noCtx((*Service).stats), Standalone: true, DiscordOnly: true},
	{Definition: Definition{Name: "replay", Group: GroupHistory, Example: "replay"}, run: noCtx((*Service).replay), Posts: true, Standalone: true},
}

// status words the state of the game, in the member's language.
func (s *Service) status(req Request) (Response, error) {
	v, err := s.load(req.Key)
	if err != nil {
		return Response{}, err
	}
	text := statusTextIn(s.cfg.FrontEnd, v, req.Lang)
	if u := s.Undelivered(req.Key, req.Lang); u != "" {
		text += "\n" + u
	}
	if a := s.setAside(req.Key, req.Lang); a != "" {
		text += "\n" + a
	}
	return Response{Private: text}, nil
}

// statusTextIn words the state of a game in lang.
func statusTextIn(fe FrontEnd, v *view, lang i18n.Lang) string {
	g := v.game
	st := &g.State
	sc := st.Scenario()
	t := func(id string, data map[string]any) string { return tr(lang, id, data) }
	var b strings.Builder
	if st.Over() || v.finished {
		return finishedStatus(fe, v, lang)
	}
	switch st.Phase() {
	case rules.PhaseSetup:
		b.WriteString(t("reply.status.setup", nil))
	case rules.PhaseOver:
		b.WriteString(t("reply.status.over", map[string]any{"Turn": st.Turn()}))
	default:
		b.WriteString(t("reply.status.header", map[string]any{"Header": roundHeaderIn(st, lang)})) // with the points left
	}
	b.WriteString("\n")
	if tg, firers, ok := st.PendingAttack(); ok && st.Phase() != rules.PhaseFaceChoice {
		var ids []string
		for _, u := range firers {
			ids = append(ids, uid(sc, u))
		}
		b.WriteString(t("reply.status.pending", map[string]any{"Target": uid(sc, tg), "Firers": i18n.List(lang, ids)}) + "\n")
	}
	if c := st.FaceCardPending(); c != rules.NoCard {
		b.WriteString(t("reply.status.face-card", map[string]any{"Card": c.String()}) + "\n")
	}
	if st.Phase() != rules.PhaseSetup {
		air := t("reply.status.air-available", nil)
		if st.AirOBAUsed() {
			air = t("reply.status.air-used", nil)
		}
		b.WriteString(i18n.Plural(lang, "reply.status.deck", st.DeckLeft(), map[string]any{"Air": air, "Exited": st.Exited(), "Exits": rules.ExitsToWin}) + "\n")
	}
	b.WriteString(t("reply.status.rules", map[string]any{"Rules": optionsText(st.Options(), lang)}) + "\n")
	b.WriteString(t("reply.status.seats", map[string]any{"Seats": seatsLineIn(fe, v.seats, lang)}) + "\n")
	if extra := settingsLineIn(v.meta, lang); extra != "" {
		b.WriteString(t("reply.status.settings", map[string]any{"Settings": extra}) + "\n")
	}
	if !v.finished {
		b.WriteString(statusClocks(fe, v, lang))
	}
	b.WriteString(t("reply.status.waiting", map[string]any{"Who": seatNameIn(fe, v.seats[st.ToAct()], lang), "What": whatWaitsIn(st, lang)}))
	return b.String()
}

// statusClocks are status's lines about a running game's clocks: its
// deadline, the deadlines each side missed, a seat whose member left.
func statusClocks(fe FrontEnd, v *view, lang i18n.Lang) string {
	var b strings.Builder
	rec := &record.Record{Game: v.game, Seats: v.seats, Meta: v.meta, Created: v.created}
	if line := deadlineLineIn(fe, rec, lang); line != "" {
		b.WriteString(line + "\n")
	}
	for _, side := range []rules.Side{rules.US, rules.German} {
		if warn := missedTextIn(fe, rec, side, lang); warn != "" {
			b.WriteString(i18n.T(lang, "deadline.sentence", map[string]any{"Text": warn}) + "\n")
		}
		if id := v.meta.Side(side).Absent; id != "" {
			b.WriteString(tr(lang, "reply.status.absent", map[string]any{"Side": side, "Member": fe.Member(id)}) + "\n")
		}
	}
	return b.String()
}

// finishedStatus words a finished game in lang: its result and its final
// position, with nothing of the round it ended in.
func finishedStatus(fe FrontEnd, v *view, lang i18n.Lang) string {
	st := &v.game.State
	t := func(id string, data map[string]any) string { return i18n.T(lang, id, data) }
	var b strings.Builder
	when := t("reply.status.after-turn", map[string]any{"Turn": st.Turn(), "Turns": rules.Turns})
	if st.Turn() == 0 {
		when = t("reply.status.during-setup", nil)
	}
	b.WriteString(t("reply.status.game-over", map[string]any{"When": when, "Result": resultLineIn(v, lang)}) + "\n")
	b.WriteString(t("reply.status.final", map[string]any{"Exited": st.Exited(), "Exits": rules.ExitsToWin}) + "\n" + boardIn(st, lang) + "\n")
	b.WriteString(t("reply.status.rules", map[string]any{"Rules": optionsText(st.Options(), lang)}) + "\n")
	b.WriteString(t("reply.status.seats", map[string]any{"Seats": seatsLineIn(fe, v.seats, lang)}))
	return b.String()
}

// optionsText words a game's rule options in lang: the options as typed
// ("los:strict attack:ends-round"), or "default rules".
func optionsText(o rules.Options, lang i18n.Lang) string {
	nd := o.NonDefault()
	if len(nd) == 0 {
		return i18n.T(lang, "reply.default-rules", nil)
	}
	return strings.Join(nd, " ")
}

// mapPost posts the map, or a text board when no renderer is wired: the
// full one unless size:small asks for the compact one.
func (s *Service) mapPost(req Request) (Response, error) {
	v, err := s.load(req.Key)
	if err != nil {
		return Response{}, err
	}
	st := &v.game.State
	lang := langOf(v.meta)
	post := Post{Text: roundHeaderIn(st, lang)}
	if v.finished || st.Over() {
		post.Text = i18n.T(lang, "post.map.over", map[string]any{"Result": resultLineIn(v, lang)})
	}
	small := s.cfg.RenderSmall
	if small == nil {
		small = s.cfg.RenderCompact
	}
	// The last step's events: its arrows and fire lines, and "Last:".
	last := v.game.LastEvents()
	if req.Options["size"] == "small" && small != nil {
		post.Image, post.ImageName = s.renderWith(small, st, last, langOf(v.meta))
	} else {
		post.Image, post.ImageName = s.renderWith(s.cfg.Render, st, last, langOf(v.meta))
	}
	if post.Image == nil {
		post.Text += "\n" + boardIn(st, lang)
	}
	return Response{Posts: []Post{post}}, nil
}

// boardIn lists the occupied hexes as text, in lang.
func boardIn(st *rules.State, lang i18n.Lang) string {
	sc := st.Scenario()
	w := words{sc, lang}
	var lines []string
	for h := rules.Hex(0); h < rules.NumHexes; h++ {
		us := st.UnitsAt(h)
		if len(us) == 0 {
			continue
		}
		var ids []string
		for _, u := range us {
			id := uid(sc, u)
			if st.Unit(u).Flipped {
				id += "*"
			}
			ids = append(ids, id)
		}
		lines = append(lines, w.t("reply.board.line", map[string]any{"Hex": w.hex(h),
			"Terrain": w.t("terrain."+sc.Terrain[h].String(), nil), "Units": i18n.List(w.lang, ids)}))
	}
	if len(lines) == 0 {
		return w.t("reply.board.empty", nil)
	}
	return strings.Join(lines, "\n") + "\n" + w.t("reply.board.flipped", nil)
}

// logText narrates the last events.
func (s *Service) logText(req Request) (Response, error) {
	v, err := s.load(req.Key)
	if err != nil {
		return Response{}, err
	}
	n := 15
	if o := req.Options["n"]; o != "" {
		n, _ = strconv.Atoi(o)
		n = max(1, min(n, 100))
	}
	g := v.game
	sc := g.State.Scenario()
	from := max(0, len(g.Log)-n)
	var lines []string
	for _, e := range g.Log[from:] {
		if line := NarrateIn(sc, e, req.Lang); line != "" {
			lines = append(lines, i18n.T(req.Lang, "reply.log.line", map[string]any{"Turn": e.Turn, "Event": line}))
		}
	}
	if len(lines) == 0 {
		return Response{Private: i18n.T(req.Lang, "reply.log.nothing", nil)}, nil
	}
	return Response{Private: strings.Join(lines, "\n")}, nil
}

// units lists the units.
func (s *Service) units(req Request) (Response, error) {
	v, err := s.load(req.Key)
	if err != nil {
		return Response{}, err
	}
	return Response{Private: unitsText(&v.game.State, req.Lang)}, nil
}

// unitsText lists the units of both sides in lang.
func unitsText(st *rules.State, lang i18n.Lang) string {
	sc := st.Scenario()
	w := words{sc, lang}
	var b strings.Builder
	for _, side := range []rules.Side{rules.US, rules.German} {
		b.WriteString(w.t("reply.units.side", map[string]any{"Side": w.side(side)}) + "\n")
		for u := range sc.Units {
			id := rules.UnitID(u)
			d := sc.Unit(id)
			if d.Side != side {
				continue
			}
			us := st.Unit(id)
			where := w.t("reply.units.status-"+us.Status.String(), nil)
			if us.Status == rules.OnMap {
				where = w.hex(us.Hex)
			}
			var marks []string
			for _, m := range []struct {
				on bool
				id string
			}{{us.Flipped, "flipped"}, {st.Covered(id), "covered"}, {st.Activated(id), "activated"}, {st.Targeted(id), "targeted"}} {
				if m.on {
					marks = append(marks, w.t("reply.units.mark-"+m.id, nil))
				}
			}
			m := ""
			if len(marks) > 0 {
				m = w.t("reply.units.marks", map[string]any{"Marks": strings.Join(marks, w.t("reply.units.marks-sep", nil))})
			}
			b.WriteString(w.t("reply.units.line", map[string]any{"ID": fmt.Sprintf("`%-7s`", d.ID), "Type": i18n.UnitType(w.lang, d.Type.String()),
				"Name": i18n.UnitName(w.lang, d.Name), "Where": where, "Factors": st.Factors(id).String(), "Marks": m}) + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// stats shows the server's records, in the channel's language.
func (s *Service) stats(req Request) (Response, error) {
	ps, err := s.cfg.Store.Stats(req.Key.Guild)
	if err != nil {
		return Response{}, err
	}
	lang := s.postLang(req)
	t := func(id string, data map[string]any) string { return i18n.T(lang, id, data) }
	if len(ps) == 0 {
		if !s.cfg.FrontEnd.Members() {
			return Response{Private: i18n.T(req.Lang, "reply.stats.none-local", nil)}, nil
		}
		return Response{Private: i18n.T(req.Lang, "reply.stats.none", nil)}, nil
	}
	var b strings.Builder
	byID := map[string]*record.PlayerStats{}
	for i := range ps {
		byID[ps[i].UserID] = &ps[i]
	}
	name := func(p *record.PlayerStats) string {
		if p.UserID == LocalPlayer {
			return i18n.T(lang, "reply.seat.you", nil)
		}
		if p.Name != "" {
			return p.Name
		}
		return s.cfg.FrontEnd.Member(p.UserID)
	}
	if me := byID[req.Caller.UserID]; me != nil && s.cfg.FrontEnd.Members() {
		b.WriteString(i18n.Plural(lang, "post.stats.me", me.RatedGames, map[string]any{"Name": name(me), "Rating": ratingIn(me, lang), "Record": recordText(me, lang)}) + "\n")
	}
	var ranked []*record.PlayerStats
	provisional := 0
	for i := range ps {
		switch p := &ps[i]; {
		case p.RatedGames > 0 && !p.Provisional():
			ranked = append(ranked, p)
		case p.RatedGames > 0:
			provisional++
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].RatingValue > ranked[j].RatingValue })
	if s.cfg.FrontEnd.Members() {
		b.WriteString(t("post.stats.leaderboard", nil) + "\n")
		if len(ranked) == 0 {
			b.WriteString(t("post.stats.no-rating", nil) + "\n")
		}
		for i, p := range ranked {
			if i == 20 {
				break
			}
			b.WriteString(i18n.Plural(lang, "post.stats.ranked", p.RatedGames, map[string]any{"N": i + 1, "Name": name(p), "Rating": ratingIn(p, lang)}) + "\n")
		}
		if provisional > 0 {
			b.WriteString(i18n.Plural(lang, "post.stats.provisional", provisional, nil) + "\n")
		}
		b.WriteString(t("post.stats.records-all", nil) + "\n")
	} else {
		b.WriteString(t("post.stats.records", nil) + "\n")
	}
	for i, p := range ps {
		if i == 20 {
			break
		}
		b.WriteString(t("post.stats.record", map[string]any{"N": i + 1, "Name": name(&p), "Record": recordText(&p, lang)}) + "\n")
	}
	return Response{Posts: []Post{{Text: strings.TrimRight(b.String(), "\n")}}}, nil
}

// postLang is the language of a post that is about no one game (stats):
// the channel's game's, else the server's setting, else the member's.
func (s *Service) postLang(req Request) i18n.Lang {
	if rec, err := s.cfg.Store.Get(req.Key); err == nil {
		return langOf(rec.Meta)
	}
	if server, err := s.cfg.Store.Server(req.Key.Guild); err == nil && server.Language != "" {
		return i18n.Parse(server.Language)
	}
	return req.Lang
}

// ratingIn words a player's rating in lang: "1520 (±90)", "1500
// (provisional, ±350)".
func ratingIn(p *record.PlayerStats, lang i18n.Lang) string {
	r := p.Rating()
	d := map[string]any{"Rating": round(r.R), "Dev": round(2 * r.RD)}
	if p.Provisional() {
		return i18n.T(lang, "post.stats.rating-provisional", d)
	}
	return i18n.T(lang, "post.stats.rating", d)
}

// recordText words a player's record in lang: "3 won, 1 lost (as US 2-0,
// as German 1-1; vs people 2-1; vs AI easy 1-0)".
func recordText(p *record.PlayerStats, lang i18n.Lang) string {
	score := func(w, l int) string { return strconv.Itoa(w) + "-" + strconv.Itoa(l) }
	ai := ""
	for _, lv := range sortedKeys(p.VsAI) {
		r := p.VsAI[lv]
		ai += i18n.T(lang, "post.stats.vs-ai", map[string]any{"Level": i18n.Level(lang, lv), "Score": score(r[0], r[1])})
	}
	return i18n.T(lang, "post.stats.record-text", map[string]any{"Won": p.TotalWins(), "Lost": p.TotalLosses(),
		"US": score(p.Wins[rules.US], p.Losses[rules.US]), "German": score(p.Wins[rules.German], p.Losses[rules.German]),
		"People": score(p.VsHuman[0], p.VsHuman[1]), "AI": ai})
}

func sortedKeys(m map[string][2]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// replay posts the animated replay of the channel's game.
func (s *Service) replay(req Request) (Response, error) {
	if s.cfg.Replay == nil {
		return Response{}, refuseT("reply.replay.unavailable", nil)
	}
	v, err := s.load(req.Key)
	if err != nil {
		return Response{}, err
	}
	release, err := s.replaySlot(req.Key)
	if err != nil {
		return Response{}, err
	}
	defer release()
	lang := langOf(v.meta)
	data, err := s.cfg.Replay(v.game, lang)
	if err != nil {
		return Response{}, fmt.Errorf("replay: %w", err)
	}
	name := "replay.gif"
	if bytes.HasPrefix(data, []byte("\x89PNG")) {
		name = "replay.png"
	}
	text := i18n.Plural(lang, "post.replay", len(v.game.History), map[string]any{"Seats": seatsLineIn(s.cfg.FrontEnd, v.seats, lang)})
	return Response{Posts: []Post{{Text: text, Image: data, ImageName: name}}}, nil
}

// resultLineIn words a finished game's result in lang, from its outcome:
// "the US side resigned; German won", "German won: <reason>", "aborted".
func resultLineIn(v *view, lang i18n.Lang) string {
	o := v.end()
	switch o.End {
	case rules.LostOnTime:
		return tr(lang, "reply.result.on-time", map[string]any{"Side": o.Loser(), "Winner": o.Winner})
	case rules.Resigned:
		return tr(lang, "reply.result.resigned", map[string]any{"Side": o.Loser(), "Winner": o.Winner})
	case rules.PlayedOut:
		return tr(lang, "reply.result.won", map[string]any{"Side": o.Winner, "Why": i18n.Outcome(lang, o)})
	case rules.Abandoned:
		return i18n.Outcome(lang, o)
	}
	return i18n.T(lang, "reply.result.aborted", nil)
}
