package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// The end of a game words each side's eliminated units as its losses, so
// that "US ...: eliminated 119" cannot read as the US eliminating them.
func TestGameOverSaysWhatEachSideLost(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical")
	mustDo(t, s, ann, "setup done")
	mustDo(t, s, ann, "debug place unit:119 hex:eliminated")
	mustDo(t, s, ann, "debug place unit:DR-1 hex:eliminated")
	r := mustDo(t, s, ann, "resign confirm:yes")
	text := r.Posts[len(r.Posts)-1].Text
	for _, want := range []string{"US (Ann) lost 119;", "German (Ann) lost DR-1;"} {
		if !strings.Contains(text, want) {
			t.Errorf("the result does not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "eliminated 119") {
		t.Errorf("the result says the US eliminated its own unit:\n%s", text)
	}
}

// The post of an activation counts the points left after it, as status
// and the map do (R4.3): one figure everywhere, in every language.
func TestPostsCountThePointsLeftAfterTheActivation(t *testing.T) {
	for _, c := range []struct{ lang, three, none string }{
		{"en", "(3 pts left)", "(0 pts left)"},
		{"ja", "(残り 3 ポイント)", "(残り 0 ポイント)"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			st := newMemStore()
			s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
			mustDo(t, s, ann, "new mode:hotseat language:"+c.lang)
			mustDo(t, s, ann, "setup preset:historical")
			mustDo(t, s, ann, "setup done")
			mustDo(t, s, ann, "debug round side:german card:7C") // 4 points
			post := mustDo(t, s, ann, "enter unit:DR-1 to:1903").Posts[0].Text
			status := s.Handle(context.Background(), Request{Key: testKey, Caller: ann, Lang: i18n.Parse(c.lang), Command: "status"}).Private
			if !strings.Contains(post, c.three) || !strings.Contains(status, c.three) {
				t.Errorf("after one activation of four points, want %q in the post and status:\n%s\n---\n%s", c.three, post, status)
			}
			post = mustDo(t, s, ann, "pass").Posts[0].Text
			if !strings.Contains(post, "7C "+c.none+" — ") {
				t.Errorf("the pass's post does not say the round ended with none left (%q):\n%s", c.none, post)
			}
		})
	}
}

// aiUntilPerson runs the AI's steps until it gives the move to a person,
// and returns every post it made.
func aiUntilPerson(t *testing.T, s *Service) []Post {
	t.Helper()
	var posts []Post
	for i := 0; ; i++ {
		if i > 1000 {
			t.Fatal("the AI never gives the move back")
		}
		r, more, err := s.AIStep(context.Background(), testKey)
		if err != nil {
			t.Fatal(err)
		}
		posts = append(posts, r.Posts...)
		if !more {
			return posts
		}
	}
}

// The post that pings the player to act starts with what it is for: the
// move is theirs, in which round, with how many points; what happened
// follows.
func TestThePingSaysYourMoveFirst(t *testing.T) {
	for _, c := range []struct{ lang, head string }{{"en", "**Your move** — Turn 1 · German round "}, {"ja", "**あなたの番** — ターン 1 · 独軍のラウンド "}} {
		t.Run(c.lang, func(t *testing.T) {
			s, _ := newService(t, 21)
			mustDo(t, s, ann, "new mode:ai level:random side:german language:"+c.lang)
			posts := aiUntilPerson(t, s)
			last := posts[len(posts)-1]
			if last.Mention != ann.UserID {
				t.Fatalf("the post that gives Ann the move does not ping her: %+v", last)
			}
			if !strings.HasPrefix(last.Text, c.head) {
				t.Errorf("the ping starts %q, want %q", last.Text, c.head)
			}
			g, _, _ := s.Game(testKey)
			if head, _, _ := strings.Cut(last.Text, "\n"); !strings.HasSuffix(head, roundHeaderIn(&g.State, i18n.Parse(c.lang))) {
				t.Errorf("the ping's first line %q does not end with the round as it stands", head)
			}
			for _, p := range posts[:len(posts)-1] {
				if strings.Contains(p.Text, "**Your move**") || strings.Contains(p.Text, "あなたの番") {
					t.Errorf("a post that pings nobody says it is their move: %q", p.Text)
				}
			}
		})
	}
}

// postButton finds the button of verb among bs.
func postButton(t *testing.T, bs []Button, verb string) Button {
	t.Helper()
	for _, b := range bs {
		if strings.HasPrefix(b.CustomID, buttonPrefix+verb+"/") {
			return b
		}
	}
	t.Fatalf("no %s button among %+v", verb, bs)
	return Button{}
}

// pressed presses a button for caller.
func pressed(s *Service, c Caller, b Button) Response {
	return s.HandleButton(context.Background(), testKey, c, b.CustomID)
}

// The Pass button asks before it gives up points a unit could still use
// (R4.5: the pass draws the next card, which undo cannot take back); its
// Confirm button passes. A spectator's press is refused as before.
func TestThePassButtonAsksWhenPointsAreLeft(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical")
	mustDo(t, s, ann, "setup done")
	live := mustDo(t, s, ann, "debug round side:german card:7C").Posts[0]
	pass := postButton(t, live.Buttons, "pass")
	before := st.Commits
	if r := pressed(s, eve, pass); !r.Refused || !strings.Contains(r.Private, "Not your game") || len(r.Offer) != 0 {
		t.Errorf("a spectator's Pass: %+v", r)
	}
	r := pressed(s, ann, pass)
	if !r.Refused || len(r.Posts) != 0 || !strings.Contains(r.Private, "4 points left") || !strings.Contains(r.Private, "undo cannot take back") {
		t.Fatalf("Pass with 4 points left did not ask: %+v", r)
	}
	if st.Commits != before {
		t.Fatalf("the question changed the game")
	}
	if len(r.Offer) != 1 || r.Offer[0].Label != "Confirm: pass" {
		t.Fatalf("the question offers %+v, want a Confirm button", r.Offer)
	}
	if ButtonCommand(r.Offer[0].CustomID) != "pass" {
		t.Errorf("the Confirm button's typed command is %q, want pass", ButtonCommand(r.Offer[0].CustomID))
	}
	done := pressed(s, ann, r.Offer[0])
	if done.Refused || len(done.Posts) == 0 || !strings.Contains(done.Posts[0].Text, "German passes") {
		t.Fatalf("Confirm did not pass: %+v", done)
	}
	// The same Confirm again is out of date: the game moved on.
	if again := pressed(s, ann, r.Offer[0]); !again.Refused || !strings.Contains(again.Private, "out of date") {
		t.Errorf("a second Confirm: %+v", again)
	}
}

// A pass with nothing left to do stays one tap; the typed pass never
// asks.
func TestPassWithNothingLeftToDoIsOneTap(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical")
	mustDo(t, s, ann, "setup done")
	for _, u := range []string{"117", "119", "120", "823", "TD"} {
		mustDo(t, s, ann, "debug place unit:"+u+" hex:eliminated")
	}
	live := mustDo(t, s, ann, "debug round side:us card:8H").Posts[0] // 4 points, no US unit to act on turn 1 (R5.3)
	if r := pressed(s, ann, postButton(t, live.Buttons, "pass")); r.Refused || len(r.Posts) == 0 || !strings.Contains(r.Posts[0].Text, "US passes") {
		t.Fatalf("Pass with nothing to do: %+v", r)
	}
	mustDo(t, s, ann, "debug round side:german card:7C")
	if r := mustDo(t, s, ann, "pass"); !strings.Contains(r.Posts[0].Text, "German passes") {
		t.Errorf("the typed pass: %+v", r)
	}
}

// The picker's Pass asks too, in the picker itself: Confirm passes, Back
// returns to the units; with nothing left to do it passes at once.
func TestThePickersPassAsksWhenPointsAreLeft(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical")
	mustDo(t, s, ann, "setup done")
	mustDo(t, s, ann, "debug round side:german card:7C")
	rec, _ := st.Get(testKey)
	before := st.Commits
	r := s.HandleButton(context.Background(), testKey, ann, pickID(rec, "do:pass"))
	if r.Refused || r.Panel == nil || !strings.Contains(r.Panel.Text, "4 points left") || st.Commits != before {
		t.Fatalf("the picker's Pass with 4 points left did not ask: %+v %+v", r, r.Panel)
	}
	var confirm, back string
	for _, b := range r.Panel.Buttons {
		switch {
		case b.Label == "Confirm: pass":
			confirm = b.CustomID
		case strings.HasSuffix(b.CustomID, "/view:top"):
			back = b.CustomID
		}
	}
	if confirm == "" || back == "" {
		t.Fatalf("the question's buttons: %+v", r.Panel.Buttons)
	}
	if b := s.HandleButton(context.Background(), testKey, ann, back); b.Panel == nil || len(b.Panel.Selects) == 0 || st.Commits != before {
		t.Errorf("Back: %+v", b)
	}
	done := s.HandleButton(context.Background(), testKey, ann, confirm)
	if done.Refused || len(done.Posts) == 0 || !strings.Contains(done.Posts[0].Text, "German passes") {
		t.Fatalf("Confirm did not pass: %+v", done)
	}
}

// passByButton presses a Pass button for c and, when it asks first,
// its Confirm button: the two taps of a pass that gives up points.
func passByButton(s *Service, c Caller, customID string) Response {
	r := s.HandleButton(context.Background(), testKey, c, customID)
	if r.Refused && len(r.Offer) == 1 && strings.HasPrefix(r.Offer[0].CustomID, buttonPrefix+"pass-confirm/") {
		return s.HandleButton(context.Background(), testKey, c, r.Offer[0].CustomID)
	}
	return r
}

// drawn is a renderer that keeps the events of every map it draws.
type drawn struct{ maps [][]rules.Event }

func (d *drawn) render(_ *rules.State, evs []rules.Event, _ i18n.Lang) ([]byte, error) {
	d.maps = append(d.maps, append([]rules.Event(nil), evs...))
	return []byte("png"), nil
}

// aiGame starts a game against the AI with Ann as the German (the AI sets
// up) and plays it, Ann passing every round by the typed command, until
// turn turns ends or the game does; it returns every post in order.
func aiGame(t *testing.T, seed uint64, newText string, turns int) (posts []Post, d *drawn) {
	t.Helper()
	d = &drawn{}
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return seed }, Render: d.render})
	posts = append(posts, mustDo(t, s, ann, newText).Posts...)
	for i := 0; i < 200; i++ {
		posts = append(posts, aiUntilPerson(t, s)...)
		g, _, _ := s.Game(testKey)
		if g.State.Over() || g.State.Turn() > turns {
			return posts, d
		}
		cmd := "pass"
		if g.State.Phase() == rules.PhaseFaceChoice {
			cmd = "miss"
		}
		posts = append(posts, mustDo(t, s, ann, cmd).Posts...)
	}
	t.Fatal("the game does not move on")
	return nil, nil
}

// told are the narrated lines of posts, without their headers and the
// "your move" lines: what happened, in order.
func told(posts []Post) []string {
	var out []string
	for _, p := range posts {
		for _, l := range strings.Split(p.Text, "\n") {
			if strings.HasPrefix(l, "**Your move**") {
				continue
			}
			if _, rest, ok := strings.Cut(l, " — "); ok && (strings.HasPrefix(l, "Turn ") || strings.HasPrefix(l, "US set-up")) {
				l = rest
			}
			out = append(out, l)
		}
	}
	return out
}

// The AI's set-up (R2.1) is one post with one map, narrating every
// placement; a game that posts by round also tells each AI round in one
// post with one map, the same events as a game that posts every
// activation.
func TestTheAIsSetUpAndRoundsAreOnePostEach(t *testing.T) {
	act, actMaps := aiGame(t, 21, "new mode:ai level:random side:german", 2)
	// The new game's post, then the set-up's, which gives Ann her first round.
	setup := act[1]
	if n := strings.Count(setup.Text, " set up at "); n < 5 || setup.Image == nil || setup.Mention != ann.UserID {
		t.Errorf("the AI's set-up post places %d units (want every placement, 5 or more), image %v, pings %q:\n%s", n, setup.Image != nil, setup.Mention, setup.Text)
	}
	for _, p := range act[2:] {
		if strings.Contains(p.Text, " set up at ") {
			t.Errorf("a set-up post after the first: %q", p.Text)
		}
	}
	round, roundMaps := aiGame(t, 21, "new mode:ai level:random side:german posts:round", 2)
	if a, r := strings.Join(told(act[1:]), "\n"), strings.Join(told(round[1:]), "\n"); a != r {
		t.Errorf("posts:round tells another story than posts:activation:\n%s\n---\n%s", a, r)
	}
	if len(round) >= len(act) || len(roundMaps.maps) >= len(actMaps.maps) {
		t.Errorf("posts:round made %d posts and %d maps, posts:activation %d and %d", len(round), len(roundMaps.maps), len(act), len(actMaps.maps))
	}
	for _, p := range round[1:] {
		ends := strings.Contains(p.Text, "round over") || strings.Contains(p.Text, "the US set-up is complete") || strings.Contains(p.Text, "Game over")
		if (p.Image != nil) != ends {
			t.Errorf("posts:round: a post with a map %v that ends a round %v:\n%s", p.Image != nil, ends, p.Text)
		}
	}
	t.Logf("the first two turns: posts:activation %d posts, %d maps; posts:round %d posts, %d maps", len(act), len(actMaps.maps), len(round), len(roundMaps.maps))
}

// In a game that posts by round a person's activation is told without a
// map; the step that ends the round carries the one map, which draws
// every activation of the round.
func TestPostsByRoundMapTheRoundOnce(t *testing.T) {
	d := &drawn{}
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Render: d.render, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat posts:round")
	if r := mustDo(t, s, ann, "setup unit:120 hex:1501"); r.Posts[0].Image != nil {
		t.Errorf("a placement by hand carries a map in a game that posts by round")
	}
	mustDo(t, s, ann, "setup preset:historical")
	if r := mustDo(t, s, ann, "setup done"); r.Posts[0].Image == nil {
		t.Errorf("the end of the set-up carries no map")
	}
	mustDo(t, s, ann, "debug round side:german card:7C")
	if r := mustDo(t, s, ann, "enter unit:DR-1 to:1903"); r.Posts[0].Image != nil || !strings.Contains(r.Posts[0].Text, "DR-1 enters") {
		t.Errorf("an activation that leaves the round going: %+v", r.Posts[0])
	}
	maps := len(d.maps)
	r := mustDo(t, s, ann, "pass")
	if r.Posts[0].Image == nil || len(d.maps) != maps+1 {
		t.Fatalf("the pass that ends the round carries no map: %+v", r.Posts[0])
	}
	entered := false
	for _, e := range d.maps[maps] {
		entered = entered || e.Kind == rules.EvEnter
	}
	if !entered {
		t.Errorf("the round's map does not draw the round's entry: %+v", d.maps[maps])
	}
}

// A server's moderators choose how often its new games post their map;
// new posts: chooses for one game.
func TestTheServerChoosesHowOftenGamesPost(t *testing.T) {
	s, st := newService(t, 5)
	if r := mustDo(t, s, mod, "server"); !strings.Contains(r.Private, "posts:activation — ") {
		t.Errorf("the server's settings do not say how often games post:\n%s", r.Private)
	}
	if r := mustDo(t, s, mod, "server posts:round"); !strings.Contains(r.Private, "posts:round — ") {
		t.Errorf("server posts:round:\n%s", r.Private)
	}
	mustDo(t, s, ann, "new mode:hotseat")
	rec, _ := st.Get(testKey)
	if postsOf(rec.Meta) != PostsRound {
		t.Errorf("a new game of a server with posts:round posts %s", postsOf(rec.Meta))
	}
	if r := mustDo(t, s, ann, "status"); !strings.Contains(r.Private, "posts: round") {
		t.Errorf("status does not say the game posts by round:\n%s", r.Private)
	}
	mustDo(t, s, ann, "new mode:hotseat posts:activation confirm:yes")
	rec, _ = st.Get(testKey)
	if postsOf(rec.Meta) != PostsActivation {
		t.Errorf("new posts:activation on a server with posts:round posts %s", postsOf(rec.Meta))
	}
}

// Every post that pings the player to act starts with their move: the
// first round's, a seat handed over on its holder's turn; a ping of a
// player not to act does not say it.
func TestEveryPingOfThePlayerToActSaysYourMove(t *testing.T) {
	s, _ := newService(t, 11)
	// Challenged to set up, Bob is pinged for his move; Ann's challenge of
	// Bob as the German pings him before it is his move.
	if p := mustDo(t, s, ann, "new opponent:<@2> side:german").Posts[0]; p.Mention != bob.UserID || !strings.HasPrefix(p.Text, "**Your move** — US set-up\n") {
		t.Errorf("the new game pings %q: %q", p.Mention, p.Text)
	}
	if p := mustDo(t, s, ann, "new opponent:<@2> side:us confirm:yes").Posts[0]; p.Mention != bob.UserID || strings.Contains(p.Text, "Your move") {
		t.Errorf("the new game pings %q: %q", p.Mention, p.Text)
	}
	mustDo(t, s, ann, "setup preset:historical")
	first := mustDo(t, s, ann, "setup done").Posts[0]
	if !strings.HasPrefix(first.Text, "**Your move** — Turn 1 · ") {
		t.Errorf("the first round's ping: %q", first.Text)
	}
	g, _, _ := s.Game(testKey)
	side := g.State.ToAct()
	seat := mustDo(t, s, mod, "seat side:"+side.String()+" user:<@3>").Posts[0]
	if seat.Mention != eve.UserID || !strings.HasPrefix(seat.Text, "**Your move** — Turn 1 · ") {
		t.Errorf("the seat handed over on its turn pings %q: %q", seat.Mention, seat.Text)
	}
	other := mustDo(t, s, mod, "seat side:"+side.Enemy().String()+" user:<@4>").Posts[0]
	if strings.Contains(other.Text, "Your move") {
		t.Errorf("the seat not to act says it is its move: %q", other.Text)
	}
}
