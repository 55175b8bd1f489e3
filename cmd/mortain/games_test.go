package main

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// new keeps the game played so far; games lists the saved games with
// their ids; resume id:N switches, and a later start resumes the game
// played last. An unknown id is refused, saying where the ids are, and
// changes nothing.
func TestLocalSeveralGamesAndResume(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	first := writeScript(t,
		"new mode:hotseat",
		"setup unit:120 hex:1501",
		"new mode:ai level:random side:german", // the hotseat game is kept
		"games",
		"resume id:99",
		"resume id:1",
		"setup unit:117 hex:1701",
	)
	stdout, stderr, code := run(t, "", "local", "--strict=false", "--script", first, "--seed", "3", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, want := range []string{
		"(Game 1, US: you · German: you, is kept as it is: resume id:1 goes back to it.)",
		"New game of Stand at Mortain (game 2)",
		"Your saved games, the latest first",
		"Resumed game 1 (1 step so far).",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the narration lacks %q:\n%s", want, tail(stderr))
		}
	}
	_, list, _ := strings.Cut(stderr, "Your saved games")
	list, _, _ = strings.Cut(list, "> resume")
	if i, j := strings.Index(list, "id:2 — US: the AI (random) · German: you — running"), strings.Index(list, "id:1 — US: you · German: you — running, US set-up"); i < 0 || j < i {
		t.Errorf("games does not list game 2 (the AI's set-up done), then game 1:\n%s", list)
	}
	if !strings.Contains(list, "← this game") || strings.Count(list, "last active ") != 2 {
		t.Errorf("games does not mark the game played or say when each was active:\n%s", list)
	}
	if !strings.Contains(stderr, "refused: There is no saved game 99. Your games are 1, 2: games lists them") {
		t.Errorf("resume id:99 was not refused with the ids:\n%s", tail(stderr))
	}
	v := state(t, stdout)
	if u := unit(t, v, "120"); u.Hex != "1501" || unit(t, v, "117").Hex != "1701" || v.Phase != "setup" {
		t.Errorf("after resume id:1 the commands did not go to game 1: 120 on %q, 117 on %q, phase %s", u.Hex, unit(t, v, "117").Hex, v.Phase)
	}

	// A later start resumes game 1, the one played last, and says there
	// are two.
	stdout, stderr, code = run(t, "", "local", "--script", writeScript(t, "status"), "--json", "--db", db)
	if code != 0 {
		t.Fatalf("second start: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "Resuming your game (2 steps so far): game 1 of your 2 saved games (games lists them, resume id:N switches).") {
		t.Errorf("the second start did not resume game 1:\n%s", tail(stderr))
	}
	if v := state(t, stdout); unit(t, v, "117").Hex != "1701" {
		t.Errorf("the second start printed another game: %+v", unit(t, v, "117"))
	}

	// export writes the game played last, or the one --game N names.
	for game, want := range map[string]string{"": `"us": "you"`, "2": `"us": "the AI (random)"`} {
		args := []string{"export", "--db", db, "--out", "-"}
		if game != "" {
			args = append(args, "--game", game)
		}
		stdout, stderr, code := run(t, "", args...)
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("export --game %q: exit %d, want players %s\n%s%s", game, code, want, stdout[:min(len(stdout), 400)], stderr)
		}
	}
}

// games and resume in local play change nothing when refused; in Discord
// resume does not exist and games still lists the server's channels.
func TestResumeIsLocal(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "r.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := command.New(command.Config{FrontEnd: frontend.Discord{}, Store: db, Seed: func() uint64 { return 5 }})
	term := command.New(command.Config{FrontEnd: terminal{}, Store: db, Seed: func() uint64 { return 5 }})
	ctx := context.Background()
	server := record.Key{Guild: "g", Channel: "c"}
	for key, svc := range map[record.Key]*command.Service{server: svc, localKey: term} {
		if r := svc.Handle(ctx, command.Request{Key: key, Caller: localCaller, Command: "new", Options: map[string]string{"mode": "hotseat"}}); r.Refused {
			t.Fatal(r.Private)
		}
	}
	r := svc.Handle(ctx, command.Request{Key: server, Caller: localCaller, Command: "resume", Options: map[string]string{"id": "1"}})
	if !r.Refused || !strings.Contains(r.Private, "resume is for local play") {
		t.Errorf("resume on a server: %+v", r)
	}
	r = svc.Handle(ctx, command.Request{Key: server, Caller: localCaller, Command: "games"})
	if r.Refused || !strings.Contains(r.Private, "<#c> — you play both sides") || strings.Contains(r.Private, "id:") {
		t.Errorf("games on a server: %q", r.Private)
	}
	if slices.ContainsFunc(command.Definitions(), func(d command.Definition) bool { return d.Name == "resume" }) {
		t.Error("resume is registered as a Discord subcommand")
	}
	r = term.Handle(ctx, command.Request{Key: localKey, Caller: localCaller, Command: "resume", Options: map[string]string{"id": "x"}})
	if !r.Refused || !strings.Contains(r.Private, "whole number") {
		t.Errorf("resume id:x: %+v", r)
	}
	if r := term.Handle(ctx, command.Request{Key: localKey, Caller: localCaller, Command: "help"}); !strings.Contains(r.Private, "resume ") {
		t.Errorf("local help does not list resume:\n%s", r.Private)
	}
}

// Tab offers the other saved games' ids after resume id:.
func TestTabCompletesResumeIDs(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "c.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := command.New(command.Config{FrontEnd: terminal{}, Store: db, Seed: func() uint64 { return 5 }})
	ctx := context.Background()
	key := localKey
	for range 3 {
		r := svc.Handle(ctx, command.Request{Key: key, Caller: localCaller, Command: "new", Options: map[string]string{"mode": "hotseat"}})
		if r.Refused {
			t.Fatal(r.Private)
		}
		key = r.Game
	}
	c := &completer{ctx: ctx, svc: svc, key: func() record.Key { return key }}
	out, _ := c.Do([]rune("resume id:"), len("resume id:"))
	var got []string
	for _, r := range out {
		got = append(got, string(r))
	}
	slices.Sort(got)
	if !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("resume id: offers %q, want 1 and 2 (3 is the game played)", got)
	}
	if out, _ := c.Do([]rune("resu"), 4); len(out) != 1 || string(out[0]) != "me" {
		t.Errorf("resu completes to %q, want resume", out)
	}
}

// games (or resume) on an empty database lists nothing and says how to
// start, instead of starting a game against the AI.
func TestGamesOnAnEmptyDatabaseStartsNothing(t *testing.T) {
	db := filepath.Join(t.TempDir(), "empty.db")
	stdout, stderr, code := run(t, "", "local", "--script", writeScript(t, "games", "resume id:1"), "--db", db)
	if code != 0 || strings.Contains(stdout, "Starting a game") || strings.Contains(stdout, "New game") || !strings.Contains(stdout, "start one with new") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}
