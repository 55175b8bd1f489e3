package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// replyTexts are the texts a person reads in a Response: its posts and
// their buttons, the private reply and its offer, the panels it updates
// or opens.
func replyTexts(r Response) []string {
	var out []string
	add := func(s string) {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	for _, p := range r.Posts {
		add(p.Text)
		for _, b := range p.Buttons {
			add(b.Label)
		}
	}
	add(r.Private)
	for _, b := range r.Offer {
		add(b.Label)
	}
	for _, p := range []*Panel{r.Panel} {
		if p == nil {
			continue
		}
		add(p.Text)
		for _, b := range p.Buttons {
			add(b.Label)
		}
		for _, sel := range p.Selects {
			add(sel.Placeholder)
			for _, o := range sel.Options {
				add(o.Label)
			}
		}
	}
	return out
}

// playFlows plays the main flows of a game with every member (and so
// every game) in lang, and returns what each step showed: a challenge and
// its join, the set-up, fire, undo, resolve, pass, status, units, log,
// map, a refusal, resign with its Confirm, the result, stats; then a game
// against the AI with its steps, the picker, a new game over a running
// one, and abort with its Confirm.
func playFlows(t *testing.T, lang i18n.Lang) [][]string {
	t.Helper()
	st := newMemStore()
	s := New(Config{FrontEnd: frontend.Discord{}, Store: st, Seed: func() uint64 { return 5 }, Debug: true})
	ctx := context.Background()
	var shown [][]string
	key := testKey
	run := func(c Caller, text string) Response {
		t.Helper()
		name, opts, err := Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		c.Lang = lang
		return s.Handle(ctx, Request{Key: key, Caller: c, Lang: lang, Command: name, Options: opts})
	}
	see := func(c Caller, text string) Response {
		t.Helper()
		r := run(c, text)
		shown = append(shown, replyTexts(r))
		return r
	}
	quiet := func(c Caller, text string) { // debug commands, not this area's
		t.Helper()
		if r := run(c, text); r.Refused {
			t.Fatalf("%q refused: %s", text, r.Private)
		}
	}
	press := func(c Caller, id string) Response {
		c.Lang = lang
		r := s.HandleButton(ctx, key, c, id)
		shown = append(shown, replyTexts(r))
		return r
	}

	see(ann, "new")
	see(eve, "join")
	see(eve, "join")
	see(ann, "setup unit:117 hex:9999")
	see(ann, "setup unit:XX hex:1501")
	see(ann, "setup preset:historical")
	see(ann, "setup done")
	see(ann, "status")
	see(eve, "units")
	see(eve, "log")
	see(eve, "map")
	quiet(ann, "debug place unit:DR-1 hex:1601")
	quiet(ann, "debug round side:us points:3")
	see(bob, "fire unit:117 target:DR-1")
	see(eve, "fire unit:117 target:DR-1")
	f := see(ann, "fire unit:117 target:DR-1")
	see(ann, "status")
	see(ann, "undo")
	see(ann, "undo")
	see(ann, "fire unit:117 target:DR-1")
	see(ann, "resolve")
	see(ann, "pass")
	see(ann, "status")
	see(ann, "log n:30")
	if len(f.Posts) > 0 {
		for _, b := range f.Posts[0].Buttons {
			press(ann, b.CustomID) // out of date now
		}
	}
	see(eve, "resign")
	r := see(ann, "resign")
	if len(r.Offer) == 0 {
		t.Fatalf("resign offers no Confirm: %+v", r)
	}
	press(ann, r.Offer[0].CustomID)
	see(ann, "status")
	see(ann, "map")
	see(ann, "fire unit:117 target:DR-1")
	see(ann, "stats")
	see(ann, "export")

	// Against the AI, in another channel.
	key = record.Key{Guild: "g1", Channel: "c2"}
	see(ann, "new mode:ai level:easy")
	see(ann, "setup preset:historical done")
	aiPosts := 0
	for turn := 0; turn < 6 && aiPosts < 3; turn++ {
		see(ann, "pass")
		for i := 0; i < 40; i++ {
			r, more, err := s.AIStep(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			if texts := replyTexts(r); len(texts) > 0 {
				shown = append(shown, texts)
				aiPosts++
			}
			if !more {
				break
			}
		}
	}
	if aiPosts == 0 {
		t.Fatal("the AI never played")
	}
	rec, err := st.Get(key)
	if err != nil {
		t.Fatal(err)
	}
	if play := buttonsFor(rec); len(play) > 0 {
		if p := press(ann, play[0].CustomID); p.Panel != nil {
			for _, b := range p.Panel.Buttons {
				if strings.HasSuffix(b.CustomID, "/do:pass") {
					press(ann, b.CustomID) // the picker plays pass
					press(ann, b.CustomID) // and is out of date
				}
			}
		}
	}
	see(ann, "status")
	see(ann, "units")
	n := see(ann, "new mode:hotseat")
	if len(n.Offer) > 0 {
		press(ann, n.Offer[0].CustomID)
	}
	see(bob, "abort")
	a := see(mod, "abort")
	if len(a.Offer) == 0 {
		t.Fatalf("abort offers no Confirm: %+v", a)
	}
	press(mod, a.Offer[0].CustomID)
	see(ann, "status")
	see(ann, "join")
	return shown
}

// Every text of the game's replies and posts comes from the catalog: played
// in the pseudo-locale, no line of them is outside its marks; played in
// Japanese, each differs from the English.
func TestTheGamesRepliesAndPostsComeFromTheCatalog(t *testing.T) {
	pseudo := playFlows(t, i18n.Pseudo)
	for i, texts := range pseudo {
		for _, text := range texts {
			if bare := i18n.Bare(text); len(bare) > 0 {
				t.Errorf("step %d: text outside the catalog: %q\nin:\n%s", i, bare, text)
			}
		}
	}
	en, ja := playFlows(t, i18n.English), playFlows(t, i18n.Japanese)
	if len(en) != len(ja) || len(en) != len(pseudo) {
		t.Fatalf("the flows took %d steps in English, %d in Japanese, %d in the pseudo-locale", len(en), len(ja), len(pseudo))
	}
	for i := range en {
		if len(en[i]) != len(ja[i]) {
			t.Errorf("step %d shows %d texts in English, %d in Japanese:\n%q\n%q", i, len(en[i]), len(ja[i]), en[i], ja[i])
			continue
		}
		if len(en[i]) == 0 {
			t.Errorf("step %d shows nothing", i)
		}
		for j := range en[i] {
			if en[i][j] == ja[i][j] {
				t.Errorf("step %d: the Japanese is the English: %q", i, en[i][j])
			}
			// English words of the catalog nested in a Japanese message.
			for _, w := range []string{"the ", " side", " won", "Waiting", "Game", "round", "nobody", "open seat", "none"} {
				if strings.Contains(ja[i][j], w) {
					t.Errorf("step %d: the Japanese says %q: %q", i, w, ja[i][j])
				}
			}
		}
	}
}
