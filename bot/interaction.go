package bot

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// call is one interaction being answered.
type call struct {
	i        *discordgo.Interaction
	key      record.Key
	caller   command.Caller
	vars     map[string]string
	received time.Time
	thread   bool   // the channel is a thread
	where    Where  // what the raw event told of the channel
	label    string // the subcommand or button verb, for the metrics
}

// HandleInteraction answers one interaction (discordgo calls it in a
// goroutine per event); w is what its raw event told of the channel. It
// returns once the answer is given and its posts are delivered or queued.
func (b *Bot) HandleInteraction(i *discordgo.Interaction, w Where) {
	if !b.enter() {
		return
	}
	defer b.wg.Done()
	b.busy.Add(1)
	defer b.busy.Add(-1)
	c := &call{i: i, received: time.Now(), thread: w.Thread, where: w}
	b.out.setLimit(i.GuildID, w.UploadLimit)
	k, path := routeOf(i)
	lang := i18n.Parse(string(i.Locale))
	c.caller.Lang = lang
	if i.GuildID == "" || i.Member == nil || i.Member.User == nil {
		b.log.Info("direct message refused", "kind", i.Type)
		b.refuse(c, k, i18n.T(lang, "bot.dm-refusal", nil))
		return
	}
	c.key = record.Key{Guild: i.GuildID, Channel: i.ChannelID}
	c.caller = command.Caller{
		UserID:    i.Member.User.ID,
		Name:      i.Member.User.Username,
		CanManage: i.Member.Permissions&discordgo.PermissionManageChannels != 0,
		Lang:      lang,
	}
	h, vars, ok := b.routes.match(k, path)
	if !ok {
		b.log.Warn("interaction without a route", "kind", i.Type, "path", path)
		b.refuse(c, k, i18n.T(lang, "bot.unknown", nil))
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
	label := c.label
	if label == "" {
		label = "other"
	}
	b.metrics.interaction(label, "refused")
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

// offerRows lays out the buttons offered to the caller alone (a Confirm).
func offerRows(offer []command.Button) []discordgo.MessageComponent {
	bs := make([]record.Button, len(offer))
	for i, b := range offer {
		bs[i] = record.Button{Label: b.Label, CustomID: b.CustomID, Style: int(b.Style)}
	}
	return buttonRows(bs)
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
	b.metrics.acked(time.Since(c.received))
	b.log.Debug("interaction acknowledged", "interaction", c.i.ID, "type", r.Type, "after", time.Since(c.received))
	return true
}

// mutates reports whether a subcommand may change the game (and so takes
// the channel's lock).
func (b *Bot) mutates(name string) bool {
	c, ok := command.Lookup(name)
	return ok && c.ChangesGame()
}

// posts reports whether a subcommand may post in the channel, and so needs
// the bot's permissions there.
func (b *Bot) posts(name string) bool {
	c, ok := command.Lookup(name)
	return ok && c.PostsInChannel()
}

func (b *Bot) onCommand(c *call) {
	name, opts, _ := subcommand(c.i.ApplicationCommandData())
	c.label = name
	if _, forum := threadsHome(c.where); b.posts(name) && !(name == "new" && forum) {
		if msg := b.cannotPost(c); msg != "" {
			b.log.Info("command refused: the bot cannot post here", "channel", c.key.Channel, "command", name)
			b.refuse(c, slashCommand, msg)
			return
		}
	}
	req := command.Request{Key: c.key, Caller: c.caller, Command: name, Options: opts, Names: namesOf(c.i), Lang: i18n.Parse(string(c.i.Locale))}
	threads, forum := threadsHome(c.where)
	req.Place = command.Place{Forum: forum, Thread: c.thread}
	if name == "new" {
		b.newGameDefaults(opts)
		if threads {
			req.Place.OpenThread, req.Place.DropThread = b.threadOpener(c, forum), b.threadDropper(c)
		}
	}
	b.log.Info("command", "channel", c.key.Channel, "user", c.caller.UserID, "command", name)
	b.answer(c, false, func(ctx context.Context) delivery {
		if !b.mutates(name) {
			return b.delivering(c.key, b.cmds.Handle(ctx, req))
		}
		earlier := b.cmds.Undelivered(c.key, c.caller.Lang)
		d := b.locked(c.key, func() command.Response { return b.cmds.Handle(ctx, req) })
		d.earlier = earlier
		return d
	})
}

// newGameDefaults applies the configured reminder and round time limit to
// a new game that names none.
// cannotPost words why the bot cannot post in the interaction's channel
// (a locked thread, a private thread without it, a missing permission),
// or "".
func (b *Bot) cannotPost(c *call) string {
	if msg := threadRefusal(c.where, c.i.AppPermissions, func() bool { return b.inThread(c) }, c.caller.Lang); msg != "" {
		return msg
	}
	return missingPermissions(c.i.AppPermissions, c.thread, c.caller.Lang)
}

// inThread asks Discord whether the bot is a member of the interaction's
// thread; an error other than Discord's "no" counts as a member (the post
// itself then tells).
func (b *Bot) inThread(c *call) bool {
	ctx, cancel := context.WithDeadline(b.ctx, c.received.Add(2*time.Second))
	defer cancel()
	b.mu.Lock()
	me := b.userID
	b.mu.Unlock()
	if me == "" {
		return true
	}
	endpoint := discordgo.EndpointThreadMember(c.key.Channel, me)
	_, err := b.api.RequestWithBucketID(http.MethodGet, endpoint, nil, discordgo.EndpointThreadMembers(c.key.Channel), discordgo.WithContext(ctx))
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusNotFound {
		return false
	}
	return true
}

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
	c.label = "button:other"
	if command.KnownButtonVerb(c.vars["verb"]) {
		c.label = "button:" + c.vars["verb"]
	}
	if msg := b.cannotPost(c); msg != "" {
		b.log.Info("button refused: the bot cannot post here", "channel", c.key.Channel, "custom_id", id)
		b.refuse(c, component, msg)
		return
	}
	b.log.Info("button", "channel", c.key.Channel, "user", c.caller.UserID, "custom_id", id)
	values := c.i.MessageComponentData().Values
	if c.vars["verb"] == "play" {
		// The picker is read from the game and sent at once, to the
		// presser alone.
		b.openPicker(c, id)
		return
	}
	b.answer(c, true, func(ctx context.Context) delivery {
		earlier := b.cmds.Undelivered(c.key, c.caller.Lang)
		d := b.locked(c.key, func() command.Response { return b.cmds.HandleButton(ctx, c.key, c.caller, id, values...) })
		d.earlier = earlier
		return d
	})
}

// delivery is a command's response and the delivery of its posts.
type delivery struct {
	resp command.Response
	// posted receives the outcome of the delivery of the posts (nil when
	// the response has none); err and settled keep it once received.
	posted  <-chan error
	err     error
	settled bool
	// earlier words the channel's posts Discord had refused before this
	// command, if any.
	earlier string
}

// locked runs a game change under the channel's lock, so that its notices
// are queued in the order of the game, and starts their delivery; it
// starts the AI when it is to act.
func (b *Bot) locked(key record.Key, fn func() command.Response) delivery {
	unlock := b.lockChannel(key)
	resp := fn()
	if resp.Game.Channel != "" {
		key = resp.Game // a new game's thread
	}
	d := b.delivering(key, resp)
	unlock()
	if resp.AINext {
		b.clearPaused(key)
		b.startAI(key)
	}
	return d
}

// delivering starts the delivery of the posts resp queued in key's
// outbox (and of any kept from before), with a channel that tells when
// they are in the channel. A response without posts leaves the outbox
// alone.
func (b *Bot) delivering(key record.Key, resp command.Response) delivery {
	d := delivery{resp: resp}
	if len(resp.Posts) == 0 {
		for _, k := range resp.Also {
			b.out.kick(k)
		}
		return d
	}
	for _, k := range resp.Also {
		b.out.kick(k)
	}
	for range resp.Posts {
		b.metrics.post("queued")
	}
	if last, err := b.games.LastPending(key); err != nil {
		b.log.Error("reading the outbox", "channel", key.Channel, "err", err)
	} else if last > 0 {
		d.posted = b.out.wait(key, last)
	} else {
		d.settled = true // delivered already
	}
	b.out.kick(key)
	return d
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

// answer runs work and gives the caller its private reply once the posts
// it caused are in the channel (or Discord refused them). When that is
// over within DeferAfter the reply is the acknowledgement itself;
// otherwise the interaction is deferred first (Discord's 3 s) and the
// reply follows. Buttons without a private reply are acknowledged without
// a message.
func (b *Bot) answer(c *call, button bool, work func(ctx context.Context) delivery) {
	done := make(chan delivery, 1)
	go func() { done <- work(b.ctx) }()
	soon, cancel := context.WithDeadline(b.ctx, c.received.Add(b.cfg.DeferAfter))
	defer cancel()
	var d delivery
	select {
	case d = <-done:
		if d.wait(soon.Done()) {
			b.replyNow(c, button, d)
			break
		}
		d = b.replyDeferred(c, button, func() delivery { return d })
	case <-soon.Done():
		d = b.replyDeferred(c, button, func() delivery { return <-done })
	}
	result := "ok"
	switch {
	case d.resp.Refused:
		result = "refused"
	case d.err != nil:
		result = "not_posted"
	}
	b.metrics.interaction(c.label, result)
	b.metrics.answered(time.Since(c.received))
}

// wait waits for the delivery of the posts until stop; false if it is
// still going on then.
func (d *delivery) wait(stop <-chan struct{}) bool {
	if d.settled || d.posted == nil {
		return true
	}
	select {
	case d.err = <-d.posted:
		d.settled = true
		return true
	case <-stop:
		return false
	}
}

// replyDeferred defers the interaction, waits for the work and its posts
// (while the interaction's token lives), then gives the reply.
func (b *Bot) replyDeferred(c *call, button bool, result func() delivery) delivery {
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
	if button {
		deferred = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	acked := b.respond(c, deferred)
	d := result()
	lives, cancel := context.WithDeadline(b.ctx, c.received.Add(tokenLifetime))
	defer cancel()
	d.wait(lives.Done())
	if acked && b.ctx.Err() == nil {
		b.replyLate(c, button, d)
	}
	return d
}

// tokenLifetime is how long the bot waits to give a deferred reply, well
// inside the 15 minutes an interaction's token lives (the AI's budget is
// bounded far below it: MaxAIBudget).
const tokenLifetime = 10 * time.Minute

// privateText is the caller's reply, in lang: the command's own, or what
// became of its posts.
func privateText(button bool, d delivery, lang i18n.Lang) string {
	resp := d.resp
	var parts []string
	switch {
	case d.err != nil:
		parts = append(parts, refusedPosts(d.err, lang))
	case d.earlier != "" && d.posted != nil && d.settled:
		parts = append(parts, i18n.T(lang, "bot.earlier-through", nil))
	case d.earlier != "":
		parts = append(parts, i18n.T(lang, "bot.earlier", map[string]any{"Earlier": d.earlier, "Advice": advice(lang)}))
	}
	switch {
	case resp.Private != "":
		parts = append(parts, resp.Private)
	case button || d.err != nil:
	case d.posted != nil && !d.settled:
		parts = append(parts, i18n.T(lang, "bot.slow", nil))
	case len(resp.Posts) > 0:
		parts = append(parts, i18n.T(lang, "bot.done", nil))
	default:
		parts = append(parts, i18n.T(lang, "bot.saved", nil))
	}
	return strings.Join(parts, "\n")
}

// refusedPosts tells the caller, in lang, that Discord refused the posts
// of the step they took.
// Only a missing permission gets the advice to grant one.
func refusedPosts(err error, lang i18n.Lang) string {
	reason := err.Error()
	var r *refusal
	if errors.As(err, &r) {
		reason = r.in(lang)
	}
	if r != nil && r.kind == refusedOther {
		return i18n.T(lang, "bot.set-aside-reply", map[string]any{"Reason": reason})
	}
	if r != nil && r.kind != refusedPermission {
		return i18n.T(lang, "bot.not-shown", map[string]any{"Reason": reason})
	}
	return i18n.T(lang, "bot.not-shown-permission", map[string]any{"Reason": reason, "Advice": advice(lang)})
}

func (b *Bot) replyNow(c *call, button bool, d delivery) {
	if button && d.resp.Panel != nil && !d.resp.Panel.Apart {
		b.respond(c, updateMessage(d.resp.Panel))
		if text := privateText(button, d, c.caller.Lang); text != "" {
			b.followUps(c, splitText(text, maxContent))
		}
		return
	}
	text := c.words(privateText(button, d, c.caller.Lang))
	if text == "" {
		b.respond(c, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		return
	}
	parts := splitText(text, maxContent)
	r := ephemeral(parts[0])
	r.Data.Components = offerRows(d.resp.Offer)
	if b.respond(c, r) {
		b.followUps(c, parts[1:])
	}
}

func (b *Bot) replyLate(c *call, button bool, d delivery) {
	if button && d.resp.Panel != nil && !d.resp.Panel.Apart {
		content, rows := clip(d.resp.Panel.Text, maxContent), panelRows(d.resp.Panel)
		if _, err := b.api.InteractionResponseEdit(c.i, &discordgo.WebhookEdit{Content: &content, Components: &rows,
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}, discordgo.WithContext(b.ctx)); err != nil {
			b.log.Error("updating the message of a pressed component failed", "interaction", c.i.ID, "err", err)
		}
	}
	text := c.words(privateText(button, d, c.caller.Lang))
	if text == "" {
		return
	}
	parts := splitText(text, maxContent)
	offer := offerRows(d.resp.Offer)
	if button {
		b.followUps(c, parts, offer...)
		return
	}
	content := parts[0]
	var rows *[]discordgo.MessageComponent
	if len(offer) > 0 {
		rows = &offer
	}
	if _, err := b.api.InteractionResponseEdit(c.i, &discordgo.WebhookEdit{Content: &content, Components: rows,
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}, discordgo.WithContext(b.ctx)); err != nil {
		b.log.Error("editing a deferred reply failed", "interaction", c.i.ID, "err", err)
		return
	}
	b.followUps(c, parts[1:])
}

// followUps sends more caller-only messages after the acknowledgement;
// the first carries offer (a Confirm button), if any.
func (b *Bot) followUps(c *call, parts []string, offer ...discordgo.MessageComponent) {
	for i, p := range parts {
		params := &discordgo.WebhookParams{Content: p, Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}
		if i == 0 {
			params.Components = offer
		}
		_, err := b.api.FollowupMessageCreate(c.i, false, params, discordgo.WithContext(b.ctx))
		if err != nil {
			b.log.Error("sending a follow-up failed", "interaction", c.i.ID, "err", err)
			return
		}
	}
}

// updateMessage replaces the message whose component was pressed with a
// panel: an open challenge once its seat is taken (no buttons left), the
// picker's next step.
func updateMessage(p *command.Panel) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: clip(p.Text, maxContent), Components: panelRows(p),
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}}
}

// panelRows lays out a panel's menus (a row each) and buttons (five to a
// row), within Discord's five rows; none gives an empty list, which takes
// a message's components away.
func panelRows(p *command.Panel) []discordgo.MessageComponent {
	rows := []discordgo.MessageComponent{}
	for _, s := range p.Selects {
		if len(rows) == 5 || len(s.Options) == 0 || len(s.CustomID) > 100 {
			continue
		}
		opts := make([]discordgo.SelectMenuOption, 0, len(s.Options))
		for _, o := range s.Options[:min(25, len(s.Options))] {
			opts = append(opts, discordgo.SelectMenuOption{Label: clip(o.Label, 100), Value: clip(o.Value, 100), Description: clip(o.Description, 100)})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, CustomID: s.CustomID, Placeholder: clip(s.Placeholder, 150), Options: opts}}})
	}
	bs := make([]record.Button, len(p.Buttons))
	for i, b := range p.Buttons {
		bs[i] = record.Button{Label: b.Label, CustomID: b.CustomID, Style: int(b.Style)}
	}
	for _, r := range buttonRows(bs) {
		if len(rows) < 5 {
			rows = append(rows, r)
		}
	}
	return rows
}

// words fits a reply to the place of the call: in a thread, its posts are
// in the thread.
func (c *call) words(text string) string {
	if c.thread {
		lang := c.caller.Lang
		return strings.Replace(text, i18n.T(lang, "bot.done", nil), i18n.T(lang, "bot.done-thread", nil), 1)
	}
	return text
}

// openPicker answers a Play button with the picker, a message only the
// presser sees, or with why they cannot play now.
func (b *Bot) openPicker(c *call, id string) {
	ctx, cancel := context.WithDeadline(b.ctx, c.received.Add(2*time.Second))
	defer cancel()
	resp := b.cmds.HandleButton(ctx, c.key, c.caller, id)
	if resp.Panel == nil || !resp.Panel.Apart {
		b.metrics.interaction(c.label, "refused")
		b.respond(c, ephemeral(c.words(resp.Private)))
		return
	}
	r := ephemeral(resp.Panel.Text)
	r.Data.Components = panelRows(resp.Panel)
	b.metrics.interaction(c.label, "ok")
	b.respond(c, r)
}
