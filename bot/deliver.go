package bot

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// deliverer sends the store's outbox to Discord: one courier per channel
// sends that channel's notices one message at a time, in order, and marks
// each delivered only once Discord accepted it. Every message carries its
// notice's random nonce with enforce_nonce, so a create retried after a
// lost answer (within Discord's de-duplication window) cannot post twice.
//
// A refusal for good is sorted by what fixes it (refusalKind): a missing
// permission stops the channel's courier with the notice kept, retried at
// the next kick and on a growing back-off; a channel that is gone ends its
// game (gone); a refused token stops the process (fatal); anything else
// sets the notice aside as undeliverable, says so in one plain line, and
// goes on with the next.
type deliverer struct {
	api     Discord
	box     Games
	log     *slog.Logger
	limit   int      // default upload limit in bytes
	metrics *metrics // counts delivered and refused posts (nil: none)

	// gone is called (in its own goroutine) for a channel Discord says is
	// gone; fatal when Discord refuses the token. Either may be nil.
	gone  func(key record.Key)
	fatal func(err error)
	// recovered is called when a channel's posts go through again after a
	// permission refusal (to resume its AI); may be nil.
	recovered func(key record.Key)
	// dmRefused is called (in its own goroutine) when Discord refuses a
	// direct message for good (the member's privacy settings); the
	// notice is set aside. May be nil.
	dmRefused func(key record.Key, n record.Notice)
	// retryBase is the first pause before a channel refused for a missing
	// permission is tried again on its own; it doubles up to retryMax.
	// retryStore is the pause after the outbox could not be read or
	// written.
	retryBase, retryMax, retryStore time.Duration

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	couriers map[record.Key]*courier
	limits   map[string]int    // upload limit by guild, as Discord last told it
	dms      map[string]string // DM channel by member
	halted   bool              // the token was refused: nothing more is sent
	closing  bool              // close was called: no retry is scheduled
}

// courier is the delivery state of one channel.
type courier struct {
	running bool
	again   bool   // kicked while running: look at the outbox once more
	done    uint64 // the newest notice this process delivered
	// failed is the refusal that stopped the courier, until it delivers
	// again.
	failed  error
	waiters []waiter
	// backoff is the pause before the next retry of a channel refused for
	// a missing permission; retry is that retry's timer.
	backoff time.Duration
	retry   *time.Timer
}

// waiter waits for the delivery of every notice up to seq.
type waiter struct {
	seq  uint64
	done chan error
}

// refusal is Discord refusing a post for good: retrying the same request
// will not help until someone changes something (a permission, the
// channel).
type refusal struct {
	status int
	code   int
	kind   refusalKind
	reason string // in English, for the log and the outbox
	// id and data word the reason for members: catalog message
	// bot.reason.ID.
	id   string
	data map[string]any
}

// refusalKind sorts Discord's refusals by what fixes them.
type refusalKind int

const (
	// refusedOther is a refusal no change of settings fixes (a file over
	// the upload limit, a body Discord rejects, an archived thread): the
	// notice is set aside and the courier goes on.
	refusedOther refusalKind = iota
	// refusedPermission is a missing access or permission (50001, 50013):
	// the notice is kept and tried again once an admin grants it.
	refusedPermission
	// refusedGone is a channel or server that no longer exists (10003,
	// 10004): the game ends as abandoned.
	refusedGone
	// refusedToken is an invalid token (401): the process stops.
	refusedToken
)

func (r *refusal) Error() string { return r.reason }

// in words the refusal's reason in lang.
func (r *refusal) in(lang i18n.Lang) string {
	if r.id == "" {
		return r.reason
	}
	return i18n.T(lang, "bot.reason."+r.id, r.data)
}

// reasoned sets a refusal's reason from catalog message bot.reason.id.
func (r *refusal) reasoned(id string, data map[string]any) *refusal {
	r.id, r.data = id, data
	r.reason = i18n.T(i18n.English, "bot.reason."+id, data)
	return r
}

func newDeliverer(api Discord, box Games, log *slog.Logger, limit int) *deliverer {
	ctx, cancel := context.WithCancel(context.Background())
	return &deliverer{api: api, box: box, log: log, limit: limit, ctx: ctx, cancel: cancel,
		couriers: map[record.Key]*courier{}, limits: map[string]int{},
		retryBase: time.Minute, retryMax: time.Hour, retryStore: 5 * time.Second}
}

// setLimit records a guild's upload limit in bytes, as an interaction
// from it told (attachment_size_limit); 0 leaves the default.
func (d *deliverer) setLimit(guild string, bytes int) {
	if guild == "" || bytes <= 0 {
		return
	}
	d.mu.Lock()
	d.limits[guild] = bytes
	d.mu.Unlock()
}

// limitFor is the upload limit of a guild.
func (d *deliverer) limitFor(guild string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if n := d.limits[guild]; n > 0 {
		return n
	}
	return d.limit
}

// refused reports whether the channel's posts are held back by a missing
// permission: its AI and timers wait until they go through.
func (d *deliverer) refused(key record.Key) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	c := d.couriers[key]
	return d.halted || c != nil && c.failed != nil
}

// kick makes the channel's courier send what its outbox holds; once close
// was called it does nothing (the couriers running finish their work).
func (d *deliverer) kick(key record.Key) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ctx.Err() != nil || d.halted || d.closing {
		return
	}
	c := d.couriers[key]
	if c == nil {
		c = &courier{}
		d.couriers[key] = c
	}
	if c.running {
		c.again = true
		return
	}
	c.running = true
	d.wg.Add(1)
	go d.run(key, c)
}

// wait returns a channel that receives nil once every notice of key up to
// seq was delivered, or the refusal that stopped the delivery. Call it
// before kick, so that the delivery cannot pass unseen.
func (d *deliverer) wait(key record.Key, seq uint64) <-chan error {
	done := make(chan error, 1)
	d.mu.Lock()
	defer d.mu.Unlock()
	c := d.couriers[key]
	if c == nil {
		c = &courier{}
		d.couriers[key] = c
	}
	if seq <= c.done {
		done <- nil
		return done
	}
	c.waiters = append(c.waiters, waiter{seq: seq, done: done})
	return done
}

// idle reports whether no courier is sending.
func (d *deliverer) idle() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, c := range d.couriers {
		if c.running {
			return false
		}
	}
	return true
}

// forget drops the state of a channel that is gone.
func (d *deliverer) forget(key record.Key) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if c := d.couriers[key]; c != nil && !c.running {
		if c.retry != nil {
			c.retry.Stop()
		}
		delete(d.couriers, key)
	}
}

// settle tells the waiters up to seq (all of them when err is set).
func (c *courier) settle(seq uint64, err error) {
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if err != nil || w.seq <= seq {
			w.done <- err
			continue
		}
		kept = append(kept, w)
	}
	c.waiters = kept
}

func (d *deliverer) run(key record.Key, c *courier) {
	defer d.wg.Done()
	for {
		pending, err := d.box.Pending(key)
		if err != nil {
			d.log.Error("reading the outbox", "channel", key.Channel, "err", err)
			if !d.pause(d.retryStore) {
				d.stop(key, c, nil)
				return
			}
			continue
		}
		for i, n := range pending {
			// A position followed at once by a newer one goes without
			// buttons: they would be stale before anyone could press them.
			strip, err := d.deliver(key, n, n.Standalone || !liveAmong(pending[i+1:]))
			if err == nil {
				d.metrics.post("delivered")
				d.mu.Lock()
				recovered := c.failed != nil || !n.FailedAt.IsZero()
				c.done, c.failed, c.backoff = n.Seq, nil, 0
				c.settle(n.Seq, nil)
				if recovered {
					c.again = true
				}
				d.mu.Unlock()
				if recovered {
					d.tellRecovered(key, n)
				}
				if strip != "" {
					d.stripOne(key, strip)
				}
				continue
			}
			var r *refusal
			if !errors.As(err, &r) {
				d.stop(key, c, nil) // closing, or the outbox could not be written
				return
			}
			d.metrics.post("refused")
			if isDM(key) && r.kind != refusedToken {
				// A direct message refused for good is dropped, the member
				// told in the game's thread, and their DMs switched off.
				d.log.Warn("Discord refused a direct message; it is set aside", "member", strings.TrimPrefix(key.Channel, dmPrefix), "code", r.code, "err", r.reason)
				if err := d.box.Undeliverable(key, n.Seq, r.reason); err != nil {
					d.stop(key, c, nil)
					return
				}
				if d.dmRefused != nil {
					go d.dmRefused(key, n)
				}
				d.mu.Lock()
				c.done = n.Seq
				c.settle(n.Seq, nil)
				d.mu.Unlock()
				continue
			}
			if r.kind == refusedOther {
				if err := d.setAside(key, n, r); err != nil {
					d.stop(key, c, nil) // the next posts wait: tried again in a moment
					return
				}
				d.mu.Lock()
				c.again = true // the line about it is queued after the rest
				c.done = n.Seq
				c.settle(n.Seq, r) // the callers hear a post was set aside
				d.mu.Unlock()
				continue
			}
			d.log.Error("Discord refused a post", "channel", key.Channel, "notice", n.Seq, "status", r.status, "code", r.code, "err", err)
			switch r.kind {
			case refusedPermission:
				if err := d.box.Failed(key, n.Seq, r.reason); err != nil {
					d.log.Error("recording a refused post", "channel", key.Channel, "err", err)
				}
			case refusedGone:
				if d.gone != nil {
					go d.gone(key)
				}
			case refusedToken:
				d.halt(r)
			}
			d.stop(key, c, r)
			return
		}
		d.strip(key)
		d.mu.Lock()
		if c.again && d.ctx.Err() == nil {
			c.again = false
			d.mu.Unlock()
			continue
		}
		c.running = false
		c.settle(^uint64(0), nil)
		if len(c.waiters) == 0 && c.failed == nil && d.couriers[key] == c {
			delete(d.couriers, key) // an idle channel keeps nothing in memory
		}
		d.mu.Unlock()
		return
	}
}

// setAside takes a notice Discord refused for a reason no setting fixes
// out of the queue, keeping it in the store, and queues one plain line
// that says what could not be posted and why (unless the notice was such
// a line itself). An error means the notice could not be set aside: it is
// still first in the queue.
func (d *deliverer) setAside(key record.Key, n record.Notice, r *refusal) error {
	d.log.Error("Discord refused a post for good; it is set aside and the next one goes on", "channel", key.Channel, "notice", n.Seq, "status", r.status, "code", r.code, "err", r.reason)
	if err := d.box.Undeliverable(key, n.Seq, r.reason); err != nil {
		d.log.Error("setting aside a refused post; the channel's next posts wait", "channel", key.Channel, "err", err)
		return err
	}
	d.metrics.post("set_aside")
	if n.Report || r.code == codeForumMessage {
		return nil // a line about it would be refused too
	}
	lang := channelLang(d.box, key)
	line := i18n.T(lang, "bot.set-aside", map[string]any{"Reason": r.in(lang)})
	if err := d.box.Enqueue(key, record.Notice{Text: line, Report: true}); err != nil {
		d.log.Error("queueing the line about a post set aside", "channel", key.Channel, "err", err)
	}
	return nil
}

// tellRecovered tells the channel, once, that its posts held back by a
// missing permission go through again, and resumes its AI.
func (d *deliverer) tellRecovered(key record.Key, n record.Notice) {
	lang := channelLang(d.box, key)
	line := i18n.T(lang, "bot.recovered", nil)
	if !n.FailedAt.IsZero() {
		line = i18n.T(lang, "bot.recovered-since", map[string]any{"Since": n.FailedAt.UTC().Format("2006-01-02 15:04 UTC")})
	}
	if err := d.box.Enqueue(key, record.Notice{Text: line, Report: true}); err != nil {
		d.log.Error("queueing the line about posts held back", "channel", key.Channel, "err", err)
	}
	if d.recovered != nil {
		go d.recovered(key) // it takes the channel's lock: not on the courier
	}
}

// halt stops every delivery for good: Discord refused the bot's token.
func (d *deliverer) halt(r *refusal) {
	d.mu.Lock()
	first := !d.halted
	d.halted = true
	d.mu.Unlock()
	if first && d.fatal != nil {
		go d.fatal(fmt.Errorf("Discord refused the bot's token (HTTP 401): it was reset or revoked; put the new token in DISCORD_TOKEN and start the bot again"))
	}
}

// stop ends a courier's run; a refusal is kept and told to the waiters.
// A channel refused for a missing permission is tried again on its own
// after a pause that doubles each time (from retryBase to retryMax), so a
// refused channel costs Discord few invalid requests. A run stopped by
// anything else (an outbox write that failed) is tried again after
// retryStore.
func (d *deliverer) stop(key record.Key, c *courier, r *refusal) {
	d.mu.Lock()
	defer d.mu.Unlock()
	c.running, c.again = false, false
	if r != nil {
		c.failed = r
		c.settle(0, r)
	}
	if d.ctx.Err() != nil || d.closing || d.halted || r != nil && r.kind != refusedPermission {
		return
	}
	wait := d.retryStore
	if r != nil {
		c.backoff = min(max(2*c.backoff, d.retryBase), d.retryMax)
		wait = c.backoff
	}
	if c.retry != nil {
		c.retry.Stop()
	}
	c.retry = time.AfterFunc(wait, func() { d.kick(key) })
}

// pause waits d, or until the deliverer closes; false when it closed.
func (d *deliverer) pause(wait time.Duration) bool {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-d.ctx.Done():
		return false
	}
}

// liveAmong reports whether one of the notices is live.
func liveAmong(notices []record.Notice) bool {
	for i := range notices {
		if notices[i].IsLive() {
			return true
		}
	}
	return false
}

// deliver sends one notice, part by part from the first Discord has not
// accepted yet, with its buttons when buttons is set, retrying transient
// failures until the deliverer closes. A picture over the guild's upload
// limit (as Discord told it, or as a 413 shows) is left out, saying so.
// It returns once the notice is marked delivered, with the post whose
// buttons are to be removed now (""), or with a *refusal, the closing
// context's error, or the error of marking it delivered (the courier then
// stops rather than go on out of order).
func (d *deliverer) deliver(key record.Key, n record.Notice, buttons bool) (strip string, err error) {
	channel := key.Channel
	if isDM(key) {
		if channel, err = d.dmChannel(strings.TrimPrefix(key.Channel, dmPrefix)); err != nil {
			return "", err
		}
	}
	text := n.Text
	if n.Mention != "" {
		text = "<@" + n.Mention + "> " + text
	}
	image := n.Image
	if limit := d.limitFor(key.Guild); len(image) > limit {
		d.log.Warn("attachment over the upload limit left out", "channel", key.Channel, "bytes", len(image), "limit", limit)
		text += "\n" + pictureLeftOut
		image = nil
	}
	parts := splitText(text, maxContent)
	for i := n.Sent; i < len(parts); i++ {
		last := i == len(parts)-1
		ms := &discordgo.MessageSend{
			Content:         parts[i],
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
		}
		if i == 0 && n.Mention != "" && !n.NoPing {
			ms.AllowedMentions.Users = []string{n.Mention}
		}
		var file *upload
		if last {
			if buttons {
				ms.Components = buttonRows(n.Buttons)
			}
			if image != nil {
				file = &upload{name: n.ImageName, data: image}
				if file.name == "" {
					file.name = "map.png"
				}
			}
		}
		msg, err := d.send(channel, ms, file, nonceOf(n, i))
		var r *refusal
		if file != nil && errors.As(err, &r) && r.status == http.StatusRequestEntityTooLarge {
			// The guild's limit is lower than we knew: post without it.
			d.setLimit(key.Guild, len(file.data)-1)
			d.log.Warn("Discord refused the picture as too large; posting without it", "channel", key.Channel, "bytes", len(file.data))
			ms.Content = clip(ms.Content+"\n"+pictureLeftOut, maxContent)
			msg, err = d.send(channel, ms, nil, nonceOf(n, i)+"p")
		}
		if err != nil {
			return "", err
		}
		if !last {
			if err := d.box.SentPart(key, n.Seq, i+1); err != nil {
				d.log.Error("recording a sent part", "channel", key.Channel, "err", err)
				return "", err
			}
			continue
		}
		strip, err = d.box.Delivered(key, n.Seq, msg.ID, len(ms.Components) > 0)
		if err != nil {
			d.log.Error("marking a notice delivered; the channel's next posts wait", "channel", key.Channel, "notice", n.Seq, "err", err)
			return "", err
		}
	}
	return strip, nil
}

// pictureLeftOut is the line a post gets when its picture could not go.
const pictureLeftOut = "(The picture is larger than this server's upload limit and was left out; /mortain map size:small posts the compact map.)"

// nonceOf names part i of notice n: "m<seq>.<part>.<tag>", seq in base
// 36 and tag the notice's random tag (at most 25 characters in all).
// Discord returns the earlier message for a nonce the bot used within the
// last few minutes; the tag keeps notices of two shards, or of a database
// and its restored backup, from sharing a nonce. Notices queued by older
// versions have no tag.
func nonceOf(n record.Notice, part int) string {
	nonce := "m" + strconv.FormatUint(n.Seq, 36) + "." + strconv.Itoa(part)
	if n.Nonce != "" {
		nonce += "." + n.Nonce
	}
	return nonce[:min(len(nonce), maxNonce-1)] // room for the "p" of a post sent again without its picture
}

// maxNonce is the longest nonce Discord accepts.
const maxNonce = 25

// send posts one message, retrying transient failures (5xx, lost
// connections) with a growing pause until the deliverer closes. Discord's
// answer must be a message of this channel with this nonce; any other
// answer is taken for a collision of nonces and the post is sent again
// under a fresh one.
func (d *deliverer) send(channel string, ms *discordgo.MessageSend, file *upload, nonce string) (*discordgo.Message, error) {
	backoff := 500 * time.Millisecond
	collisions := 0
	unarchived := false
	for attempt := 1; ; attempt++ {
		msg, got, err := createMessage(d.ctx, d.api, channel, ms, file, nonce)
		if err == nil && msg.ChannelID == channel && got == nonce {
			return msg, nil
		}
		if err == nil {
			if collisions++; collisions > 2 {
				// Each try under a fresh nonce that Discord answers with
				// another message: set the post aside rather than loop.
				return nil, (&refusal{status: http.StatusOK, kind: refusedOther}).reasoned("answer", nil)
			}
			d.log.Error("Discord answered a post with another message; posting again under a fresh nonce", "channel", channel, "nonce", nonce, "answer_channel", msg.ChannelID, "answer_nonce", got)
			nonce = freshNonce(nonce)
			continue
		}
		if r := asRefusal(err); r != nil {
			if r.code == 50083 && !unarchived {
				// An archived thread: open it again and post once more; a
				// thread that stays shut (locked) is lost to the game.
				unarchived = true
				uerr := unarchive(d.ctx, d.api, channel)
				if uerr == nil {
					d.log.Info("reopened an archived thread to post in it", "channel", channel)
					continue
				}
				if asRefusal(uerr) == nil && d.ctx.Err() == nil {
					// A failure worth retrying (a 5xx, a lost connection):
					// try to reopen it again after a pause.
					d.log.Warn("reopening an archived thread failed; retrying", "channel", channel, "err", uerr)
					unarchived = false
					if !d.pause(backoff) {
						return nil, d.ctx.Err()
					}
					backoff = min(2*backoff, 30*time.Second)
					continue
				}
				d.log.Warn("an archived thread could not be reopened", "channel", channel, "err", uerr)
				return nil, (&refusal{status: r.status, code: r.code, kind: refusedGone}).reasoned("locked", nil)
			}
			if r.code == 50083 || r.code == codeThreadLocked {
				// Reopened, and still refused (a locked thread its
				// creator may reopen, but not post in): lost to the game.
				d.log.Warn("a thread refuses posts after it was reopened: it is locked", "channel", channel, "code", r.code)
				return nil, (&refusal{status: r.status, code: r.code, kind: refusedGone}).reasoned("locked", nil)
			}
			return nil, r
		}
		if d.ctx.Err() != nil {
			return nil, d.ctx.Err()
		}
		d.log.Warn("posting to the channel failed; retrying", "channel", channel, "attempt", attempt, "err", err)
		if !d.pause(backoff) {
			return nil, d.ctx.Err()
		}
		backoff = min(2*backoff, 30*time.Second)
	}
}

// freshNonce replaces a nonce that collided with another message's: the
// same name with a new random tag.
func freshNonce(old string) string {
	var b [5]byte
	rand.Read(b[:])
	tag := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])
	if i := strings.LastIndexByte(old, '.'); i > 0 && strings.Count(old, ".") == 2 {
		old = old[:i]
	}
	return old + "." + tag
}

// messageCreate is a message create request with the nonce fields that
// discordgo's MessageSend lacks.
type messageCreate struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

// upload is a file to attach to a message.
type upload struct {
	name string
	data []byte
}

// createMessage posts ms in channel with an enforced nonce, with file
// attached when there is one; it returns the message Discord answered
// with and that message's nonce.
func createMessage(ctx context.Context, api Discord, channel string, ms *discordgo.MessageSend, file *upload, nonce string) (*discordgo.Message, string, error) {
	body := messageCreate{MessageSend: ms, Nonce: nonce, EnforceNonce: true}
	endpoint := discordgo.EndpointChannelMessages(channel)
	var resp []byte
	var err error
	if file != nil {
		f := &discordgo.File{Name: file.name, ContentType: contentType(file.name), Reader: bytes.NewReader(file.data)}
		contentType, data, merr := discordgo.MultipartBodyWithJSON(body, []*discordgo.File{f})
		if merr != nil {
			return nil, "", merr
		}
		resp, err = api.RequestRaw(http.MethodPost, endpoint, contentType, data, endpoint, 0, discordgo.WithContext(ctx))
	} else {
		resp, err = api.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, discordgo.WithContext(ctx))
	}
	if err != nil {
		return nil, "", err
	}
	var m discordgo.Message
	if err := json.Unmarshal(resp, &m); err != nil {
		return nil, "", fmt.Errorf("reading Discord's answer to a post: %w", err)
	}
	var n struct {
		Nonce json.RawMessage `json:"nonce"`
	}
	json.Unmarshal(resp, &n)
	got := ""
	if err := json.Unmarshal(n.Nonce, &got); err != nil && len(n.Nonce) > 0 {
		got = string(n.Nonce) // an integer nonce
	}
	return &m, got, nil
}

// asRefusal returns the refusal an error is, or nil for a failure worth
// retrying (a 5xx, a rate limit, a lost connection).
func asRefusal(err error) *refusal {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return nil
	}
	status := rest.Response.StatusCode
	if status < 400 || status >= 500 || status == http.StatusTooManyRequests {
		return nil
	}
	r := &refusal{status: status}
	if rest.Message != nil {
		r.code = rest.Message.Code
	}
	switch {
	case status == http.StatusUnauthorized:
		r.kind = refusedToken
		r.reasoned("token", nil)
	case r.code == codeCannotDM:
		r.reasoned("dm", nil)
	case r.code == discordgo.ErrCodeMissingPermissions || r.code == discordgo.ErrCodeMissingAccess:
		r.kind = refusedPermission
		r.reasoned("permission", nil)
	case r.code == discordgo.ErrCodeUnknownChannel || r.code == discordgo.ErrCodeUnknownGuild:
		r.kind = refusedGone
		r.reasoned("gone", nil)
	case status == http.StatusRequestEntityTooLarge || r.code == 40005:
		r.reasoned("too-large", nil)
	case r.code == 50083:
		r.reasoned("archived", nil)
	case r.code == codeAutoMod:
		r.reasoned("automod", nil)
	case r.code == codeForumMessage:
		r.reasoned("forum", nil)
	case r.code == 50035 || r.code == 50006 || status == http.StatusBadRequest:
		r.reasoned("content", map[string]any{"Code": r.code})
	case status == http.StatusForbidden:
		r.kind = refusedPermission
		r.reasoned("forbidden", map[string]any{"Code": r.code})
	default:
		r.reasoned("http", map[string]any{"Status": status, "Code": r.code})
	}
	return r
}

// strip removes the buttons of every post of key still queued for it.
func (d *deliverer) strip(key record.Key) {
	ids, err := d.box.Strips(key)
	if err != nil {
		d.log.Error("reading the posts to strip", "channel", key.Channel, "err", err)
		return
	}
	for _, id := range ids {
		d.stripOne(key, id)
	}
}

// stripOne edits a post's buttons away: only the live post has buttons.
func (d *deliverer) stripOne(key record.Key, id string) {
	none := []discordgo.MessageComponent{}
	_, err := d.api.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: key.Channel, Components: &none}, discordgo.WithContext(d.ctx))
	r := asRefusal(err)
	switch {
	case err != nil && r == nil:
		d.log.Warn("removing the buttons of an old post failed; it will be tried again", "channel", key.Channel, "message", id, "err", err)
		return
	case r != nil && r.kind == refusedToken:
		d.halt(r)
		return
	case r != nil:
		// Refused for good (the post is gone, or its thread archived or
		// locked): its buttons stay, and pressing one names the step that
		// moved on, so the edit is not tried again.
		d.log.Info("the buttons of an old post cannot be removed; left as they are", "channel", key.Channel, "message", id, "code", r.code)
	}
	if err := d.box.Stripped(key, id); err != nil {
		d.log.Error("recording a stripped post", "channel", key.Channel, "err", err)
	}
}

// close lets the couriers finish for at most timeout, then stops them.
// What is not delivered stays in the outbox for the next start.
func (d *deliverer) close(timeout time.Duration) {
	d.mu.Lock()
	d.closing = true // the retry timers kick no more
	for _, c := range d.couriers {
		if c.retry != nil {
			c.retry.Stop()
		}
	}
	d.mu.Unlock()
	done := make(chan struct{})
	go func() { d.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(timeout):
		d.log.Warn("posts still being delivered at shutdown stay queued for the next start")
	}
	d.cancel()
	<-done
}

func contentType(name string) string {
	switch {
	case len(name) > 4 && name[len(name)-4:] == ".gif":
		return "image/gif"
	case len(name) > 4 && name[len(name)-4:] == ".png":
		return "image/png"
	}
	return "application/octet-stream"
}

// dmPrefix starts the outbox channel of a member's direct messages
// (command.DMPrefix).
const dmPrefix = command.DMPrefix

// codeAutoMod is Discord's refusal of a post the server's AutoMod
// blocked; codeForumMessage, of a message sent to a forum channel itself
// (a forum takes posts, which are threads, only).
const (
	codeAutoMod      = 200000
	codeForumMessage = 40058
)

// codeThreadLocked is Discord's refusal of a post in a locked thread.
const codeThreadLocked = 160005

// codeCannotDM is Discord's refusal of a direct message the member does
// not accept.
const codeCannotDM = 50007

// isDM reports whether key is the outbox of a member's direct messages.
func isDM(key record.Key) bool { return strings.HasPrefix(key.Channel, dmPrefix) }

// dmChannel returns the DM channel of the bot and user, opening it once
// (POST /users/@me/channels), retrying transient failures like a post.
func (d *deliverer) dmChannel(user string) (string, error) {
	d.mu.Lock()
	id := d.dms[user]
	d.mu.Unlock()
	if id != "" {
		return id, nil
	}
	backoff := 500 * time.Millisecond
	for {
		data, err := d.api.RequestWithBucketID(http.MethodPost, discordgo.EndpointUserChannels("@me"),
			map[string]string{"recipient_id": user}, discordgo.EndpointUserChannels("@me"), discordgo.WithContext(d.ctx))
		if err == nil {
			var ch struct {
				ID string `json:"id"`
			}
			if json.Unmarshal(data, &ch) != nil || ch.ID == "" {
				return "", (&refusal{status: http.StatusOK, kind: refusedOther}).reasoned("no-dm-id", nil)
			}
			d.mu.Lock()
			if d.dms == nil {
				d.dms = map[string]string{}
			}
			d.dms[user] = ch.ID
			d.mu.Unlock()
			return ch.ID, nil
		}
		if r := asRefusal(err); r != nil {
			return "", r
		}
		if d.ctx.Err() != nil {
			return "", d.ctx.Err()
		}
		if !d.pause(backoff) {
			return "", d.ctx.Err()
		}
		backoff = min(2*backoff, 30*time.Second)
	}
}
