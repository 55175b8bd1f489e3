package command

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules"
)

// Fair dealing: the start commits to the seed, nothing shows the seed
// before the end, the end reveals it, and the exported record checks out.
func TestTheDealingIsCommittedHiddenThenRevealed(t *testing.T) {
	st := NewMemStore()
	const seed = 987654321987
	s := New(Config{Store: st, Seed: func() uint64 { return seed }, Salt: func() string { return "abc123" }})
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

func TestGamesListsTheServersRunningGames(t *testing.T) {
	s, _ := newService(t, 4)
	mustDo(t, s, ann, "new opponent:<@2>")
	r := do(t, s, eve, "games")
	if !strings.Contains(r.Private, "<#"+testKey.Channel+">") || !strings.Contains(r.Private, "1 running game") {
		t.Errorf("games: %q", r.Private)
	}
}
