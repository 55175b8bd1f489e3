package bot

import (
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/bwmarrin/discordgo"
)

// session is the bot's Discord API over a discordgo session. discordgo
// keeps a rate-limit bucket for every distinct route for the life of the
// session, and an interaction's callback and follow-ups have routes of
// their own (they carry its one-time token), so a bucket a interaction
// would pile up for ever. session sends those requests with a rate
// limiter of their own that is dropped with the request; Discord leaves
// them out of the global limit, and each token is used by one call at a
// time.
type session struct{ *discordgo.Session }

var _ Discord = session{}

// InteractionRespond sends an interaction's first response.
func (s session) InteractionRespond(i *discordgo.Interaction, r *discordgo.InteractionResponse, options ...discordgo.RequestOption) error {
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	if r.Data != nil && len(r.Data.Files) > 0 {
		return s.Session.InteractionRespond(i, r, options...)
	}
	_, err := s.once(http.MethodPost, endpoint, r, options...)
	return err
}

// FollowupMessageCreate adds a message to an acknowledged interaction.
func (s session) FollowupMessageCreate(i *discordgo.Interaction, wait bool, p *discordgo.WebhookParams, options ...discordgo.RequestOption) (*discordgo.Message, error) {
	if len(p.Files) > 0 {
		return s.Session.FollowupMessageCreate(i, wait, p, options...)
	}
	uri := discordgo.EndpointWebhookToken(i.AppID, i.Token)
	if wait {
		uri += "?" + url.Values{"wait": {"true"}}.Encode()
	}
	resp, err := s.once(http.MethodPost, uri, p, options...)
	if err != nil || !wait {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(resp, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// once sends a JSON request through a rate-limit bucket that nothing
// keeps afterwards.
func (s session) once(method, uri string, body any, options ...discordgo.RequestOption) ([]byte, error) {
	data, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	bucket := discordgo.NewRatelimiter().LockBucket(uri)
	return s.RequestWithLockedBucket(method, uri, "application/json", data, bucket, 0, options...)
}
