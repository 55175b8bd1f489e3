package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/i18n"
)

// The end of a game words each side's eliminated units as its losses, so
// that "US ...: eliminated 119" cannot read as the US eliminating them.
func TestGameOverSaysWhatEachSideLost(t *testing.T) {
	st := NewMemStore()
	s := New(Config{Store: st, Seed: func() uint64 { return 5 }, Debug: true})
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
			st := NewMemStore()
			s := New(Config{Store: st, Seed: func() uint64 { return 5 }, Debug: true})
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
	st := NewMemStore()
	s := New(Config{Store: st, Seed: func() uint64 { return 5 }, Debug: true})
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
	st := NewMemStore()
	s := New(Config{Store: st, Seed: func() uint64 { return 5 }, Debug: true})
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
	st := NewMemStore()
	s := New(Config{Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	mustDo(t, s, ann, "new mode:hotseat")
	mustDo(t, s, ann, "setup preset:historical")
	mustDo(t, s, ann, "setup done")
	mustDo(t, s, ann, "debug round side:german card:7C")
	rec, _ := st.Get(testKey)
	before := st.Commits
	r := s.HandleButton(context.Background(), testKey, ann, pickID(rec, "do:pass"))
	if r.Refused || r.Update == nil || !strings.Contains(r.Update.Text, "4 points left") || st.Commits != before {
		t.Fatalf("the picker's Pass with 4 points left did not ask: %+v %+v", r, r.Update)
	}
	var confirm, back string
	for _, b := range r.Update.Buttons {
		switch {
		case b.Label == "Confirm: pass":
			confirm = b.CustomID
		case strings.HasSuffix(b.CustomID, "/view:top"):
			back = b.CustomID
		}
	}
	if confirm == "" || back == "" {
		t.Fatalf("the question's buttons: %+v", r.Update.Buttons)
	}
	if b := s.HandleButton(context.Background(), testKey, ann, back); b.Update == nil || len(b.Update.Selects) == 0 || st.Commits != before {
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
