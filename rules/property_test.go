package rules

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/testenv"
)

// checkInvariants asserts the invariants that hold after every action.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	if err := invariantError(s); err != nil {
		t.Fatal(err)
	}
}

// invariantError checks the invariants of a state: stacking (R3.1), no
// enemies sharing a hex (R3.2), no US unit in column 19 (R5.2), every unit
// in exactly one place (R1.3), the 53 cards accounted for (R1.4), points
// never negative, the game within its 6 turns (R4.1, R8.4), and a round
// always offering an action.
func invariantError(s *State) error {
	sc := s.sc
	var count [NumHexes]int
	var side [NumHexes]Side
	for u, d := range sc.Units {
		us := s.units[u]
		switch us.Status {
		case OnMap:
			if !us.Hex.Valid() {
				return fmt.Errorf("%s on the map at no hex", d.ID)
			}
			if side[us.Hex] != NoSide && side[us.Hex] != d.Side {
				return fmt.Errorf("R3.2: enemies share %s", us.Hex)
			}
			side[us.Hex] = d.Side
			if UnitID(u) != sc.Tiger {
				count[us.Hex]++
			}
			if count[us.Hex] > StackLimit {
				return fmt.Errorf("R3.1: %d units in %s", count[us.Hex], us.Hex)
			}
			if d.Side == US && us.Hex.Col() == LastCol {
				return fmt.Errorf("R5.2: %s in column 19", d.ID)
			}
		case InReserve, Eliminated, Exited:
			if us.Hex != NoHex {
				return fmt.Errorf("%s is %s and at %s", d.ID, us.Status, us.Hex)
			}
			if us.Status == Exited && d.Side != German {
				return fmt.Errorf("R5.5: US unit %s exited", d.ID)
			}
		default:
			return fmt.Errorf("%s has status %d", d.ID, us.Status)
		}
	}
	if s.occ != s.occupancy() {
		return fmt.Errorf("occupancy out of date")
	}
	// 53 cards: every card exactly once, drawn or undrawn; a Joker set
	// aside is among the drawn.
	var seen [DeckSize]bool
	for _, c := range s.deck {
		if c > Joker || seen[c] {
			return fmt.Errorf("deck is not the 53 cards: %v", s.deck)
		}
		seen[c] = true
	}
	if s.drawn > DeckSize || int(s.drawn)+s.DeckLeft() != DeckSize {
		return fmt.Errorf("drawn %d, left %d: not 53 cards", s.drawn, s.DeckLeft())
	}
	if s.jokerAside {
		for _, c := range s.deck[s.drawn:] {
			if c == Joker {
				return fmt.Errorf("the Joker is set aside and still to be drawn")
			}
		}
	}
	if s.round.points < 0 {
		return fmt.Errorf("points %d", s.round.points)
	}
	if s.turn < 0 || s.turn > Turns || (s.phase != PhaseSetup && s.turn < 1) {
		return fmt.Errorf("turn %d in phase %s", s.turn, s.phase)
	}
	if s.phase == PhaseOver && s.winner == NoSide {
		return fmt.Errorf("game over without a winner")
	}
	if s.phase == PhaseOver && s.winner == US && s.turn != Turns {
		return fmt.Errorf("US won on turn %d", s.turn)
	}
	if s.phase != PhaseOver && s.winner != NoSide {
		return fmt.Errorf("winner %s during play", s.winner)
	}
	if s.phase == PhaseRound && len(s.LegalActions(nil)) == 0 {
		return fmt.Errorf("no legal action in a round")
	}
	return nil
}

// replayFile is a game saved by a failing property test, to replay it.
type replayFile struct {
	Seed    uint64   `json:"seed"`
	Options Options  `json:"options"`
	History []string `json:"history"`
	// Failure is what went wrong when the file was written; Winner and Turn
	// are the recorded end of a game kept as a regression example.
	Failure string `json:"failure,omitempty"`
	Winner  Side   `json:"winner,omitempty"`
	Turn    int    `json:"turn,omitempty"`
	// Scenario names the scenario file in testdata the game was played
	// with; empty means the built-in scenario.
	Scenario string `json:"scenario,omitempty"`
}

// saveFailure writes the failing game to testdata/replay and fails the test
// with the command that replays it.
func saveFailure(t testing.TB, g *Game, failure string) {
	t.Helper()
	name := fmt.Sprintf("seed-%d", g.Seed)
	f := replayFile{Seed: g.Seed, Options: g.State.options, History: g.History, Failure: failure}
	b, _ := json.MarshalIndent(f, "", "  ")
	path := filepath.Join("testdata", "replay", name+".json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
		err = os.WriteFile(path, b, 0o644)
		if err == nil {
			t.Fatalf("seed %d: %s\nsaved the game to rules/%s; replay it with:\n  go test ./rules -run 'TestReplayFiles/%s' -v", g.Seed, failure, path, name)
		}
	}
	t.Fatalf("seed %d: %s (could not save the replay)", g.Seed, failure)
}

// playRandom plays a whole random game, checking invariants after every
// action; it returns the game. A failure saves the game for replay.
func playRandom(t testing.TB, seed uint64, opts Options) *Game {
	t.Helper()
	g := NewGame(nil, opts, seed)
	p := NewRandomPlayer(seed ^ 0xabcdef)
	for steps := 0; !g.State.Over(); steps++ {
		if steps > 20000 {
			saveFailure(t, g, "the game does not end")
		}
		a, ok := p.Choose(&g.State)
		if !ok {
			saveFailure(t, g, fmt.Sprintf("no legal action at step %d in phase %s", steps, g.State.phase))
		}
		before := g.State
		if _, err := g.Apply(a); err != nil {
			if g.State != before {
				saveFailure(t, g, fmt.Sprintf("refused %s changed the state", a.Format(g.State.sc)))
			}
			g.History = append(g.History, a.Format(g.State.sc))
			saveFailure(t, g, fmt.Sprintf("listed action %s refused: %v", a.Format(g.State.sc), err))
		}
		if err := invariantError(&g.State); err != nil {
			saveFailure(t, g, "after "+a.Format(g.State.sc)+": "+err.Error())
		}
	}
	if g.State.Turn() > Turns || g.State.Winner() == NoSide {
		saveFailure(t, g, fmt.Sprintf("ended on turn %d with winner %q", g.State.Turn(), g.State.Winner()))
	}
	return g
}

// TestReplayFiles replays every game in testdata/replay: games saved by a
// failing property test (they must now play cleanly) and kept examples
// (they must end as recorded).
func TestReplayFiles(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "replay", "*.json"))
	if len(files) == 0 {
		t.Fatal("no replay files in testdata/replay")
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(path)
			must(t, err)
			var f replayFile
			must(t, json.Unmarshal(b, &f))
			var sc *Scenario
			if f.Scenario != "" {
				sc, err = loadScenarioFile(filepath.Join("testdata", f.Scenario))
				must(t, err)
			}
			g := NewGame(sc, f.Options, f.Seed)
			for i, step := range f.History {
				before := g.State
				if _, err := g.ApplyText(step); err != nil {
					if g.State != before {
						t.Fatalf("step %d %q: refused and changed the state", i+1, step)
					}
					t.Fatalf("step %d %q: %v", i+1, step, err)
				}
				if err := invariantError(&g.State); err != nil {
					t.Fatalf("step %d %q: %v", i+1, step, err)
				}
			}
			if f.Winner != NoSide && (g.State.Winner() != f.Winner || g.State.Turn() != f.Turn) {
				t.Errorf("ended with %s on turn %d, recorded %s on turn %d", g.State.Winner(), g.State.Turn(), f.Winner, f.Turn)
			}
		})
	}
}

func optionSets() []Options {
	var out []Options
	for los := uint8(0); los < 2; los++ {
		for ej := uint8(0); ej < 2; ej++ {
			for at := uint8(0); at < 2; at++ {
				for f := uint8(0); f < 3; f++ {
					for se := uint8(0); se < 2; se++ {
						out = append(out, Options{los, ej, at, f, se})
					}
				}
			}
		}
	}
	return out
}

// propertyScale divides the length of the property tests: by 10 with
// -short, by 4 under the race detector, unless MORTAIN_LONG is 1 or true
// (as .ci/run sets it): then they run at full length, race detector or not.
func propertyScale() int {
	switch {
	case testing.Short():
		return 10
	case testenv.Long():
		return 1
	case raceEnabled:
		return 4
	}
	return 1
}

// TestPropertyRandomGames plays thousands of random legal games to the end
// under every combination of options, checking the invariants after every
// action, and that every game ends by turn 6 with a winner.
func TestPropertyRandomGames(t *testing.T) {
	n := 3000 / propertyScale()
	opts := optionSets()
	wins := map[Side]int{}
	turns := map[int]int{}
	for i := 0; i < n; i++ {
		g := playRandom(t, uint64(i), opts[i%len(opts)])
		wins[g.State.winner]++
		turns[g.State.Turn()]++
	}
	if wins[US]+wins[German] != n {
		t.Fatalf("%d games, %d won", n, wins[US]+wins[German])
	}
	t.Logf("%d games: US %d, German %d; ending turn %v", n, wins[US], wins[German], turns)
}

// TestPropertyWestwardGames plays games where the German side mostly enters,
// moves west and exits, so that the German victories (R8.1-R8.3) and the
// ends of games before turn 6 are exercised under the same invariants.
func TestPropertyWestwardGames(t *testing.T) {
	n := 600 / propertyScale()
	opts := optionSets()
	wins := map[string]int{}
	for i := 0; i < n; i++ {
		g := NewGame(nil, opts[i%len(opts)], uint64(50000+i))
		p := NewRandomPlayer(uint64(i))
		var buf []Action
		for steps := 0; !g.State.Over(); steps++ {
			if steps > 20000 {
				saveFailure(t, g, "the game does not end")
			}
			buf = g.State.LegalActions(buf[:0])
			a := buf[p.Intn(len(buf))]
			if g.State.ToAct() == German && p.Intn(10) < 8 {
				for _, b := range buf {
					if b.Kind == ActExit || b.Kind == ActEnter ||
						(b.Kind == ActMove && b.Hex.Col() < g.State.Unit(b.Unit).Hex.Col()) {
						a = b
						break
					}
				}
			}
			if _, err := g.Apply(a); err != nil {
				saveFailure(t, g, fmt.Sprintf("listed action %s refused: %v", a.Format(g.State.sc), err))
			}
			if err := invariantError(&g.State); err != nil {
				saveFailure(t, g, "after "+a.Format(g.State.sc)+": "+err.Error())
			}
		}
		wins[g.State.WinReason().Rule()]++
	}
	if wins["R8.1"] == 0 || wins["R8.4"] == 0 {
		t.Errorf("the westward games should see both sides win: %v", wins)
	}
	t.Logf("%d games, wins by rule: %v", n, wins)
}

// allCandidates lists every action of the candidate space, legal or not.
// Pair entries are tried on the entry columns and one inland column only:
// elsewhere every entry is refused by the same column test.
func allCandidates(sc *Scenario) []Action {
	out := []Action{Historical(), SetupDone(), Resolve(), Redraw(), TakeMiss(), Pass()}
	for u := range sc.Units {
		uid := UnitID(u)
		out = append(out, Exit(uid))
		for h := Hex(0); h < NumHexes; h++ {
			out = append(out, Place(uid, h), Move(uid, h), Enter(uid, h, NoUnit), MoveWith(uid, h, sc.Tiger))
			if c := h.Col(); c != FirstCol && c != LastCol && c != 15 {
				continue
			}
			for w := range sc.Units {
				if w != u {
					out = append(out, Enter(uid, h, UnitID(w)))
				}
			}
		}
		for v := range sc.Units {
			out = append(out, Fire(uid, UnitID(v)))
		}
	}
	for h := Hex(0); h < NumHexes; h++ {
		out = append(out, AirCover(h), AirAttack(h, NoUnit), OBA(h, NoUnit))
		for v := range sc.Units {
			out = append(out, AirAttack(h, UnitID(v)), OBA(h, UnitID(v)))
		}
	}
	return out
}

// TestPropertyLegalMatchesApply: an action is listed by LegalActions if and
// only if Apply accepts it, and a refused action changes nothing.
func TestPropertyLegalMatchesApply(t *testing.T) {
	sc := DefaultScenario()
	cands := allCandidates(sc)
	games := 40 / propertyScale()
	for i := 0; i < games; i++ {
		g := NewGame(nil, optionSets()[i%40], uint64(1000+i))
		p := NewRandomPlayer(uint64(i))
		for step := 0; !g.State.Over(); step++ {
			legal := map[Action]bool{}
			for _, a := range g.State.LegalActions(nil) {
				if legal[a] {
					t.Fatalf("%s listed twice", a.Format(sc))
				}
				legal[a] = true
			}
			if step%3 == 0 {
				for _, a := range cands {
					before := g.State
					s := g.State
					err := s.Apply(a, nil)
					if (err == nil) != legal[a] {
						t.Fatalf("game %d step %d phase %s: %s listed=%v but Apply err=%v", i, step, g.State.phase, a.Format(sc), legal[a], err)
					}
					if err != nil && s != before {
						t.Fatalf("refused %s changed the state", a.Format(sc))
					}
				}
			}
			a, _ := p.Choose(&g.State)
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestReplayDeterminism: a seed and the action list reproduce the identical
// final state and log.
func TestReplayDeterminism(t *testing.T) {
	for i := 0; i < 50/propertyScale(); i++ {
		g := playRandom(t, uint64(7000+i), optionSets()[i%40])
		r, err := Replay(nil, g.State.options, g.Seed, g.History)
		if err != nil {
			t.Fatal(err)
		}
		if r.State != g.State {
			t.Fatalf("seed %d: replay differs", g.Seed)
		}
		if fmt.Sprint(r.Log) != fmt.Sprint(g.Log) {
			t.Fatalf("seed %d: replayed log differs", g.Seed)
		}
	}
}

func TestStateCopyDoesNotAllocate(t *testing.T) {
	g := NewGame(nil, Options{}, 1)
	var sink State
	n := testing.AllocsPerRun(100, func() {
		c := g.State
		sink = c
	})
	if n > 1 {
		t.Fatalf("copying a state allocates %v times", n)
	}
	_ = sink
	_ = bits.OnesCount32
}
