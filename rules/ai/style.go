package ai

import (
	"fmt"

	"github.com/mortain/mortain/rules"
)

// The German's style, read from its play so far. A German may play for
// exits (R8.1), walking west past the US units as the easy level does, or
// for the last US unit (R8.2), closing in on the US units as the hard
// level's heuristic (hardGerman, hunt) does. The hard US meets each with a
// different search (hardPlayer.Choose): its tree search, whose playouts
// model the easy German, stops the walk west, and sequential halving with
// the hunter in the playouts meets the hunt (docs/journal/2026-11-25-us-reads-style.md). Which German it faces it judges as a player
// would, from the moves the German has made: each move that the hunter's
// heuristic ranks among its best and the easy German's does not counts for
// a hunt, and the other way round for a walk. Until the German has shown
// a walk, the US expects the hunt, the stronger German's play.

// Watcher is a Player that reads its opponent's style from the game so
// far. Before a Watcher chooses, the front end shows it every action of
// the game in order (Watch), each with the state it was played in, or
// replays the game's history to it (WatchGame).
type Watcher interface {
	Player
	Watch(before *rules.State, a rules.Action)
}

// WatchGame shows p, if it is a Watcher about to play the US (only the US
// reads the German's style), the actions of g so far, replayed from the
// game's start (debug edits are applied, not shown). A front end that
// makes a new player for each decision calls it before Choose.
func WatchGame(p Player, g *rules.Game) error {
	w, ok := p.(Watcher)
	if !ok || g.State.ToAct() != rules.US {
		return nil
	}
	sc := g.State.Scenario()
	s := rules.NewState(sc, g.State.Options(), g.Seed)
	for i, step := range g.History {
		a, err := rules.ParseAction(sc, step)
		if err == nil {
			w.Watch(&s, a)
			err = s.Apply(a, nil)
		} else {
			err = s.ApplyDebug(step)
		}
		if err != nil {
			return fmt.Errorf("replaying step %d (%q) of the game for the AI: %w", i+1, step, err)
		}
	}
	return nil
}

// styleReader weighs the evidence of the German's moves: hunt counts the
// moves that only the hunter's heuristic ranks best, less those that only
// the easy German's does.
type styleReader struct {
	hunt   int
	easy   view
	hunter view
	legal  []rules.Action
}

// watch weighs the German's action a in before.
func (r *styleReader) watch(before *rules.State, a rules.Action) {
	if before.Over() || before.ToAct() != rules.German || before.Phase() == rules.PhaseSetup {
		return
	}
	r.legal = before.SingleActions(r.legal[:0])
	if a.Kind == rules.ActMove {
		a.With = rules.NoUnit // the Tiger along (R4.6): weigh the unit's move
	}
	if len(r.legal) < 2 {
		return
	}
	r.easy.gw, r.hunter.gw = &easyGerman, &hardGerman
	r.easy.reset(before, false)
	r.hunter.reset(before, false)
	inEasy, inHunt := amongBest(&r.easy, r.legal, a), amongBest(&r.hunter, r.legal, a)
	switch {
	case inHunt && !inEasy:
		r.hunt++
	case inEasy && !inHunt:
		r.hunt--
	}
}

// hunts reports whether the German has played at least as much like the
// hunter as like the easy German so far (with no evidence yet, it hunts).
func (r *styleReader) hunts() bool { return r.hunt >= 0 }

// amongBest reports whether the heuristic of v scores a as high as any of
// the legal actions.
func amongBest(v *view, legal []rules.Action, a rules.Action) bool {
	sa := v.score(a)
	for _, b := range legal {
		if v.score(b) > sa+1e-6 {
			return false
		}
	}
	return true
}
