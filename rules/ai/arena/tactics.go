package arena

import (
	"bufio"
	"context"
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
)

// The tactics suite: positions with the moves accepted as right, or the
// moves forbidden, as chess engines have one. Each position is a script of
// the commands a person types in local play with --debug (new, setup, the
// game's actions, debug edits), so that `mortain local --debug --seed SEED
// --script` reaches the same position through the engine.

//go:embed tactics.txt
var tacticsText string

// TacticsPosition is one position of the suite.
type TacticsPosition struct {
	Name   string
	Note   string   // the side to act and what the position tests
	Seed   uint64   // the game's seed (local play's --seed)
	Script []string // local-play commands, from new to the position
	Accept []string // action patterns accepted as right (empty: any not forbidden)
	Forbid []string // action patterns forbidden
	Why    string   // the reason a wargamer would give
	Line   int      // the line of the name in the suite file
}

// Tactics returns the built-in suite.
func Tactics() ([]TacticsPosition, error) { return parseTactics(tacticsText) }

// parseTactics reads a suite: blocks of "name:", "note:", "seed:", script
// lines, "accept:" and "forbid:" (patterns separated by ";") and "why:";
// "#" starts a comment line. A pattern is an action as Action.Format writes
// it, where "*" stands for any one word and a final "..." for any rest.
func parseTactics(text string) ([]TacticsPosition, error) {
	var out []TacticsPosition
	var cur *TacticsPosition
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, _ := strings.Cut(line, ":")
		key, val = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(val)
		if key == "name" {
			out = append(out, TacticsPosition{Name: val, Seed: 1, Line: n})
			cur = &out[len(out)-1]
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("line %d: %q comes before the first name: line", n, line)
		}
		switch key {
		case "note":
			cur.Note = val
		case "seed":
			s, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: seed %q: %v", n, val, err)
			}
			cur.Seed = s
		case "accept", "forbid":
			for _, p := range strings.Split(val, ";") {
				if p = strings.Join(strings.Fields(p), " "); p != "" {
					if key == "accept" {
						cur.Accept = append(cur.Accept, p)
					} else {
						cur.Forbid = append(cur.Forbid, p)
					}
				}
			}
		case "why":
			cur.Why = val
		default:
			cur.Script = append(cur.Script, line)
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
		case len(p.Script) == 0 || !strings.HasPrefix(p.Script[0], "new"):
			return nil, fmt.Errorf("line %d: position %q: the script must begin with new", p.Line, p.Name)
		}
		seen[p.Name] = true
	}
	return out, nil
}

// Game plays the position's script and returns the game at the position.
func (p *TacticsPosition) Game(sc *rules.Scenario) (*rules.Game, error) {
	var g *rules.Game
	for i, line := range p.Script {
		name, opts, err := parseCommand(line)
		if err != nil {
			return nil, fmt.Errorf("%s, line %d: %v", p.Name, i+1, err)
		}
		if name == "new" {
			if g != nil {
				return nil, fmt.Errorf("%s, line %d: new twice", p.Name, i+1)
			}
			var o rules.Options
			for _, spec := range rules.OptionSpecs {
				if v := opts[spec.Name]; v != "" {
					if err := o.Set(spec.Name, v); err != nil {
						return nil, fmt.Errorf("%s, line %d: %v", p.Name, i+1, err)
					}
				}
			}
			g = rules.NewGame(sc, o, p.Seed)
			continue
		}
		if g == nil {
			return nil, fmt.Errorf("%s, line %d: no game yet (begin with new)", p.Name, i+1)
		}
		steps, err := commandSteps(name, opts)
		if err != nil {
			return nil, fmt.Errorf("%s, line %d (%s): %v", p.Name, i+1, line, err)
		}
		for _, st := range steps {
			if _, err := g.ApplyText(st); err != nil {
				return nil, fmt.Errorf("%s, line %d (%s): %v", p.Name, i+1, line, err)
			}
		}
	}
	if g == nil {
		return nil, fmt.Errorf("%s: no new", p.Name)
	}
	if g.State.Over() {
		return nil, fmt.Errorf("%s: the game is over at the position", p.Name)
	}
	return g, nil
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
		g, err := p.Game(nil)
		if err != nil {
			return res, err
		}
		pl, err := ai.NewWithBudget(level, seed, b)
		if err != nil {
			return res, err
		}
		a, err := pl.Choose(ctx, &g.State)
		if err != nil {
			return res, fmt.Errorf("%s: %v", p.Name, err)
		}
		played := a.Format(g.State.Scenario())
		if p.Judge(played) {
			res.Solved++
		} else {
			res.Failed = append(res.Failed, TacticsFailure{Name: p.Name, Played: played, Why: p.Why})
		}
	}
	return res, nil
}

// commandSteps turns a local-play command (other than new) into the steps
// of the game's history: actions in Action.Format's notation and debug
// edits, as bot/command does.
func commandSteps(name string, o map[string]string) ([]string, error) {
	opt := func(k string) string { return strings.TrimSpace(o[k]) }
	need := func(keys ...string) error {
		for _, k := range keys {
			if opt(k) == "" {
				return fmt.Errorf("%s needs the option %s:VALUE", name, k)
			}
		}
		return nil
	}
	join := func(w ...string) string {
		var out []string
		for _, s := range w {
			if s != "" {
				out = append(out, s)
			}
		}
		return strings.Join(out, " ")
	}
	switch name {
	case "setup":
		var steps []string
		if opt("unit") != "" || opt("hex") != "" {
			if err := need("unit", "hex"); err != nil {
				return nil, err
			}
			steps = append(steps, join("place", opt("unit"), opt("hex")))
		}
		if strings.EqualFold(opt("preset"), "historical") {
			steps = append(steps, "historical")
		}
		if strings.EqualFold(opt("done"), "true") {
			steps = append(steps, "setup-done")
		}
		if len(steps) == 0 {
			return nil, fmt.Errorf("setup needs unit: and hex:, preset:historical, or done")
		}
		return steps, nil
	case "move", "enter":
		if err := need("unit", "to"); err != nil {
			return nil, err
		}
		return []string{join(name, opt("unit"), opt("to"), opt("with"))}, nil
	case "exit":
		if err := need("unit"); err != nil {
			return nil, err
		}
		return []string{join("exit", opt("unit"))}, nil
	case "fire":
		if err := need("unit", "target"); err != nil {
			return nil, err
		}
		return []string{join("fire", opt("unit"), opt("target"))}, nil
	case "resolve", "redraw", "miss", "pass":
		return []string{name}, nil
	case "air", "oba":
		if err := need("hex"); err != nil {
			return nil, err
		}
		kind := "oba"
		if name == "air" {
			switch strings.ToLower(opt("mode")) {
			case "attack":
				kind = "air-attack"
			case "cover":
				kind = "air-cover"
			default:
				return nil, fmt.Errorf("air needs mode:attack or mode:cover")
			}
		}
		return []string{join(kind, opt("hex"), opt("unit"))}, nil
	case "debug":
		switch e := strings.ToLower(opt("edit")); e {
		case "place":
			return []string{join("debug place", opt("unit"), opt("hex"))}, need("unit", "hex")
		case "flip":
			return []string{join("debug flip", opt("unit"))}, need("unit")
		case "turn":
			return []string{join("debug turn", opt("n"))}, need("n")
		case "round":
			v := opt("points")
			if opt("card") != "" {
				v = opt("card")
			}
			return []string{join("debug round", opt("side"), v)}, need("side")
		case "deck":
			return []string{join("debug deck", opt("cards"))}, need("cards")
		default:
			return nil, fmt.Errorf("debug: unknown edit %q", e)
		}
	}
	return nil, fmt.Errorf("%q is not a command of a tactics script", name)
}

// parseCommand reads a local-play command, `name key:value key:"a b"`; a
// bare word after the name is its positional option (debug's edit,
// setup's done).
func parseCommand(text string) (string, map[string]string, error) {
	var toks []string
	var b strings.Builder
	in, quoted := false, false
	for _, r := range text + " " {
		switch {
		case r == '"':
			quoted, in = !quoted, true
		case !quoted && (r == ' ' || r == '\t'):
			if in {
				toks = append(toks, b.String())
			}
			b.Reset()
			in = false
		default:
			b.WriteRune(r)
			in = true
		}
	}
	if quoted || len(toks) == 0 {
		return "", nil, fmt.Errorf("cannot read %q", text)
	}
	name := strings.ToLower(toks[0])
	o := map[string]string{}
	for _, t := range toks[1:] {
		if k, v, ok := strings.Cut(t, ":"); ok {
			o[strings.ToLower(k)] = v
			continue
		}
		switch {
		case name == "debug" && o["edit"] == "":
			o["edit"] = t
		case name == "setup" && strings.EqualFold(t, "done"):
			o["done"] = "true"
		default:
			return "", nil, fmt.Errorf("unexpected %q in %q", t, text)
		}
	}
	return name, o, nil
}
