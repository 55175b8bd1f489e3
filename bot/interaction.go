package bot

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/store"
)

// call is one interaction being answered.
type call struct {
	i        *discordgo.Interaction
	key      store.Key
	caller   command.Caller
	vars     map[string]string
	received time.Time
}

// Replies the bot gives on its own.
const (
	dmRefusal    = "Mortain is played in a server channel, where everyone can follow the game: invite the bot to a server and use /mortain there."
	unknownReply = "This is not something Mortain knows; try /mortain help."
	doneReply    = "Done — posted in the channel."
)

// HandleInteraction answers one interaction (discordgo calls it in a
// goroutine per event). It returns once the answer and its posts are
// queued.
func (b *Bot) HandleInteraction(i *discordgo.Interaction) {
	if !b.enter() {
		return
	}
	defer b.wg.Done()
	b.busy.Add(1)
	defer b.busy.Add(-1)
	c := &call{i: i, received: time.Now()}
	k, path := routeOf(i)
	if i.GuildID == "" || i.Member == nil || i.Member.User == nil {
		b.log.Info("direct message refused", "kind", i.Type)
		b.refuse(c, k, dmRefusal)
		return
	}
	c.key = store.Key{Guild: i.GuildID, Channel: i.ChannelID}
	c.caller = command.Caller{
		UserID:    i.Member.User.ID,
		Name:      i.Member.User.Username,
		CanManage: i.Member.Permissions&discordgo.PermissionManageChannels != 0,
	}
	h, vars, ok := b.routes.match(k, path)
	if !ok {
		b.log.Warn("interaction without a route", "kind", i.Type, "path", path)
		b.refuse(c, k, unknownReply)
		return
	}
	c.vars = vars
	h(c)
}

// routeOf gives an interaction's kind and its path in the route table.
func routeOf(i *discordgo.Interaction) (kind, string) {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		d := i.ApplicationCommandData()
		name, _, _ := subcommand(d)
		return slashCommand, d.Name + "/" + name
	case discordgo.InteractionApplicationCommandAutocomplete:
		d := i.ApplicationCommandData()
		name, _, _ := subcommand(d)
		return autocomplete, d.Name + "/" + name
	case discordgo.InteractionMessageComponent:
		return component, i.MessageComponentData().CustomID
	}
	return 0, ""
}

// refuse answers at once with a caller-only message (no choices for
// autocomplete).
func (b *Bot) refuse(c *call, k kind, text string) {
	if k == autocomplete {
		b.respond(c, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}})
		return
	}
	if c.i.Type == discordgo.InteractionPing || k == 0 {
		return
	}
	b.respond(c, ephemeral(text))
}

func ephemeral(text string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: clip(text, maxContent), Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}}
}

// respond sends the interaction's acknowledgement, bounded by Discord's
// deadline.
func (b *Bot) respond(c *call, r *discordgo.InteractionResponse) bool {
	ctx, cancel := context.WithDeadline(b.ctx, c.received.Add(3*time.Second))
	defer cancel()
	if err := b.api.InteractionRespond(c.i, r, discordgo.WithContext(ctx)); err != nil {
		b.log.Error("acknowledging an interaction failed", "interaction", c.i.ID, "type", r.Type, "err", err)
		return false
	}
	b.log.Debug("interaction acknowledged", "interaction", c.i.ID, "type", r.Type, "after", time.Since(c.received))
	return true
}

// mutates reports whether a subcommand may change the game (and so takes
// the channel's lock).
func (b *Bot) mutates(name string) bool {
	d, ok := command.Find(name)
	if !ok {
		return false
	}
	switch d.Name {
	case "new", "join", "resign", "abort":
		return true
	}
	return d.Acts
}

func (b *Bot) onCommand(c *call) {
	name, opts, _ := subcommand(c.i.ApplicationCommandData())
	if name == "new" {
		b.newGameDefaults(opts)
	}
	req := command.Request{Key: c.key, Caller: c.caller, Command: name, Options: opts}
	b.log.Info("command", "channel", c.key.Channel, "user", c.caller.UserID, "command", name)
	b.answer(c, false, func(ctx context.Context) command.Response {
		if !b.mutates(name) {
			resp := b.cmds.Handle(ctx, req)
			b.out.post(c.key.Channel, resp.Posts)
			return resp
		}
		return b.locked(c.key, func() command.Response { return b.cmds.Handle(ctx, req) })
	})
}

// newGameDefaults applies the configured reminder and round time limit to
// a new game that names none.
func (b *Bot) newGameDefaults(opts map[string]string) {
	if _, ok := opts[command.SettingRemind]; !ok && b.cfg.Remind > 0 {
		opts[command.SettingRemind] = b.cfg.Remind.String()
	}
	if _, ok := opts[command.SettingRoundLimit]; !ok && b.cfg.RoundLimit > 0 {
		opts[command.SettingRoundLimit] = b.cfg.RoundLimit.String()
	}
}

func (b *Bot) onButton(c *call) {
	id := c.i.MessageComponentData().CustomID
	b.log.Info("button", "channel", c.key.Channel, "user", c.caller.UserID, "custom_id", id)
	b.answer(c, true, func(ctx context.Context) command.Response {
		return b.locked(c.key, func() command.Response { return b.cmds.HandleButton(ctx, c.key, c.caller, id) })
	})
}

// locked runs a game change under the channel's lock and queues its posts
// before the lock is released; it starts the AI when it is to act.
func (b *Bot) locked(key store.Key, fn func() command.Response) command.Response {
	m := b.channel(key)
	m.Lock()
	resp := fn()
	b.out.post(key.Channel, resp.Posts)
	m.Unlock()
	if resp.AINext {
		b.clearPaused(key)
		b.startAI(key)
	}
	return resp
}

func (b *Bot) onAutocomplete(c *call) {
	name, opts, focused := subcommand(c.i.ApplicationCommandData())
	ctx, cancel := context.WithDeadline(b.ctx, c.received.Add(2*time.Second))
	defer cancel()
	got := b.cmds.Suggest(ctx, c.key, c.caller, name, opts, focused)
	choices := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(got))
	for _, ch := range got {
		if len(choices) == 25 {
			break
		}
		if ch.Value == "" || len(ch.Value) > 100 {
			continue
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(ch.Name, 100), Value: ch.Value})
	}
	b.respond(c, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}})
}

// answer runs work and gives the caller its private reply. When work ends
// within DeferAfter the reply is the acknowledgement itself; otherwise the
// interaction is deferred first (Discord's 3 s) and the reply follows.
// Buttons without a private reply are acknowledged without a message.
func (b *Bot) answer(c *call, button bool, work func(ctx context.Context) command.Response) {
	done := make(chan command.Response, 1)
	go func() { done <- work(b.ctx) }()
	timer := time.NewTimer(time.Until(c.received.Add(b.cfg.DeferAfter)))
	defer timer.Stop()
	select {
	case resp := <-done:
		b.replyNow(c, button, resp)
	case <-timer.C:
		deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
		if button {
			deferred = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
		}
		acked := b.respond(c, deferred)
		resp := <-done
		if acked {
			b.replyLate(c, button, resp)
		}
	}
}

func privateText(button bool, resp command.Response) string {
	if resp.Private != "" || button {
		return resp.Private
	}
	return doneReply
}

func (b *Bot) replyNow(c *call, button bool, resp command.Response) {
	text := privateText(button, resp)
	if text == "" {
		b.respond(c, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		return
	}
	parts := splitText(text, maxContent)
	if b.respond(c, ephemeral(parts[0])) {
		b.followUps(c, parts[1:])
	}
}

func (b *Bot) replyLate(c *call, button bool, resp command.Response) {
	text := privateText(button, resp)
	if text == "" {
		return
	}
	parts := splitText(text, maxContent)
	if button {
		b.followUps(c, parts)
		return
	}
	content := parts[0]
	if _, err := b.api.InteractionResponseEdit(c.i, &discordgo.WebhookEdit{Content: &content,
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}, discordgo.WithContext(b.ctx)); err != nil {
		b.log.Error("editing a deferred reply failed", "interaction", c.i.ID, "err", err)
		return
	}
	b.followUps(c, parts[1:])
}

// followUps sends more caller-only messages after the acknowledgement.
func (b *Bot) followUps(c *call, parts []string) {
	for _, p := range parts {
		_, err := b.api.FollowupMessageCreate(c.i, false, &discordgo.WebhookParams{Content: p, Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}, discordgo.WithContext(b.ctx))
		if err != nil {
			b.log.Error("sending a follow-up failed", "interaction", c.i.ID, "err", err)
			return
		}
	}
}
