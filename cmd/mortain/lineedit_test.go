package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/store"
)

// A script line over 1 MiB is refused, and the session goes on.
func TestAHugeScriptLineIsRefusedAndTheSessionGoesOn(t *testing.T) {
	script := filepath.Join(t.TempDir(), "s.txt")
	os.WriteFile(script, []byte("new mode:hotseat\nmove unit:"+strings.Repeat("X", 2<<20)+"\nsetup preset:historical\n"), 0o644)
	stdout, stderr, code := run(t, "", "local", "--script", script, "--db", filepath.Join(t.TempDir(), "l.db"))
	if code != 0 || !strings.Contains(stderr, "a line over 1 MiB was skipped") || !strings.Contains(stdout+stderr, "117 set up") {
		t.Fatalf("exit %d\n%s%s", code, stdout[:min(len(stdout), 2000)], stderr[:min(len(stderr), 2000)])
	}
}

// Tab completes command names, option names and the values legal now,
// from the same suggestions as Discord's autocomplete.
func TestTabCompletion(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "c.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := command.New(command.Config{FrontEnd: terminal{}, Store: db, Seed: func() uint64 { return 5 }})
	ctx := context.Background()
	for _, cmd := range []string{"new mode:hotseat", "setup preset:historical done"} {
		name, opts, _ := command.Parse(cmd)
		if r := svc.Handle(ctx, command.Request{Key: localKey, Caller: localCaller, Command: name, Options: opts}); r.Refused {
			t.Fatal(r.Private)
		}
	}
	c := &completer{ctx: ctx, svc: svc}
	complete := func(line string) []string {
		out, _ := c.Do([]rune(line), len([]rune(line)))
		var s []string
		for _, r := range out {
			s = append(s, string(r))
		}
		return s
	}
	if got := complete("fi"); !slices.Contains(got, "re") {
		t.Errorf("fi: %q", got)
	}
	if got := complete("fire "); !slices.Contains(got, "unit:") || !slices.Contains(got, "target:") {
		t.Errorf("fire : %q", got)
	}
	if got := complete("new mode:h"); !slices.Equal(got, []string{"otseat"}) {
		t.Errorf("new mode:h: %q", got)
	}
	got := complete("move unit:")
	if len(got) == 0 {
		t.Fatalf("move unit: offers nothing")
	}
	if !slices.Contains(got, "TD") {
		t.Errorf("move unit: %q lacks TD, which can move", got)
	}
}
