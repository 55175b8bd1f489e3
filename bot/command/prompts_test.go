package command

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
)

// debugGame is a hotseat game past the set-up, with the debug commands on.
func debugGame(t *testing.T) (*Service, *memStore) {
	t.Helper()
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical done")
	return s, st
}

// R6.8: while a face card drawn in combat waits, every prompt asks for
// redraw or miss only.
func TestR6_8FaceCardInCombatPromptsOnlyRedrawOrMiss(t *testing.T) {
	s, st := debugGame(t)
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1601")
	mustDo(t, s, ann, "debug round side:us points:3")
	mustDo(t, s, ann, `debug deck cards:"KC 5C"`)
	mustDo(t, s, ann, "fire unit:117 target:DR-1")
	r := mustDo(t, s, ann, "resolve")
	post := r.Posts[0]
	if !strings.Contains(post.Text, "redraw or miss") || strings.Contains(post.Text, "add firers") || strings.Contains(post.Text, "or resolve") {
		t.Errorf("the post while a face card waits: %q", post.Text)
	}
	var labels []string
	for _, b := range post.Buttons {
		labels = append(labels, b.Label)
	}
	if got := strings.Join(labels, ","); strings.Contains(got, "Resolve") || !strings.Contains(got, "Redraw") || !strings.Contains(got, "Miss") {
		t.Errorf("buttons while a face card waits: %v", labels)
	}
	status := mustDo(t, s, eve, "status").Private
	if strings.Contains(status, "resolve") || !strings.Contains(status, "redraw or miss") {
		t.Errorf("status while a face card waits: %q", status)
	}
	if next := r.Next; len(next) != 0 {
		t.Errorf("next offers %v while a face card waits (the buttons say redraw or miss)", next)
	}
	mustRefuse(t, s, st, ann, "resolve", "R6.8")
}

// R6.6: when the last unit that could join fires, the attack resolves by
// itself; the post says so, and a resolve after it says what happened.
func TestR6_6AnAttackThatResolvesItselfIsToldAndExplained(t *testing.T) {
	s, st := debugGame(t)
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1601")
	mustDo(t, s, ann, "debug round side:us points:1")
	mustDo(t, s, ann, `debug deck cards:"9C"`)
	r := mustDo(t, s, ann, "fire unit:117 target:DR-1")
	if !strings.Contains(r.Posts[0].Text, "no other unit can join: the attack resolves (R6.6)") {
		t.Fatalf("the post: %q", r.Posts[0].Text)
	}
	g, _ := st.Get(testKey)
	if _, _, ok := g.Game.State.PendingAttack(); ok {
		t.Fatal("the attack is still pending")
	}
	mustRefuse(t, s, st, ann, "resolve", "resolved by itself")
}

// R4.6: move takes with: the Tiger, which moves along with a unit stacked
// with it for free; help says how.
func TestR4_6MoveWithTheTiger(t *testing.T) {
	s, st := debugGame(t)
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1901")
	mustDo(t, s, ann, "debug place unit:102 hex:1901")
	mustDo(t, s, ann, "debug round side:german points:1")
	mustRefuse(t, s, st, ann, "move unit:DR-1 to:1801 with:17-StuG", "R4.6")
	r := mustDo(t, s, ann, "move unit:DR-1 to:1801 with:102")
	rec, _ := st.Get(testKey)
	g := rec.Game
	sc := g.State.Scenario()
	dr1, _ := sc.UnitByID("DR-1")
	if g.State.Unit(dr1).Hex.String() != "1801" || g.State.Unit(sc.Tiger).Hex.String() != "1801" {
		t.Fatalf("after the move: DR-1 at %s, the Tiger at %s\n%s", g.State.Unit(dr1).Hex, g.State.Unit(sc.Tiger).Hex, r.Posts[0].Text)
	}
	if !strings.Contains(r.Posts[0].Text, "free") {
		t.Errorf("the post does not say the Tiger moved free: %q", r.Posts[0].Text)
	}
	if help := HelpText("move", false); !strings.Contains(help, "with:102") || !strings.Contains(help, "R4.6") {
		t.Errorf("help move does not say how the Tiger moves free: %q", help)
	}
	// Not stacked with the Tiger: refused, naming R4.6.
	mustDo(t, s, ann, "debug place unit:102 hex:1905")
	mustDo(t, s, ann, "debug round side:german points:2")
	mustRefuse(t, s, st, ann, "move unit:DR-1 to:1802 with:102", "stacked with it")
}

// next: offers the best shots by their odds, not only pass.
func TestNextOffersTheBestShots(t *testing.T) {
	s := New(Config{Store: newMemStore(), Seed: func() uint64 { return 5 }, Debug: true, FrontEnd: lone{}})
	key := mustDo(t, s, ann, "new mode:hotseat").Game // the terminal plays each game under its own id
	for _, text := range []string{"setup preset:historical done", "debug place unit:DR-1 hex:1601"} {
		if r := doAt(t, s, key, ann, text); r.Refused {
			t.Fatalf("%q refused: %s", text, r.Private)
		}
	}
	r := doAt(t, s, key, ann, "debug round side:us points:3")
	if len(r.Next) == 0 || !strings.HasPrefix(r.Next[0], "fire unit:") || !strings.Contains(r.Next[0], "% to hit") {
		t.Fatalf("next: %v", r.Next)
	}
	if len(r.Next) > 3 {
		t.Errorf("next offers %d commands", len(r.Next))
	}
}

// moves lists shots with no chance apart, and gives the odds of Air and
// OBA.
func TestMovesListsNoChanceShotsApartAndAirOdds(t *testing.T) {
	s, _ := debugGame(t)
	mustDo(t, s, ann, "debug flip unit:120")
	mustDo(t, s, ann, "debug place unit:102 hex:1504")
	mustDo(t, s, ann, "debug round side:us card:3H")
	r := mustDo(t, s, eve, "moves").Private
	head, apart, found := strings.Cut(r, "No chance")
	if !found || !strings.Contains(apart, "fire unit:120 target:102 — N 0, no chance") || strings.Contains(head, "N 0") {
		t.Errorf("the shot with no chance is not listed apart:\n%s", r)
	}
	if !strings.Contains(head, "air mode:attack hex:1504 — N 3, 30% to hit") {
		t.Errorf("the Air attack has no odds:\n%s", r)
	}
	if only := mustDo(t, s, eve, "moves unit:TD").Private; strings.Contains(only, "unit:120") {
		t.Errorf("moves unit:TD lists another unit's shot:\n%s", only)
	}
}

// status of a finished game shows its result and final position, not the
// round it ended in.
func TestStatusOfAFinishedGameShowsTheResultOnly(t *testing.T) {
	s, _ := debugGame(t)
	mustDo(t, s, ann, "resign confirm:yes")
	r := mustDo(t, s, eve, "status").Private
	if !strings.HasPrefix(r, "**Game over**") || !strings.Contains(r, "Final position") || strings.Contains(r, " round") || strings.Contains(r, "Deck:") {
		t.Errorf("status after the game: %q", r)
	}
}

// An Air strike whose card is a face card is told before its card (R6.8,
// R7.4): the narration follows the order of events.
func TestR7_4AStrikeIsToldBeforeItsFaceCard(t *testing.T) {
	s, _ := debugGame(t)
	mustDo(t, s, ann, "debug place unit:DR-1 hex:1602")
	mustDo(t, s, ann, "debug round side:us card:3H")
	mustDo(t, s, ann, `debug deck cards:"KC 5C"`)
	r := mustDo(t, s, ann, "air mode:attack hex:1602")
	if !strings.Contains(r.Posts[0].Text, "Air attack on 1602: combat card KC is a face card") {
		t.Errorf("the post: %q", r.Posts[0].Text)
	}
}

// The map of a game that ended says so; the member who started an
// AI-vs-AI game may end it for a new one.
func TestMapOfAnEndedGameAndTheStarterOfAnAIGame(t *testing.T) {
	s, _ := debugGame(t)
	mustDo(t, s, ann, "resign confirm:yes")
	if r := mustDo(t, s, eve, "map"); !strings.HasPrefix(r.Posts[0].Text, "Game over:") {
		t.Errorf("map of a resigned game: %q", r.Posts[0].Text)
	}
	st := newMemStore()
	s = New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }})
	mustDo(t, s, ann, "new mode:ai-vs-ai pace:round")
	if r := do(t, s, eve, "new mode:hotseat"); !strings.Contains(r.Private, "already running") {
		t.Errorf("another member ended the AI-vs-AI game: %q", r.Private)
	}
	if r := do(t, s, ann, "new mode:hotseat"); !strings.Contains(r.Private, "confirm:yes") {
		t.Errorf("its starter cannot end it for a new game: %q", r.Private)
	}
}
