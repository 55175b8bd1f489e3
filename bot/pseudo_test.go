package bot_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// readable collects what a person reads of a request body the bot sent:
// message text, button and menu labels, menu options' descriptions and
// placeholders, autocomplete choices, thread names.
func readable(v any, key string, out *[]string) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			readable(x, k, out)
		}
	case []any:
		for _, x := range v {
			readable(x, key, out)
		}
	case string:
		switch key {
		case "content", "label", "description", "placeholder", "name", "title":
			*out = append(*out, v)
		}
	}
}

// A day of the bot's main flows with members whose Discord speaks the
// pseudo-locale, in a server whose games are in it: every text the bot
// sent to Discord (posts, replies, refusals, buttons, menus, DMs,
// autocomplete, thread names) carries the catalog's marks.
func TestTheBotSpeaksOnlyFromTheCatalog(t *testing.T) {
	e := newEnv(t)
	e.threads = true
	e.cfg.RequestRate = 1000
	e.start()
	if err := e.db.UpdateServer(guild, func(s *record.ServerSettings) error { s.Language = "pseudo"; return nil }); err != nil {
		t.Fatal(err)
	}
	pa := fakediscord.User{ID: alice.ID, Name: "alice", Locale: "pseudo"}
	pb := fakediscord.User{ID: bob.ID, Name: "bob", Locale: "pseudo"}
	pc := fakediscord.User{ID: spectator.ID, Name: "carol", Locale: "pseudo"}
	pm := fakediscord.User{ID: moderator.ID, Name: "dave", Locale: "pseudo", ManageChannels: true}
	for _, u := range []fakediscord.User{pa, pb, pc, pm} {
		e.fake.AddUser(u)
	}

	// Help, rules and autocomplete, before any game.
	e.in(channel, pa, "help")
	e.in(channel, pa, "help", opt("command", "new"))
	e.in(channel, pa, "help", opt("command", "R6.8"))
	e.in(channel, pa, "rules", opt("n", "R4"))
	e.reply(e.fake.Autocomplete(guild, channel, pa, "rules", opt("n", "R6")))
	e.in(channel, pa, "status")
	e.in(channel, pa, "move", opt("unit", "DR-1"), opt("to", "1803"))
	e.in(channel, pa, "notify", opt("dm", "on"), opt("hours", "22-07"), opt("zone", "Europe/Paris"))
	e.in(channel, pb, "notify")
	e.in(channel, pm, "server")

	// A challenge with a deadline, played by taps and commands.
	e.in(channel, pa, "new", userOpt("opponent", pb), opt("side", "us"), opt("deadline", "24h"))
	th := e.fake.Threads(channel)[0]
	if got := e.game(th).Meta.Lang; got != "pseudo" {
		t.Fatalf("the game's language is %q", got)
	}
	live, _ := e.lastButton(th, "play")
	e.reply(e.fake.Press(guild, pc, live, button(t, live, "play")))
	e.in(th, pa, "setup", opt("unit", "117"), opt("hex", "1903"))
	e.in(th, pa, "setup", opt("preset", "historical"))
	e.in(th, pa, "undo")
	e.in(th, pa, "setup", opt("preset", "historical"))
	e.in(th, pa, "setup", opt("done", true))
	e.in(th, pc, "pass")
	e.tapSteps(th, rand.New(rand.NewPCG(3, 5)), 8, pa, pb)
	for _, sub := range []string{"status", "units", "log", "moves", "map", "games", "stats"} {
		e.in(th, pa, sub)
	}
	e.in(th, pa, "move", opt("unit", "DR-1"), opt("to", "1101"))
	e.in(channel, pa, "away", opt("days", 1))
	e.in(channel, pa, "away", opt("days", 0))

	// The deadline passes: a warning, the lapse and its buttons.
	e.tick(20 * time.Hour)
	e.tick(5 * time.Hour)
	if m, ok := e.lastButton(th, "claim"); ok {
		e.reply(e.fake.Press(guild, pc, m, button(t, m, "claim")))
		rec := e.game(th)
		absent := rec.Game.State.ToAct()
		claimer := pa
		if rec.Seats[absent].UserID == pa.ID {
			claimer = pb
		}
		e.press(claimer, m, button(t, m, "wait"))
	}
	r := e.in(th, pa, "resign")
	if r.Original != nil && len(r.Original.Components) > 0 {
		e.press(pa, *r.Original, r.Original.Components[0].CustomID)
	}
	e.quietAll()

	// An open challenge taken from the channel's Join button.
	e.in(channel, pb, "new", opt("mode", "open"))
	if m, ok := e.lastButton(channel, "join"); ok {
		e.reply(e.fake.Press(guild, pb, m, button(t, m, "join")))
		e.press(pa, m, button(t, m, "join"))
	}
	// A game against the AI, played to its end.
	e.in(channel, pc, "new", opt("mode", "ai"), opt("level", "random"), opt("side", "german"))
	threads := e.fake.Threads(channel)
	ai := threads[len(threads)-1]
	key := record.Key{Guild: guild, Channel: ai}
	for i := 0; i < 400; i++ {
		e.settle(key)
		rec, err := e.db.Get(key)
		if err != nil {
			break
		}
		st := &rec.Game.State
		verb := "pass"
		if st.Phase() == rules.PhaseFaceChoice {
			verb = "miss"
		} else if _, _, ok := st.PendingAttack(); ok {
			verb = "resolve"
		}
		e.in(ai, pc, verb)
	}
	e.in(channel, pc, "stats")
	e.in(channel, pc, "games")

	bare := map[string]bool{}
	for _, req := range e.fake.Requests() {
		if len(req.JSON) == 0 || strings.Contains(req.Path, "/commands") {
			continue // the commands' registration: names in every locale
		}
		var body any
		if json.Unmarshal(req.JSON, &body) != nil {
			continue
		}
		var texts []string
		readable(body, "", &texts)
		for _, s := range texts {
			for _, line := range i18n.Bare(s) {
				if !bare[line] {
					bare[line] = true
					t.Errorf("%s %s bypasses the catalog: %q", req.Method, req.Route, line)
				}
			}
		}
	}
}
