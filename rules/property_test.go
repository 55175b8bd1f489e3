package rules

import (
	"fmt"
	"math/bits"
	"testing"
)

// checkInvariants asserts the invariants that hold after every action.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	sc := s.sc
	var count [NumHexes]int
	var side [NumHexes]Side
	for u, d := range sc.Units {
		us := s.units[u]
		switch us.Status {
		case OnMap:
			if !us.Hex.Valid() {
				t.Fatalf("%s on the map at no hex", d.ID)
			}
			if side[us.Hex] != NoSide && side[us.Hex] != d.Side {
				t.Fatalf("R3.2: enemies share %s", us.Hex)
			}
			side[us.Hex] = d.Side
			if UnitID(u) != sc.Tiger {
				count[us.Hex]++
			}
			if count[us.Hex] > StackLimit {
				t.Fatalf("R3.1: %d units in %s", count[us.Hex], us.Hex)
			}
			if d.Side == US && us.Hex.Col() == LastCol {
				t.Fatalf("R5.2: %s in column 19", d.ID)
			}
		case InReserve, Eliminated, Exited:
			if us.Status == Exited && d.Side != German {
				t.Fatalf("R5.5: US unit %s exited", d.ID)
			}
		default:
			t.Fatalf("%s has status %d", d.ID, us.Status)
		}
	}
	var seen [DeckSize]bool
	for _, c := range s.deck {
		if c > Joker || seen[c] {
			t.Fatalf("deck is not the 53 cards: %v", s.deck)
		}
		seen[c] = true
	}
	if s.drawn > DeckSize {
		t.Fatalf("drawn %d", s.drawn)
	}
	if s.round.points < 0 {
		t.Fatalf("points %d", s.round.points)
	}
	if s.turn > Turns {
		t.Fatalf("turn %d", s.turn)
	}
	if s.phase == PhaseOver && s.winner == NoSide {
		t.Fatal("game over without a winner")
	}
	if s.phase == PhaseRound && !s.Over() && len(s.LegalActions(nil)) == 0 {
		t.Fatal("no legal action in a round")
	}
}

// playRandom plays a whole random game, checking invariants after every
// action; it returns the game.
func playRandom(t testing.TB, seed uint64, opts Options) *Game {
	t.Helper()
	g := NewGame(nil, opts, seed)
	p := NewRandomPlayer(seed ^ 0xabcdef)
	for steps := 0; !g.State.Over(); steps++ {
		if steps > 100000 {
			t.Fatalf("seed %d: game does not end", seed)
		}
		a, ok := p.Choose(&g.State)
		if !ok {
			t.Fatalf("seed %d: no legal action at step %d in phase %s", seed, steps, g.State.phase)
		}
		before := g.State
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("seed %d: listed action %s refused: %v", seed, a.Format(g.State.sc), err)
		}
		_ = before
		checkInvariants(t, &g.State)
	}
	return g
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

func TestPropertyRandomGames(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	opts := optionSets()
	wins := map[Side]int{}
	for i := 0; i < n; i++ {
		g := playRandom(t, uint64(i), opts[i%len(opts)])
		wins[g.State.winner]++
	}
	t.Logf("wins: US %d, German %d", wins[US], wins[German])
}

// allCandidates lists every action of the candidate space, legal or not.
func allCandidates(sc *Scenario) []Action {
	out := []Action{Historical(), SetupDone(), Resolve(), Redraw(), TakeMiss(), Pass()}
	for u := range sc.Units {
		uid := UnitID(u)
		out = append(out, Exit(uid))
		for h := Hex(0); h < NumHexes; h++ {
			out = append(out, Place(uid, h), Move(uid, h), Enter(uid, h, NoUnit))
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
	games := 40
	if testing.Short() {
		games = 8
	}
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

func TestReplayDeterminism(t *testing.T) {
	for i := 0; i < 50; i++ {
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
