package bot

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
)

// outbox posts channel messages: one ordered queue per channel, sent one
// at a time, so a burst of posts arrives complete and in order whatever
// the rate limits (discordgo waits out a 429 and retries).
type outbox struct {
	api   Discord
	log   *slog.Logger
	limit int // upload limit in bytes

	// ctx ends the sending (after the drain at Close).
	ctx    context.Context
	cancel context.CancelFunc

	mu     sync.Mutex
	queues map[string]*queue
	wg     sync.WaitGroup
}

type queue struct {
	items   []message
	running bool
}

// message is one channel message to send.
type message struct {
	channel   string
	content   string
	mention   string
	image     []byte
	imageName string
	buttons   []command.Button
}

func newOutbox(api Discord, log *slog.Logger, limit int) *outbox {
	ctx, cancel := context.WithCancel(context.Background())
	return &outbox{api: api, log: log, limit: limit, ctx: ctx, cancel: cancel, queues: map[string]*queue{}}
}

// post queues a command layer's posts for channel, in order.
func (o *outbox) post(channel string, posts []command.Post) {
	var msgs []message
	for _, p := range posts {
		msgs = append(msgs, o.messages(channel, p)...)
	}
	if len(msgs) == 0 {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	q := o.queues[channel]
	if q == nil {
		q = &queue{}
		o.queues[channel] = q
	}
	q.items = append(q.items, msgs...)
	if !q.running {
		q.running = true
		o.wg.Add(1)
		go o.run(channel, q)
	}
}

// messages words one post as Discord messages: text split at Discord's
// limit, the ping on the first, the image and buttons on the last.
func (o *outbox) messages(channel string, p command.Post) []message {
	text := p.Text
	if p.Mention != "" {
		text = "<@" + p.Mention + "> " + text
	}
	image := p.Image
	if len(image) > o.limit {
		o.log.Warn("attachment over the upload limit left out", "channel", channel, "bytes", len(image), "limit", o.limit)
		text += "\n(The picture is larger than Discord's upload limit and was left out.)"
		image = nil
	}
	chunks := splitText(text, maxContent)
	out := make([]message, len(chunks))
	for i, c := range chunks {
		out[i] = message{channel: channel, content: c}
	}
	out[0].mention = p.Mention
	last := &out[len(out)-1]
	if image != nil {
		last.image, last.imageName = image, p.ImageName
		if last.imageName == "" {
			last.imageName = "map.png"
		}
	}
	last.buttons = p.Buttons
	return out
}

// idle reports whether every channel's queue is sent.
func (o *outbox) idle() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, q := range o.queues {
		if q.running || len(q.items) > 0 {
			return false
		}
	}
	return true
}

func (o *outbox) run(channel string, q *queue) {
	defer o.wg.Done()
	for {
		o.mu.Lock()
		if len(q.items) == 0 {
			q.running = false
			o.mu.Unlock()
			return
		}
		m := q.items[0]
		q.items = q.items[1:]
		o.mu.Unlock()
		o.send(m)
	}
}

// send posts one message, retrying transient failures; a message Discord
// refuses for good (4xx) is logged and dropped.
func (o *outbox) send(m message) {
	backoff := 500 * time.Millisecond
	for attempt := 1; ; attempt++ {
		ms := &discordgo.MessageSend{
			Content:         m.content,
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
			Components:      buttonRows(m.buttons),
		}
		if m.mention != "" {
			ms.AllowedMentions.Users = []string{m.mention}
		}
		if m.image != nil {
			ms.Files = []*discordgo.File{{Name: m.imageName, ContentType: contentType(m.imageName), Reader: bytes.NewReader(m.image)}}
		}
		_, err := o.api.ChannelMessageSendComplex(m.channel, ms, discordgo.WithContext(o.ctx))
		if err == nil {
			return
		}
		var rest *discordgo.RESTError
		permanent := errors.As(err, &rest) && rest.Response != nil &&
			rest.Response.StatusCode >= 400 && rest.Response.StatusCode < 500 && rest.Response.StatusCode != http.StatusTooManyRequests
		if permanent || o.ctx.Err() != nil || attempt == 5 {
			o.log.Error("posting to the channel failed; message dropped", "channel", m.channel, "attempt", attempt, "err", err)
			return
		}
		o.log.Warn("posting to the channel failed; retrying", "channel", m.channel, "attempt", attempt, "err", err)
		select {
		case <-time.After(backoff):
		case <-o.ctx.Done():
		}
		backoff *= 2
	}
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

// close waits for the queues to drain, at most timeout, then stops.
func (o *outbox) close(timeout time.Duration) {
	done := make(chan struct{})
	go func() { o.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(timeout):
		o.log.Warn("channel posts still queued at shutdown were dropped")
	}
	o.cancel()
	<-done
}
