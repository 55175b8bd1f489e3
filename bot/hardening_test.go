package bot_test

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot"
	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/bot/internal/fakediscord"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// triesOf counts the requests so far that match.
func (e *env) triesOf(match func(fakediscord.Request) bool) int {
	n := 0
	for _, r := range e.fake.Requests() {
		if match(r) {
			n++
		}
	}
	return n
}

func TestAPostDiscordRejectsIsSetAsideAndTheChannelGoesOn(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	posts := len(e.fake.Messages(channel))
	tries := e.triesOf(fakediscord.IsChannelPost)
	e.fake.Fail(1, fakediscord.Rejected, fakediscord.IsChannelPost)

	r := e.slash(alice, "setup", opt("done", true))
	if strings.Contains(r.Text(), "permission") || strings.Contains(r.Text(), "grant") || !strings.Contains(r.Text(), "set aside") {
		t.Errorf("the reply to a step whose post was set aside: %q", r.Text())
	}
	if e.game(channel).Game.State.Phase() == rules.PhaseSetup {
		t.Fatal("the step itself was not saved")
	}
	// The refused post was tried once, then the channel went on: the line
	// about it is posted.
	msgs := e.fake.Messages(channel)[posts:]
	if len(msgs) != 1 || !strings.Contains(msgs[0].Content, "could not be shown here") {
		t.Fatalf("after the refused post the channel shows %v", contents(msgs))
	}
	if got := e.triesOf(fakediscord.IsChannelPost) - tries; got != 2 {
		t.Errorf("%d post requests, want 2 (the refused post once, the line)", got)
	}
	st := e.slash(spectator, "status")
	if !strings.Contains(st.Text(), "set aside here: 1") || !strings.Contains(st.Text(), "code 50035): **Your move** — Turn 1 · ") {
		t.Errorf("status does not show the post set aside: %q", st.Text())
	}
	// Later posts are not held back, and the set-aside post is not sent
	// again.
	before := len(e.fake.Messages(channel))
	e.slash(bob, "pass")
	e.slash(alice, "pass")
	if got := len(e.fake.Messages(channel)); got <= before {
		t.Fatalf("no post after the refused one: %d", got)
	}
	if left, err := e.db.Pending(record.Key{Guild: guild, Channel: channel}); err != nil || len(left) != 0 {
		t.Errorf("notices still queued: %d, %v", len(left), err)
	}
	aside, err := e.db.UndeliverableNotices(record.Key{Guild: guild, Channel: channel})
	if err != nil || len(aside) != 1 || !strings.Contains(aside[0].Text, "set-up") {
		t.Errorf("the store keeps %d notices set aside (%v)", len(aside), err)
	}
}

func TestAPictureOverTheServersLimitIsLeftOutSayingSo(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.fake.SetUploadLimit(guild, 10) // tinyPNG is larger
	e.hotseat()
	for _, r := range e.fake.Requests() {
		if fakediscord.IsChannelPost(r) && r.Status == 413 {
			t.Fatal("the bot sent a picture over the limit the interaction told it")
		}
	}
	last := e.last(channel)
	if len(last.Files) != 0 || !strings.Contains(last.Content, "upload limit") {
		t.Errorf("the post: %d files, %q", len(last.Files), last.Content)
	}
}

func TestAPictureRefusedAsTooLargeIsPostedWithoutIt(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.fake.SetUploadLimitUnannounced(guild, 10)
	e.hotseat()
	msgs := e.fake.Messages(channel)
	if len(msgs) == 0 {
		t.Fatal("nothing posted")
	}
	last := msgs[len(msgs)-1]
	if len(last.Files) != 0 || !strings.Contains(last.Content, "upload limit") {
		t.Errorf("the post: %d files, %q", len(last.Files), last.Content)
	}
	if left, _ := e.db.Pending(record.Key{Guild: guild, Channel: channel}); len(left) != 0 {
		t.Errorf("%d notices held back", len(left))
	}
}

func TestOnlyTheStarterOrAModeratorContinuesAnAIGame(t *testing.T) {
	e := newEnv(t)
	e.start()
	paused := e.pausedAIGame()
	steps := len(e.game(channel).Game.History)
	n := len(e.fake.Messages(channel))

	r := e.press(spectator, paused, button(t, paused, "continue"))
	if !strings.Contains(r.Text(), "Only") {
		t.Errorf("a spectator's Continue: %q", r.Text())
	}
	forged := e.press(spectator, paused, "mortain/continue")
	if !strings.Contains(forged.Text(), "damaged") {
		t.Errorf("a forged bare Continue: %q", forged.Text())
	}
	e.quiet(channel)
	if got := len(e.game(channel).Game.History); got != steps || len(e.fake.Messages(channel)) != n {
		t.Fatalf("a spectator's Continue drove the game: %d steps (was %d)", got, steps)
	}
	e.press(moderator, paused, button(t, paused, "continue"))
	if !e.fake.WaitFor(10*time.Second, func() bool { return len(e.fake.Messages(channel)) > n }) {
		t.Fatal("a moderator's Continue did not resume the game")
	}
}

func TestARevokedTokenStopsTheBotAndSendsNothingMore(t *testing.T) {
	e := newSerialEnv(t)
	e.start()
	e.hotseat()
	// The token is reset while a post is on its way: Discord answers 401.
	e.fake.Fail(1000, fakediscord.Unauthorized, fakediscord.IsChannelPost)
	e.fake.Slash(guild, channel, alice, "setup", opt("done", true))
	var err error
	select {
	case err = <-e.done:
	case <-time.After(patience):
		t.Fatal("the bot did not stop after Discord refused its token")
	}
	e.stop = nil // it stopped by itself
	e.db.Close()
	if err == nil || !strings.Contains(err.Error(), "token") {
		t.Fatalf("bot.Run returned %v, want the token named", err)
	}
	after := len(e.fake.Requests())
	time.Sleep(200 * time.Millisecond) // nothing is left running to send
	if got := len(e.fake.Requests()); got != after {
		t.Errorf("%d requests after the stop", got-after)
	}
}

func TestAResetTokenClosesTheGatewayAndStopsTheBot(t *testing.T) {
	e := newSerialEnv(t)
	e.start()
	e.fake.RevokeToken()
	select {
	case err := <-e.done:
		e.stop = nil
		e.db.Close()
		if err == nil || !strings.Contains(err.Error(), "DISCORD_TOKEN") {
			t.Fatalf("bot.Run returned %v", err)
		}
	case <-time.After(patience):
		t.Fatal("the bot did not stop after the gateway refused its token")
	}
}

func TestAFatalGatewayCloseStopsTheBotNamingTheCause(t *testing.T) {
	e := newSerialEnv(t)
	e.start()
	e.fake.CloseGateway(4014, "Disallowed intent(s).")
	select {
	case err := <-e.done:
		e.stop = nil
		e.db.Close()
		if err == nil || !strings.Contains(err.Error(), "4014") || !strings.Contains(err.Error(), "intents") {
			t.Fatalf("bot.Run returned %v", err)
		}
	case <-time.After(patience):
		t.Fatal("the bot did not stop after a close Discord says not to reconnect after")
	}
}

func TestTheBotKeepsItsGatewaySessionBudget(t *testing.T) {
	fake := fakediscord.New(t)
	fake.SessionStartLimit(2, 1000, 3*time.Hour, 1)
	db, err := store.Open(t.TempDir()+"/m.db", store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cfg := bot.DefaultConfig()
	cfg.Token, cfg.ApplicationID, cfg.DevGuild = fakediscord.Token, fakediscord.AppID, guild
	err = bot.Run(context.Background(), fake.Session(), bot.Options{Config: cfg, Commands: nil, Games: db})
	if err == nil || !strings.Contains(err.Error(), "2 more gateway sessions") {
		t.Fatalf("bot.Run: %v", err)
	}
	if len(fake.Shards()) != 0 {
		t.Error("the bot identified anyway")
	}
}

func TestAFailedRegistrationLeavesTheBotRunning(t *testing.T) {
	e := newEnv(t)
	e.fake.Fail(10, fakediscord.ServerError, func(r fakediscord.Request) bool {
		return r.Method == "PUT" && strings.HasSuffix(r.Route, "/commands")
	})
	e.start()
	e.hotseat()
	if !strings.Contains(e.logs.String(), "registering the commands failed") {
		t.Error("the failure was not logged")
	}
}

func TestGamesOfAServerLeftWhileOfflineEndAtReady(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	e.shutdown()
	e.fake.RemoveGuildOffline(guild)
	e.start()
	key := record.Key{Guild: guild, Channel: channel}
	if !e.fake.WaitFor(10*time.Second, func() bool {
		_, err := e.db.Get(key)
		return err != nil
	}) {
		t.Fatal("the game of a server the bot left is still running")
	}
	fin, err := e.db.Archive(guild, 0)
	if err != nil || len(fin) != 1 || fin[0].Winner != rules.NoSide {
		t.Errorf("archive: %+v, %v", fin, err)
	}
}

func TestARestoredBackupDoesNotSwallowNewPosts(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	e.shutdown()
	saved, err := os.ReadFile(e.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	e.start()
	e.slash(alice, "setup", opt("done", true))
	e.shutdown()
	// The operator restores the backup: the outbox's numbering goes back,
	// and the same step posts again within Discord's nonce window.
	if err := os.WriteFile(e.dbPath, saved, 0o600); err != nil {
		t.Fatal(err)
	}
	e.start()
	n := len(e.fake.Messages(channel))
	e.slash(alice, "setup", opt("done", true))
	if got := len(e.fake.Messages(channel)); got <= n {
		t.Fatalf("the posts after the restore were swallowed as repeats: %d new", got-n)
	}
}

func TestLockedAndPrivateThreadsAreRefusedWithTheReason(t *testing.T) {
	e := newEnv(t)
	e.start()
	locked := "300000000000000081"
	e.fake.MarkThread(locked, channel)
	e.fake.ArchiveThread(locked, true)
	r := e.reply(e.fake.Slash(guild, locked, alice, "new", opt("mode", "hotseat")))
	if !strings.Contains(r.Text(), "locked") {
		t.Errorf("a locked thread: %q", r.Text())
	}
	private := "300000000000000082"
	e.fake.MarkPrivateThread(private, channel, false)
	r = e.reply(e.fake.Slash(guild, private, alice, "new", opt("mode", "hotseat")))
	if !strings.Contains(r.Text(), "private thread") {
		t.Errorf("a private thread without the bot: %q", r.Text())
	}
	joined := "300000000000000083"
	e.fake.MarkPrivateThread(joined, channel, true)
	r = e.reply(e.fake.Slash(guild, joined, alice, "new", opt("mode", "hotseat")))
	if strings.Contains(r.Text(), "Nothing was done") {
		t.Errorf("a private thread with the bot: %q", r.Text())
	}
}

// buckets counts the rate-limit buckets discordgo keeps for the session.
func buckets(sess *discordgo.Session) int {
	sess.Ratelimiter.Lock()
	defer sess.Ratelimiter.Unlock()
	return reflect.ValueOf(sess.Ratelimiter).Elem().FieldByName("buckets").Len()
}

func TestInteractionsLeaveNoRateLimitBucketBehind(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	e.slash(spectator, "status")
	before := buckets(e.sess)
	for range 20 {
		e.slash(spectator, "status")
		e.slash(spectator, "help")
	}
	if got := buckets(e.sess); got != before {
		t.Errorf("%d rate-limit buckets after 40 interactions, %d before: one a token is kept", got, before)
	}
}

func TestGlobalAndCloudflareRateLimitsAreWaitedOut(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.fake.RateLimitGlobal(1, 300*time.Millisecond, fakediscord.IsChannelPost)
	e.fake.RateLimitCloudflare(1, 300*time.Millisecond, fakediscord.IsChannelPost)
	e.hotseat()
	e.slash(alice, "setup", opt("done", true))
	if left, _ := e.db.Pending(record.Key{Guild: guild, Channel: channel}); len(left) != 0 {
		t.Fatalf("%d notices not delivered", len(left))
	}
	var limited []time.Time
	var next time.Time
	for _, r := range e.fake.Requests() {
		if r.Status == 429 {
			limited = append(limited, r.At)
		} else if len(limited) == 2 && next.IsZero() && fakediscord.IsChannelPost(r) {
			next = r.At
		}
	}
	if len(limited) != 2 {
		t.Fatalf("%d 429s, want 2", len(limited))
	}
	if next.Sub(limited[1]) < 250*time.Millisecond {
		t.Errorf("the post after Cloudflare's 429 came %v later, before its Retry-After", next.Sub(limited[1]))
	}
	if strings.Contains(e.logs.String(), "posting to the channel failed") {
		t.Error("a 429 was taken for a transient failure")
	}
}

func TestAPostIsDeliveredOnlyWhenDiscordAnswersWithItsOwnMessage(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	key := record.Key{Guild: guild, Channel: channel}
	queued, err := e.db.NoticesQueued()
	if err != nil {
		t.Fatal(err)
	}
	// Another message of the bot, in another channel, used the nonce the
	// next notice will have: Discord answers with that message.
	nonce := "m" + strconv.FormatUint(queued+1, 36) + ".0.COLLIDE1"
	ep := discordgo.EndpointChannelMessages(other)
	body := map[string]any{"content": "elsewhere", "nonce": nonce, "enforce_nonce": true}
	if _, err := e.sess.RequestWithBucketID("POST", ep, body, ep); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Enqueue(key, record.Notice{Text: "the notice itself", Nonce: "COLLIDE1"}); err != nil {
		t.Fatal(err)
	}
	e.slash(alice, "map")
	found := false
	for _, m := range e.fake.Messages(channel) {
		found = found || m.Content == "the notice itself"
	}
	if !found {
		t.Fatalf("the notice was marked delivered on another channel's message: %v", contents(e.fake.Messages(channel)))
	}
}

// shape lists a command's subcommands, groups and options by path.
func shape(raw []byte, t *testing.T) []string {
	t.Helper()
	var c struct {
		Name    string            `json:"name"`
		Options []json.RawMessage `json:"options"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	out := []string{c.Name}
	for _, o := range c.Options {
		for _, s := range shape(o, t) {
			out = append(out, c.Name+" "+s)
		}
	}
	return out
}

func TestCommandsPrintsWhatTheBotRegisters(t *testing.T) {
	e := newEnv(t)
	e.start()
	data, err := bot.RegistrationJSON(command.Definitions())
	if err != nil {
		t.Fatal(err)
	}
	var printed []json.RawMessage
	if err := json.Unmarshal(data, &printed); err != nil {
		t.Fatal(err)
	}
	registered := e.fake.Commands(guild)
	if len(registered) != len(printed) {
		t.Fatalf("%d commands registered, %d printed", len(registered), len(printed))
	}
	for i := range printed {
		if got, want := strings.Join(shape(registered[i], t), "\n"), strings.Join(shape(printed[i], t), "\n"); got != want {
			t.Errorf("command %d: registered\n%s\nprinted\n%s", i, got, want)
		}
	}
	// The history group reaches its subcommand.
	r := e.slash(alice, "stats")
	if strings.Contains(r.Text(), "not something Mortain knows") {
		t.Errorf("/mortain history stats: %q", r.Text())
	}
}

func TestARefusedChannelPausesItsAIAndCostsFewRequests(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.slash(alice, "new", opt("mode", "ai"), opt("side", "us"))
	e.slash(alice, "setup", opt("preset", "historical"))
	// The bot loses Send Messages: every post is refused from now on.
	e.fake.Fail(1_000_000, fakediscord.Forbidden, fakediscord.IsChannelPost)
	before := e.triesOf(fakediscord.IsChannelPost)
	steps := len(e.game(channel).Game.History)
	e.slash(alice, "setup", opt("done", true))
	e.quiet(channel)
	tries := e.triesOf(fakediscord.IsChannelPost) - before
	if tries > 2 {
		t.Errorf("%d refused posts for one command: the channel kept its AI running or re-sent", tries)
	}
	// The AI waits for the posts to go through, rather than play on unseen.
	if got := len(e.game(channel).Game.History); got > steps+2 {
		t.Errorf("the AI played %d steps while its posts were refused", got-steps-1)
	}
	if !strings.Contains(e.logs.String(), "the AI waits") && e.game(channel).Game.State.ToAct() == rules.German {
		t.Error("the AI did not say it waits")
	}
}

func TestAnOldPostsButtonsInAnArchivedThreadAreNotRetriedForEver(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	first := e.last(channel)
	e.fake.Fail(1_000_000, fakediscord.ThreadArchived, fakediscord.IsChannelEdit)
	e.slash(alice, "setup", opt("done", true))
	e.slash(bob, "pass")
	e.slash(alice, "pass")
	edits := 0
	for _, r := range e.fake.Requests() {
		if fakediscord.IsChannelEdit(r) && r.Params["message_id"] == first.ID {
			edits++
		}
	}
	if edits != 1 {
		t.Errorf("the buttons of a post Discord will not edit were tried %d times", edits)
	}
	if left, _ := e.db.Outboxes(); len(left) != 0 {
		t.Errorf("button removals still queued: %v", left)
	}
}

func TestAPostToAChannelDiscordSaysIsGoneEndsItsGame(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.hotseat()
	e.fake.Fail(1_000_000, fakediscord.UnknownChannel, fakediscord.IsChannelPost)
	e.slash(alice, "setup", opt("done", true))
	key := record.Key{Guild: guild, Channel: channel}
	if !e.fake.WaitFor(10*time.Second, func() bool { _, err := e.db.Get(key); return err != nil }) {
		t.Fatal("the game of a channel Discord says is gone still runs")
	}
	if left, _ := e.db.Outboxes(); len(left) != 0 {
		t.Errorf("posts still queued for a channel that is gone: %v", left)
	}
}

func TestEmbedLinksIsNotNeeded(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.fake.SetAppPermissions(channel, fakediscord.PermViewChannel|fakediscord.PermSendMessages|fakediscord.PermAttachFiles|fakediscord.PermReadMessageHistory)
	r := e.slash(alice, "new", opt("mode", "hotseat"))
	if strings.Contains(r.Text(), "Nothing was done") {
		t.Errorf("refused without Embed Links: %q", r.Text())
	}
}

func TestInvalidRequestsAreCounted(t *testing.T) {
	e := newEnv(t)
	e.cfg.AdminListen = "127.0.0.1:0"
	e.start()
	e.hotseat()
	e.fake.Fail(1, fakediscord.Forbidden, fakediscord.IsChannelPost)
	e.fake.RateLimit(1, 10*time.Millisecond, fakediscord.IsChannelPost)
	e.slash(alice, "setup", opt("done", true))
	e.slash(bob, "pass")
	_, metrics := get(t, "http://"+e.bot.Load().AdminAddr()+"/metrics")
	for _, want := range []string{`mortain_discord_invalid_requests_total{status="403"} 1`, `mortain_discord_invalid_requests_total{status="429"} 1`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

func TestShardsIdentifyMaxConcurrencyAtATime(t *testing.T) {
	for _, c := range []struct {
		concurrency int
		wait        bool
	}{{1, true}, {2, false}} {
		fake := fakediscord.New(t)
		fake.SessionStartLimit(900, 1000, time.Hour, c.concurrency)
		db, err := store.Open(t.TempDir()+"/m.db", store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		cfg := bot.DefaultConfig()
		cfg.Token, cfg.ApplicationID = fakediscord.Token, fakediscord.AppID
		cfg.ShardID, cfg.ShardCount, cfg.IdentifySpacing, cfg.CheckEvery = 1, 2, 20*time.Millisecond, 0
		logs := &syncBuffer{}
		svc := command.New(command.Config{Store: db, FrontEnd: frontend.Discord{Outbox: true}})
		sess := fake.Session()
		ctx, cancel := context.WithCancel(context.Background())
		running := make(chan struct{})
		done := make(chan error, 1)
		go func() {
			done <- bot.Run(ctx, sess, bot.Options{Config: cfg, Commands: svc, Games: db, Logger: bot.NewLogger(logs, cfg),
				Running: func(*bot.Bot) { close(running) }})
		}()
		select {
		case <-running:
		case <-time.After(patience):
			t.Fatal("shard 1 did not start")
		}
		cancel()
		<-done
		db.Close()
		if got := strings.Contains(logs.String(), "waiting for this shard's turn to identify"); got != c.wait {
			t.Errorf("max_concurrency %d: shard 1 waited: %v", c.concurrency, got)
		}
		if sess.StateEnabled {
			t.Error("discordgo's state cache is on")
		}
	}
}

// A round time limit counts from when the channel could see the game
// again: the hours its posts were refused do not pass the round.
func TestHeldPostsRestartTheRoundClock(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.slash(alice, "new", userOpt("opponent", bob), opt("round-limit", "3h"))
	e.press(alice, e.last(channel), button(t, e.last(channel), "setup-historical"))
	e.fake.Fail(1_000_000, fakediscord.Forbidden, fakediscord.IsChannelPost)
	e.slash(alice, "setup", opt("done", true))
	steps := len(e.game(channel).Game.History)
	e.clock.Advance(4 * time.Hour)
	e.bot.Load().Tick()
	if got := len(e.game(channel).Game.History); got != steps {
		t.Fatalf("the round was passed while the channel saw nothing (%d steps, was %d)", got, steps)
	}
	e.fake.ClearFaults()
	e.slash(spectator, "map") // a command: the held posts go out
	if !e.fake.WaitFor(10*time.Second, func() bool {
		for _, m := range e.fake.Messages(channel) {
			if strings.Contains(m.Content, "could not post here") {
				return true
			}
		}
		return false
	}) {
		t.Fatal("the held posts did not go out")
	}
	e.quiet(channel)
	e.bot.Load().Tick()
	if got := len(e.game(channel).Game.History); got != steps {
		t.Errorf("the round time limit ran out the moment the held posts went out (%d steps, was %d)", got, steps)
	}
}
