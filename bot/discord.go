package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/store"
)

// Discord holds the only Discord API calls the bot makes;
// *discordgo.Session implements it. Each returns the REST error of the
// call (*discordgo.RESTError for an error status, with Discord's code), a
// transport error, or ctx's error when a discordgo.WithContext option ends
// the wait. Rate limits (429) are waited out and retried by discordgo.
type Discord interface {
	// ApplicationCommandBulkOverwrite replaces the application's commands
	// globally (guildID "") or in one guild.
	ApplicationCommandBulkOverwrite(appID, guildID string, cmds []*discordgo.ApplicationCommand, options ...discordgo.RequestOption) ([]*discordgo.ApplicationCommand, error)
	// InteractionRespond sends the interaction's first response (its
	// acknowledgement); Discord refuses it after 3 s (code 10062).
	InteractionRespond(i *discordgo.Interaction, r *discordgo.InteractionResponse, options ...discordgo.RequestOption) error
	// InteractionResponseEdit edits the response of a deferred interaction.
	InteractionResponseEdit(i *discordgo.Interaction, e *discordgo.WebhookEdit, options ...discordgo.RequestOption) (*discordgo.Message, error)
	// FollowupMessageCreate adds a message to an acknowledged interaction.
	FollowupMessageCreate(i *discordgo.Interaction, wait bool, p *discordgo.WebhookParams, options ...discordgo.RequestOption) (*discordgo.Message, error)
	// ChannelMessageSendComplex posts a message in a channel.
	ChannelMessageSendComplex(channelID string, m *discordgo.MessageSend, options ...discordgo.RequestOption) (*discordgo.Message, error)
}

var _ Discord = (*discordgo.Session)(nil)

// Commands is what the bot needs of the command layer; *command.Service
// implements it. None of its methods fails: refusals come back in the
// Response (Refused, Private), internal errors are logged by the layer.
type Commands interface {
	Handle(ctx context.Context, req command.Request) command.Response
	HandleButton(ctx context.Context, key store.Key, caller command.Caller, customID string) command.Response
	Suggest(ctx context.Context, key store.Key, caller command.Caller, cmd string, opts map[string]string, focused string) []command.Choice
	// AIStep returns an error only for internal failures (store, AI).
	AIStep(ctx context.Context, key store.Key) (command.Response, bool, error)
	Tick(ctx context.Context, key store.Key) command.Response
}

var _ Commands = (*command.Service)(nil)

// Games is what the bot needs of the database directly: the running games
// to resume and tick, and a place for its own per-game marks. *store.DB
// implements it.
type Games interface {
	// Running lists the keys of the running games.
	Running() ([]store.Key, error)
	// Get returns a copy of a running game; store.ErrNotFound.
	Get(key store.Key) (*store.Record, error)
	// Update changes a running game durably; store.ErrNotFound, or fn's error.
	Update(key store.Key, fn func(rec *store.Record) error) error
}

var _ Games = (*store.DB)(nil)
