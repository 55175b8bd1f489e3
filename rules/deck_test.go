package rules

import (
	"slices"
	"testing"
)

// TestR9_2_NoUndoAcrossADraw plays random games under every option set and
// checks after every step whose events include a card draw that the step
// cannot be undone: a player who passed and saw the next card (R4.2) must
// not take the pass back and play again knowing it.
func TestR9_2_NoUndoAcrossADraw(t *testing.T) {
	n := 200 / propertyScale()
	opts := optionSets()
	drawsChecked := 0
	for i := 0; i < n; i++ {
		g := NewGame(nil, opts[i%len(opts)], uint64(70000+i))
		p := NewRandomPlayer(uint64(i))
		for steps := 0; !g.State.Over() && steps < 20000; steps++ {
			a, ok := p.Choose(&g.State)
			if !ok {
				t.Fatalf("seed %d: no legal action", g.Seed)
			}
			events, err := g.Apply(a)
			if err != nil {
				t.Fatalf("seed %d: %s refused: %v", g.Seed, a.Format(g.State.sc), err)
			}
			drew := slices.ContainsFunc(events, func(e Event) bool { return e.Kind == EvDraw })
			if !drew {
				continue
			}
			drawsChecked++
			if g.CanUndo() {
				t.Fatalf("seed %d step %d (%s): a card was drawn, yet the step can be undone", g.Seed, len(g.History), a.Format(g.State.sc))
			}
			if err := g.Undo(); err == nil {
				t.Fatalf("seed %d step %d (%s): undo took back a step that drew a card", g.Seed, len(g.History)+1, a.Format(g.State.sc))
			}
		}
	}
	if drawsChecked == 0 {
		t.Fatal("no step drew a card")
	}
}

// TestR4_7_NoCardDrawnTwiceInATurn plays random games under every option
// set and follows the cards drawn in each turn from the events: no card
// comes up twice in a turn (R4.1: one deck of 53 a turn), except an early
// Joker shuffled back among the undrawn cards (R4.7, opt:early-joker=
// reshuffle), and State.Drawn lists exactly the cards drawn so far: the
// reshuffle of an early Joker leaves the cards already drawn where they are.
func TestR4_7_NoCardDrawnTwiceInATurn(t *testing.T) {
	n := 300 / propertyScale()
	opts := optionSets()
	reshuffles := 0
	for i := 0; i < n; i++ {
		o := opts[i%len(opts)]
		g := NewGame(nil, o, uint64(90000+i))
		p := NewRandomPlayer(uint64(i) ^ 0x5eed)
		var drawn []Card // this turn's cards, as the events tell them
		for steps := 0; !g.State.Over() && steps < 20000; steps++ {
			a, ok := p.Choose(&g.State)
			if !ok {
				t.Fatalf("seed %d: no legal action", g.Seed)
			}
			events, err := g.Apply(a)
			if err != nil {
				t.Fatalf("seed %d: %s refused: %v", g.Seed, a.Format(g.State.sc), err)
			}
			for _, e := range events {
				switch e.Kind {
				case EvTurnStart:
					drawn = drawn[:0]
				case EvDraw:
					if e.Card != Joker && slices.Contains(drawn, e.Card) {
						t.Fatalf("seed %d turn %d: %s drawn twice (drawn before: %v)", g.Seed, g.State.Turn(), e.Card, drawn)
					}
					drawn = append(drawn, e.Card)
				case EvJokerIgnored:
					// Shuffled back unless set aside by the option, or
					// because it was the last card.
					if o.EarlyJoker == EarlyJokerReshuffle && len(drawn) < DeckSize {
						drawn = drawn[:len(drawn)-1]
						reshuffles++
					}
				}
			}
			if got := g.State.Drawn(); !slices.Equal(got, drawn) {
				t.Fatalf("seed %d turn %d after %s: Drawn() is %v, the events drew %v", g.Seed, g.State.Turn(), a.Format(g.State.sc), got, drawn)
			}
		}
	}
	if reshuffles == 0 {
		t.Fatal("no early Joker was shuffled back: the test did not reach R4.7")
	}
	t.Logf("%d games, %d early Jokers shuffled back", n, reshuffles)
}

// TestR9_2_UndoWithinTheRound plays random games and checks the other side
// of the undo floor: a step that drew no card, started no turn and ended
// no game can be undone (R9.2: undo goes back within the round), and undo
// gives back exactly the state before it.
func TestR9_2_UndoWithinTheRound(t *testing.T) {
	n := 40 / propertyScale()
	opts := optionSets()
	undone := 0
	for i := 0; i < n; i++ {
		g := NewGame(nil, opts[i%len(opts)], uint64(80000+i))
		p := NewRandomPlayer(uint64(i) ^ 0xdead)
		for steps := 0; !g.State.Over() && steps < 20000; steps++ {
			a, ok := p.Choose(&g.State)
			if !ok {
				t.Fatalf("seed %d: no legal action", g.Seed)
			}
			before := g.State
			events, err := g.Apply(a)
			if err != nil {
				t.Fatalf("seed %d: %s refused: %v", g.Seed, a.Format(g.State.sc), err)
			}
			if slices.ContainsFunc(events, func(e Event) bool {
				return e.Kind == EvDraw || e.Kind == EvTurnStart || e.Kind == EvGameOver
			}) {
				continue
			}
			after := g.State
			if !g.CanUndo() {
				t.Fatalf("seed %d step %d (%s): no card was drawn, yet the step cannot be undone", g.Seed, len(g.History), a.Format(g.State.sc))
			}
			if err := g.Undo(); err != nil {
				t.Fatalf("seed %d step %d (%s): undo: %v", g.Seed, len(g.History), a.Format(g.State.sc), err)
			}
			if g.State != before {
				t.Fatalf("seed %d: undo of %s did not give back the state before it", g.Seed, a.Format(g.State.sc))
			}
			undone++
			if _, err := g.Apply(a); err != nil || g.State != after {
				t.Fatalf("seed %d: %s again after undo: %v, or another state", g.Seed, a.Format(g.State.sc), err)
			}
		}
	}
	if undone == 0 {
		t.Fatal("no step could be undone")
	}
}
