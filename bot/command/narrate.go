package command

import (
	"fmt"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// narrateAll words a step's events in lang, one line each; a draw that
// starts a round is merged with it.
func narrateAll(sc *rules.Scenario, evs []rules.Event, lang i18n.Lang) []string {
	n := narrator{sc, lang}
	var out []string
	for i := 0; i < len(evs); i++ {
		e := evs[i]
		if e.Kind == rules.EvDraw && !e.Combat && i+1 < len(evs) && evs[i+1].Kind == rules.EvRoundStart {
			out = append(out, n.t("narrate.draw-round", map[string]any{"Round": n.roundStart(evs[i+1])}))
			i++
			continue
		}
		if e.Kind == rules.EvDraw && e.Combat {
			continue // the attack line names the card
		}
		if line := n.event(e); line != "" {
			out = append(out, line)
		}
		if e.Kind == rules.EvFire && resolvesNext(evs[i+1:]) {
			out = append(out, n.t("narrate.resolves", nil))
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

// narrator words the events of a scenario's game in a language.
type narrator struct {
	sc   *rules.Scenario
	lang i18n.Lang
}

func (n narrator) t(id string, data map[string]any) string { return i18n.T(n.lang, id, data) }

// side is a side's name.
func (n narrator) side(s rules.Side) string {
	if n.lang == i18n.English {
		return s.Title()
	}
	return n.t("side."+s.String(), nil)
}

// hex words a hex with its place name: "1402 (Mortain)".
func (n narrator) hex(h rules.Hex) string {
	if !h.Valid() {
		return "-"
	}
	if l := n.sc.Label(h); l != "" {
		return h.String() + " (" + i18n.Place(n.lang, l) + ")"
	}
	return h.String()
}

func (n narrator) roundStart(e rules.Event) string {
	if e.Face {
		return n.t("narrate.round-face", map[string]any{"Card": e.Card.String(), "Side": n.side(e.Side)})
	}
	return i18n.Plural(n.lang, "narrate.round-points", int(e.Points), map[string]any{"Card": e.Card.String(), "Side": n.side(e.Side)})
}

func uid(sc *rules.Scenario, u rules.UnitID) string {
	if int(u) < sc.NumUnits() {
		return sc.Unit(u).ID
	}
	return "?"
}

// Narrate words one event in a line (in English).
func Narrate(sc *rules.Scenario, e rules.Event) string { return NarrateIn(sc, e, i18n.English) }

// NarrateIn words one event in a line in lang.
func NarrateIn(sc *rules.Scenario, e rules.Event, lang i18n.Lang) string {
	return narrator{sc, lang}.event(e)
}

func (n narrator) event(e rules.Event) string {
	sc := n.sc
	free := ""
	if e.Free {
		free = n.t("narrate.free", nil)
	}
	d := map[string]any{"Unit": uid(sc, e.Unit), "From": e.From.String(), "To": n.hex(e.To), "Free": free,
		"Card": e.Card.String(), "Turn": e.Turn, "Why": i18n.Reason(n.lang, e.Reason)}
	switch e.Kind {
	case rules.EvPlace:
		d["Hex"] = n.hex(e.To)
		return n.t("narrate.place", d)
	case rules.EvSetupDone:
		return n.t("narrate.setup-done", nil)
	case rules.EvTurnStart:
		return n.t("narrate.turn-start", d)
	case rules.EvDraw:
		if e.Combat {
			return n.t("narrate.combat-card", d)
		}
		return n.t("narrate.draw", d)
	case rules.EvJokerIgnored:
		return n.t("narrate.joker-early", d)
	case rules.EvRoundStart:
		return n.roundStart(e)
	case rules.EvMove:
		return n.t("narrate.move", d)
	case rules.EvEnter:
		return n.enter(e, d)
	case rules.EvExit:
		return n.t("narrate.exit", d)
	case rules.EvFire:
		d["Target"], d["To"] = uid(sc, e.Target), e.To.String()
		return n.t("narrate.fire", d)
	case rules.EvAttack:
		return n.attack(e)
	case rules.EvFaceCard:
		return n.t("narrate.face-card", d)
	case rules.EvAirCover:
		return n.airCover(e, d)
	case rules.EvPass:
		return n.t("narrate.pass", map[string]any{"Side": n.side(e.Side)})
	case rules.EvRoundEnd:
		return n.t("narrate.round-end", d)
	case rules.EvTurnEnd:
		return n.t("narrate.turn-end", d)
	case rules.EvGameOver:
		d["Side"] = n.side(e.Side)
		return n.t("narrate.game-over", d)
	}
	return ""
}

// enter words an entry, d the event's data.
func (n narrator) enter(e rules.Event, d map[string]any) string {
	if e.With != rules.NoUnit {
		d["With"] = uid(n.sc, e.With)
		return n.t("narrate.enter-with", d)
	}
	return n.t("narrate.enter", d)
}

// airCover words Air cover on a hex and the units it covers, d the
// event's data.
func (n narrator) airCover(e rules.Event, d map[string]any) string {
	var ids []string
	for _, u := range e.FirerList() {
		ids = append(ids, uid(n.sc, u))
	}
	units := n.t("narrate.none", nil)
	if len(ids) > 0 {
		units = strings.Join(ids, n.t("narrate.list-sep", nil))
	}
	d["Hex"], d["Units"] = n.hex(e.To), units
	return n.t("narrate.air-cover", d)
}

// attack words an attack: firers, target, strength, modifiers, N, card,
// result.
func (n narrator) attack(e rules.Event) string {
	sc := n.sc
	var who string
	switch e.Source {
	case rules.SourceAir:
		who = n.t("narrate.air-attack", nil)
	case rules.SourceOBA:
		who = n.t("narrate.oba", nil)
	default:
		var ids []string
		for _, u := range e.FirerList() {
			ids = append(ids, uid(sc, u))
		}
		who = strings.Join(ids, n.t("narrate.firers-sep", nil))
	}
	var mods []string
	add := func(v int8, name string) {
		if v != 0 {
			mods = append(mods, n.t("narrate.mod", map[string]any{"Value": fmt.Sprintf("%+d", v), "Name": n.t(name, nil)}))
		}
	}
	add(e.Terrain, "narrate.mod-terrain")
	add(e.Cover, "narrate.mod-cover")
	add(e.Adjacent, "narrate.mod-adjacent")
	add(e.TigerMod, "narrate.mod-tiger")
	m := n.t("narrate.no-modifier", nil)
	if len(mods) > 0 {
		sum := fmt.Sprintf("%+d", e.Modifier())
		if e.Modifier() == 0 {
			sum = "0"
		}
		m = n.t("narrate.mods", map[string]any{"Total": sum, "Mods": strings.Join(mods, n.t("narrate.mods-sep", nil))})
	}
	card := n.t("narrate.no-card", nil)
	if e.Card != rules.NoCard {
		card = n.t("narrate.card", map[string]any{"Card": e.Card.String()})
	}
	t := uid(sc, e.Target)
	var res string
	switch e.Result {
	case rules.ResultMiss:
		res = n.t("narrate.miss", nil)
	case rules.ResultAutoMiss:
		res = n.t("narrate.auto-miss", nil)
	case rules.ResultFlipped:
		res = n.t("narrate.flipped", map[string]any{"Target": t})
	case rules.ResultEliminated:
		res = n.t("narrate.eliminated", map[string]any{"Target": t})
	case rules.ResultCancelled:
		res = n.t("narrate.cancelled", nil)
	}
	return n.t("narrate.attack", map[string]any{"Who": who, "Target": t, "Hex": n.hex(e.To), "Strength": e.Strength,
		"M": m, "N": e.N, "Card": card, "Result": res})
}

// pts words activation points: "1 pt", "3 pts".
func pts(n int) string {
	if n == 1 {
		return "1 pt"
	}
	return fmt.Sprintf("%d pts", n)
}
