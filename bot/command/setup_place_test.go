package command

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mortain/mortain/bot/frontend"
)

// R2.1: in the set-up, setup moves a unit already placed (the rules
// rebuild the set-up, Game.Place); after a debug step it is refused,
// naming the rule.
func TestR2_1SetupMovesAPlacedUnit(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup unit:117 hex:1501")
	mustDo(t, s, ann, "setup unit:120 hex:1601")
	mustDo(t, s, ann, "setup unit:117 hex:1502")
	rec, _ := st.Get(testKey)
	sc := rec.Game.State.Scenario()
	u117, _ := sc.UnitByID("117")
	assert.Equal(t, "1502", rec.Game.State.Unit(u117).Hex.String())
	assert.Equal(t, []string{"place 120 1601", "place 117 1502"}, rec.Game.History)

	mustDo(t, s, ann, "debug place unit:DR-1 hex:1903")
	mustRefuse(t, s, st, ann, "setup unit:117 hex:1503", "Not allowed by rule R2.1: 117 is already placed at 1502")
}
