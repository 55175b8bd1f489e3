package command

import (
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// langOf is the language of a game (English when unset): its public posts
// and its maps are in it.
func langOf(m record.Meta) i18n.Lang {
	if m.Lang != "" {
		return i18n.Parse(m.Lang)
	}
	return i18n.English
}

// gameLang chooses a new game's language: language: of new, else the
// server's setting, else the starter's own language when the program
// speaks it, else English.
func (s *Service) gameLang(req Request) (i18n.Lang, error) {
	if v := strings.TrimSpace(req.Options["language"]); v != "" {
		for _, l := range i18n.Langs() {
			if strings.EqualFold(v, l.String()) {
				return l, nil
			}
		}
		return i18n.English, refuseT("server.lang-bad", map[string]any{"Value": echo(v)})
	}
	if server, err := s.cfg.Store.Server(req.Key.Guild); err == nil && server.Language != "" {
		return i18n.Parse(server.Language), nil
	}
	return req.Lang, nil
}

// LangOf is the language of a game (Record.Meta): its public posts, and
// the direct messages about it, are in it.
func LangOf(m record.Meta) i18n.Lang { return langOf(m) }

// serverLanguage words a server's language setting in lang.
func serverLanguage(s record.ServerSettings, lang i18n.Lang) string {
	if s.Language == "" {
		return i18n.T(lang, "server.lang-unset", nil)
	}
	return i18n.T(lang, "server.lang-set", map[string]any{"Lang": s.Language})
}
