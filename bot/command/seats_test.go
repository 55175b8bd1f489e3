package command

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// A seat given as a user belongs to that account: another account with the
// same name, or with the seat's mention as its name, is a spectator.
func TestUserSeatIsAnAccountNotAName(t *testing.T) {
	s, st := newService(t, 11)
	r := mustDo(t, s, ann, "new opponent:<@2> side:us")
	if r.Posts[0].Mention != bob.UserID {
		t.Errorf("new pings %q, want the member challenged (%s)", r.Posts[0].Mention, bob.UserID)
	}
	rec, _ := st.Get(testKey)
	if got := rec.Seats[rules.German]; got != (record.Seat{UserID: bob.UserID}) {
		t.Fatalf("the German seat is %+v, want Bob's account only", got)
	}
	mustDo(t, s, ann, "setup preset:historical done")
	untilGerman(t, s)
	impostors := []Caller{
		{UserID: "9", Name: "Bob"},
		{UserID: "9", Name: "bob"},
		{UserID: "9", Name: "<@2>"},
		{UserID: "", Name: "Bob"},
		eve,
	}
	for _, c := range impostors {
		mustRefuse(t, s, st, c, "pass", "Not your game")
		mustRefuse(t, s, st, c, "resign", "Not your game")
	}
	mustDo(t, s, bob, "pass")
}

// untilGerman has Ann pass the US rounds until the German is to act.
func untilGerman(t *testing.T, s *Service) {
	t.Helper()
	for i := 0; ; i++ {
		g, _, _ := s.Game(testKey)
		if g.State.ToAct() == rules.German {
			return
		}
		if i == 20 || g.State.Over() {
			t.Fatal("the German never gets a round")
		}
		mustDo(t, s, ann, "pass")
	}
}

// A member is picked from Discord's list: a typed name is refused.
func TestTypedNamesAreRefused(t *testing.T) {
	s, st := newService(t, 11)
	for _, c := range []struct{ cmd, want string }{
		{"new opponent:@bob", "pick the member from Discord's list"},
		{"new opponent:bob", "pick the member from Discord's list"},
		{"new opponent:2", "not a Discord account"},
		{"new mode:bob", "choose ai, hotseat, ai-vs-ai, open; to challenge a member, give opponent:"},
		{"new mode:ai opponent:<@2>", "not both"},
	} {
		mustRefuse(t, s, st, ann, c.cmd, c.want)
	}
	// Challenging oneself is hotseat.
	mustDo(t, s, ann, "new opponent:<@!1>")
	rec, _ := st.Get(testKey)
	if rec.Seats[rules.US].UserID != ann.UserID || rec.Seats[rules.German].UserID != ann.UserID {
		t.Errorf("new opponent:<ann> by Ann: seats %+v, want hotseat", rec.Seats)
	}
}

// Typed, opponent:ai (hotseat, ai-vs-ai, open) is short for mode:.
func TestOpponentModeWordsAreShortForMode(t *testing.T) {
	s, st := newService(t, 11)
	mustDo(t, s, ann, "new opponent:ai")
	rec, _ := st.Get(testKey)
	if rec.Seats[rules.German].AI == "" {
		t.Errorf("new opponent:ai seats %+v", rec.Seats)
	}
}

// The Discord definitions: opponent is a user option (Discord's member
// picker), mode offers its four values, and seat needs Manage Channels.
func TestOpponentAndModeOptions(t *testing.T) {
	nd, _ := Find("new")
	if u, ok := nd.Option("opponent"); !ok || u.Type != User {
		t.Errorf("new opponent: %+v", u)
	}
	mode, _ := nd.Option("mode")
	var vals []string
	for _, c := range mode.Choices {
		vals = append(vals, c.Value)
	}
	if strings.Join(vals, " ") != "ai hotseat ai-vs-ai open" || mode.Autocomplete {
		t.Errorf("mode: choices %v, autocomplete %v", vals, mode.Autocomplete)
	}
	sd, ok := Find("seat")
	if !ok || !sd.Manage {
		t.Fatalf("seat: %+v", sd)
	}
	if u, _ := sd.Option("user"); u.Type != User || !u.Required {
		t.Errorf("seat user: %+v", u)
	}
}

// nameSeatGame stores a running game as an older version made it from
// "new opponent:@bob": the German seat holds only a typed name.
func nameSeatGame(t *testing.T, st *memStore, name string) {
	t.Helper()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	rec := &record.Record{Key: testKey, Game: rules.NewGame(nil, rules.Options{}, 11),
		Seats:   map[rules.Side]record.Seat{rules.US: {UserID: ann.UserID, Name: ann.Name}, rules.German: {Name: name}},
		Created: now, Updated: now}
	if err := st.Create(rec); err != nil {
		t.Fatal(err)
	}
}

// A seat that holds only a typed name matches nobody; OpenNameSeats opens
// it with a line for the channel, and join fills it with an account.
func TestOpenNameSeatsThenJoin(t *testing.T) {
	s, st := newService(t, 11)
	nameSeatGame(t, st, "bob")
	mustDo(t, s, ann, "setup preset:historical done")
	untilGerman(t, s)
	// Bob's name is the seat's, but a name holds nothing.
	mustRefuse(t, s, st, bob, "pass", "Not your game")

	ctx := context.Background()
	r := s.OpenNameSeats(ctx, testKey)
	if len(r.Posts) != 1 || r.Refused {
		t.Fatalf("OpenNameSeats: %+v", r)
	}
	text := r.Posts[0].Text
	for _, want := range []string{`The German seat was held by the typed name "bob"`, "not a Discord account", "open now", "join", "German: an open seat"} {
		if !strings.Contains(text, want) {
			t.Errorf("the channel line lacks %q:\n%s", want, text)
		}
	}
	rec, _ := st.Get(testKey)
	if rec.Seats[rules.German] != (record.Seat{}) || rec.Seats[rules.US].UserID != ann.UserID {
		t.Errorf("seats after OpenNameSeats: %+v", rec.Seats)
	}
	before := st.Commits
	if again := s.OpenNameSeats(ctx, testKey); len(again.Posts) != 0 || st.Commits != before {
		t.Errorf("a second OpenNameSeats posted %+v and wrote %d times", again.Posts, st.Commits-before)
	}
	if none := s.OpenNameSeats(ctx, record.Key{Guild: "g1", Channel: "none"}); len(none.Posts) != 0 {
		t.Errorf("OpenNameSeats without a game: %+v", none)
	}

	r = mustDo(t, s, bob, "join")
	if !strings.Contains(r.Posts[0].Text, "Bob joins the game as the German side") || r.Posts[0].Mention != bob.UserID {
		t.Errorf("join: %+v", r.Posts[0])
	}
	mustDo(t, s, bob, "pass")
}

// seat (Manage Channels) hands a side's seat over: the channel is told who
// held it and who holds it now, the new holder is pinged on their turn and
// gets the buttons, and the previous holder can no longer act.
func TestSeatHandsOver(t *testing.T) {
	s, st := newService(t, 11)
	mustRefuse(t, s, st, mod, "seat side:us user:<@3>", "There is no game")
	side := startTwoPlayer(t, s)
	player := map[rules.Side]Caller{rules.US: ann, rules.German: bob}[side]
	cmd := "seat side:" + side.String() + " user:<@3>"

	mustRefuse(t, s, st, player, cmd, "Manage Channels")
	mustRefuse(t, s, st, mod, "seat side:"+side.String()+" user:@eve", "Discord's list")
	mustRefuse(t, s, st, mod, "seat side:"+side.String()+" user:<@"+player.UserID+">", "already holds")
	otherSide := map[rules.Side]Caller{rules.US: bob, rules.German: ann}[side]
	mustRefuse(t, s, st, mod, "seat side:"+side.String()+" user:<@"+otherSide.UserID+">", "holds the "+side.Enemy().Title()+" seat")

	r := mustDo(t, s, mod, cmd)
	p := r.Posts[0]
	// Ann took her seat by new, with her name; Bob was seated by opponent:.
	was := map[rules.Side]string{rules.US: "Ann", rules.German: "<@2>"}[side]
	if !strings.Contains(p.Text, "Mod hands the "+side.Title()+" seat from "+was+" to <@3>") {
		t.Errorf("seat: %q", p.Text)
	}
	if p.Mention != eve.UserID {
		t.Errorf("seat pings %q, want the new holder on their turn", p.Mention)
	}
	pass := ""
	for _, b := range p.Buttons {
		if strings.HasPrefix(b.CustomID, "mortain/pass/") {
			pass = b.CustomID
		}
	}
	if pass == "" {
		t.Fatalf("seat carries no live buttons: %+v", p.Buttons)
	}
	mustRefuse(t, s, st, player, "pass", "Not your game")
	if b := s.HandleButton(context.Background(), testKey, player, pass); !b.Refused || !strings.Contains(b.Private, "Not your game") {
		t.Errorf("the previous holder pressed pass: %+v", b)
	}
	if b := passByButton(s, eve, pass); b.Refused {
		t.Errorf("the new holder pressed pass: %s", b.Private)
	}

	// Only the side to act is pinged.
	g, _, _ := s.Game(testKey)
	r = mustDo(t, s, mod, "seat side:"+side.String()+" user:<@4>")
	if want := map[bool]string{true: mod.UserID, false: ""}[g.State.ToAct() == side]; r.Posts[0].Mention != want {
		t.Errorf("seat pings %q, want %q (%s to act)", r.Posts[0].Mention, want, g.State.ToAct().Title())
	}
	if !strings.Contains(r.Posts[0].Text, "from <@3> to Mod") {
		t.Errorf("seat to oneself: %q", r.Posts[0].Text)
	}

	mustDo(t, s, otherSide, "resign confirm:yes")
	mustRefuse(t, s, st, mod, cmd, "is over")
}

// seat does not hand over a side the AI plays.
func TestSeatRefusesTheAI(t *testing.T) {
	s, st := newService(t, 11)
	mustDo(t, s, ann, "new opponent:ai level:random")
	mustRefuse(t, s, st, mod, "seat side:german user:<@2>", "The AI plays the German side")
	r := mustDo(t, s, mod, "seat side:us user:<@2>")
	if !strings.Contains(r.Posts[0].Text, "from Ann to <@2>") || r.Posts[0].Mention != bob.UserID {
		t.Errorf("seat of the US in the set-up: %+v", r.Posts[0])
	}
}

// A game against a member given as a user counts in both players' records
// (store/stats.go counts seats with a user id, against people).
func TestStatsCountUserSeats(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "stats.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s := New(Config{FrontEnd: frontend.Discord{}, Store: db, Seed: func() uint64 { return 11 }})
	mustDo(t, s, ann, "new opponent:<@2> side:us")
	mustDo(t, s, bob, "resign confirm:yes")
	ps, err := db.Stats(testKey.Guild)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]record.PlayerStats{}
	for _, p := range ps {
		got[p.UserID] = p
	}
	if a := got[ann.UserID]; a.Wins[rules.US] != 1 || a.VsHuman != [2]int{1, 0} {
		t.Errorf("Ann's record %+v, want a win as US against a person", a)
	}
	if b := got[bob.UserID]; b.Losses[rules.German] != 1 || b.VsHuman != [2]int{0, 1} {
		t.Errorf("Bob's record %+v, want a loss as German against a person", b)
	}
	r := mustDo(t, s, eve, "stats")
	if !strings.Contains(r.Posts[0].Text, "<@2> — 0 won, 1 lost") {
		t.Errorf("stats:\n%s", r.Posts[0].Text)
	}
}

// For the bot (Config.Outbox) the lines of seat and OpenNameSeats are
// queued in the same commit as the seat change, so none is lost to a
// restart.
func TestSeatLinesQueuedWithTheChange(t *testing.T) {
	st := newMemStore()
	s := New(Config{Store: st, Seed: func() uint64 { return 11 }, FrontEnd: frontend.Discord{Outbox: true}})
	nameSeatGame(t, st, "bob")
	before := st.Commits
	s.OpenNameSeats(context.Background(), testKey)
	mustDo(t, s, mod, "seat side:german user:<@3>")
	pending, _ := st.Pending(testKey)
	if st.Commits != before+2 || len(pending) != 2 {
		t.Fatalf("%d commits and %d notices, want 2 of each", st.Commits-before, len(pending))
	}
	if !strings.Contains(pending[0].Text, `typed name "bob"`) || !strings.Contains(pending[1].Text, "gives the open German seat to <@3>") {
		t.Errorf("notices %q, %q", pending[0].Text, pending[1].Text)
	}
}
