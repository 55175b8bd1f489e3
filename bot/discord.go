package bot

import (
	"context"
	"io"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// Discord holds the only Discord API calls the bot makes;
// *discordgo.Session implements it. Each returns the REST error of the
// call (*discordgo.RESTError for an error status, with Discord's code), a
// transport error, or ctx's error when a discordgo.WithContext option ends
// the wait. Rate limits (429) are waited out and retried by discordgo.
type Discord interface {
	// InteractionRespond sends the interaction's first response (its
	// acknowledgement); Discord refuses it after 3 s (code 10062).
	InteractionRespond(i *discordgo.Interaction, r *discordgo.InteractionResponse, options ...discordgo.RequestOption) error
	// InteractionResponseEdit edits the response of a deferred interaction.
	InteractionResponseEdit(i *discordgo.Interaction, e *discordgo.WebhookEdit, options ...discordgo.RequestOption) (*discordgo.Message, error)
	// FollowupMessageCreate adds a message to an acknowledged interaction.
	FollowupMessageCreate(i *discordgo.Interaction, wait bool, p *discordgo.WebhookParams, options ...discordgo.RequestOption) (*discordgo.Message, error)
	// RequestWithBucketID sends a JSON request: a message create with a
	// nonce, which discordgo's MessageSend cannot carry, and the commands'
	// bulk overwrite with default_member_permissions as the number the
	// spec wants (discordgo sends a string).
	RequestWithBucketID(method, urlStr string, data interface{}, bucketID string, options ...discordgo.RequestOption) ([]byte, error)
	// RequestRaw sends a request with a ready body (a multipart message
	// create with a nonce and a file).
	RequestRaw(method, urlStr, contentType string, b []byte, bucketID string, sequence int, options ...discordgo.RequestOption) ([]byte, error)
	// ChannelMessageEditComplex edits a channel message (to remove the
	// buttons of a post that is no longer live).
	ChannelMessageEditComplex(m *discordgo.MessageEdit, options ...discordgo.RequestOption) (*discordgo.Message, error)
	// ChannelTyping shows the bot as typing in a channel, for about 10 s
	// or until its next message there (the AI thinking).
	ChannelTyping(channelID string, options ...discordgo.RequestOption) error
}

var _ Discord = (*discordgo.Session)(nil)

// Commands is what the bot needs of the command layer; *command.Service
// implements it. None of its methods fails: refusals come back in the
// Response (Refused, Private), internal errors are logged by the layer.
type Commands interface {
	Handle(ctx context.Context, req command.Request) command.Response
	HandleButton(ctx context.Context, key record.Key, caller command.Caller, customID string, values ...string) command.Response
	Suggest(ctx context.Context, key record.Key, caller command.Caller, cmd string, opts map[string]string, focused string) []command.Choice
	// AIStep returns an error only for internal failures (store, AI).
	AIStep(ctx context.Context, key record.Key) (command.Response, bool, error)
	Tick(ctx context.Context, key record.Key) command.Response
	// Now is the layer's clock, which its timers go by.
	Now() time.Time
	// OpenNameSeats opens the seats that hold a typed name but no account
	// (kept by older versions); an empty Response when there are none.
	OpenNameSeats(ctx context.Context, key record.Key) command.Response
	// Abandon archives the game of a deleted channel without a result;
	// it reports whether there was one.
	Abandon(key record.Key) (bool, error)
	// Undelivered words the channel's posts Discord refused for good in
	// lang, or "".
	Undelivered(key record.Key, lang i18n.Lang) string
	// RestartClock starts the time of the person to act afresh (the
	// channel could not see the game meanwhile).
	RestartClock(key record.Key)
	// DMRefused switches off the direct messages of the member whose DM
	// Discord refused, telling them in the game's thread (Also names it).
	DMRefused(key record.Key, n record.Notice) command.Response
}

var _ Commands = (*command.Service)(nil)

// Games is what the bot needs of the database directly: the running games
// to resume and tick, a place for its own per-game marks, and the outbox
// it delivers. *store.DB implements it.
type Games interface {
	// Running lists the keys of the running games.
	Running() ([]record.Key, error)
	// Due lists the running games whose timers are due at now.
	Due(now time.Time) ([]record.Key, error)
	// Heads returns what each running game's head says (seats, side to
	// act, ended, paused) without decoding the games.
	Heads() ([]record.Head, error)
	// RecordsRead counts the records decoded from the file and read.
	RecordsRead() (decoded, copied uint64)
	// Outbox reads what the outbox holds (the metrics).
	Outbox() (store.OutboxState, error)
	// Get returns a copy of a running game; record.ErrNotFound.
	Get(key record.Key) (*record.Record, error)
	// Update changes a running game durably; record.ErrNotFound, or fn's error.
	Update(key record.Key, fn func(rec *record.Record) error) error

	// The outbox of notices (see record.Notice): what is undelivered, in
	// order, and the marks of its delivery.
	Pending(key record.Key) ([]record.Notice, error)
	LastPending(key record.Key) (uint64, error)
	Outboxes() ([]record.Key, error)
	SentPart(key record.Key, seq uint64, parts int) error
	Delivered(key record.Key, seq uint64, messageID string, buttons bool) (strip string, err error)
	Failed(key record.Key, seq uint64, reason string) error
	// Undeliverable sets a notice Discord refused for good aside (kept,
	// no longer queued); Enqueue queues notices no game change causes.
	Undeliverable(key record.Key, seq uint64, reason string) error
	Enqueue(key record.Key, notices ...record.Notice) error
	Strips(key record.Key) ([]string, error)
	Stripped(key record.Key, messageID string) error
	DropNotices(key record.Key) error

	// Backup writes a consistent snapshot of the database to w;
	// BackupFile writes one to a file (through a temporary one, synced).
	Backup(w io.Writer) error
	BackupFile(path string) error
	// CheckSnapshot walks every page of a consistent copy of the database
	// while it stays in use: the first fault (record.ErrDamaged), or nil.
	CheckSnapshot() error
	// Damaged is the first damaged page a command or delivery met (a
	// *record.DamagedFileError), or nil.
	Damaged() error
}

var _ Games = (*store.DB)(nil)
