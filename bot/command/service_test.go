package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// startTwoPlayer starts Ann (US) against Bob (German) and finishes the
// set-up; it returns the side of the first round.
func startTwoPlayer(t *testing.T, s *Service) rules.Side {
	t.Helper()
	mustDo(t, s, ann, "new opponent:<@2> side:us")
	mustDo(t, s, ann, "setup preset:historical")
	r := mustDo(t, s, ann, "setup done")
	g, _, err := s.Game(testKey)
	if err != nil {
		t.Fatal(err)
	}
	side := g.State.RoundSide()
	want := map[rules.Side]string{rules.US: ann.UserID, rules.German: bob.UserID}[side]
	if r.Posts[0].Mention != want {
		t.Errorf("the first round (%s) mentions %q, want %q", side.Title(), r.Posts[0].Mention, want)
	}
	return side
}

func TestRights(t *testing.T) {
	s, st := newService(t, 11)
	side := startTwoPlayer(t, s)
	player, other := ann, bob
	if side == rules.German {
		player, other = bob, ann
	}
	mustRefuse(t, s, st, eve, "pass", "Not your game")
	mustRefuse(t, s, st, other, "pass", "Not your turn: it is the "+side.Title()+" round")
	mustRefuse(t, s, st, eve, "resign", "Not your game")
	mustRefuse(t, s, st, ann, "abort", "Manage Channels")
	mustRefuse(t, s, st, eve, "join", "No seat is open")
	mustRefuse(t, s, st, eve, "new opponent:ai", "already running")
	mustRefuse(t, s, st, eve, "new opponent:ai confirm:yes", "already running")
	mustRefuse(t, s, st, ann, "new opponent:ai", "A new game ends it without a result")
	// Spectators may read.
	for _, cmd := range []string{"status", "log", "units", "rules n:R6.8", "help", "help command:fire", "map"} {
		if r := do(t, s, eve, cmd); r.Refused {
			t.Errorf("spectator %q refused: %s", cmd, r.Private)
		}
	}
	mustDo(t, s, player, "pass")
	// A moderator may abort; the game is then gone.
	mustRefuse(t, s, st, mod, "abort", "Aborting ends the game")
	r := mustDo(t, s, mod, "abort confirm:yes")
	if !r.Over || !strings.Contains(r.Posts[0].Text, "aborted") {
		t.Errorf("abort: %+v", r)
	}
	mustRefuse(t, s, st, player, "pass", "is over")
}

func TestStatusShowsEverything(t *testing.T) {
	s, _ := newService(t, 11)
	mustDo(t, s, ann, "new opponent:ai level:random los:lenient attack:ends-round remind:12h")
	r := mustDo(t, s, eve, "status")
	for _, want := range []string{"US set-up", "los:lenient attack:ends-round", "US: Ann · German: the AI (random)", "remind: 12h", "Waiting for Ann"} {
		if !strings.Contains(r.Private, want) {
			t.Errorf("status lacks %q:\n%s", want, r.Private)
		}
	}
}

// A refused action names its rule and writes nothing; a malformed one says
// what is wrong.
func TestRefusalsNameTheRule(t *testing.T) {
	s, st := newService(t, 11)
	mustDo(t, s, ann, "new opponent:hotseat")
	mustRefuse(t, s, st, ann, "setup unit:120 hex:1901", "Not allowed by rule R2.1")
	mustRefuse(t, s, st, ann, "setup unit:DR-1 hex:1501", "Not allowed by rule R2.3")
	mustRefuse(t, s, st, ann, "setup done", "Not allowed by rule R2.1")
	mustRefuse(t, s, st, ann, "move unit:TD to:1403", "Not allowed by rule R2.1")
	mustRefuse(t, s, st, ann, "move unit:TD", "needs to:")
	mustRefuse(t, s, st, ann, "setup unit:zz hex:1501", "There is no unit")
	mustRefuse(t, s, st, ann, "setup unit:120 hex:2501", "off the map")
	mustRefuse(t, s, st, ann, "new side:french", "not a choice")
	mustRefuse(t, s, st, ann, "debug turn n:2", "--debug")
}

func TestJoinAndResign(t *testing.T) {
	s, st := newService(t, 3)
	r := mustDo(t, s, ann, "new side:german")
	if !strings.Contains(r.Posts[0].Text, "The US seat is open") {
		t.Errorf("new with no opponent: %q", r.Posts[0].Text)
	}
	mustRefuse(t, s, st, ann, "setup preset:historical", "seat is open")
	mustRefuse(t, s, st, ann, "join", "already play the German")
	r = mustDo(t, s, bob, "join")
	if !strings.Contains(r.Posts[0].Text, "Bob joins the game as the US side") {
		t.Errorf("join: %q", r.Posts[0].Text)
	}
	mustDo(t, s, bob, "setup preset:historical")
	r = mustDo(t, s, ann, "resign confirm:yes")
	if !r.Over || !strings.Contains(r.Posts[0].Text, "the US side wins") || r.Posts[0].Mention != bob.UserID {
		t.Errorf("resign: %+v", r.Posts)
	}
	if _, err := st.Get(testKey); err != record.ErrNotFound {
		t.Errorf("the resigned game is still running")
	}
}

// Hotseat: one person plays both sides; undo takes back a step until a
// card is drawn.
func TestHotseatAndUndo(t *testing.T) {
	s, st := newService(t, 11)
	mustDo(t, s, ann, "new opponent:hotseat")
	mustDo(t, s, ann, "setup unit:120 hex:1501")
	r := mustDo(t, s, ann, "undo")
	if !strings.Contains(r.Posts[0].Text, "took back: setup unit:120 hex:1501") {
		t.Errorf("undo: %q", r.Posts[0].Text)
	}
	mustRefuse(t, s, st, ann, "undo", "Nothing to undo")
	mustDo(t, s, ann, "setup preset:historical done")
	g, _, _ := s.Game(testKey)
	if g.State.Phase() != rules.PhaseRound {
		t.Fatalf("phase %s after the set-up", g.State.Phase())
	}
	mustRefuse(t, s, st, ann, "undo", "Nothing to undo")
	mustDo(t, s, ann, "pass") // whichever side: Ann holds both
}

// After a person's move the AI's activations come one AIStep at a time,
// each committed, until the person is to act again.
func TestAIStepsOneAtATime(t *testing.T) {
	s, st := newService(t, 21)
	r := mustDo(t, s, ann, "new opponent:ai level:random side:german")
	if !r.AINext {
		t.Fatalf("the AI holds the US set-up but AINext is false")
	}
	steps := 0
	for more := true; more; {
		before := st.Commits
		resp, m, err := s.AIStep(context.Background(), testKey)
		if err != nil {
			t.Fatal(err)
		}
		more = m
		if !m && len(resp.Posts) == 0 && st.Commits == before {
			break // nothing for the AI to do
		}
		steps++
		if st.Commits != before+1 {
			t.Errorf("AI step %d made %d commits, want 1", steps, st.Commits-before)
		}
		if steps > 500 {
			t.Fatal("the AI never gives the turn back")
		}
	}
	g, _, _ := s.Game(testKey)
	if !g.State.Over() && g.State.ToAct() != rules.German {
		t.Errorf("after the AI's steps %s is to act, want the German (Ann)", g.State.ToAct().Title())
	}
	if steps < 6 {
		t.Errorf("only %d AI steps for the set-up and the first rounds", steps)
	}
	// Nothing for the AI now.
	if resp, more, _ := s.AIStep(context.Background(), testKey); more || len(resp.Posts) != 0 {
		t.Errorf("AIStep on the person's turn did something")
	}
}

// AI against AI pauses at the pace chosen; a Continue button resumes.
func TestAIvsAIPace(t *testing.T) {
	s, _ := newService(t, 5)
	mustDo(t, s, eve, "new opponent:ai-vs-ai level:random pace:turn")
	paused := 0
	for i := 0; i < 3000; i++ {
		resp, more, err := s.AIStep(context.Background(), testKey)
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		if resp.Pause {
			paused++
			b := resp.Posts[0].Buttons
			if len(b) != 1 || !strings.HasPrefix(b[0].CustomID, "mortain/continue/") {
				t.Fatalf("a pause without a Continue button: %+v", b)
			}
			if !strings.Contains(resp.Posts[0].Text, "ends**") {
				t.Errorf("pace:turn paused on %q", resp.Posts[0].Text)
			}
			if c := s.HandleButton(context.Background(), testKey, eve, b[0].CustomID); !c.AINext {
				t.Errorf("Continue: %+v", c)
			}
		}
	}
	if paused < 1 || paused > 6 {
		t.Errorf("%d pauses at pace:turn, want one per turn end", paused)
	}
	g, finished, _ := s.Game(testKey)
	if !finished || !g.State.Over() {
		t.Errorf("the AI-vs-AI game did not end")
	}
}

// An AI step that completes nothing yet says so (Pending), so the front
// end posts the next step without a pause: a unit placed while the set-up
// goes on (R2.1), a firer declared or joined while the attack is pending
// (R6.6). Every other step completes something: a face card drawn for
// the attack (R6.8) waits for its redraw or miss, and is shown.
func TestAIStepPendingUntilTheAttackResolves(t *testing.T) {
	s, _ := newService(t, 5)
	mustDo(t, s, eve, "new opponent:ai-vs-ai level:easy pace:end")
	pending := 0
	for i := 0; i < 3000; i++ {
		resp, more, err := s.AIStep(context.Background(), testKey)
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		g, _, _ := s.Game(testKey)
		_, _, open := g.State.PendingAttack()
		open = open && g.State.Phase() != rules.PhaseFaceChoice
		setup := g.State.Phase() == rules.PhaseSetup
		if resp.Pending != (open || setup) {
			t.Fatalf("step %d (%q): Pending %v with an attack pending %v, in the set-up %v", i, resp.Posts[0].Text, resp.Pending, open, setup)
		}
		if open {
			pending++
		}
	}
	if pending == 0 {
		t.Error("no AI step left an attack pending: nothing was checked")
	}
}

// Buttons carry their game and step: one pressed after the game moved on
// is refused; one pressed after a restart (a new Service) works.
func TestButtons(t *testing.T) {
	s, st := newService(t, 11)
	side := startTwoPlayer(t, s)
	player := map[rules.Side]Caller{rules.US: ann, rules.German: bob}[side]
	g, _, _ := s.Game(testKey)
	rec, _ := st.Get(testKey)
	bs := buttonsFor(rec)
	var pass string
	for _, b := range bs {
		if strings.HasPrefix(b.CustomID, "mortain/pass/") {
			pass = b.CustomID
		}
	}
	if pass == "" {
		t.Fatalf("no pass button in %+v", bs)
	}
	if len(pass) > 100 {
		t.Errorf("custom ID of %d characters", len(pass))
	}
	if r := s.HandleButton(context.Background(), testKey, eve, pass); !r.Refused || !strings.Contains(r.Private, "Not your game") {
		t.Errorf("spectator pressing pass: %+v", r)
	}
	restarted := New(Config{FrontEnd: frontend.Discord{}, Store: st})
	r := passByButton(restarted, player, pass)
	if r.Refused || !strings.Contains(r.Posts[0].Text, "passes") {
		t.Fatalf("pass after a restart: %+v", r)
	}
	g2, _, _ := s.Game(testKey)
	if len(g2.History) <= len(g.History) {
		t.Errorf("the button did not pass")
	}
	if r := s.HandleButton(context.Background(), testKey, player, pass); !r.Refused || !strings.Contains(r.Private, "out of date") {
		t.Errorf("a stale button: %+v", r)
	}
	if r := s.HandleButton(context.Background(), testKey, player, "other/thing"); !r.Refused {
		t.Errorf("a foreign button was accepted")
	}
}

func TestRuleText(t *testing.T) {
	if s := RuleText("r6.8"); !strings.HasPrefix(s, "- **R6.8 Resolution.**") || strings.Contains(s, "R6.9 Hit") {
		t.Errorf("R6.8:\n%s", s)
	}
	if s := RuleText("R6.1"); strings.Contains(s, "R6.2") || !strings.Contains(s, "R6.1") {
		t.Errorf("R6.1:\n%s", s)
	}
	if s := RuleText("R8"); !strings.Contains(s, "R8.1") || !strings.Contains(s, "R8.4") {
		t.Errorf("R8:\n%s", s)
	}
	if s := RuleText("R12.3"); !strings.Contains(s, "not a rule number") && !strings.Contains(s, "There is no rule") {
		t.Errorf("R12.3: %s", s)
	}
	if s := RuleText(""); !strings.Contains(s, "R9 The program") {
		t.Errorf("the list of sections: %s", s)
	}
	for _, d := range Definitions() {
		if !strings.Contains(HelpText("", false), d.Name) || !strings.Contains(HelpText(d.Name, false), d.Example) {
			t.Errorf("help does not cover %s", d.Name)
		}
	}
	if strings.Contains(HelpText("", false), "debug") {
		t.Errorf("help lists debug outside debug mode")
	}
}

// Every legal action can be typed as a command and is accepted; each one
// posts exactly one map image with a one-line narration heading, until the
// game ends with a summary.
func TestEveryLegalActionAsACommand(t *testing.T) {
	st := newMemStore()
	renders := 0
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 8 },
		Render: func(*rules.State, []rules.Event, i18n.Lang) ([]byte, error) { renders++; return []byte("\x89PNG"), nil }})
	mustDo(t, s, ann, "new opponent:hotseat")
	mustDo(t, s, ann, "setup preset:historical done")
	p := rules.NewRandomPlayer(3)
	for i := 0; ; i++ {
		g, finished, _ := s.Game(testKey)
		if finished {
			break
		}
		a, _ := p.Choose(&g.State)
		name, opts := commandFor(g.State.Scenario(), a)
		before := renders
		r := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Command: name, Options: opts})
		if r.Refused {
			t.Fatalf("legal %s %v refused: %s", name, opts, r.Private)
		}
		if renders != before+1 || r.Posts[0].Image == nil || r.Posts[0].ImageName != "map.png" {
			t.Fatalf("%s: %d renders, want 1 image", name, renders-before)
		}
		if !strings.Contains(r.Posts[0].Text, " — ") {
			t.Fatalf("post without a heading: %q", r.Posts[0].Text)
		}
		if r.Over {
			if len(r.Posts) != 2 || !strings.Contains(r.Posts[1].Text, "Game over") {
				t.Fatalf("the end without a summary: %+v", r.Posts)
			}
			return
		}
		if i > 5000 {
			t.Fatal("the game never ends")
		}
	}
	t.Fatal("the game ended without an Over response")
}

// undo's post tells the points the round has once the step is taken back.
func TestUndoTellsThePointsLeftAfterIt(t *testing.T) {
	s, _ := newService(t, 11)
	mustDo(t, s, ann, "new opponent:hotseat")
	mustDo(t, s, ann, "setup preset:historical done")
	for i := 0; i < 60; i++ {
		g, _, _ := s.Game(testKey)
		st := &g.State
		if st.Phase() == rules.PhaseRound && !st.FaceRound() && st.PointsLeft() >= 2 {
			for _, a := range st.LegalActions(nil) {
				if a.Kind != rules.ActMove {
					continue
				}
				sc := st.Scenario()
				mustDo(t, s, ann, "move unit:"+sc.Unit(a.Unit).ID+" to:"+a.Hex.String())
				r := mustDo(t, s, ann, "undo")
				if want := "(" + pts(st.PointsLeft()) + " left)"; !strings.Contains(r.Posts[0].Text, want) {
					t.Fatalf("undo posted %q, want the points back at %s", r.Posts[0].Text, want)
				}
				return
			}
		}
		if st.Phase() == rules.PhaseFaceChoice {
			mustDo(t, s, ann, "miss")
		} else {
			mustDo(t, s, ann, "pass")
		}
	}
	t.Skip("no round with a move for this seed")
}

// A refusal does not echo a huge unit name back.
func TestRefusalsClipWhatWasTyped(t *testing.T) {
	s, _ := newService(t, 11)
	mustDo(t, s, ann, "new opponent:hotseat")
	r := do(t, s, ann, "setup unit:"+strings.Repeat("X", 4000)+" hex:1501")
	if !r.Refused || len(r.Private) > 400 {
		t.Errorf("the refusal is %d characters long", len(r.Private))
	}
}
