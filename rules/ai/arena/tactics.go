package arena

import (
	"bufio"
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
)

// The tactics suite: positions with the moves accepted as right, or the
// moves forbidden, as chess engines have one. Each position is written in
// the position notation (rules.ParsePosition) with the actions played
// from there (rules.ParseAction), as a chess position is a FEN and moves.

//go:embed tactics.txt
var tacticsText string

// TacticsPosition is one position of the suite.
type TacticsPosition struct {
	Name     string
	Note     string   // the side to act and what the position tests
	Position string   // the round's start, in rules.ParsePosition's notation
	Moves    []string // actions played from Position, as Action.Format writes them
	Accept   []string // action patterns accepted as right (empty: any not forbidden)
	Forbid   []string // action patterns forbidden
	Why      string   // the reason a wargamer would give
	Line     int      // the line of the name in the suite file
}

// Tactics returns the built-in suite.
func Tactics() ([]TacticsPosition, error) { return parseTactics(tacticsText) }

// parseTactics reads a suite: blocks of "name:", "note:", "position:",
// "moves:", "accept:" and "forbid:" (the last three separated by ";") and
// "why:"; "#" starts a comment line. A pattern is an action as
// Action.Format writes it, where "*" stands for any one word and a final
// "..." for any rest.
func parseTactics(text string) ([]TacticsPosition, error) {
	var out []TacticsPosition
	var cur *TacticsPosition
	sc := bufio.NewScanner(strings.NewReader(text))
	list := func(val string) []string {
		var l []string
		for _, p := range strings.Split(val, ";") {
			if p = strings.Join(strings.Fields(p), " "); p != "" {
				l = append(l, p)
			}
		}
		return l
	}
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		key, val = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(val)
		if ok && key == "name" {
			out = append(out, TacticsPosition{Name: val, Line: n})
			cur = &out[len(out)-1]
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("line %d: %q comes before the first name: line", n, line)
		}
		switch key {
		case "note":
			cur.Note = val
		case "position":
			cur.Position = val
		case "moves":
			cur.Moves = append(cur.Moves, list(val)...)
		case "accept":
			cur.Accept = append(cur.Accept, list(val)...)
		case "forbid":
			cur.Forbid = append(cur.Forbid, list(val)...)
		case "why":
			cur.Why = val
		default:
			return nil, fmt.Errorf("line %d: %q: want one of the keys name, note, position, moves, accept, forbid, why", n, line)
		}
	}
	seen := map[string]bool{}
	for _, p := range out {
		switch {
		case seen[p.Name]:
			return nil, fmt.Errorf("line %d: position %q twice", p.Line, p.Name)
		case len(p.Accept) == 0 && len(p.Forbid) == 0:
			return nil, fmt.Errorf("line %d: position %q has neither an accept: nor a forbid: line", p.Line, p.Name)
		case p.Why == "":
			return nil, fmt.Errorf("line %d: position %q has no why: line", p.Line, p.Name)
		case p.Position == "":
			return nil, fmt.Errorf("line %d: position %q has no position: line", p.Line, p.Name)
		}
		seen[p.Name] = true
	}
	return out, sc.Err()
}

// State builds the position: Position parsed in the scenario sc (nil: the
// default one), then Moves played through the engine.
func (p *TacticsPosition) State(sc *rules.Scenario) (rules.State, error) {
	if sc == nil {
		sc = rules.DefaultScenario()
	}
	s, err := rules.ParsePosition(sc, p.Position)
	if err != nil {
		return rules.State{}, fmt.Errorf("%s: %w", p.Name, err)
	}
	for i, m := range p.Moves {
		a, err := rules.ParseAction(sc, m)
		if err == nil {
			err = s.Apply(a, nil)
		}
		if err != nil {
			return rules.State{}, fmt.Errorf("%s, move %d (%s): %w", p.Name, i+1, m, err)
		}
	}
	if s.Over() {
		return rules.State{}, fmt.Errorf("%s: the game is over at the position", p.Name)
	}
	return s, nil
}

// Judge says whether action a (written by Action.Format) solves the
// position: it matches an accepted pattern, if any are given, and no
// forbidden one.
func (p *TacticsPosition) Judge(a string) bool {
	for _, f := range p.Forbid {
		if matchAction(f, a) {
			return false
		}
	}
	if len(p.Accept) == 0 {
		return true
	}
	for _, f := range p.Accept {
		if matchAction(f, a) {
			return true
		}
	}
	return false
}

// matchAction reports whether the action a, written by Action.Format,
// matches pattern: word by word, case-insensitive, "*" matching any one
// word and a final "..." any rest.
func matchAction(pattern, a string) bool {
	pw, aw := strings.Fields(pattern), strings.Fields(a)
	for i, w := range pw {
		if w == "..." && i == len(pw)-1 {
			return true
		}
		if i >= len(aw) || w != "*" && !strings.EqualFold(w, aw[i]) {
			return false
		}
	}
	return len(pw) == len(aw)
}

// TacticsFailure is a position the player did not solve.
type TacticsFailure struct {
	Name   string `json:"name"`
	Played string `json:"played"`
	Why    string `json:"why"`
}

// TacticsResult is the outcome of the suite for one level.
type TacticsResult struct {
	Level  string           `json:"level"`
	Budget string           `json:"budget"`
	Seed   uint64           `json:"seed"`
	Total  int              `json:"total"`
	Solved int              `json:"solved"`
	Failed []TacticsFailure `json:"failed"`
}

// RunTactics plays the built-in suite with a fresh player of level (seeded
// with seed, and budget b for the hard level) at each position. An
// iteration budget with one worker makes the result the same on every run.
func RunTactics(ctx context.Context, level string, b ai.Budget, seed uint64) (TacticsResult, error) {
	ps, err := Tactics()
	if err != nil {
		return TacticsResult{}, err
	}
	return runTacticsOn(ctx, ps, level, b, seed)
}

// runTacticsOn is RunTactics on the positions ps.
func runTacticsOn(ctx context.Context, ps []TacticsPosition, level string, b ai.Budget, seed uint64) (TacticsResult, error) {
	res := TacticsResult{Level: level, Budget: b.String(), Seed: seed, Total: len(ps), Failed: []TacticsFailure{}}
	for i := range ps {
		p := &ps[i]
		s, err := p.State(nil)
		if err != nil {
			return res, err
		}
		pl, err := ai.NewWithBudget(level, seed, b)
		if err != nil {
			return res, err
		}
		a, err := pl.Choose(ctx, &s)
		if err != nil {
			return res, fmt.Errorf("%s: %v", p.Name, err)
		}
		played := a.Format(s.Scenario())
		if p.Judge(played) {
			res.Solved++
		} else {
			res.Failed = append(res.Failed, TacticsFailure{Name: p.Name, Played: played, Why: p.Why})
		}
	}
	return res, nil
}
