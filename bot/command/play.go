package command

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// playCommands play for the side to act: the set-up, the activations,
// the attacks and strikes, pass and undo.
var playCommands = []Command{
	{Definition: Definition{Name: "setup", Acts: true, Positional: "done", Example: "setup unit:120 hex:1501",
		Options: []Option{unitOpt("unit", false), hexOpt("hex", false), {Name: "preset", Choices: choices("historical")}, {Name: "done", Type: Bool}}},
		run: (*Service).setup, forms: []actionForm{
			{kind: rules.ActPlace, fields: []optField{{opt: "unit", f: unitField}, {opt: "hex", f: hexField}}},
			{kind: rules.ActHistorical, given: map[string]string{"preset": "historical"}},
			{kind: rules.ActSetupDone, given: map[string]string{"done": "true"}}},
		Buttons: map[string]map[string]string{"setup-done": {"done": "true"}, "setup-historical": {"preset": "historical"}}},
	{Definition: Definition{Name: "move", Acts: true, Example: "move unit:DR-1 to:1803 with:102",
		Options: []Option{unitOpt("unit", true), hexOpt("to", true), unitOpt("with", false)}},
		run: action("move"), forms: []actionForm{{kind: rules.ActMove, fields: unitToWith}}},
	{Definition: Definition{Name: "enter", Acts: true, Example: "enter unit:DR-1 to:1903 with:102",
		Options: []Option{unitOpt("unit", true), hexOpt("to", true), unitOpt("with", false)}},
		run: action("enter"), forms: []actionForm{{kind: rules.ActEnter, fields: unitToWith}}},
	{Definition: Definition{Name: "exit", Acts: true, Example: "exit unit:DF", Options: []Option{unitOpt("unit", true)}},
		run: action("exit"), forms: []actionForm{{kind: rules.ActExit, fields: []optField{{opt: "unit", f: unitField}}}}},
	{Definition: Definition{Name: "fire", Acts: true, Example: "fire unit:TD target:DR-1", Options: []Option{unitOpt("unit", true), unitOpt("target", true)}},
		run: action("fire"), forms: []actionForm{{kind: rules.ActFire, fields: []optField{{opt: "unit", f: unitField}, {opt: "target", f: targetField}}}}},
	{Definition: Definition{Name: "resolve", Acts: true, Example: "resolve"},
		run: action("resolve"), forms: []actionForm{{kind: rules.ActResolve}}, Buttons: map[string]map[string]string{"resolve": nil}},
	{Definition: Definition{Name: "redraw", Acts: true, Example: "redraw"},
		run: action("redraw"), forms: []actionForm{{kind: rules.ActRedraw}}, Buttons: map[string]map[string]string{"redraw": nil}},
	{Definition: Definition{Name: "miss", Acts: true, Example: "miss"},
		run: action("miss"), forms: []actionForm{{kind: rules.ActMiss}}, Buttons: map[string]map[string]string{"miss": nil}},
	{Definition: Definition{Name: "air", Acts: true, Example: "air mode:attack hex:1803",
		Options: []Option{{Name: "mode", Required: true, Choices: choices("attack", "cover")}, hexOpt("hex", true), unitOpt("unit", false)}},
		run: action("air"), Strike: true, forms: []actionForm{
			{kind: rules.ActAirAttack, given: map[string]string{"mode": "attack"}, fields: hexUnit},
			{kind: rules.ActAirCover, given: map[string]string{"mode": "cover"},
				fields: []optField{{opt: "hex", f: hexField}, {opt: "unit", f: targetField, optional: true, refuse: "reply.play.cover-unit"}}}}},
	{Definition: Definition{Name: "oba", Acts: true, Example: "oba hex:1803 unit:DR-1", Options: []Option{hexOpt("hex", true), unitOpt("unit", false)}},
		run: action("oba"), Strike: true, forms: []actionForm{{kind: rules.ActOBA, fields: hexUnit}}},
	{Definition: Definition{Name: "pass", Acts: true, Example: "pass"},
		run: action("pass"), forms: []actionForm{{kind: rules.ActPass}}, Buttons: map[string]map[string]string{"pass": nil, "pass-confirm": nil}},
	{Definition: Definition{Name: "undo", Acts: true, Example: "undo"},
		run: (*Service).undo, Buttons: map[string]map[string]string{"undo": nil}},
}

// The options of a move or an entry, and of a strike on a hex.
var (
	unitToWith = []optField{{opt: "unit", f: unitField}, {opt: "to", f: hexField}, {opt: "with", f: withField, optional: true}}
	hexUnit    = []optField{{opt: "hex", f: hexField}, {opt: "unit", f: targetField, optional: true}}
)

// action is the handler of a game action's command: it plays the action
// its options describe.
func action(name string) handler {
	return func(s *Service, ctx context.Context, req Request) (Response, error) {
		o := req.Options
		return s.play(ctx, req, func(g *rules.Game) ([]rules.Event, error) {
			if name == "resolve" {
				if err := resolvedAlready(g); err != nil {
					return nil, err
				}
			}
			a, err := buildAction(g.State.Scenario(), name, o)
			if err != nil {
				return nil, err
			}
			return g.Apply(tigerAlong(g.State.Scenario(), a))
		})
	}
}

// stepFunc performs one step on the game: it returns the events caused and
// a note to narrate when there are none (undo, debug edits).
type stepFunc func(g *rules.Game) (evs []rules.Event, note string, err error)

// outcome is a committed step: the state before, the events, the record
// after, and the response built from them (its posts queued in the outbox
// in the same commit).
type outcome struct {
	before rules.State
	events []rules.Event
	note   string
	rec    *record.Record
	resp   Response
}

// commit runs check then step inside the store's Update, so the step is
// durably committed (or nothing is written) before any answer is built.
// The response (report's, or present's when given) is built inside the
// update, so that its posts are queued in the same commit as the step; a
// game that ended is archived in that commit too (queue).
func (s *Service) commit(key record.Key, check func(rec *record.Record) error, step stepFunc, present ...func(out *outcome) Response) (*outcome, error) {
	var out *outcome
	err := s.cfg.Store.Update(key, func(rec *record.Record) error {
		out = nil
		if err := check(rec); err != nil {
			return err
		}
		before := rec.Game.State
		evs, note, err := step(rec.Game)
		if err != nil {
			return err
		}
		rec.Meta.Acted = stampTime(s.cfg.Now())
		out = &outcome{before: before, events: append([]rules.Event(nil), evs...), note: note, rec: rec.Clone()}
		if len(present) > 0 {
			out.resp = present[0](out)
		} else {
			out.resp = s.report(out)
		}
		s.queue(rec, &out.resp)
		noteTold(rec, len(out.resp.Posts) > 0)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if out.resp.Over {
		s.ended(key, out.rec)
	}
	return out, nil
}

// play runs an action command for the caller.
func (s *Service) play(ctx context.Context, req Request, step func(g *rules.Game) ([]rules.Event, error)) (Response, error) {
	return s.playStep(ctx, req, func(g *rules.Game) ([]rules.Event, string, error) {
		evs, err := step(g)
		return evs, "", err
	})
}

func (s *Service) playStep(ctx context.Context, req Request, step stepFunc) (Response, error) {
	return s.playStepIn(ctx, req, func(i18n.Lang) stepFunc { return step })
}

// playStepIn is playStep with a step made for the game's language (for
// its note).
func (s *Service) playStepIn(_ context.Context, req Request, step func(lang i18n.Lang) stepFunc) (Response, error) {
	lang := i18n.English
	out, err := s.commit(req.Key, func(rec *record.Record) error {
		if err := mayAct(s.cfg.FrontEnd, rec, req.Caller); err != nil {
			return err
		}
		if req.fresh != nil {
			if err := req.fresh(rec); err != nil {
				return err
			}
		}
		// The player acts: their run of missed deadlines ends.
		rec.Meta.Side(rec.Game.State.ToAct()).Missed = 0
		lang = langOf(rec.Meta)
		return nil
	}, func(g *rules.Game) ([]rules.Event, string, error) { return step(lang)(g) })
	if err != nil {
		return Response{}, err
	}
	return out.resp, nil
}

// report builds the public post of a committed step: the narration, the
// map, the mention of the player whose round starts, the buttons; and the
// final result when the game ended.
func (s *Service) report(out *outcome) Response {
	rec := out.rec
	st := &rec.Game.State
	lang := langOf(rec.Meta)
	told := toldEvents(out)
	post := Post{Text: stepHeaderIn(&out.before, st, out.events, lang) + " — " + strings.Join(narration(out, told, lang), "\n"), Live: true}
	if mapped(out) {
		post.Image, post.ImageName = s.render(st, mapEvents(out, told), lang)
	}
	for _, e := range out.events {
		if e.Kind == rules.EvRoundStart {
			post.Mention = mentionOf(rec, e.Side)
		}
	}
	if out.before.Phase() == rules.PhaseSetup && st.Phase() == rules.PhaseSetup {
		post.Mention = ""
	}
	resp := Response{Posts: []Post{post}}
	if st.Over() {
		resp.Over = true
		resp.Posts = append(resp.Posts, Post{Text: summaryIn(s.cfg.FrontEnd, rec, lang), Live: true})
		return resp
	}
	resp.Posts[0].Buttons = buttonsFor(rec)
	if !s.cfg.FrontEnd.Members() && !isAI(rec, st.ToAct()) {
		resp.Next = bestCommands(st, 3, lang) // the terminal's prompt alone shows them
	}
	if next := st.ToAct(); isAI(rec, next) {
		resp.AINext = true
	} else if post.Mention == "" && out.before.ToAct() != next {
		resp.Posts[0].Mention = mentionOf(rec, next)
	}
	s.yourMove(rec, &resp.Posts[0])
	return resp
}

// narration words the events a step's post tells (told), in lang: a line
// each, the step's note first, the pending attack's odds last.
func narration(out *outcome, told []rules.Event, lang i18n.Lang) []string {
	rec := out.rec
	st := &rec.Game.State
	sc := st.Scenario()
	lines := narrateAll(sc, told, lang)
	if strike := strikeOf(rec.Game, lang); strike != "" && len(out.events) > 0 {
		// An Air or OBA strike whose card is a face card: say the strike
		// before its card (R6.8, R7.4).
		for _, e := range out.events {
			if e.Kind != rules.EvFaceCard {
				continue
			}
			card := narrator{sc, lang}.event(e)
			for i, l := range lines {
				if l == card {
					lines[i] = i18n.T(lang, "post.strike-card", map[string]any{"Strike": strike, "Card": l})
					break
				}
			}
			break
		}
	}
	if out.note != "" {
		lines = append([]string{out.note}, lines...)
	}
	if len(lines) == 0 {
		lines = []string{i18n.T(lang, "post.nothing", nil)}
	}
	if t, _, ok := st.PendingAttack(); ok && !st.Over() && st.Phase() != rules.PhaseFaceChoice {
		e, _ := st.PendingOdds()
		lines = append(lines, i18n.T(lang, "post.pending", map[string]any{"Target": sc.Unit(t).ID,
			"Odds": words{sc, lang}.odds(int(e.N), st.HitChance(int(e.N)))}))
	}
	return lines
}

// yourMove starts a post that pings the player to act with what the ping
// is for: their move, the round and its points, in the game's language;
// what happened follows. The terminal says it after the post instead.
func (s *Service) yourMove(rec *record.Record, p *Post) {
	st := &rec.Game.State
	if !s.cfg.FrontEnd.Members() || p.Mention == "" || st.Over() || p.Mention != mentionOf(rec, st.ToAct()) {
		return
	}
	lang := langOf(rec.Meta)
	p.Text = i18n.T(lang, "post.your-move", map[string]any{"Header": roundHeaderIn(st, lang)}) + "\n" + p.Text
}

// strikeOf words the Air attack or OBA that the game's last step made
// ("Air attack on 1602 (Hill 314)") in lang, or "" when the last step was
// no strike.
func strikeOf(g *rules.Game, lang i18n.Lang) string {
	a, ok := g.LastAction()
	if !ok || a.Kind != rules.ActAirAttack && a.Kind != rules.ActOBA {
		return ""
	}
	hex := narrator{g.State.Scenario(), lang}.hex(a.Hex)
	if a.Kind == rules.ActOBA {
		return i18n.T(lang, "post.oba-on", map[string]any{"Hex": hex})
	}
	return i18n.T(lang, "post.air-on", map[string]any{"Hex": hex})
}

// finish archives a game that ended and words the result (in the game's
// language).
func (s *Service) finish(key record.Key, rec *record.Record) string {
	s.archive(key, rec)
	return summaryIn(s.cfg.FrontEnd, rec, langOf(rec.Meta))
}

// archive moves a game found ended but still running to the archive
// (its result posts are already queued) and remembers it as the
// channel's last game.
func (s *Service) archive(key record.Key, rec *record.Record) {
	if _, err := s.cfg.Store.Finish(key); err != nil && !errors.Is(err, record.ErrNotFound) {
		s.cfg.Logger.Error("archiving a finished game", "key", key, "err", err)
	}
	s.ended(key, rec)
}

// ended remembers a game that ended, archived in the commit of its last
// step, as the channel's last game.
func (s *Service) ended(key record.Key, rec *record.Record) {
	s.remember(key, &view{game: rec.Game, seats: rec.Seats, meta: rec.Meta, finished: true, outcome: rec.Outcome()})
}

// summaryIn words the final result of a record's game in lang, from its
// outcome.
func summaryIn(fe FrontEnd, rec *record.Record, lang i18n.Lang) string {
	g, seats := rec.Game, rec.Seats
	st := &g.State
	sc := st.Scenario()
	var b strings.Builder
	o := rec.Outcome()
	winner, reason := o.Winner, i18n.Outcome(lang, o)
	switch o.End {
	case rules.Resigned:
		reason = tr(lang, "post.over.resigned", map[string]any{"Side": o.Loser()})
	case rules.LostOnTime:
		reason = tr(lang, "post.over.on-time", map[string]any{"Side": o.Loser()})
	}
	if winner == rules.NoSide {
		b.WriteString(i18n.T(lang, "post.over.aborted", nil) + "\n")
	} else {
		b.WriteString(tr(lang, "post.over.winner", map[string]any{"Side": winner, "Who": seatNameIn(fe, seats[winner], lang), "Why": reason}) + "\n")
	}
	b.WriteString(i18n.Plural(lang, "post.over.stand", g.PlayedSteps(), map[string]any{"Turn": st.Turn(), "Turns": rules.Turns,
		"Exited": st.Exited(), "Exits": rules.ExitsToWin}) + "\n")
	for _, side := range []rules.Side{rules.US, rules.German} {
		var lost, hurt []string
		for u := range sc.Units {
			d := sc.Unit(rules.UnitID(u))
			us := st.Unit(rules.UnitID(u))
			if d.Side != side {
				continue
			}
			if us.Status == rules.Eliminated {
				lost = append(lost, d.ID)
			} else if us.Flipped {
				hurt = append(hurt, d.ID)
			}
		}
		b.WriteString(tr(lang, "post.over.losses", map[string]any{"Side": side, "Who": seatNameIn(fe, seats[side], lang),
			"Lost": list(lost, lang), "Hurt": list(hurt, lang)}) + "\n")
	}
	b.WriteString(revealLineIn(g, rec.Meta.Salt, lang))
	return strings.TrimRight(b.String(), "\n")
}

// revealLineIn reveals a finished game's seed and salt in lang, which the
// players saw committed to at the start ("" for a game started without
// them).
func revealLineIn(g *rules.Game, salt string, lang i18n.Lang) string {
	if salt == "" {
		return ""
	}
	return i18n.T(lang, "post.over.reveal", map[string]any{"Seed": g.Seed, "Salt": salt, "Commitment": "`" + rules.Commitment(g.Seed, salt) + "`"})
}

// list words unit ids in lang: "DR-1, DR-2", "none".
func list(ids []string, lang i18n.Lang) string {
	if len(ids) == 0 {
		return i18n.T(lang, "post.over.none", nil)
	}
	return i18n.List(lang, ids)
}

// stepHeaderIn is the header of a step's post in lang: the round the step
// was taken in, with the points left after it, as status and the map
// count them (none left when the step ended the round); a step without
// events (undo, a debug edit) is told where it leaves the game.
func stepHeaderIn(before, after *rules.State, evs []rules.Event, lang i18n.Lang) string {
	switch {
	case len(evs) == 0:
		return roundHeaderIn(after, lang)
	case before.Phase() == rules.PhaseSetup:
		return roundHeaderIn(before, lang)
	case endsRound(evs):
		return roundHeaderLeft(before, pointsLeftAtEnd(before, evs), lang)
	}
	return roundHeaderIn(after, lang)
}

// pointsLeftAtEnd is how many points a step that ended the round left
// unused: those the round had less the step's paid activations when it
// ended for want of a legal action (R4.5), none otherwise.
func pointsLeftAtEnd(before *rules.State, evs []rules.Event) int {
	spent := 0
	for _, e := range evs {
		switch e.Kind {
		case rules.EvMove, rules.EvEnter, rules.EvExit, rules.EvFire:
			if !e.Free {
				spent++
			}
		case rules.EvRoundEnd:
			if e.Reason != rules.ReasonNoLegalAction || before.FaceRound() {
				return 0
			}
			return max(0, before.PointsLeft()-spent)
		}
	}
	return 0
}

// roundHeaderIn words the round of st and its points left in lang: "Turn
// 2 · German round 7C (3 pts left)".
func roundHeaderIn(st *rules.State, lang i18n.Lang) string {
	return roundHeaderLeft(st, st.PointsLeft(), lang)
}

// roundHeaderLeft is roundHeaderIn with left points left.
func roundHeaderLeft(st *rules.State, left int, lang i18n.Lang) string {
	n := narrator{st.Scenario(), lang}
	switch st.Phase() {
	case rules.PhaseSetup:
		return n.t("header.setup", nil)
	case rules.PhaseOver:
		return n.t("header.over", nil)
	}
	d := map[string]any{"Turn": st.Turn(), "Side": n.side(st.RoundSide()), "Card": st.RoundCard().String()}
	var r string
	if st.RoundCard() == rules.NoCard {
		r = n.t("header.round-no-card", d)
	} else {
		r = n.t("header.round", d)
	}
	if st.FaceRound() {
		return r + n.t("header.face", nil)
	}
	return r + i18n.Plural(lang, "header.points", left, nil)
}

// render draws a routine post's map: the compact one when the front end
// wired it (Config.RenderSmall), else the full one; nothing when no
// renderer is wired or it fails (the failure is logged; the game goes on).
func (s *Service) render(st *rules.State, evs []rules.Event, lang i18n.Lang) ([]byte, string) {
	if s.cfg.RenderSmall != nil {
		return s.renderWith(s.cfg.RenderSmall, st, evs, lang)
	}
	return s.renderWith(s.cfg.Render, st, evs, lang)
}

// renderWith is render with the renderer r.
func (s *Service) renderWith(r RenderFunc, st *rules.State, evs []rules.Event, lang i18n.Lang) ([]byte, string) {
	if r == nil {
		return nil, ""
	}
	png, err := r(st, evs, lang)
	if err != nil {
		s.cfg.Logger.Error("rendering the map", "err", err)
		return nil, ""
	}
	return png, "map.png"
}

// parseUnit finds a unit by id, case-insensitively.
func parseUnit(sc *rules.Scenario, id, opt string) (rules.UnitID, error) {
	if id == "" {
		return rules.NoUnit, refuseT("reply.play.unit-missing", map[string]any{"Option": opt})
	}
	u, ok := sc.UnitByID(id)
	if !ok {
		ids := make([]string, sc.NumUnits())
		for i := range ids {
			ids[i] = sc.Unit(rules.UnitID(i)).ID
		}
		return rules.NoUnit, refuseT("reply.play.no-unit", map[string]any{"Unit": quoted(clipText(id, 24)), "Units": listPhrase(ids)})
	}
	return u, nil
}

// parseHex reads a CCRR hex.
func parseHex(v, opt string) (rules.Hex, error) {
	if v == "" {
		return rules.NoHex, refuseT("reply.play.hex-missing", map[string]any{"Option": opt})
	}
	h, err := rules.ParseHex(strings.TrimSpace(v))
	if err != nil {
		if len(v) > 80 {
			return rules.NoHex, refuseT("reply.play.not-hex", map[string]any{"Option": opt, "Value": quote(v)})
		}
		t := strings.TrimSpace(v)
		d := map[string]any{"Hex": quoted(t), "First": rules.FirstCol, "Last": rules.LastCol, "Rows": fmt.Sprintf("%02d", rules.NumRows)}
		if len(t) != 4 {
			return rules.NoHex, refuseT("reply.play.hex-length", d)
		}
		if n, err := strconv.Atoi(t); err != nil || n < 0 {
			return rules.NoHex, refuseT("reply.play.hex-digits", d)
		}
		return rules.NoHex, refuseT("reply.play.hex-off", d)
	}
	return h, nil
}

// undo takes back the caller's last step of the round.
func (s *Service) undo(ctx context.Context, req Request) (Response, error) {
	return s.playStepIn(ctx, req, func(lang i18n.Lang) stepFunc {
		return func(g *rules.Game) ([]rules.Event, string, error) {
			if !g.CanUndo() {
				return nil, "", refuseT("reply.play.nothing-to-undo", nil)
			}
			last := g.History[len(g.History)-1]
			if err := g.Undo(); err != nil {
				return nil, "", err
			}
			return nil, i18n.T(lang, "post.took-back", map[string]any{"Step": TypedCommand(g.State.Scenario(), last)}), nil
		}
	})
}

// setup runs the set-up command: place (or re-place) a unit, the
// historical preset, done.
func (s *Service) setup(ctx context.Context, req Request) (Response, error) {
	o := req.Options
	place := o["unit"] != "" || o["hex"] != ""
	preset := o["preset"] != ""
	done := strings.EqualFold(o["done"], "true")
	if !place && !preset && !done {
		return Response{}, refuseT("reply.play.setup-needs", nil)
	}
	if place && preset {
		return Response{}, refuseT("reply.play.setup-either", nil)
	}
	return s.playStep(ctx, req, func(g *rules.Game) ([]rules.Event, string, error) {
		sc := g.State.Scenario()
		var evs []rules.Event
		if place {
			u, err := parseUnit(sc, o["unit"], "unit")
			if err != nil {
				return nil, "", err
			}
			h, err := parseHex(o["hex"], "hex")
			if err != nil {
				return nil, "", err
			}
			e, err := g.Place(u, h) // a unit already placed is moved (R2.1)
			if err != nil {
				return nil, "", err
			}
			evs = append(evs, e...)
		}
		if preset {
			e, err := g.Apply(rules.Historical())
			if err != nil {
				return nil, "", err
			}
			evs = append(evs, e...)
		}
		if done {
			e, err := g.Apply(rules.SetupDone())
			if err != nil {
				return nil, "", err
			}
			evs = append(evs, e...)
		}
		return evs, "", nil
	})
}

// clipText shortens what a person typed before it is echoed back.
func clipText(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
