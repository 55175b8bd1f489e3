// R9.2: a Game — a State with its seed, history and log, replayed exactly; undo within the round.

package rules

import (
	"errors"
	"fmt"
	"strings"
)

// Game is a State with its history: the seed, every step taken (actions in
// their notation, and debug edits), and the event log. Replaying the seed and
// the steps rebuilds the state exactly (R9.2).
type Game struct {
	Seed  uint64
	State State
	// History lists the steps in order: actions as written by
	// Action.Format, debug edits as "debug ...", and a step that ends the
	// game without the rules, "resign SIDE" or "lose-on-time SIDE".
	History []string
	// Log is every event so far (R9.3); Marks[i] is the length of Log
	// before step i.
	Log   []Event
	Marks []int
	// UndoFloor is the number of steps that can no longer be undone: undo
	// goes back within the round until a card is drawn.
	UndoFloor int
}

// NewGame starts a game at the US set-up.
func NewGame(sc *Scenario, opts Options, seed uint64) *Game {
	return &Game{Seed: seed, State: NewState(sc, opts, seed)}
}

// Apply performs a for the side to act and returns the events it caused. An
// illegal action returns a *RuleError and changes nothing.
func (g *Game) Apply(a Action) ([]Event, error) {
	mark := len(g.Log)
	if err := g.State.Apply(a, &g.Log); err != nil {
		return nil, err
	}
	g.record(a.Format(g.State.sc), mark)
	for _, e := range g.Log[mark:] {
		if e.Kind == EvDraw || e.Kind == EvTurnStart || e.Kind == EvGameOver {
			g.UndoFloor = len(g.History)
			break
		}
	}
	return g.Log[mark:], nil
}

// ApplyText parses a step of a history and applies it: an action in
// notation, a debug edit, or a step that ends the game ("resign us").
func (g *Game) ApplyText(text string) ([]Event, error) {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(text)), "debug") {
		return nil, g.Debug(text)
	}
	if evs, ok, err := g.endStep(text); ok {
		return evs, err
	}
	a, err := ParseAction(g.State.sc, text)
	if err != nil {
		return nil, err
	}
	return g.Apply(a)
}

// Debug performs a debug edit (see State.ApplyDebug) and records it in the
// history, so that the game still replays exactly. Undo does not go back
// past it.
func (g *Game) Debug(text string) error {
	if err := g.State.ApplyDebug(text); err != nil {
		return err
	}
	g.record(strings.Join(strings.Fields(text), " "), len(g.Log))
	g.UndoFloor = len(g.History)
	return nil
}

func (g *Game) record(step string, mark int) {
	g.History = append(g.History, step)
	g.Marks = append(g.Marks, mark)
}

// LastEvents are the events of the most recent step.
func (g *Game) LastEvents() []Event {
	if len(g.Marks) == 0 {
		return nil
	}
	return g.Log[g.Marks[len(g.Marks)-1]:]
}

// LastAction is the most recent step of the history as an action; ok is
// false when there is none, or it was a debug step.
func (g *Game) LastAction() (a Action, ok bool) {
	if len(g.History) == 0 {
		return Action{}, false
	}
	a, err := ParseAction(g.State.sc, g.History[len(g.History)-1])
	return a, err == nil
}

// debugged reports whether a step of the history is a debug step.
func (g *Game) debugged() bool {
	for _, step := range g.History {
		if isDebugStep(step) {
			return true
		}
	}
	return false
}

// isDebugStep reports whether a step of a history is a debug step (an
// edit or a read), not an action.
func isDebugStep(step string) bool {
	f := strings.Fields(step)
	return len(f) > 0 && strings.EqualFold(f[0], "debug")
}

// CanUndo reports whether the last step can be taken back: it was in the
// current round and no card has been drawn since.
func (g *Game) CanUndo() bool { return len(g.History) > g.UndoFloor }

// ErrNoUndo is returned by Undo when there is nothing to take back.
var ErrNoUndo = errors.New("nothing to undo: undo goes back within the round until a card is drawn")

// Undo takes back the last step by replaying the game without it.
func (g *Game) Undo() error {
	if !g.CanUndo() {
		return ErrNoUndo
	}
	r, err := Replay(g.State.sc, g.State.options, g.Seed, g.History[:len(g.History)-1])
	if err != nil {
		return fmt.Errorf("undo: %w", err)
	}
	floor := g.UndoFloor
	*g = *r
	g.UndoFloor = max(g.UndoFloor, floor)
	return nil
}

// Replay rebuilds a game from its seed and steps.
func Replay(sc *Scenario, opts Options, seed uint64, steps []string) (*Game, error) {
	g := NewGame(sc, opts, seed)
	for i, step := range steps {
		if _, err := g.ApplyText(step); err != nil {
			return nil, fmt.Errorf("step %d (%q): %w", i+1, step, err)
		}
	}
	return g, nil
}

// Clone copies the game, history included.
func (g *Game) Clone() *Game {
	c := *g
	c.History = append([]string(nil), g.History...)
	c.Log = append([]Event(nil), g.Log...)
	c.Marks = append([]int(nil), g.Marks...)
	return &c
}
