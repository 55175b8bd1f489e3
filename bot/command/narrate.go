package command

import (
	"fmt"
	"strings"

	"github.com/mortain/mortain/rules"
)

// narrateAll words a step's events, one line each; a draw that starts a
// round is merged with it.
func narrateAll(sc *rules.Scenario, evs []rules.Event) []string {
	var out []string
	for i := 0; i < len(evs); i++ {
		e := evs[i]
		if e.Kind == rules.EvDraw && !e.Combat && i+1 < len(evs) && evs[i+1].Kind == rules.EvRoundStart {
			out = append(out, "draw "+roundStart(evs[i+1]))
			i++
			continue
		}
		if e.Kind == rules.EvDraw && e.Combat {
			continue // the attack line names the card
		}
		if line := Narrate(sc, e); line != "" {
			out = append(out, line)
		}
		if e.Kind == rules.EvFire && resolvesNext(evs[i+1:]) {
			out = append(out, "no other unit can join: the attack resolves (R6.6)")
		}
	}
	return out
}

// resolvesNext reports whether the events after a firer joined show its
// attack resolving in the same step (the last possible firer joined,
// R6.6): a combat card and the attack or a face card.
func resolvesNext(evs []rules.Event) bool {
	for _, e := range evs {
		switch {
		case e.Kind == rules.EvDraw && e.Combat:
		case e.Kind == rules.EvAttack || e.Kind == rules.EvFaceCard:
			return true
		default:
			return false
		}
	}
	return false
}

func roundStart(e rules.Event) string {
	if e.Face {
		return fmt.Sprintf("%s: %s round, one unit or one stack", e.Card, e.Side.Title())
	}
	return fmt.Sprintf("%s: %s round, %s", e.Card, e.Side.Title(), pts(int(e.Points)))
}

// hexName words a hex with its place name: "1402 (Mortain)".
func hexName(sc *rules.Scenario, h rules.Hex) string {
	if !h.Valid() {
		return "-"
	}
	if l := sc.Label(h); l != "" {
		return h.String() + " (" + l + ")"
	}
	return h.String()
}

func uid(sc *rules.Scenario, u rules.UnitID) string {
	if int(u) < sc.NumUnits() {
		return sc.Unit(u).ID
	}
	return "?"
}

// Narrate words one event in a line.
func Narrate(sc *rules.Scenario, e rules.Event) string {
	free := ""
	if e.Free {
		free = " (free, with a unit stacked with it: R4.6)"
	}
	switch e.Kind {
	case rules.EvPlace:
		return fmt.Sprintf("%s set up at %s", uid(sc, e.Unit), hexName(sc, e.To))
	case rules.EvSetupDone:
		return "the US set-up is complete"
	case rules.EvTurnStart:
		return fmt.Sprintf("**turn %d** begins: the deck is shuffled", e.Turn)
	case rules.EvDraw:
		if e.Combat {
			return "combat card " + e.Card.String()
		}
		return "draw " + e.Card.String()
	case rules.EvJokerIgnored:
		return "Joker drawn early: " + e.Text
	case rules.EvRoundStart:
		return roundStart(e)
	case rules.EvMove:
		return fmt.Sprintf("%s moves %s→%s%s", uid(sc, e.Unit), e.From, hexName(sc, e.To), free)
	case rules.EvEnter:
		with := ""
		if e.With != rules.NoUnit {
			with = " with " + uid(sc, e.With)
		}
		return fmt.Sprintf("%s enters at %s%s", uid(sc, e.Unit), hexName(sc, e.To), with)
	case rules.EvExit:
		return fmt.Sprintf("%s exits off the west edge from %s%s", uid(sc, e.Unit), e.From, free)
	case rules.EvFire:
		return fmt.Sprintf("%s (%s) fires at %s (%s)%s", uid(sc, e.Unit), e.From, uid(sc, e.Target), e.To, free)
	case rules.EvAttack:
		return attackLine(sc, e)
	case rules.EvFaceCard:
		return fmt.Sprintf("combat card %s is a face card: redraw or miss (R6.8)", e.Card)
	case rules.EvAirCover:
		var ids []string
		for _, u := range e.FirerList() {
			ids = append(ids, uid(sc, u))
		}
		return fmt.Sprintf("Air cover over %s: %s covered until the turn ends (R7.5)", hexName(sc, e.To), list(ids))
	case rules.EvPass:
		return e.Side.Title() + " passes"
	case rules.EvRoundEnd:
		return "round over (" + e.Text + ")"
	case rules.EvTurnEnd:
		return fmt.Sprintf("**turn %d ends** (%s)", e.Turn, e.Text)
	case rules.EvGameOver:
		return fmt.Sprintf("**%s wins** (%s)", e.Side.Title(), e.Text)
	}
	return ""
}

// attackLine words an attack: firers, target, strength, modifiers, N, card,
// result.
func attackLine(sc *rules.Scenario, e rules.Event) string {
	var who string
	switch e.Source {
	case rules.SourceAir:
		who = "Air attack"
	case rules.SourceOBA:
		who = "OBA"
	default:
		var ids []string
		for _, u := range e.FirerList() {
			ids = append(ids, uid(sc, u))
		}
		who = strings.Join(ids, "+")
	}
	var mods []string
	add := func(v int8, name string) {
		if v != 0 {
			mods = append(mods, fmt.Sprintf("%+d %s", v, name))
		}
	}
	add(e.Terrain, "terrain")
	add(e.Cover, "Air cover")
	add(e.Adjacent, "adjacent")
	add(e.TigerMod, "Tiger")
	m := "no modifier"
	if len(mods) > 0 {
		m = strings.Join(mods, ", ")
	}
	card := "no card drawn"
	if e.Card != rules.NoCard {
		card = "card " + e.Card.String()
	}
	var res string
	t := uid(sc, e.Target)
	switch e.Result {
	case rules.ResultMiss:
		res = "miss"
	case rules.ResultAutoMiss:
		res = "miss (N < 1)"
	case rules.ResultFlipped:
		res = "**hit**: " + t + " flipped"
	case rules.ResultEliminated:
		res = "**hit**: " + t + " eliminated"
	case rules.ResultCancelled:
		res = "cancelled (R4.8)"
	}
	return fmt.Sprintf("%s → %s at %s: strength %d, M %s, N %d; %s: %s", who, t, hexName(sc, e.To), e.Strength, m, e.N, card, res)
}

// pts words activation points: "1 pt", "3 pts".
func pts(n int) string {
	if n == 1 {
		return "1 pt"
	}
	return fmt.Sprintf("%d pts", n)
}
