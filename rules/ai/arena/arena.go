package arena

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/rules/ai/internal/hooks"
)

// ArenaConfig describes a match of many games between two AI levels.
type ArenaConfig struct {
	US, German string // the levels playing each side
	Games      int
	Seed       uint64
	// Budget is the hard level's budget per decision; the zero value
	// means the default (2 s).
	Budget ai.Budget
	// Parallel is the number of games played at once (default GOMAXPROCS).
	Parallel int
	// Options are the house rules of every game.
	Options rules.Options
	// Scenario is the scenario (nil: the default one).
	Scenario *rules.Scenario
	// Progress, if set, is called after each game with the games done;
	// the calls never overlap.
	Progress func(done, total int)
	// USSetup is the US set-up of every game (R2.1); the zero value lets
	// the US level choose its own.
	USSetup SetupSpec
	// Players, if set, makes the player of a side instead of
	// ai.NewWithBudget, with the level, seed and budget the arena would
	// pass it: the lab (mortain-lab sparring) adds its scripted experts
	// and its counters so.
	Players func(side rules.Side, level string, seed uint64, b ai.Budget) (ai.Player, error)
}

// player makes the player of side in a game of the match.
func (cfg *ArenaConfig) player(side rules.Side, level string, seed uint64, b ai.Budget) (ai.Player, error) {
	if cfg.Players != nil {
		return cfg.Players(side, level, seed, b)
	}
	return ai.NewWithBudget(level, seed, b)
}

// SideStats are one side's figures over a match.
type SideStats struct {
	Level     string  `json:"level"`
	Wins      int     `json:"wins"`
	WinRate   float64 `json:"win_rate"`
	WinLow    float64 `json:"win_rate_low"`  // 95% wilson interval
	WinHigh   float64 `json:"win_rate_high"` // 95% wilson interval
	Losses    float64 `json:"units_lost"`    // units eliminated per game
	Decisions int     `json:"decisions"`
	MsPerDec  float64 `json:"ms_per_decision"`
	MaxMs     float64 `json:"max_ms_per_decision"`
	P99Ms     float64 `json:"p99_ms_per_decision"` // 99th percentile
}

// ArenaResult are a match's figures. Games, USWins, GermanWins, USWinRate
// and MsPerDecision are the headline numbers.
type ArenaResult struct {
	Games         int       `json:"games"`
	Seed          uint64    `json:"seed"`
	Budget        string    `json:"budget"`
	USWins        int       `json:"us_wins"`
	GermanWins    int       `json:"german_wins"`
	USWinRate     float64   `json:"us_win_rate"`
	GermanWinRate float64   `json:"german_win_rate"`
	MsPerDecision float64   `json:"ms_per_decision"`
	AvgActions    float64   `json:"avg_actions"` // actions per game
	AvgTurns      float64   `json:"avg_turns"`   // turns played per game
	AvgExits      float64   `json:"avg_exits"`   // German units exited per game
	US            SideStats `json:"us"`
	German        SideStats `json:"german"`
	WallSeconds   float64   `json:"wall_seconds"`
	Errors        []string  `json:"errors,omitempty"`
	USSetup       string    `json:"us_setup"` // ArenaConfig.USSetup
}

// gameStats are the figures of one game.
type gameStats struct {
	winner    rules.Side
	actions   int
	turns     int
	exits     int
	lost      [3]int
	decisions [3]int
	elapsed   [3]time.Duration
	maxDec    [3]time.Duration
	times     [3][]time.Duration // every decision's wall time
	err       error
}

// RunArena plays cfg.Games games, several at once, and sums them up. Game i
// depends only on cfg.Seed and i, so with iteration budgets the result is
// the same on every run and every machine.
func RunArena(ctx context.Context, cfg ArenaConfig) (ArenaResult, error) {
	for _, side := range []rules.Side{rules.US, rules.German} {
		l := cfg.US
		if side == rules.German {
			l = cfg.German
		}
		if _, err := cfg.player(side, l, 0, cfg.Budget); err != nil {
			return ArenaResult{}, err
		}
	}
	if cfg.Games < 1 {
		return ArenaResult{}, fmt.Errorf("games: want at least 1")
	}
	if cfg.USSetup.Mode == SetupFixed {
		if err := cfg.USSetup.Fixed.Check(cfg.Scenario); err != nil {
			return ArenaResult{}, err
		}
	}
	par := cfg.Parallel
	if par < 1 {
		par = max(1, runtime.GOMAXPROCS(0))
	}
	start := time.Now()
	stats := make([]gameStats, cfg.Games)
	var next atomic.Int64
	// progressMu serialises the Progress calls, so that a caller needs no
	// lock of its own and sees done rise one at a time.
	var progressMu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for w := 0; w < min(par, cfg.Games); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games || ctx.Err() != nil {
					return
				}
				stats[i] = playGame(ctx, cfg, i)
				progressMu.Lock()
				done++
				if cfg.Progress != nil {
					cfg.Progress(done, cfg.Games)
				}
				progressMu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return ArenaResult{}, err
	}
	r := summarise(cfg, stats)
	r.WallSeconds = time.Since(start).Seconds()
	return r, nil
}

// playGame plays game i of the match.
func playGame(ctx context.Context, cfg ArenaConfig, i int) (g gameStats) {
	gseed := hooks.Mix(cfg.Seed, uint64(3*i))
	opt := ai.Budget{Iterations: cfg.Budget.Iterations, Time: cfg.Budget.Time, Workers: 1}
	if cfg.Budget.Workers > 0 {
		opt.Workers = cfg.Budget.Workers
	}
	var players [3]ai.Player
	players[rules.US], _ = cfg.player(rules.US, cfg.US, hooks.Mix(cfg.Seed, uint64(3*i+1)), opt)
	if u := cfg.USSetup.forGame(cfg.Scenario, gseed); u != nil {
		players[rules.US] = ai.WithSetup(players[rules.US], u)
	}
	players[rules.German], _ = cfg.player(rules.German, cfg.German, hooks.Mix(cfg.Seed, uint64(3*i+2)), opt)
	s := rules.NewState(cfg.Scenario, cfg.Options, gseed)
	for !s.Over() {
		side := s.ToAct()
		t0 := time.Now()
		a, err := players[side].Choose(ctx, &s)
		d := time.Since(t0)
		if err != nil {
			g.err = err
			return g
		}
		g.decisions[side]++
		g.elapsed[side] += d
		g.maxDec[side] = max(g.maxDec[side], d)
		g.times[side] = append(g.times[side], d)
		for _, p := range players[rules.US:] {
			if w, ok := p.(ai.Watcher); ok {
				w.Watch(&s, a)
			}
		}
		if err := s.Apply(a, nil); err != nil {
			g.err = fmt.Errorf("game %d: %s played %s: %w", i, side.Title(), a.Format(s.Scenario()), err)
			return g
		}
		g.actions++
	}
	g.winner = s.Winner()
	g.turns = s.Turn()
	g.exits = s.Exited()
	sc := s.Scenario()
	for u, d := range sc.Units {
		if s.Unit(rules.UnitID(u)).Status == rules.Eliminated {
			g.lost[d.Side]++
		}
	}
	return g
}

func summarise(cfg ArenaConfig, stats []gameStats) ArenaResult {
	r := ArenaResult{Games: len(stats), Seed: cfg.Seed, Budget: cfg.Budget.String(), USSetup: cfg.USSetup.String()}
	r.US.Level, r.German.Level = cfg.US, cfg.German
	var elapsed [3]time.Duration
	var lost [3]int
	var times [3][]time.Duration
	for _, g := range stats {
		if g.err != nil {
			r.Errors = append(r.Errors, g.err.Error())
		}
		switch g.winner {
		case rules.US:
			r.USWins++
		case rules.German:
			r.GermanWins++
		}
		r.AvgActions += float64(g.actions)
		r.AvgTurns += float64(g.turns)
		r.AvgExits += float64(g.exits)
		for _, side := range []rules.Side{rules.US, rules.German} {
			lost[side] += g.lost[side]
			elapsed[side] += g.elapsed[side]
			st := r.side(side)
			st.Decisions += g.decisions[side]
			st.MaxMs = max(st.MaxMs, ms(g.maxDec[side]))
			times[side] = append(times[side], g.times[side]...)
		}
	}
	n := float64(r.Games)
	r.AvgActions /= n
	r.AvgTurns /= n
	r.AvgExits /= n
	r.US.Wins, r.German.Wins = r.USWins, r.GermanWins
	totalDec, totalEl := 0, time.Duration(0)
	for _, side := range []rules.Side{rules.US, rules.German} {
		st := r.side(side)
		st.WinRate = float64(st.Wins) / n
		st.WinLow, st.WinHigh = wilson(st.Wins, r.Games)
		st.Losses = float64(lost[side]) / n
		if t := times[side]; len(t) > 0 {
			slices.Sort(t)
			st.P99Ms = ms(t[(len(t)*99+99)/100-1])
		}
		if st.Decisions > 0 {
			st.MsPerDec = ms(elapsed[side]) / float64(st.Decisions)
		}
		totalDec += st.Decisions
		totalEl += elapsed[side]
	}
	r.USWinRate, r.GermanWinRate = r.US.WinRate, r.German.WinRate
	if totalDec > 0 {
		r.MsPerDecision = ms(totalEl) / float64(totalDec)
	}
	return r
}

func (r *ArenaResult) side(s rules.Side) *SideStats {
	if s == rules.US {
		return &r.US
	}
	return &r.German
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// wilson is the 95% wilson score interval of a rate of wins in n games.
func wilson(wins, n int) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(wins) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return max(0, centre-half), min(1, centre+half)
}
