package bot

import (
	"fmt"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
)

// MapRenderer draws the map after events as a PNG, width pixels wide (0
// for the full size).
type MapRenderer func(s *rules.State, events []rules.Event, width int, lang i18n.Lang) ([]byte, error)

// FitRender keeps every map under Discord's upload limit: it checks the
// full-size picture before it is sent and, when it is larger than limit
// bytes, draws it again at each fallback width in turn until one fits.
// With no width that fits it returns an error (the post goes without its
// picture).
func FitRender(r MapRenderer, limit int, fallbacks ...int) command.RenderFunc {
	return func(s *rules.State, events []rules.Event, lang i18n.Lang) ([]byte, error) {
		png, err := r(s, events, 0, lang)
		if err != nil || len(png) <= limit {
			return png, err
		}
		size := len(png)
		for _, w := range fallbacks {
			if png, err = r(s, events, w, lang); err != nil {
				return nil, err
			}
			if len(png) <= limit {
				return png, nil
			}
		}
		return nil, fmt.Errorf("the map (%d bytes at full size, %d at the smallest) is over the upload limit of %d bytes", size, len(png), limit)
	}
}

// ReplayRenderer draws a game's animated replay, width pixels wide (0 for
// the full size).
type ReplayRenderer func(g *rules.Game, width int, lang i18n.Lang) ([]byte, error)

// FitReplay keeps replays under the upload limit like FitRender.
func FitReplay(r ReplayRenderer, limit int, fallbacks ...int) command.ReplayFunc {
	return func(g *rules.Game, lang i18n.Lang) ([]byte, error) {
		data, err := r(g, 0, lang)
		if err != nil || len(data) <= limit {
			return data, err
		}
		size := len(data)
		for _, w := range fallbacks {
			if data, err = r(g, w, lang); err != nil {
				return nil, err
			}
			if len(data) <= limit {
				return data, nil
			}
		}
		return nil, fmt.Errorf("the replay (%d bytes at full size, %d at the smallest) is over the upload limit of %d bytes", size, len(data), limit)
	}
}
