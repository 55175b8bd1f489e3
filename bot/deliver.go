package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/store"
)

// deliverer sends the store's outbox to Discord: one courier per channel
// sends that channel's notices one message at a time, in order, and marks
// each delivered only once Discord accepted it. Every message carries a
// nonce with enforce_nonce, so a create retried after a lost answer cannot
// post twice. A refusal for good (403, 404) stops the channel's courier
// with the notice kept; the next kick (a command in the channel, a
// restart) tries again.
type deliverer struct {
	api     Discord
	box     Games
	log     *slog.Logger
	limit   int      // upload limit in bytes
	metrics *metrics // counts delivered and refused posts (nil: none)

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	couriers map[store.Key]*courier
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
	reason string
}

func (r *refusal) Error() string { return r.reason }

func newDeliverer(api Discord, box Games, log *slog.Logger, limit int) *deliverer {
	ctx, cancel := context.WithCancel(context.Background())
	return &deliverer{api: api, box: box, log: log, limit: limit, ctx: ctx, cancel: cancel, couriers: map[store.Key]*courier{}}
}

// kick makes the channel's courier send what its outbox holds.
func (d *deliverer) kick(key store.Key) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ctx.Err() != nil {
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
func (d *deliverer) wait(key store.Key, seq uint64) <-chan error {
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
func (d *deliverer) forget(key store.Key) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if c := d.couriers[key]; c != nil && !c.running {
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

func (d *deliverer) run(key store.Key, c *courier) {
	defer d.wg.Done()
	for {
		pending, err := d.box.Pending(key)
		if err != nil {
			d.log.Error("reading the outbox", "channel", key.Channel, "err", err)
			if !d.pause(5 * time.Second) {
				d.stop(c, nil)
				return
			}
			continue
		}
		for i, n := range pending {
			// A position followed at once by a newer one goes without
			// buttons: they would be stale before anyone could press them.
			strip, err := d.deliver(key, n, !liveAmong(pending[i+1:]))
			if err == nil {
				d.metrics.post("delivered")
				d.mu.Lock()
				c.done, c.failed = n.Seq, nil
				c.settle(n.Seq, nil)
				d.mu.Unlock()
				if strip != "" {
					d.stripOne(key, strip)
				}
				continue
			}
			var r *refusal
			if errors.As(err, &r) {
				d.metrics.post("refused")
				d.log.Error("Discord refused a post; it stays queued", "channel", key.Channel, "notice", n.Seq, "status", r.status, "code", r.code, "err", err)
				if err := d.box.Failed(key, n.Seq, r.reason); err != nil {
					d.log.Error("recording a refused post", "channel", key.Channel, "err", err)
				}
				d.stop(c, r)
				return
			}
			d.stop(c, nil) // closing
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

// stop ends a courier's run; a refusal is kept and told to the waiters.
func (d *deliverer) stop(c *courier, r *refusal) {
	d.mu.Lock()
	defer d.mu.Unlock()
	c.running, c.again = false, false
	if r != nil {
		c.failed = r
		c.settle(0, r)
	}
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
func liveAmong(notices []store.Notice) bool {
	for i := range notices {
		if notices[i].IsLive() {
			return true
		}
	}
	return false
}

// deliver sends one notice, part by part from the first Discord has not
// accepted yet, with its buttons when buttons is set, retrying transient
// failures until the deliverer closes. It returns once the notice is
// marked delivered, with the post whose buttons are to be removed now
// (""), or with a *refusal or the closing context's error.
func (d *deliverer) deliver(key store.Key, n store.Notice, buttons bool) (strip string, err error) {
	text := n.Text
	if n.Mention != "" {
		text = "<@" + n.Mention + "> " + text
	}
	image := n.Image
	if len(image) > d.limit {
		d.log.Warn("attachment over the upload limit left out", "channel", key.Channel, "bytes", len(image), "limit", d.limit)
		text += "\n(The picture is larger than Discord's upload limit and was left out.)"
		image = nil
	}
	parts := splitText(text, maxContent)
	for i := n.Sent; i < len(parts); i++ {
		last := i == len(parts)-1
		ms := &discordgo.MessageSend{
			Content:         parts[i],
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
		}
		if i == 0 && n.Mention != "" {
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
		msg, err := d.send(key.Channel, ms, file, nonce(n.Seq, i))
		if err != nil {
			return "", err
		}
		if !last {
			if err := d.box.SentPart(key, n.Seq, i+1); err != nil {
				d.log.Error("recording a sent part", "channel", key.Channel, "err", err)
			}
			continue
		}
		strip, err = d.box.Delivered(key, n.Seq, msg.ID, len(ms.Components) > 0)
		if err != nil {
			d.log.Error("marking a notice delivered", "channel", key.Channel, "notice", n.Seq, "err", err)
		}
	}
	return strip, nil
}

// nonce names part i of notice seq; Discord returns the earlier message
// for a nonce it has seen (at most 25 characters).
func nonce(seq uint64, part int) string {
	return "m" + strconv.FormatUint(seq, 36) + "." + strconv.Itoa(part)
}

// send posts one message, retrying transient failures (5xx, lost
// connections) with a growing pause until the deliverer closes.
func (d *deliverer) send(channel string, ms *discordgo.MessageSend, file *upload, nonce string) (*discordgo.Message, error) {
	backoff := 500 * time.Millisecond
	for attempt := 1; ; attempt++ {
		msg, err := createMessage(d.ctx, d.api, channel, ms, file, nonce)
		if err == nil {
			return msg, nil
		}
		if r := asRefusal(err); r != nil {
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
// attached when there is one.
func createMessage(ctx context.Context, api Discord, channel string, ms *discordgo.MessageSend, file *upload, nonce string) (*discordgo.Message, error) {
	body := messageCreate{MessageSend: ms, Nonce: nonce, EnforceNonce: true}
	endpoint := discordgo.EndpointChannelMessages(channel)
	var resp []byte
	var err error
	if file != nil {
		f := &discordgo.File{Name: file.name, ContentType: contentType(file.name), Reader: bytes.NewReader(file.data)}
		contentType, data, merr := discordgo.MultipartBodyWithJSON(body, []*discordgo.File{f})
		if merr != nil {
			return nil, merr
		}
		resp, err = api.RequestRaw(http.MethodPost, endpoint, contentType, data, endpoint, 0, discordgo.WithContext(ctx))
	} else {
		resp, err = api.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, discordgo.WithContext(ctx))
	}
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(resp, &m); err != nil {
		return nil, fmt.Errorf("reading Discord's answer to a post: %w", err)
	}
	return &m, nil
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
	case r.code == discordgo.ErrCodeMissingPermissions || r.code == discordgo.ErrCodeMissingAccess || status == http.StatusForbidden:
		r.reason = "Discord refused the post: the bot lacks a permission it needs in this channel (View Channel, Send Messages, Attach Files, Embed Links)"
	case r.code == discordgo.ErrCodeUnknownChannel || status == http.StatusNotFound:
		r.reason = "Discord refused the post: the channel is gone or the bot can no longer see it"
	default:
		r.reason = fmt.Sprintf("Discord refused the post (HTTP %d, code %d)", status, r.code)
	}
	return r
}

// strip removes the buttons of every post of key still queued for it.
func (d *deliverer) strip(key store.Key) {
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
func (d *deliverer) stripOne(key store.Key, id string) {
	none := []discordgo.MessageComponent{}
	_, err := d.api.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: key.Channel, Components: &none}, discordgo.WithContext(d.ctx))
	if r := asRefusal(err); err != nil && (r == nil || r.status != http.StatusNotFound) {
		d.log.Warn("removing the buttons of an old post failed; it will be tried again", "channel", key.Channel, "message", id, "err", err)
		return
	}
	if err := d.box.Stripped(key, id); err != nil {
		d.log.Error("recording a stripped post", "channel", key.Channel, "err", err)
	}
}

// close lets the couriers finish for at most timeout, then stops them.
// What is not delivered stays in the outbox for the next start.
func (d *deliverer) close(timeout time.Duration) {
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
