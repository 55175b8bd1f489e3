package fakediscord

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Limits Discord enforces that the spec does not state as such (the spec
// allows 4000 characters and 40 top-level components, which apply to other
// kinds of messages).
const (
	MaxContent       = 2000 // characters of a bot message's content
	MaxActionRows    = 5    // action rows in a classic message
	MaxRowButtons    = 5    // buttons in one action row
	MaxChoices       = 25   // autocomplete choices
	MaxChoiceText    = 100  // characters of a choice's name, or of a string value
	flagComponentsV2 = 1 << 15
)

// limitedMessage is the part of a message body the limits concern.
type limitedMessage struct {
	Content    *string            `json:"content"`
	Flags      *int64             `json:"flags"`
	Components []limitedComponent `json:"components"`
}

type limitedComponent struct {
	Type       int                `json:"type"`
	CustomID   string             `json:"custom_id"`
	Components []limitedComponent `json:"components"`
}

// messageRoutes are the requests whose body is a message.
var messageRoutes = map[string]bool{
	"POST /channels/{channel_id}/messages":                               true,
	"PATCH /channels/{channel_id}/messages/{message_id}":                 true,
	"POST /webhooks/{webhook_id}/{webhook_token}":                        true,
	"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original":    true,
	"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": true,
}

// checkLimits reports the first of Discord's unstated limits req breaks.
func checkLimits(req Request) error {
	if len(req.JSON) == 0 {
		return nil
	}
	if messageRoutes[req.Method+" "+req.Route] {
		var m limitedMessage
		json.Unmarshal(req.JSON, &m)
		return m.check()
	}
	if req.Method == "POST" && req.Route == "/interactions/{interaction_id}/{interaction_token}/callback" {
		return checkCallback(req.JSON)
	}
	return nil
}

func checkCallback(body []byte) error {
	var cb struct {
		Type int `json:"type"`
		Data *struct {
			limitedMessage
			Choices []struct {
				Name  string `json:"name"`
				Value any    `json:"value"`
			} `json:"choices"`
		} `json:"data"`
	}
	json.Unmarshal(body, &cb)
	if cb.Data == nil {
		return nil
	}
	if cb.Type != 8 {
		return cb.Data.check()
	}
	if n := len(cb.Data.Choices); n > MaxChoices {
		return fmt.Errorf("%d autocomplete choices, Discord allows %d", n, MaxChoices)
	}
	for _, c := range cb.Data.Choices {
		if n := utf8.RuneCountInString(c.Name); n > MaxChoiceText {
			return fmt.Errorf("autocomplete choice name of %d characters, Discord allows %d", n, MaxChoiceText)
		}
		if v, ok := c.Value.(string); ok && utf8.RuneCountInString(v) > MaxChoiceText {
			return fmt.Errorf("autocomplete choice value of %d characters, Discord allows %d", utf8.RuneCountInString(v), MaxChoiceText)
		}
	}
	return nil
}

func (m *limitedMessage) check() error {
	if m.Content != nil {
		if n := utf8.RuneCountInString(*m.Content); n > MaxContent {
			return fmt.Errorf("content of %d characters, Discord allows %d", n, MaxContent)
		}
	}
	if m.Flags == nil || *m.Flags&flagComponentsV2 == 0 {
		if err := checkRows(m.Components); err != nil {
			return err
		}
	}
	return uniqueCustomIDs(m.Components, map[string]bool{})
}

func checkRows(rows []limitedComponent) error {
	if len(rows) > MaxActionRows {
		return fmt.Errorf("%d action rows, Discord allows %d", len(rows), MaxActionRows)
	}
	for i, row := range rows {
		buttons := 0
		for _, c := range row.Components {
			if c.Type == 2 {
				buttons++
			}
		}
		if buttons > MaxRowButtons {
			return fmt.Errorf("action row %d has %d buttons, Discord allows %d", i+1, buttons, MaxRowButtons)
		}
	}
	return nil
}

// uniqueCustomIDs reports a custom_id used twice among cs and seen.
func uniqueCustomIDs(cs []limitedComponent, seen map[string]bool) error {
	for _, c := range cs {
		if c.CustomID != "" {
			if seen[c.CustomID] {
				return fmt.Errorf("custom_id %q used twice in one message", c.CustomID)
			}
			seen[c.CustomID] = true
		}
		if err := uniqueCustomIDs(c.Components, seen); err != nil {
			return err
		}
	}
	return nil
}
