package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/store/record"
)

var (
	testKey = record.Key{Guild: "g1", Channel: "c1"}
	ann     = Caller{UserID: "1", Name: "Ann"}
	bob     = Caller{UserID: "2", Name: "Bob"}
	eve     = Caller{UserID: "3", Name: "Eve"}
	mod     = Caller{UserID: "4", Name: "Mod", CanManage: true}
)

// newService returns a Service over a fresh memStore with a fixed seed.
func newService(t *testing.T, seed uint64) (*Service, *memStore) {
	t.Helper()
	st := newMemStore()
	return New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return seed }}), st
}

// do runs a command written in text form for caller.
func do(t *testing.T, s *Service, c Caller, text string) Response {
	t.Helper()
	return doAt(t, s, testKey, c, text)
}

// doAt runs a command written in text form for caller in the game at key.
func doAt(t *testing.T, s *Service, key record.Key, c Caller, text string) Response {
	t.Helper()
	name, opts, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return s.Handle(context.Background(), Request{Key: key, Caller: c, Command: name, Options: opts})
}

// mustDo runs a command that must be accepted.
func mustDo(t *testing.T, s *Service, c Caller, text string) Response {
	t.Helper()
	r := do(t, s, c, text)
	if r.Refused {
		t.Fatalf("%s: %q refused: %s", c.Name, text, r.Private)
	}
	return r
}

// mustRefuse runs a command that must be refused with a reason containing
// want, and checks that nothing was written.
func mustRefuse(t *testing.T, s *Service, st *memStore, c Caller, text, want string) {
	t.Helper()
	before := st.Commits
	r := do(t, s, c, text)
	if !r.Refused || len(r.Posts) != 0 {
		t.Fatalf("%s: %q accepted, want refused (%s)", c.Name, text, want)
	}
	if !strings.Contains(r.Private, want) {
		t.Errorf("%s: %q refused with %q, want it to say %q", c.Name, text, r.Private, want)
	}
	if st.Commits != before {
		t.Errorf("%q was refused but wrote to the store", text)
	}
}

// lone is a front end without members, as the terminal: one person plays
// their own games.
type lone struct{ frontend.Discord }

// Members is false: one person plays.
func (lone) Members() bool { return false }

// frontEndFor is lone for local play, else Discord's front end.
func frontEndFor(local bool) FrontEnd {
	if local {
		return lone{}
	}
	return frontend.Discord{}
}
