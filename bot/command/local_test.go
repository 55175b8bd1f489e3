package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/store/record"
)

// Local game 1 keeps the key local play always used; game N is local/N.
func TestLocalKeys(t *testing.T) {
	for id := 1; id <= 12; id++ {
		if got, ok := LocalID(LocalKey(id)); !ok || got != id {
			t.Errorf("LocalID(LocalKey(%d)) = %d, %v", id, got, ok)
		}
	}
	if LocalKey(1) != (record.Key{Guild: "local", Channel: "local"}) {
		t.Errorf("game 1 is %v, want local/local", LocalKey(1))
	}
	for _, k := range []record.Key{{Guild: "g", Channel: "2"}, {Guild: "local", Channel: "02"}, {Guild: "local", Channel: "1"}, {Guild: "local", Channel: "terminal"}} {
		if id, ok := LocalID(k); ok {
			t.Errorf("LocalID(%v) = %d, want no local game", k, id)
		}
	}
}

// A finished local game stays listed, with its result; resume goes to it
// to look at it, and the game played so far is left as it was.
func TestLocalGamesListsFinishedOnes(t *testing.T) {
	st := newMemStore()
	s := New(Config{FrontEnd: lone{}, Store: st, Seed: func() uint64 { return 4 }})
	you := Caller{UserID: "local", Name: "you", CanManage: true}
	run := func(key record.Key, text string) Response {
		t.Helper()
		name, opts, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		return s.Handle(context.Background(), Request{Key: key, Caller: you, Command: name, Options: opts})
	}
	key := LocalKey(1)
	if r := run(key, "new mode:hotseat"); r.Refused || r.Game != key {
		t.Fatalf("new: %+v", r)
	}
	if r := run(key, "abort confirm:yes"); r.Refused {
		t.Fatalf("abort: %s", r.Private)
	}
	r := run(key, "new mode:hotseat")
	if r.Refused || r.Game != LocalKey(2) || strings.Contains(r.Posts[0].Text, "is kept") {
		t.Fatalf("new after a finished game: %+v", r)
	}
	key = r.Game
	r = run(key, "games")
	if !strings.Contains(r.Private, "id:2 — US: you · German: you — running, US set-up") || !strings.Contains(r.Private, "id:1 — US: you · German: you — finished: aborted") {
		t.Errorf("games:\n%s", r.Private)
	}
	commits := st.Commits
	if r := run(key, "resume id:3"); !r.Refused || r.Game != (record.Key{}) || !strings.Contains(r.Private, "Your games are 1, 2") {
		t.Errorf("resume id:3: %+v", r)
	}
	if st.Commits != commits {
		t.Error("a refused resume wrote to the store")
	}
	r = run(key, "resume 1")
	if r.Refused || r.Game != LocalKey(1) || !strings.Contains(r.Private, "Game 1 is over (aborted)") {
		t.Errorf("resume 1: %+v", r)
	}
	if r := run(key, "resume id:2"); r.Refused || r.Game != (record.Key{}) || !strings.Contains(r.Private, "the one you are playing") {
		t.Errorf("resume of the game played: %+v", r)
	}
}
