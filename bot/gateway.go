package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
	"github.com/mortain/mortain/store/record"
)

// fatalCloses are the gateway close codes after which Discord says not to
// reconnect, with what the operator should do.
var fatalCloses = map[int]string{
	4004: "Discord refused the bot's token (gateway close 4004, authentication failed): put the current token in DISCORD_TOKEN",
	4010: "Discord refused the shard (gateway close 4010, invalid shard): check shard_id and shard_count",
	4011: "Discord requires sharding (gateway close 4011): the bot is in too many servers for one connection; run several shards (shard_count)",
	4012: "Discord refused the gateway version (gateway close 4012): upgrade the bot",
	4013: "Discord refused the intents (gateway close 4013, invalid intents): upgrade the bot",
	4014: "Discord refused the intents (gateway close 4014, disallowed intents): the bot asks for the Guilds intent only; check the application's settings in the developer portal",
}

// The gateway's close codes reach the program only through discordgo's
// logger (its read loop logs the *websocket.CloseError, then reconnects),
// a variable shared by the whole process: every running bot registers
// here and is told of a fatal close. A process runs one bot (one shard).
var (
	gatewayMu       sync.Mutex
	gatewayWatchers = map[*Bot]struct{}{}
	gatewayHook     sync.Once
)

// watchGateway makes a fatal gateway close stop the bot (stopFor), and
// sends discordgo's warnings and errors to the bot's log; it returns the
// function that stops watching.
func (b *Bot) watchGateway(sess *discordgo.Session) (stop func()) {
	gatewayHook.Do(func() { discordgo.Logger = discordgoLog })
	if sess.LogLevel < discordgo.LogWarning {
		sess.LogLevel = discordgo.LogWarning // the read loop logs the close at this level
	}
	gatewayMu.Lock()
	gatewayWatchers[b] = struct{}{}
	gatewayMu.Unlock()
	return func() {
		gatewayMu.Lock()
		delete(gatewayWatchers, b)
		gatewayMu.Unlock()
	}
}

// discordgoLog receives discordgo's log lines.
func discordgoLog(level, _ int, format string, a ...any) {
	var fatal error
	for _, arg := range a {
		var ce *websocket.CloseError
		if err, ok := arg.(error); ok && errors.As(err, &ce) {
			if why, ok := fatalCloses[ce.Code]; ok {
				fatal = errors.New(why)
			}
		}
	}
	gatewayMu.Lock()
	bots := make([]*Bot, 0, len(gatewayWatchers))
	for b := range gatewayWatchers {
		bots = append(bots, b)
	}
	gatewayMu.Unlock()
	for _, b := range bots {
		if fatal != nil {
			b.stopFor(fatal)
			continue
		}
		msg := fmt.Sprintf(format, a...)
		switch {
		case level <= discordgo.LogError:
			b.log.Error("discordgo: " + msg)
		case level == discordgo.LogWarning:
			b.log.Warn("discordgo: " + msg)
		default:
			b.log.Debug("discordgo: " + msg)
		}
	}
}

// minStartsLeft is how many gateway sessions (IDENTIFYs) of Discord's
// daily budget the bot keeps in reserve: Discord resets the token of a bot
// that spends them all (1,000 a day).
const minStartsLeft = 5

// checkStarts reads GET /gateway/bot before connecting: with fewer than
// minStartsLeft sessions left of the day's budget it returns an error that
// says when to start again; otherwise the wait this shard keeps before it
// identifies, so that at most max_concurrency shards identify every 5 s.
func (b *Bot) checkStarts(sess *discordgo.Session) (wait time.Duration, err error) {
	gb, err := sess.GatewayBot()
	if err != nil {
		var rest *discordgo.RESTError
		if errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == 401 {
			return 0, fmt.Errorf("connecting to Discord: the token was refused (%w): check DISCORD_TOKEN", err)
		}
		b.log.Warn("reading the gateway's session budget failed; connecting anyway", "err", err)
		return 0, nil
	}
	l := gb.SessionStartLimit
	if l.Remaining < minStartsLeft {
		reset := time.Duration(l.ResetAfter) * time.Millisecond
		return 0, fmt.Errorf("Discord allows only %d more gateway sessions of %d until the count resets in %s; the bot stops rather than spend them (Discord resets the token of a bot that does): start it again after %s",
			l.Remaining, l.Total, reset.Round(time.Second), time.Now().Add(reset).UTC().Format(time.RFC1123))
	}
	b.log.Info("gateway sessions left today", "remaining", l.Remaining, "total", l.Total, "max_concurrency", l.MaxConcurrency)
	if b.cfg.ShardCount > 1 {
		wait = time.Duration(b.cfg.ShardID/max(l.MaxConcurrency, 1)) * b.cfg.IdentifySpacing
	}
	return wait, nil
}

// reconcileGuilds ends, at READY, the games of the guilds of this shard
// that Discord no longer lists: the bot left them (or they were deleted)
// while it was offline, as GUILD_DELETE would have.
func (b *Bot) reconcileGuilds(r *discordgo.Ready) {
	listed := map[string]bool{}
	for _, g := range r.Guilds {
		listed[g.ID] = true
	}
	running, err := b.games.Running()
	if err != nil {
		b.log.Error("listing the running games", "err", err)
		return
	}
	boxes, err := b.games.Outboxes()
	if err != nil {
		b.log.Error("listing the outboxes", "err", err)
		return
	}
	gone := map[string]bool{}
	for _, k := range append(running, boxes...) {
		if !listed[k.Guild] && b.ownsGuild(k) {
			gone[k.Guild] = true
		}
	}
	for g := range gone {
		b.log.Warn("the bot is no longer in a server that has games: they end as abandoned", "guild", g)
		b.GuildGone(g)
	}
}

// reconcileChannels ends the games of a server's channels and threads
// that no longer exist, when the server is seen whole (GUILD_CREATE:
// after READY, after an outage): deleted while the bot was away, they
// sent no event. GUILD_CREATE lists the channels and the active threads;
// a game elsewhere (an archived thread) is looked up, and ends only when
// Discord says the channel is unknown.
func (b *Bot) reconcileChannels(g *discordgo.Guild) {
	if g == nil || g.Unavailable {
		return
	}
	alive := map[string]bool{}
	for _, c := range append(g.Channels, g.Threads...) {
		alive[c.ID] = true
	}
	running, err := b.games.Running()
	if err != nil {
		b.log.Error("listing the running games", "err", err)
		return
	}
	for _, k := range running {
		if k.Guild != g.ID || alive[k.Channel] || !b.ownsGuild(k) || b.channelExists(k.Channel) {
			continue
		}
		b.log.Warn("a game's channel or thread was deleted while the bot was away: the game ends as abandoned", "guild", k.Guild, "channel", k.Channel)
		b.ChannelGone(k.Guild, k.Channel)
	}
}

// channelExists asks Discord for a channel: false only when Discord says
// it is unknown (10003).
func (b *Bot) channelExists(channel string) bool {
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	endpoint := discordgo.EndpointChannel(channel)
	_, err := b.api.RequestWithBucketID(http.MethodGet, endpoint, nil, endpoint, discordgo.WithContext(ctx))
	r := asRefusal(err)
	return r == nil || r.code != discordgo.ErrCodeUnknownChannel
}

// ownsGuild reports whether key's guild belongs to this process's shard.
func (b *Bot) ownsGuild(k record.Key) bool {
	count := max(b.cfg.ShardCount, 1)
	id, err := strconv.ParseUint(k.Guild, 10, 64)
	if err != nil {
		return false
	}
	return int((id>>22)%uint64(count)) == b.cfg.ShardID
}
