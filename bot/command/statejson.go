package command

import (
	"encoding/json"

	"github.com/mortain/mortain/rules"
)

// StateView is a game's position as plain JSON (local play's --json).
type StateView struct {
	Phase      string            `json:"phase"`
	Turn       int               `json:"turn"`
	Round      RoundView         `json:"round"`
	Winner     string            `json:"winner"`
	WinReason  string            `json:"win_reason,omitempty"`
	Exited     int               `json:"exited"`
	DeckLeft   int               `json:"deck_left"`
	AirOBAUsed bool              `json:"air_oba_used"`
	Options    map[string]string `json:"options"`
	// Seed is shown once the game is over: while it runs, it would tell
	// every card to come.
	Seed  *uint64    `json:"seed,omitempty"`
	Steps int        `json:"steps"`
	Units []UnitView `json:"units"`
}

// RoundView is the current round.
type RoundView struct {
	Side       string `json:"side"`
	Card       string `json:"card"`
	PointsLeft int    `json:"points_left"`
	Face       bool   `json:"face"`
}

// UnitView is one unit. Suppressed marks a German unit under US Air cover
// (R7.5; the computer adaptation calls the cover "suppressing"): its
// attacks get +1 until the turn ends. Targeted marks a unit targeted this
// round, which may not be targeted again in it (R6.7).
type UnitView struct {
	ID         string `json:"id"`
	Side       string `json:"side"`
	Status     string `json:"status"`
	Hex        string `json:"hex"`
	Flipped    bool   `json:"flipped"`
	Suppressed bool   `json:"suppressed"`
	Targeted   bool   `json:"targeted"`
	Activated  bool   `json:"activated"`
}

// View describes the game's position.
func View(g *rules.Game) StateView {
	st := &g.State
	sc := st.Scenario()
	v := StateView{Phase: st.Phase().String(), Turn: st.Turn(), Winner: st.Winner().String(), WinReason: st.WinReason().String(),
		Exited: st.Exited(), DeckLeft: st.DeckLeft(), AirOBAUsed: st.AirOBAUsed(), Options: st.Options().Map(),
		Steps: len(g.History)}
	if st.Over() {
		seed := g.Seed
		v.Seed = &seed
	}
	if st.Phase() == rules.PhaseRound || st.Phase() == rules.PhaseFaceChoice {
		card := ""
		if c := st.RoundCard(); c != rules.NoCard {
			card = c.String()
		}
		v.Round = RoundView{Side: st.RoundSide().String(), Card: card, PointsLeft: st.PointsLeft(), Face: st.FaceRound()}
	}
	for u := range sc.Units {
		id := rules.UnitID(u)
		us := st.Unit(id)
		hex := ""
		if us.Status == rules.OnMap {
			hex = us.Hex.String()
		}
		v.Units = append(v.Units, UnitView{ID: sc.Unit(id).ID, Side: sc.Unit(id).Side.String(), Status: us.Status.String(), Hex: hex,
			Flipped: us.Flipped, Suppressed: st.Covered(id), Targeted: st.Targeted(id), Activated: st.Activated(id)})
	}
	return v
}

// ViewJSON writes View(g) as indented JSON; ended tells that the game is
// finished though its position is not over (a resignation), so its seed
// is shown.
func ViewJSON(g *rules.Game, ended bool) ([]byte, error) {
	v := View(g)
	if ended && v.Seed == nil {
		seed := g.Seed
		v.Seed = &seed
	}
	return json.MarshalIndent(v, "", "  ")
}
