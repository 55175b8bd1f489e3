package command

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// Fair dealing: the start commits to the seed, nothing shows the seed
// before the end, the end reveals it, and the exported record checks out.
func TestTheDealingIsCommittedHiddenThenRevealed(t *testing.T) {
	st := newMemStore()
	const seed = 987654321987
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return seed }, Salt: func() string { return "abc123" }})
	commitment := rules.Commitment(seed, "abc123")
	r := mustDo(t, s, ann, "new mode:hotseat")
	if !strings.Contains(r.Posts[0].Text, commitment) {
		t.Fatalf("the new game's post lacks the commitment: %q", r.Posts[0].Text)
	}
	var seen []string
	keep := func(r Response) {
		seen = append(seen, r.Private)
		for _, p := range r.Posts {
			seen = append(seen, p.Text, string(p.Image))
			for _, b := range p.Buttons {
				seen = append(seen, b.CustomID)
			}
		}
	}
	keep(r)
	keep(mustDo(t, s, ann, "setup preset:historical done"))
	for _, cmd := range []string{"status", "log", "units", "map", "export", "games", "pass"} {
		keep(do(t, s, ann, cmd))
	}
	secret := strconv.FormatUint(seed, 10)
	oldTag := "/" + strconv.FormatUint(seed%(36*36*36*36), 36) + "/" // buttons once carried this much of the seed
	for _, text := range seen {
		if strings.Contains(text, secret) || strings.Contains(text, "abc123") || strings.Contains(text, oldTag) {
			t.Fatalf("the seed or the salt shows before the end: %q", text)
		}
	}
	running, err := s.Record(testKey)
	if err != nil || running.Seed != nil || running.Commitment != commitment {
		t.Fatalf("the running game's record: %+v, %v", running, err)
	}

	end := mustDo(t, s, ann, "resign confirm:yes")
	if text := end.Posts[0].Text; !strings.Contains(text, secret) || !strings.Contains(text, "abc123") {
		t.Fatalf("the end does not reveal the seed and salt: %q", text)
	}
	exp := mustDo(t, s, eve, "export")
	var rec rules.Record
	if err := json.Unmarshal(exp.Posts[0].Image, &rec); err != nil {
		t.Fatal(err)
	}
	if err := rec.Verify(); err != nil {
		t.Fatalf("the exported record of the finished game: %v", err)
	}
	if rec.Players["us"] != "Ann" || len(rec.Actions) == 0 || rec.Result == "" {
		t.Errorf("the record: %+v", rec)
	}
}

func TestLimitsRefuseNamingTheLimit(t *testing.T) {
	st := newMemStore()
	seed := uint64(0)
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { seed++; return seed }, Limits: Limits{AIGamesPerServer: 1, GamesPerMember: 1, ReplaysPerMinute: 1},
		Replay: func(*rules.Game, i18n.Lang) ([]byte, error) { return []byte("GIF89a"), nil }})
	in := func(ch string, c Caller, text string) Response {
		name, opts, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		return s.Handle(context.Background(), Request{Key: record.Key{Guild: "g1", Channel: ch}, Caller: c, Command: name, Options: opts})
	}
	if r := in("c1", ann, "new mode:ai-vs-ai"); r.Refused {
		t.Fatal(r.Private)
	}
	if r := in("c2", eve, "new mode:ai-vs-ai"); !r.Refused || !strings.Contains(r.Private, "limit") {
		t.Errorf("a second AI-vs-AI game: %q", r.Private)
	}
	if r := in("c3", eve, "new mode:hotseat"); r.Refused {
		t.Fatal(r.Private)
	}
	if r := in("c4", eve, "new mode:hotseat"); !r.Refused || !strings.Contains(r.Private, "limit") {
		t.Errorf("a member's second game: %q", r.Private)
	}
	if r := in("c5", ann, "new mode:open"); r.Refused {
		t.Fatal(r.Private)
	}
	if r := in("c5", eve, "join"); !r.Refused || !strings.Contains(r.Private, "limit") {
		t.Errorf("a member's second game by join: %q", r.Private)
	}
	if r := in("c3", ann, "replay"); r.Refused {
		t.Fatalf("replay: %q", r.Private)
	}
	if r := in("c3", ann, "replay"); !r.Refused || !strings.Contains(r.Private, "limit") {
		t.Errorf("a second replay within the minute: %q", r.Private)
	}
}
