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
