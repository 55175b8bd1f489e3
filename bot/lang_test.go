package bot_test

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/internal/fakediscord"
)

// A Japanese member and an English member in one game: each reads the
// picker in their own language, while the game's posts follow the game's.
func TestEachMemberReadsTheirOwnLanguageAndThePostsTheGames(t *testing.T) {
	e := newThreadsEnv(t)
	kenji := fakediscord.User{ID: "400000000000000009", Name: "kenji", Locale: "ja"}
	e.fake.AddUser(kenji)
	e.in(channel, alice, "new", userOpt("opponent", kenji), opt("side", "us"))
	th := e.fake.Threads(channel)[0]
	if got := e.game(th).Meta.Lang; got != "en" {
		t.Fatalf("the game of an English starter is in %q", got)
	}
	live, _ := e.lastButton(th, "play")
	picker := e.reply(e.fake.Press(guild, alice, live, button(t, live, "play"))).Original
	if picker == nil || !strings.Contains(picker.Content, "Pick a unit") {
		t.Fatalf("alice's picker: %+v", picker)
	}
	e.in(th, alice, "setup", opt("preset", "historical"))
	e.in(th, alice, "setup", opt("done", true))
	// The German round (or the US one) waits; kenji's picker, when it is
	// his, is Japanese; a spectator's refusal is in English either way.
	rec := e.game(th)
	who := alice
	if rec.Seats[rec.Game.State.ToAct()].UserID == kenji.ID {
		who = kenji
	}
	live, _ = e.lastButton(th, "play")
	picker = e.reply(e.fake.Press(guild, who, live, button(t, live, "play"))).Original
	switch who {
	case kenji:
		if !strings.Contains(picker.Content, "ユニットか、陣営のコマンドを選んでください") {
			t.Errorf("kenji's picker: %q", picker.Content)
		}
	default:
		if !strings.Contains(picker.Content, "Pick a unit") {
			t.Errorf("alice's picker: %q", picker.Content)
		}
	}
	// The posts are the game's: English narration.
	if m, ok := e.lastWith(th, "the US set-up is complete"); !ok {
		t.Errorf("the posts of an English game are not in English: %q", m.Content)
	}

	// A game kenji starts is Japanese, and its posts narrate in Japanese.
	e.in(channel, kenji, "new", userOpt("opponent", alice), opt("side", "us"))
	th2 := e.fake.Threads(channel)[1]
	if got := e.game(th2).Meta.Lang; got != "ja" {
		t.Fatalf("the game of a Japanese starter is in %q", got)
	}
	live, _ = e.lastButton(th2, "play")
	picker = e.reply(e.fake.Press(guild, kenji, live, button(t, live, "play"))).Original
	if !strings.Contains(picker.Content, "米軍のセットアップ") {
		t.Errorf("kenji's picker in his game: %q", picker.Content)
	}
	e.in(th2, kenji, "setup", opt("preset", "historical"))
	if _, ok := e.lastWith(th2, "配置"); !ok {
		t.Errorf("the posts of a Japanese game: %v", e.fake.Messages(th2))
	}
	e.in(th2, kenji, "setup", opt("done", true))

	// In kenji's Japanese game each member reads their own replies in
	// their own language, refusals naming the same rule, while the posts
	// stay Japanese.
	for _, u := range []fakediscord.User{alice, kenji} {
		status, help := e.in(th2, u, "status"), e.in(th2, u, "help", opt("command", "move"))
		if !status.Ephemeral() || !help.Ephemeral() {
			t.Fatalf("%s: status %+v, help %+v", u.Name, status.Original, help.Original)
		}
		japanese := strings.Contains(status.Text(), "ターン") && strings.Contains(help.Text(), "ユニット")
		english := strings.Contains(status.Text(), "Turn") && strings.Contains(help.Text(), "Activates a unit")
		if (u == kenji && !japanese) || (u == alice && !english) {
			t.Errorf("%s (%s) reads:\n%s\n%s", u.Name, u.Locale, status.Text(), help.Text())
		}
	}
	rec = e.game(th2)
	actor := alice
	if rec.Seats[rec.Game.State.ToAct()].UserID == kenji.ID {
		actor = kenji
	}
	unit := map[fakediscord.User]string{alice: "DR-1", kenji: "117"}[actor]
	refusal := e.in(th2, actor, "move", opt("unit", unit), opt("to", "1101")).Text()
	want := map[fakediscord.User]string{alice: "Not allowed by rule R", kenji: "実行できません (R"}[actor]
	if !strings.Contains(refusal, want) {
		t.Errorf("%s's refusal: %q", actor.Name, refusal)
	}
	for _, m := range e.fake.Messages(th2) {
		if strings.Contains(m.Content, "Turn ") || strings.Contains(m.Content, " round") {
			t.Errorf("an English post in the Japanese game: %q", m.Content)
		}
	}
}
