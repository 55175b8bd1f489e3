package lab

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"sync"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/arena"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
	"github.com/mortain/mortain/rules/ai/internal/principles"
)

// The sparring matches (mortain-lab sparring): the AI levels and the
// scripted experts (ExpertLevel) against each other in the arena, with the
// blunders a wargamer would count, per side.

// SparringPlayers makes the players of the lab's matches
// (arena.ArenaConfig.Players): the scripted expert of the side for
// ExpertLevel, the AI level otherwise.
func SparringPlayers(side rules.Side, level string, seed uint64, b ai.Budget) (ai.Player, error) {
	if strings.EqualFold(strings.TrimSpace(level), ExpertLevel) {
		return NewExpert(side, seed), nil
	}
	p, err := ai.NewWithBudget(level, seed, b)
	if err != nil {
		return nil, fmt.Errorf("level %q: choose one of %s, %s", level, strings.Join(ai.Levels, ", "), ExpertLevel)
	}
	return p, nil
}

// Blunders are one side's counts over the games of a match, each a total
// (per game: divide by Games).
type Blunders struct {
	Games int
	// Passes are passes (R4.5) with points left while a legal shot had a
	// chance to hit of 40% or more: a unit firing alone, or joining the
	// pending attack (R6.8, by the undrawn cards).
	Passes int
	// Exits are the German units that exited (R5.5); 0 for the US.
	Exits int
	// LostTurn1 are the side's units eliminated in turn 1.
	LostTurn1 int
	// Exposed are moves (R5.1) ending in the open within range and line
	// of sight (R6.2, R6.3) of two or more enemy units not activated in
	// the round (in a side's round none of the enemy's is).
	Exposed int
	// EdgeUnits are US units set up in column 18, next to the German
	// entry edge (R2.1, R5.3); NoKeyHex the US set-ups holding neither
	// Mortain (1402) nor Hill 314 (1501). Both 0 for the German.
	EdgeUnits, NoKeyHex int
}

// per is a count per game.
func (b Blunders) per(n int) float64 {
	if b.Games == 0 {
		return 0
	}
	return float64(n) / float64(b.Games)
}

// counter is a player whose own actions are counted as the arena shows
// every action of the game to its players (ai.Watcher); it passes them
// on to the player it carries when that is a Watcher.
type counter struct {
	ai.Player
	side   rules.Side
	b      Blunders
	setup  bool // the set-up has been counted
	joined bool // b is in the tally
	tally  *tally
}

// tally gathers the counts of every game's players.
type tally struct {
	mu      sync.Mutex
	players []*counter
}

// sum adds up the counts of side.
func (t *tally) sum(side rules.Side) Blunders {
	var out Blunders
	for _, c := range t.players {
		if c.side != side {
			continue
		}
		out.Games++
		out.Passes += c.b.Passes
		out.Exits += c.b.Exits
		out.LostTurn1 += c.b.LostTurn1
		out.Exposed += c.b.Exposed
		out.EdgeUnits += c.b.EdgeUnits
		out.NoKeyHex += c.b.NoKeyHex
	}
	return out
}

// Watch counts a if it is the counter's side's, then passes it on.
func (c *counter) Watch(before *rules.State, a rules.Action) {
	if w, ok := c.Player.(ai.Watcher); ok {
		w.Watch(before, a)
	}
	if !c.joined {
		c.joined = true
		c.tally.mu.Lock()
		c.tally.players = append(c.tally.players, c)
		c.tally.mu.Unlock()
	}
	if before.Phase() == rules.PhaseSetup {
		return
	}
	if !c.setup && c.side == rules.US {
		c.setup = true
		c.countSetup(before)
	}
	if before.Turn() == 1 {
		after := *before
		if after.Apply(a, nil) == nil {
			c.b.LostTurn1 = eliminated(&after, c.side)
		}
	}
	if before.ToAct() != c.side {
		return
	}
	switch a.Kind {
	case rules.ActPass:
		if before.Phase() == rules.PhaseRound && before.PointsLeft() > 0 && bestShot(before) >= 0.4 {
			c.b.Passes++
		}
	case rules.ActExit:
		c.b.Exits++
	case rules.ActMove:
		if exposedMove(before, a) {
			c.b.Exposed++
		}
	}
}

// countSetup counts the US set-up of s, made (R2.1).
func (c *counter) countSetup(s *rules.State) {
	sc := s.Scenario()
	key := false
	for m := sc.SideUnits(rules.US); m != 0; m &= m - 1 {
		us := s.Unit(rules.UnitID(bits.TrailingZeros32(m)))
		if us.Status != rules.OnMap {
			continue
		}
		if us.Hex.Col() == rules.LastCol-1 {
			c.b.EdgeUnits++
		}
		if us.Hex == principles.Mortain || us.Hex == principles.Hill314 {
			key = true
		}
	}
	if !key {
		c.b.NoKeyHex++
	}
}

// eliminated counts side's eliminated units.
func eliminated(s *rules.State, side rules.Side) int {
	n := 0
	for m := s.Scenario().SideUnits(side); m != 0; m &= m - 1 {
		if s.Unit(rules.UnitID(bits.TrailingZeros32(m))).Status == rules.Eliminated {
			n++
		}
	}
	return n
}

// bestShot is the best chance to hit of a legal shot in s: a unit firing
// alone, or joining the pending attack (R6.6, R6.8).
func bestShot(s *rules.State) float64 {
	var base []rules.UnitID
	if _, firers, ok := s.PendingAttack(); ok {
		base = firers
	}
	best := 0.0
	for _, a := range s.LegalActions(nil) {
		if a.Kind != rules.ActFire {
			continue
		}
		t := a.Target
		if pt, _, ok := s.PendingAttack(); ok {
			t = pt
		}
		var mask uint32 = 1 << a.Unit
		for _, f := range base {
			mask |= 1 << f
		}
		best = max(best, s.HitChance(hooks.AttackN(s, mask, t)))
	}
	return best
}

// exposedMove reports whether move a in s ends in the open within range
// and line of sight of two or more enemy units on the map not activated
// this round.
func exposedMove(s *rules.State, a rules.Action) bool {
	sc := s.Scenario()
	if sc.Terrain[a.Hex] != rules.Open {
		return false
	}
	n := 0
	for m := sc.SideUnits(sc.Units[a.Unit].Side.Enemy()); m != 0; m &= m - 1 {
		e := rules.UnitID(bits.TrailingZeros32(m))
		if es := s.Unit(e); es.Status == rules.OnMap && !s.Activated(e) && sc.InRange(es.Hex, a.Hex, s.Options().LOS) {
			n++
		}
	}
	return n >= 2
}

// SparringOptions are the settings of a sparring match.
type SparringOptions struct {
	US, German string // the levels: ai.Levels or ExpertLevel
	Games      int
	Seed       uint64
	// Budget is the hard level's budget per decision.
	Budget ai.Budget
	// Parallel is the number of games played at once (0: GOMAXPROCS).
	Parallel int
	// USSetup is the US set-up of every game; the zero value lets the US
	// level choose (the expert's own, expertSetups).
	USSetup arena.SetupSpec
}

// DefaultSparring are the settings of docs/ai.md's figures: the expert US
// against the hard German at 100 iterations, 400 games.
func DefaultSparring() SparringOptions {
	return SparringOptions{US: ExpertLevel, German: "hard", Games: 400, Seed: 1, Budget: ai.Budget{Iterations: 100}}
}

// RunSparring plays a sparring match and prints it (PrintSparring).
func RunSparring(ctx context.Context, w io.Writer, o SparringOptions) error {
	r, err := Sparring(ctx, o)
	if err != nil {
		return err
	}
	PrintSparring(w, r)
	return nil
}

// SparringResult are a match's figures and each side's counts.
type SparringResult struct {
	arena.ArenaResult
	USCounts, GermanCounts Blunders
}

// Sparring plays a match between the levels of o in the arena, with the
// scripted experts for ExpertLevel, and counts each side's blunders.
// Game i is the arena's game i of the same settings.
func Sparring(ctx context.Context, o SparringOptions) (SparringResult, error) {
	t := &tally{}
	cfg := arena.ArenaConfig{US: o.US, German: o.German, Games: o.Games, Seed: o.Seed,
		Budget: o.Budget, Parallel: o.Parallel, USSetup: o.USSetup,
		Players: func(side rules.Side, level string, seed uint64, b ai.Budget) (ai.Player, error) {
			p, err := SparringPlayers(side, level, seed, b)
			if err != nil {
				return nil, err
			}
			return &counter{Player: p, side: side, tally: t}, nil
		}}
	r, err := arena.RunArena(ctx, cfg)
	if err != nil {
		return SparringResult{}, err
	}
	return SparringResult{ArenaResult: r, USCounts: t.sum(rules.US), GermanCounts: t.sum(rules.German)}, nil
}

// PrintSparring writes a match's figures: each side's wins with the 95%
// interval, then each side's counts a game.
func PrintSparring(w io.Writer, r SparringResult) {
	fmt.Fprintf(w, "US %s against German %s: %d games, seed %d, hard budget %s, US set-up %s\n",
		r.US.Level, r.German.Level, r.Games, r.Seed, r.Budget, r.USSetup)
	fmt.Fprintf(w, "  US      wins %4d  %5.1f%%  (95%% CI %.1f%%-%.1f%%)  units lost %.2f a game\n",
		r.USWins, 100*r.US.WinRate, 100*r.US.WinLow, 100*r.US.WinHigh, r.US.Losses)
	fmt.Fprintf(w, "  German  wins %4d  %5.1f%%  (95%% CI %.1f%%-%.1f%%)  units lost %.2f a game\n",
		r.GermanWins, 100*r.German.WinRate, 100*r.German.WinLow, 100*r.German.WinHigh, r.German.Losses)
	u, g := r.USCounts, r.GermanCounts
	fmt.Fprintf(w, "  a game (US / German):\n")
	fmt.Fprintf(w, "    passes with points left and a shot of 40%% or better  %.2f / %.2f\n", u.per(u.Passes), g.per(g.Passes))
	fmt.Fprintf(w, "    units lost in turn 1                                  %.2f / %.2f\n", u.per(u.LostTurn1), g.per(g.LostTurn1))
	fmt.Fprintf(w, "    moves ending in the open in reach of 2+ enemy units   %.2f / %.2f\n", u.per(u.Exposed), g.per(g.Exposed))
	fmt.Fprintf(w, "    German exits                                          %.2f\n", g.per(g.Exits))
	fmt.Fprintf(w, "    US units set up in column 18 (by the entry edge)      %.2f\n", u.per(u.EdgeUnits))
	fmt.Fprintf(w, "    US set-ups holding neither Mortain nor Hill 314       %.1f%%\n", 100*u.per(u.NoKeyHex))
	if len(r.Errors) > 0 {
		fmt.Fprintf(w, "  errors: %s\n", strings.Join(r.Errors, "; "))
	}
}
