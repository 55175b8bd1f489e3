package bot_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot"
	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/render"
	"github.com/mortain/mortain/rules"
)

func opt(name string, value any) fakediscord.Option {
	return fakediscord.Option{Name: name, Value: value}
}

// seated returns the user who holds side in the alice (US) vs bob game.
func seated(side rules.Side) fakediscord.User {
	if side == rules.US {
		return alice
	}
	return bob
}

// Play is /mortain; the moderators' subcommands are /mortain-admin.
func TestRegistersPlayAndModerationCommands(t *testing.T) {
	e := newEnv(t)
	e.start()
	cmds := e.fake.Commands(guild)
	if len(cmds) != 2 {
		t.Fatalf("%d commands registered in the dev guild, want 2", len(cmds))
	}
	type cmd struct {
		Name    string `json:"name"`
		Options []struct {
			Name    string `json:"name"`
			Type    int    `json:"type"`
			Options []struct {
				Name string `json:"name"`
				Type int    `json:"type"`
			} `json:"options"`
		} `json:"options"`
	}
	under := map[string]cmd{}
	group := map[string]string{}
	for _, raw := range cmds {
		var c cmd
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		for _, o := range c.Options {
			if o.Type == 1 {
				under[o.Name] = c
			}
			for _, sub := range o.Options {
				if o.Type == 2 && sub.Type == 1 {
					under[sub.Name], group[sub.Name] = c, o.Name
				}
			}
		}
	}
	for _, d := range command.Definitions() {
		c, ok := under[d.Name]
		switch {
		case !ok:
			t.Errorf("subcommand %s missing", d.Name)
		case d.Manage && c.Name != "mortain-admin":
			t.Errorf("%s is under /%s, want /mortain-admin", d.Name, c.Name)
		case !d.Manage && c.Name != "mortain":
			t.Errorf("%s is under /%s, want /mortain", d.Name, c.Name)
		case group[d.Name] != d.Group:
			t.Errorf("%s is in group %q, want %q", d.Name, group[d.Name], d.Group)
		}
	}
	if len(e.fake.Commands("")) != 0 {
		t.Error("commands registered globally although a dev guild is configured")
	}
}

func TestTwoPlayersPlayToTheEnd(t *testing.T) {
	e := newEnv(t)
	e.start()
	playScriptedGame(t, e)
}

// TestLatencyWithRealMaps plays the scripted game with the real map
// renderer, whose PNGs are what players get, and logs the interactions'
// latency (go test -run TestLatencyWithRealMaps -v ./bot; the figure is
// in docs/benchmarks.md).
func TestLatencyWithRealMaps(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("renders real maps: measured without -race and -short")
	}
	r, err := render.New()
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t)
	e.render = bot.FitRender(func(s *rules.State, evs []rules.Event, width int, lang i18n.Lang) ([]byte, error) {
		return r.Map(s, evs, render.Options{Width: width})
	}, e.cfg.UploadLimit, render.DefaultWidth/2)
	e.start()
	playScriptedGame(t, e)
}

// playScriptedGame plays alice (US) against bob (German): the set-up by
// buttons, rounds by buttons, a unit entered by a slash command chosen
// through autocomplete, a spectator refused; bob resigns.
func playScriptedGame(t *testing.T, e *env) {

	r := e.slash(alice, "new", fakediscord.Option{Name: "opponent", Value: bob.ID, Type: 6}, opt("side", "us"))
	if !r.Ephemeral() || r.Text() == "" {
		t.Fatalf("new: reply %q ephemeral=%v", r.Text(), r.Ephemeral())
	}
	first := e.last(channel)
	if !strings.Contains(first.Content, "New game") || len(first.Files) != 1 {
		t.Fatalf("first post %q with %d files", first.Content, len(first.Files))
	}

	// The spectator may look but not act.
	if r := e.press(spectator, first, button(t, first, "setup-historical")); !r.Ephemeral() || !strings.Contains(r.Text(), "Not your game") {
		t.Errorf("spectator's button: %q ephemeral=%v", r.Text(), r.Ephemeral())
	}
	if r := e.slash(spectator, "status"); !r.Ephemeral() || !strings.Contains(r.Text(), "US set-up") {
		t.Errorf("spectator's status: %q ephemeral=%v", r.Text(), r.Ephemeral())
	}
	if n := len(e.fake.Messages(channel)); n != 1 {
		t.Fatalf("the spectator's attempts posted %d messages", n-1)
	}

	e.press(alice, e.last(channel), button(t, e.last(channel), "setup-historical"))
	e.press(alice, e.last(channel), button(t, e.last(channel), "setup-done"))

	entered := false
	for step := 0; step < 14; step++ {
		rec := e.game(channel)
		st := &rec.Game.State
		player := seated(st.ToAct())
		if st.Phase() == rules.PhaseRound && st.RoundSide() == rules.German && !entered && st.PointsLeft() > 0 {
			// Autocomplete offers the German reserve units, then their hexes.
			id := e.fake.Autocomplete(guild, channel, bob, "enter", fakediscord.Option{Name: "unit", Value: "", Focused: true})
			units := e.reply(id).Choices
			if len(units) == 0 {
				t.Fatal("autocomplete offered no unit to enter")
			}
			unit := units[0].Value.(string)
			id = e.fake.Autocomplete(guild, channel, bob, "enter", opt("unit", unit), fakediscord.Option{Name: "to", Value: "19", Focused: true})
			hexes := e.reply(id).Choices
			if len(hexes) == 0 {
				t.Fatalf("autocomplete offered no hex for %s", unit)
			}
			// Only the player to act gets suggestions.
			if got := e.reply(e.fake.Autocomplete(guild, channel, alice, "enter", fakediscord.Option{Name: "unit", Focused: true, Value: ""})).Choices; len(got) != 0 {
				t.Errorf("alice, not to act, was offered %v", got)
			}
			n := len(e.fake.Messages(channel))
			r := e.slash(bob, "enter", opt("unit", unit), opt("to", hexes[0].Value))
			if r.Text() != "Done — posted in the channel." {
				t.Fatalf("enter %s %v: %q", unit, hexes[0].Value, r.Text())
			}
			post := e.fake.Messages(channel)[n]
			if len(post.Files) != 1 || !strings.Contains(post.Content, "enters") {
				t.Errorf("activation post %q with %d images", post.Content, len(post.Files))
			}
			entered = true
			continue
		}
		last := e.last(channel)
		verb := "pass"
		switch {
		case st.Phase() == rules.PhaseFaceChoice:
			verb = "miss"
		case st.Phase() == rules.PhaseRound:
			if _, _, ok := st.PendingAttack(); ok {
				verb = "resolve"
			}
		}
		before := len(e.fake.Messages(channel))
		r := e.tap(player, last, verb)
		if r.Text() != "" {
			t.Fatalf("step %d: %s pressing %s got %q", step, player.Name, verb, r.Text())
		}
		msgs := e.fake.Messages(channel)
		if len(msgs) != before+1 {
			t.Fatalf("step %d: %d posts for one activation, want 1", step, len(msgs)-before)
		}
		post := msgs[before]
		if len(post.Files) != 1 {
			t.Errorf("step %d: %d images with %q", step, len(post.Files), post.Content)
		}
		// The player whose round starts is pinged, and only them.
		next := e.game(channel).Game.State
		if !next.Over() && next.ToAct() != st.ToAct() {
			want := seated(next.ToAct()).ID
			if len(post.Mentions) != 1 || post.Mentions[0] != want || !strings.HasPrefix(post.Content, "<@"+want+">") {
				t.Errorf("step %d: the round of %s starts but the post pings %v: %q", step, want, post.Mentions, post.Content)
			}
		}
	}
	if !entered {
		t.Error("the German never had a round to enter a unit in")
	}

	// A stale button is refused, privately.
	if r := e.press(alice, first, button(t, first, "setup-historical")); !r.Ephemeral() || r.Text() == "" {
		t.Errorf("old button: %q", r.Text())
	}

	e.slash(bob, "resign", opt("confirm", "yes"))
	final := e.last(channel)
	if !strings.Contains(final.Content, "Game over") || !strings.Contains(final.Content, "US side wins") || !strings.Contains(final.Content, "alice") {
		t.Errorf("final post %q", final.Content)
	}
	if r := e.slash(alice, "pass"); !r.Ephemeral() || !strings.Contains(r.Text(), "over") {
		t.Errorf("pass after the end: %q", r.Text())
	}
	reportLatency(t, e.fake.Latencies())
}

// reportLatency logs p50 and p99 of INTERACTION_CREATE to callback (the
// figure docs/benchmarks.md keeps; no test asserts a speed).
func reportLatency(t *testing.T, lat []time.Duration) {
	t.Helper()
	if len(lat) < 10 {
		t.Fatalf("only %d interactions measured", len(lat))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p := func(q float64) time.Duration { return lat[int(q*float64(len(lat)-1)+0.5)] }
	t.Logf("interaction latency over %d interactions: p50 %v, p99 %v, max %v", len(lat), p(0.50), p(0.99), lat[len(lat)-1])
}

func TestDirectMessagesAreRefused(t *testing.T) {
	e := newEnv(t)
	e.start()
	id := e.fake.Slash("", "500000000000000001", alice, "new", opt("mode", "ai"))
	r := e.reply(id)
	if !r.Ephemeral() || !strings.Contains(r.Text(), "server channel") {
		t.Errorf("DM reply %q ephemeral=%v", r.Text(), r.Ephemeral())
	}
}

func TestOnlyModeratorsAbort(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.slash(alice, "new", fakediscord.Option{Name: "opponent", Value: bob.ID, Type: 6})
	if r := e.slash(spectator, "abort"); !r.Ephemeral() || !strings.Contains(r.Text(), "Manage Channels") {
		t.Errorf("abort without the permission: %q", r.Text())
	}
	e.slash(moderator, "abort", opt("confirm", "yes"))
	if m := e.last(channel); !strings.Contains(m.Content, "aborted") {
		t.Errorf("after abort the channel shows %q", m.Content)
	}
	// The channel is free for a new game.
	e.slash(bob, "new", opt("mode", "hotseat"))
	if m := e.last(channel); !strings.Contains(m.Content, "New game") {
		t.Errorf("new after abort: %q", m.Content)
	}
}

func TestLongPrivateRepliesAreSplit(t *testing.T) {
	e := newEnv(t)
	e.start()
	r := e.slash(spectator, "rules")
	if !r.Ephemeral() || r.Text() == "" {
		t.Fatalf("rules: %q", r.Text())
	}
	for _, f := range append([]fakediscord.Message{*r.Original}, r.FollowUps...) {
		if len([]rune(f.Content)) > 2000 {
			t.Errorf("a reply of %d characters", len([]rune(f.Content)))
		}
	}
	_ = fmt.Sprint
}
