package bot

import (
	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// What the bot says on its own comes from the catalog (the bot.* messages
// of internal/i18n/locales/people.*.yaml): a reply to an interaction in
// the language of the member who gave it (i18n.Parse of its locale), a
// line posted in a channel in the language of the channel's game.

// channelLang is the language of the game of a channel or thread, English
// when it has none (a channel whose games are in threads).
func channelLang(g Games, key record.Key) i18n.Lang {
	if g == nil {
		return i18n.English
	}
	rec, err := g.Get(key)
	if err != nil {
		return i18n.English
	}
	return command.LangOf(rec.Meta)
}

// advice says where an admin grants the bot a permission it lacks.
func advice(lang i18n.Lang) string { return i18n.T(lang, "bot.advice", nil) }
