package command

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
)

// status words the state of the game.
func (s *Service) status(req Request) (Response, error) {
	v, err := s.load(req.Key)
	if err != nil {
		return Response{}, err
	}
	text := statusText(v)
	if u := s.Undelivered(req.Key); u != "" {
		text += "\n" + u
	}
	if a := s.setAside(req.Key); a != "" {
		text += "\n" + a
	}
	return Response{Private: text}, nil
}

func statusText(v *view) string {
	g := v.game
	st := &g.State
	sc := st.Scenario()
	var b strings.Builder
	if st.Over() || v.finished {
		return finishedStatus(v)
	}
	switch st.Phase() {
	case rules.PhaseSetup:
		b.WriteString("**US set-up** (R2.1)")
	case rules.PhaseOver:
		fmt.Fprintf(&b, "**Game over** after turn %d", st.Turn())
	default:
		b.WriteString("**" + roundHeader(st) + "**")
		if !st.FaceRound() {
			if n := st.PointsLeft(); n == 1 {
				b.WriteString(" · 1 point left")
			} else {
				fmt.Fprintf(&b, " · %d points left", n)
			}
		}
	}
	b.WriteString("\n")
	if t, firers, ok := st.PendingAttack(); ok && st.Phase() != rules.PhaseFaceChoice {
		var ids []string
		for _, u := range firers {
			ids = append(ids, uid(sc, u))
		}
		fmt.Fprintf(&b, "Attack pending on %s by %s: add firers or resolve (R6.6).\n", uid(sc, t), strings.Join(ids, ", "))
	}
	if c := st.FaceCardPending(); c != rules.NoCard {
		fmt.Fprintf(&b, "Face card %s drawn for the attack: redraw or miss (R6.8).\n", c)
	}
	if st.Phase() != rules.PhaseSetup {
		air := "available"
		if st.AirOBAUsed() {
			air = "used this turn"
		}
		fmt.Fprintf(&b, "Deck: %d cards left · Air/OBA: %s · German exits: %d of %d\n", st.DeckLeft(), air, st.Exited(), rules.ExitsToWin)
	}
	fmt.Fprintf(&b, "Rules: %s\n", st.Options())
	fmt.Fprintf(&b, "Seats: %s\n", seatsLine(v.seats))
	if extra := settingsLine(v.settings); extra != "" {
		b.WriteString("Settings: " + extra + "\n")
	}
	if !v.finished {
		rec := &store.Record{Game: g, Seats: v.seats, Settings: v.settings}
		if line := deadlineLine(rec); line != "" {
			b.WriteString(line + "\n")
		}
		for _, side := range []rules.Side{rules.US, rules.German} {
			if warn := missedText(rec, side); warn != "" {
				b.WriteString(warn + ".\n")
			}
			if id := v.settings[settingAbsent+side.String()]; id != "" {
				fmt.Fprintf(&b, "The AI plays the %s side for <@%s>, who missed a deadline (join takes it back).\n", side.Title(), id)
			}
		}
	}
	switch {
	case v.settings[SettingResigned] != "" && v.settings[SettingOnTime] != "":
		side, _ := rules.ParseSide(v.settings[SettingResigned])
		fmt.Fprintf(&b, "Result: the %s side missed its deadline; %s wins on time.", side.Title(), side.Enemy().Title())
	case v.settings[SettingResigned] != "":
		side, _ := rules.ParseSide(v.settings[SettingResigned])
		fmt.Fprintf(&b, "Result: the %s side resigned; %s wins.", side.Title(), side.Enemy().Title())
	case st.Over():
		fmt.Fprintf(&b, "Winner: %s (%s)", st.Winner().Title(), st.WinReason())
	case v.finished:
		b.WriteString("Result: aborted.")
	default:
		fmt.Fprintf(&b, "Waiting for %s: %s.", seatName(v.seats[st.ToAct()]), whatWaits(st))
	}
	return b.String()
}

// finishedStatus words a finished game: its result and its final
// position, with nothing of the round it ended in.
func finishedStatus(v *view) string {
	st := &v.game.State
	var b strings.Builder
	when := fmt.Sprintf("after turn %d of %d", st.Turn(), rules.Turns)
	if st.Turn() == 0 {
		when = "during the US set-up"
	}
	fmt.Fprintf(&b, "**Game over** %s: %s.\n", when, resultLine(v))
	fmt.Fprintf(&b, "Final position: German exits %d of %d; on the map:\n%s\n", st.Exited(), rules.ExitsToWin, board(st))
	fmt.Fprintf(&b, "Rules: %s\n", st.Options())
	fmt.Fprintf(&b, "Seats: %s", seatsLine(v.seats))
	return b.String()
}

// mapPost posts the map, or a text board when no renderer is wired: the
// full one unless size:small asks for the compact one.
func (s *Service) mapPost(req Request) (Response, error) {
	v, err := s.load(req.Key)
	if err != nil {
		return Response{}, err
	}
	st := &v.game.State
	post := Post{Text: roundHeader(st)}
	if v.finished || st.Over() {
		post.Text = "Game over: " + resultLine(v) + "."
	}
	small := s.cfg.RenderSmall
	if small == nil {
		small = s.cfg.RenderCompact
	}
	// The last step's events: its arrows and fire lines, and "Last:".
	last := v.game.LastEvents()
	if req.Options["size"] == "small" && small != nil {
		post.Image, post.ImageName = s.renderWith(small, st, last, langOf(v.settings))
	} else {
		post.Image, post.ImageName = s.renderWith(s.cfg.Render, st, last, langOf(v.settings))
	}
	if post.Image == nil {
		post.Text += "\n" + board(st)
	}
	return Response{Posts: []Post{post}}, nil
}

// board lists the occupied hexes as text.
func board(st *rules.State) string {
	sc := st.Scenario()
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
		lines = append(lines, fmt.Sprintf("%s %s: %s", hexName(sc, h), sc.Terrain[h], strings.Join(ids, ", ")))
	}
	if len(lines) == 0 {
		return "(no unit on the map)"
	}
	return strings.Join(lines, "\n") + "\n(* flipped)"
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
		if line := NarrateIn(sc, e, langOf(v.settings)); line != "" {
			lines = append(lines, fmt.Sprintf("T%d %s", e.Turn, line))
		}
	}
	if len(lines) == 0 {
		return Response{Private: "Nothing has happened yet."}, nil
	}
	return Response{Private: strings.Join(lines, "\n")}, nil
}

// units lists the units.
func (s *Service) units(req Request) (Response, error) {
	v, err := s.load(req.Key)
	if err != nil {
		return Response{}, err
	}
	return Response{Private: unitsText(&v.game.State)}, nil
}

func unitsText(st *rules.State) string {
	sc := st.Scenario()
	var b strings.Builder
	for _, side := range []rules.Side{rules.US, rules.German} {
		fmt.Fprintf(&b, "**%s**\n", side.Title())
		for u := range sc.Units {
			id := rules.UnitID(u)
			d := sc.Unit(id)
			if d.Side != side {
				continue
			}
			us := st.Unit(id)
			where := us.Status.String()
			if us.Status == rules.OnMap {
				where = hexName(sc, us.Hex)
			}
			var marks []string
			if us.Flipped {
				marks = append(marks, "flipped")
			}
			if st.Covered(id) {
				marks = append(marks, "under Air cover")
			}
			if st.Activated(id) {
				marks = append(marks, "activated")
			}
			if st.Targeted(id) {
				marks = append(marks, "targeted")
			}
			m := ""
			if len(marks) > 0 {
				m = " · " + strings.Join(marks, ", ")
			}
			fmt.Fprintf(&b, "`%-7s` %s %s, %s, factors %s%s\n", d.ID, d.Type, d.Name, where, st.Factors(id), m)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// stats shows the server's records.
func (s *Service) stats(req Request) (Response, error) {
	ps, err := s.cfg.Store.Stats(req.Key.Guild)
	if err != nil {
		return Response{}, err
	}
	if len(ps) == 0 {
		if s.cfg.Local {
			return Response{Private: "No finished game yet."}, nil
		}
		return Response{Private: "No finished games on this server yet."}, nil
	}
	var b strings.Builder
	byID := map[string]*store.PlayerStats{}
	for i := range ps {
		byID[ps[i].UserID] = &ps[i]
	}
	name := func(p *store.PlayerStats) string {
		if p.Name != "" {
			return p.Name
		}
		return "<@" + p.UserID + ">"
	}
	if me := byID[req.Caller.UserID]; me != nil && !s.cfg.Local {
		fmt.Fprintf(&b, "**%s**: rating %s after %d rated game(s); %s\n", name(me), ratingText(me), me.RatedGames, recordText(me))
	}
	var ranked []*store.PlayerStats
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
	if !s.cfg.Local {
		b.WriteString("**Leaderboard** (Glicko-2 ratings of ranked games; ± is twice the deviation)\n")
		if len(ranked) == 0 {
			b.WriteString("Nobody has an established rating yet.\n")
		}
		for i, p := range ranked {
			if i == 20 {
				break
			}
			fmt.Fprintf(&b, "%d. %s — %s, %d rated game(s)\n", i+1, name(p), ratingText(p), p.RatedGames)
		}
		if provisional > 0 {
			fmt.Fprintf(&b, "%d player(s) with a provisional rating join the leaderboard after a few more ranked games.\n", provisional)
		}
		b.WriteString("**Records** (every game)\n")
	} else {
		b.WriteString("**Records**\n")
	}
	for i, p := range ps {
		if i == 20 {
			break
		}
		fmt.Fprintf(&b, "%d. %s — %s\n", i+1, name(&p), recordText(&p))
	}
	return Response{Posts: []Post{{Text: strings.TrimRight(b.String(), "\n")}}}, nil
}

// recordText words a player's record: "3 won, 1 lost (as US 2-0, as
// German 1-1; vs people 2-1; vs AI easy 1-0)".
func recordText(p *store.PlayerStats) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d won, %d lost (as US %d-%d, as German %d-%d; vs people %d-%d",
		total(p.Wins), total(p.Losses), p.Wins[rules.US], p.Losses[rules.US], p.Wins[rules.German], p.Losses[rules.German], p.VsHuman[0], p.VsHuman[1])
	for _, lv := range sortedKeys(p.VsAI) {
		r := p.VsAI[lv]
		fmt.Fprintf(&b, "; vs AI %s %d-%d", lv, r[0], r[1])
	}
	b.WriteString(")")
	return b.String()
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
		return Response{}, refuse("Replays are not available in this build.")
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
	data, err := s.cfg.Replay(v.game, langOf(v.settings))
	if err != nil {
		return Response{}, fmt.Errorf("replay: %w", err)
	}
	name := "replay.gif"
	if bytes.HasPrefix(data, []byte("\x89PNG")) {
		name = "replay.png"
	}
	return Response{Posts: []Post{{Text: fmt.Sprintf("Replay: %s, %d steps.", seatsLine(v.seats), len(v.game.History)), Image: data, ImageName: name}}}, nil
}

// resultLine words a finished game's result.
func resultLine(v *view) string {
	st := &v.game.State
	switch {
	case v.settings[SettingResigned] != "" && v.settings[SettingOnTime] != "":
		side, _ := rules.ParseSide(v.settings[SettingResigned])
		return fmt.Sprintf("the %s side missed its deadline; %s won on time", side.Title(), side.Enemy().Title())
	case v.settings[SettingResigned] != "":
		side, _ := rules.ParseSide(v.settings[SettingResigned])
		return fmt.Sprintf("the %s side resigned; %s won", side.Title(), side.Enemy().Title())
	case st.Over():
		return fmt.Sprintf("%s won: %s", st.Winner().Title(), st.WinReason())
	}
	return "aborted"
}
