package command

import (
	"context"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/frontend"
)

// TestEveryPostIsQueuedWithItsStep plays a game against the AI with the
// outbox on: every post the commands return is in the store's outbox, in
// the same order, and a refusal queues nothing.
func TestEveryPostIsQueuedWithItsStep(t *testing.T) {
	st := newMemStore()
	s := New(Config{Store: st, Seed: func() uint64 { return 5 }, Level: "random", FrontEnd: frontend.Discord{Outbox: true}})
	var want []string
	keep := func(r Response) {
		for _, p := range r.Posts {
			want = append(want, p.Text)
		}
	}
	keep(mustDo(t, s, ann, "new opponent:ai side:us"))
	keep(mustDo(t, s, ann, "setup preset:historical"))
	do(t, s, eve, "pass") // refused: not eve's game
	keep(mustDo(t, s, ann, "setup done"))
	keep(mustDo(t, s, ann, "map"))
	for i := 0; i < 30; i++ {
		for more := true; more; {
			r, m, err := s.AIStep(context.Background(), testKey)
			if err != nil {
				t.Fatal(err)
			}
			keep(r)
			more = m
		}
		rec, err := st.Get(testKey)
		if err != nil {
			break // the game ended
		}
		if rec.Game.State.ToAct() == 0 || isAI(rec, rec.Game.State.ToAct()) {
			continue
		}
		r := do(t, s, ann, "pass")
		if r.Refused {
			keep(do(t, s, ann, "miss"))
			continue
		}
		keep(r)
	}
	pending, err := st.Pending(testKey)
	if err != nil {
		t.Fatal(err)
	}
	if len(pending) != len(want) {
		t.Fatalf("%d notices queued, %d posts returned", len(pending), len(want))
	}
	for i, n := range pending {
		if n.Text != want[i] {
			t.Fatalf("notice %d is %q, post %q", i, n.Text, want[i])
		}
	}
}

// TestAReminderIsQueuedOnce: while a reminder waits in the outbox the
// clock does not queue another one.
func TestAReminderIsQueuedOnce(t *testing.T) {
	st := newMemStore()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s := New(Config{Store: st, Seed: func() uint64 { return 5 }, FrontEnd: frontend.Discord{Outbox: true}, Now: func() time.Time { return now }})
	mustDo(t, s, ann, "new opponent:<@2> side:us remind:1h")
	now = now.Add(2 * time.Hour)
	if r := s.Tick(context.Background(), testKey); len(r.Posts) != 1 {
		t.Fatalf("no reminder after 2 h: %+v", r)
	}
	if r := s.Tick(context.Background(), testKey); len(r.Posts) != 0 {
		t.Fatal("a second reminder was queued while the first waits")
	}
	pending, _ := st.Pending(testKey)
	last := pending[len(pending)-1]
	if last.Mark != SettingReminded || last.Mention != ann.UserID {
		t.Errorf("the reminder notice %+v does not mark the reminder as sent on delivery", last)
	}
	rec, _ := st.Get(testKey)
	if _, set := rec.Meta.Reminded.Get(); set {
		t.Error("the reminder counts as sent before it was delivered")
	}
}
