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
	if got := e.game(th).Settings["lang"]; got != "en" {
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
	if got := e.game(th2).Settings["lang"]; got != "ja" {
		t.Fatalf("the game of a Japanese starter is in %q", got)
	}
	live, _ = e.lastButton(th2, "play")
	picker = e.reply(e.fake.Press(guild, kenji, live, button(t, live, "play"))).Original
	if !strings.Contains(picker.Content, "米軍の配置") {
		t.Errorf("kenji's picker in his game: %q", picker.Content)
	}
	e.in(th2, kenji, "setup", opt("preset", "historical"))
	if _, ok := e.lastWith(th2, "配置"); !ok {
		t.Errorf("the posts of a Japanese game: %v", e.fake.Messages(th2))
	}
}
