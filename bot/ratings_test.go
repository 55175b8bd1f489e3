package bot_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/store/record"
)

// tapSteps plays n commands by taps in thread th for whichever of the
// members acts.
func (e *env) tapSteps(th string, rng *rand.Rand, n int, members ...fakediscord.User) {
	e.t.Helper()
	key := record.Key{Guild: guild, Channel: th}
	start := len(e.game(th).Game.History)
	for played := 0; played < n; {
		e.settle(key)
		rec := e.game(th)
		var who fakediscord.User
		for _, m := range members {
			if rec.Seats[rec.Game.State.ToAct()].UserID == m.ID {
				who = m
			}
		}
		live, ok := e.lastButton(th, "play")
		if !ok || who.ID == "" {
			e.t.Fatalf("no Play button, or nobody to act: %+v", rec.Seats)
		}
		picker := e.reply(e.fake.Press(guild, who, live, button(e.t, live, "play"))).Original
		// The first command the picker offers, a unit's or the side's.
		for picker != nil && len(picker.Components) > 0 && played < n {
			c := picker.Components[rng.IntN(len(picker.Components))]
			var id string
			switch {
			case c.Type == 3:
				id = e.fake.Choose(guild, who, *picker, c.CustomID, c.Options[rng.IntN(len(c.Options))].Value)
			case strings.Contains(c.CustomID, "/do:") && !strings.HasSuffix(c.CustomID, "/do:undo"), strings.Contains(c.CustomID, "/confirm:"):
				id = e.fake.Press(guild, who, *picker, c.CustomID)
			default:
				continue
			}
			e.reply(id)
			e.settle(key)
			picker = e.fake.Reply(id).Original
			played = len(e.game(th).Game.History) - start
		}
	}
}

var ratingLine = regexp.MustCompile(`Ratings: (\S+) (\d+) → (\d+) \(([+−±]\d+)\) · (\S+) (\d+) → (\d+) \(([+−±]\d+)\)`)

func TestTwoMembersPlayRankedGamesAndClimbTheLeaderboard(t *testing.T) {
	e := newEnv(t)
	e.threads = true
	e.cfg.RequestRate = 1000
	e.start()
	e.fake.AddUser(bob)
	rng := rand.New(rand.NewPCG(3, 4))
	last := map[string]int{"alice": 1500, "bob": 1500}
	for i := 0; i < 15; i++ {
		side := "us"
		if i%2 == 1 {
			side = "german"
		}
		e.in(channel, alice, "new", userOpt("opponent", bob), opt("side", side))
		threads := e.fake.Threads(channel)
		th := threads[len(threads)-1]
		e.tapSteps(th, rng, 11, alice, bob)
		loser := bob
		if i%3 == 0 {
			loser = alice
		}
		e.in(th, loser, "resign", opt("confirm", "yes"))
		m, ok := e.lastWith(th, "Ratings:")
		if !ok {
			t.Fatalf("game %d: no rating line in the result: %v", i, e.fake.Messages(th)[len(e.fake.Messages(th))-1].Content)
		}
		got := ratingLine.FindStringSubmatch(m.Content)
		if got == nil {
			t.Fatalf("game %d: the rating line %q", i, m.Content)
		}
		for _, k := range []int{1, 5} {
			name, before, after := got[k], atoi(got[k+1]), atoi(got[k+2])
			if before != last[name] {
				t.Errorf("game %d: %s's rating before is %d, the last game left %d", i, name, before, last[name])
			}
			won := name != loser.Name
			if won != (after > before) {
				t.Errorf("game %d: %s %s, rating %d → %d", i, name, map[bool]string{true: "won", false: "lost"}[won], before, after)
			}
			last[name] = after
		}
	}
	// The leaderboard, read as a member would.
	id := e.fake.Slash(guild, channel, spectator, "stats")
	e.reply(id)
	e.quietAll()
	board := e.last(channel).Content
	if !strings.Contains(board, "**Leaderboard**") {
		t.Fatalf("stats: %q", board)
	}
	first, second := "alice", "bob"
	if last["bob"] > last["alice"] {
		first, second = "bob", "alice"
	}
	i1, i2 := strings.Index(board, "1. "+first), strings.Index(board, "2. "+second)
	if i1 < 0 || i2 < i1 || !strings.Contains(board, "15 rated games") {
		t.Errorf("the leaderboard does not list %s then %s with 15 rated games:\n%s", first, second, board)
	}
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}
