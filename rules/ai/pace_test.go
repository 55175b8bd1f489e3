package ai

import (
	"context"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
)

func testingNow() time.Time            { return time.Now() }
func testingSince(t time.Time) float64 { return time.Since(t).Seconds() }

// TestPace plays a game AI against AI and checks the pauses: every turn
// end is a turn pause, every round end a round pause, the game's last step
// the end, and a firer joining a pending attack no pause at all.
func TestPace(t *testing.T) {
	g := rules.NewGame(nil, rules.Options{}, 9)
	p, _ := New("easy", 9)
	var turns, rounds, acts, joins int
	for !g.State.Over() {
		a, err := p.Choose(context.Background(), &g.State)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := g.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		end := Ends(ev)
		hasTurnEnd, hasRoundEnd := false, false
		for _, e := range ev {
			hasTurnEnd = hasTurnEnd || e.Kind == rules.EvTurnEnd
			hasRoundEnd = hasRoundEnd || e.Kind == rules.EvRoundEnd
		}
		switch {
		case g.State.Over():
			if end != PaceEnd || !PaceEnd.Pause(ev) {
				t.Fatalf("the last step ends %s", end)
			}
		case hasTurnEnd:
			turns++
			if end != PaceTurn || !PaceTurn.Pause(ev) || PaceEnd.Pause(ev) {
				t.Fatalf("a turn end gives %s", end)
			}
		case hasRoundEnd:
			rounds++
			if end != PaceRound || !PaceRound.Pause(ev) || PaceTurn.Pause(ev) {
				t.Fatalf("a round end gives %s", end)
			}
		case a.Kind == rules.ActFire && end == PaceNone:
			joins++
			if PaceActivation.Pause(ev) {
				t.Fatal("a pending attack paused")
			}
		case a.Kind != rules.ActPlace && a.Kind != rules.ActHistorical:
			acts++
			if !PaceActivation.Pause(ev) || PaceRound.Pause(ev) {
				t.Fatalf("%s ends %s", a.Format(g.State.Scenario()), end)
			}
		}
	}
	if turns == 0 || rounds == 0 || acts == 0 || joins == 0 {
		t.Fatalf("turns %d rounds %d activations %d joins %d: the game did not cover every case", turns, rounds, acts, joins)
	}
	if p, err := ParsePace("Round"); err != nil || p != PaceRound {
		t.Fatalf("ParsePace: %v %v", p, err)
	}
	if _, err := ParsePace("fast"); err == nil {
		t.Fatal("ParsePace accepted fast")
	}
}
