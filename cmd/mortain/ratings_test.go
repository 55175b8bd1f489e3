package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

func TestRatingsRecomputeRebuildsTheStoredRatings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for i, winner := range []rules.Side{rules.US, rules.German, rules.German} {
		key := record.Key{Guild: "g", Channel: "c" + string(rune('a'+i))}
		g := rules.NewGame(nil, rules.Options{}, uint64(i+1))
		p := rules.NewRandomPlayer(uint64(i))
		for n := 0; n < 15 && !g.State.Over(); n++ {
			a, _ := p.Choose(&g.State)
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		rec := &record.Record{Key: key, Game: g, Seats: map[rules.Side]record.Seat{rules.US: {UserID: "ann"}, rules.German: {UserID: "bob"}},
			Meta: record.Meta{Ranked: true, Resigned: winner.Enemy(), Acted: at.Add(time.Duration(i) * 48 * time.Hour)}}
		if err := db.Create(rec); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Finish(key); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	before, stderr, code := run(t, "", "ratings", "--db", path)
	if code != 0 || !strings.Contains(before, "server g:") || !strings.Contains(before, "ann") || !strings.Contains(before, "3 rated game(s)") {
		t.Fatalf("ratings: %d %q %q", code, before, stderr)
	}
	out, stderr, code := run(t, "", "ratings", "--db", path, "--recompute")
	if code != 0 || !strings.Contains(out, "Rebuilt the ratings from 3 rated game(s).") {
		t.Fatalf("recompute: %d %q %q", code, out, stderr)
	}
	if !strings.HasSuffix(out, before) {
		t.Errorf("the rebuilt ratings differ from the stored ones:\n%s\nbefore:\n%s", out, before)
	}
}
