package bot_test

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// peopleFlow plays the main flows of people, deadlines, threads and
// ratings with members whose Discord locale is locale, in a game of
// theirs (so in their language), and returns what the bot said of them,
// by what it is: the replies to notify, away and server, the channel's
// lines of a game in a thread, the deadline's line, warning and lapse
// with its buttons, the refusals of a spectator's, a stale and a forged
// button, the ratings after a rated game, the direct message.
func peopleFlow(t *testing.T, locale string) map[string]string {
	e := newThreadsEnv(t)
	e.cfg.RequestRate = 1000
	pa := fakediscord.User{ID: "400000000000000011", Name: "pa", Locale: locale}
	pb := fakediscord.User{ID: "400000000000000012", Name: "pb", Locale: locale}
	pc := fakediscord.User{ID: "400000000000000013", Name: "pc", Locale: locale}
	pm := fakediscord.User{ID: "400000000000000014", Name: "pm", Locale: locale, ManageChannels: true}
	for _, u := range []fakediscord.User{pa, pb, pc, pm} {
		e.fake.AddUser(u)
	}
	out := map[string]string{}
	reply := func(label string, r fakediscord.Reply) {
		t.Helper()
		if r.Text() == "" {
			t.Fatalf("%s: no reply", label)
		}
		out[label] = r.Text()
	}
	reply("server", e.in(channel, pm, "server"))
	reply("server-saved", e.in(channel, pm, "server", opt("games", "threads")))
	reply("notify", e.in(channel, pa, "notify", opt("tz", "Asia/Tokyo")))
	reply("notify-dm", e.in(channel, pb, "notify", opt("dm", "on")))
	reply("notify-refused", e.in(channel, pa, "notify", opt("quiet", "soon")))
	reply("away-none", e.in(channel, pa, "away"))

	e.in(channel, pa, "new", userOpt("opponent", pb), opt("side", "german"), opt("deadline", "24h"))
	threads := e.fake.Threads(channel)
	if len(threads) != 1 {
		t.Fatalf("no thread: %v", threads)
	}
	th := threads[0]
	if got := e.game(th).Meta.Lang; got != i18n.Parse(locale).String() {
		t.Fatalf("the game's language: %q", got)
	}
	out["start"] = e.last(channel).Content
	m, ok := e.lastWith(th, "<t:")
	if !ok {
		t.Fatalf("no deadline line: %v", e.fake.Messages(th))
	}
	out["deadline-line"] = lastLine(m.Content)
	if !e.fake.WaitFor(10*time.Second, func() bool { return len(e.fake.DMs(pb.ID)) > 0 }) {
		t.Fatal("no direct message")
	}
	out["dm"] = e.fake.DMs(pb.ID)[0].Content

	n := len(e.fake.Messages(th))
	e.tick(19 * time.Hour)
	if msgs := e.fake.Messages(th); len(msgs) != n+1 {
		t.Fatalf("the warning: %v", msgs[n:])
	}
	out["warning"] = e.last(th).Content
	e.tick(6 * time.Hour)
	lapse := e.last(th)
	out["lapse"] = lapse.Content
	var labels []string
	for _, c := range lapse.Components {
		labels = append(labels, c.Label)
	}
	if len(labels) != 4 {
		t.Fatalf("the lapse's buttons: %+v", lapse.Components)
	}
	out["lapse-buttons"] = strings.Join(labels, "\n")
	reply("spectator", e.reply(e.fake.Press(guild, pc, lapse, button(t, lapse, "claim"))))
	e.press(pa, lapse, button(t, lapse, "wait"))
	e.quietAll()
	out["wait"] = e.last(th).Content
	reply("stale", e.reply(e.fake.Press(guild, pa, lapse, button(t, lapse, "claim"))))
	reply("forged", e.reply(e.fake.Press(guild, pa, lapse, "elsewhere/claim")))

	reply("away", e.in(channel, pa, "away", opt("days", 3)))
	out["away-post"] = e.last(th).Content
	reply("away-status", e.in(channel, pa, "away"))
	reply("away-back", e.in(channel, pa, "away", opt("back", "yes")))
	out["back-post"] = e.last(th).Content

	// A rated game: the set-up and ten steps, then a deadline passes and
	// the opponent claims the win.
	e.in(th, pb, "setup", opt("preset", "historical"))
	e.in(th, pb, "setup", opt("done", true))
	e.tapSteps(th, rand.New(rand.NewPCG(1, 2)), 10, pa, pb)
	e.quietAll()
	e.tick(25 * time.Hour)
	lapse, ok = e.lastWith(th, "⏰")
	if !ok || len(lapse.Components) == 0 {
		t.Fatalf("the second lapse: %+v", lapse)
	}
	rec := e.game(th)
	claimer := pa // the German
	if rec.Game.State.ToAct() == rules.German {
		claimer = pb
	}
	before := len(e.fake.Messages(th))
	e.press(claimer, lapse, button(t, lapse, "claim"))
	e.quietAll()
	if _, err := e.db.Get(record.Key{Guild: guild, Channel: th}); err == nil {
		t.Fatal("the game still runs after the claim")
	}
	var over fakediscord.Message
	for _, msg := range e.fake.Messages(th)[before:] {
		if strings.Contains(msg.Content, "\n") {
			over = msg
			break
		}
	}
	out["claim"] = firstLine(over.Content)
	out["ratings"] = lastLine(over.Content)
	out["end"] = e.last(channel).Content
	return out
}

// peopleFaults plays what goes wrong, with members whose locale is
// locale: the thread limit, a missing permission, a direct message
// refused, a post refused and one set aside, a reminder, a side handed to
// the AI, a locked thread; it adds what the bot said to out.
func peopleFaults(t *testing.T, locale string, out map[string]string) {
	e := newThreadsEnv(t)
	pa := fakediscord.User{ID: "400000000000000021", Name: "pa", Locale: locale}
	pb := fakediscord.User{ID: "400000000000000022", Name: "pb", Locale: locale}
	for _, u := range []fakediscord.User{pa, pb} {
		e.fake.AddUser(u)
	}
	reply := func(label string, r fakediscord.Reply) {
		t.Helper()
		if r.Text() == "" {
			t.Fatalf("%s: no reply", label)
		}
		out[label] = r.Text()
	}
	e.fake.SetThreadLimit(guild, 0)
	reply("thread-limit", e.in(channel, pa, "new", opt("mode", "hotseat")))
	e.fake.SetThreadLimit(guild, 1000)
	e.fake.SetAppPermissions(channel, fakediscord.DefaultAppPermissions&^fakediscord.PermCreatePublicThreads)
	reply("thread-permissions", e.in(channel, pa, "new", opt("mode", "hotseat")))
	e.fake.SetAppPermissions(channel, fakediscord.DefaultAppPermissions&^fakediscord.PermAttachFiles)
	reply("permissions", e.in(channel, pa, "map"))
	e.fake.SetAppPermissions(channel, fakediscord.DefaultAppPermissions)

	e.in(channel, pb, "notify", opt("dm", "on"))
	e.fake.RefuseDMs(pb.ID)
	e.in(channel, pa, "new", userOpt("opponent", pb), opt("side", "german"), opt("deadline", "24h"), opt("remind", "1h"))
	th := e.fake.Threads(channel)[0]
	key := record.Key{Guild: guild, Channel: th}
	if !e.fake.WaitFor(10*time.Second, func() bool {
		m, err := e.db.Member(guild, pb.ID)
		return err == nil && !m.DM && len(e.fake.Messages(th)) >= 2
	}) {
		t.Fatalf("the refused DM: %v", e.fake.Messages(th))
	}
	e.settle(key)
	out["dm-refused"] = e.last(th).Content
	e.tick(time.Hour)
	out["reminder"] = firstLine(e.last(th).Content)

	e.fake.Fail(1, fakediscord.Forbidden, fakediscord.IsChannelPost)
	reply("not-shown", e.in(th, pb, "setup", opt("preset", "historical")))
	n := len(e.fake.Messages(th))
	reply("through", e.in(th, pb, "setup", opt("done", true)))
	e.settle(key)
	for _, m := range e.fake.Messages(th)[n:] {
		if strings.Contains(m.Content, " UTC") {
			out["recovered"] = m.Content
		}
	}
	if out["recovered"] == "" {
		t.Fatalf("no line about the posts held back: %v", e.fake.Messages(th)[n:])
	}
	e.fake.Fail(1, fakediscord.Rejected, fakediscord.IsChannelPost)
	reply("set-aside-reply", e.in(th, pa, "map"))
	e.settle(key)
	out["set-aside"] = e.last(th).Content

	e.tick(25 * time.Hour)
	lapse, ok := e.lastWith(th, "⏰")
	if !ok {
		t.Fatalf("no lapse: %v", e.fake.Messages(th))
	}
	other := pa
	if len(lapse.Mentions) > 0 && lapse.Mentions[0] == pb.ID {
		other = pb
	}
	n = len(e.fake.Messages(th))
	e.press(other, lapse, button(t, lapse, "hand-easy"))
	if !e.fake.WaitFor(10*time.Second, func() bool { return len(e.fake.Messages(th)) > n }) {
		t.Fatal("no post of the hand-over")
	}
	out["hand"] = e.fake.Messages(th)[n].Content
	e.quietAll()
	e.fake.ArchiveThread(th, true)
	reply("locked", e.in(th, pa, "map"))
}

func firstLine(s string) string { line, _, _ := strings.Cut(s, "\n"); return line }

func lastLine(s string) string { return s[strings.LastIndex(s, "\n")+1:] }

// Every text of people, deadlines, threads, ratings and the bot's own
// replies comes from the catalog: under the pseudo-locale no word is
// outside its marks, and Japanese members read Japanese.
func TestPeopleDeadlinesThreadsAndRatingsSpeakTheMembersLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("three games against the fake Discord")
	}
	var mu sync.Mutex
	said := map[string]map[string]string{}
	t.Run("flows", func(t *testing.T) {
		for _, locale := range []string{"pseudo", "en-US", "ja"} {
			keep := func(out map[string]string) {
				mu.Lock()
				defer mu.Unlock()
				if said[locale] == nil {
					said[locale] = map[string]string{}
				}
				for k, v := range out {
					said[locale][k] = v
				}
			}
			t.Run(locale+"/play", func(t *testing.T) { keep(peopleFlow(t, locale)) })
			t.Run(locale+"/faults", func(t *testing.T) {
				out := map[string]string{}
				peopleFaults(t, locale, out)
				keep(out)
			})
		}
	})
	pseudo, en, ja := said["pseudo"], said["en-US"], said["ja"]
	if t.Failed() || pseudo == nil || en == nil || ja == nil {
		t.FailNow()
	}
	for label, text := range pseudo {
		if bare := i18n.Bare(text); len(bare) > 0 {
			t.Errorf("%s: outside the catalog: %q", label, bare)
		}
	}
	if !strings.HasPrefix(pseudo["ratings"], i18n.PseudoOpen) || !strings.Contains(pseudo["ratings"], "→") {
		t.Errorf("the ratings line: %q", pseudo["ratings"])
	}
	for label, text := range en {
		if ja[label] == text {
			t.Errorf("%s: the same in Japanese and English: %q", label, text)
		}
	}
	if !strings.HasPrefix(en["ratings"], "Ratings: ") {
		t.Errorf("the English ratings line: %q", en["ratings"])
	}
}
