package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/internal/i18n"
)

// commandLocales are the Discord locales the commands are translated
// into, with the catalog language of each; English, the commands' own
// language, needs none.
var commandLocales = map[discordgo.Locale]i18n.Lang{discordgo.Japanese: i18n.Japanese}

// The catalog ids of the commands' words. Subcommands are known by name
// alone (the command layer's names are unique across groups); an option's
// name is shared by every subcommand that has the option, its description
// is the subcommand's own; a choice is known by its option and value.
func commandNameID(cmd string) string   { return "command." + cmd + ".name" }
func commandDescID(cmd string) string   { return "command." + cmd + ".desc" }
func groupNameID(group string) string   { return "group." + group + ".name" }
func groupDescID(group string) string   { return "group." + group + ".desc" }
func subNameID(sub string) string       { return "cmd." + sub + ".name" }
func subDescID(sub string) string       { return "cmd." + sub + ".desc" }
func optNameID(opt string) string       { return "opt." + opt + ".name" }
func optDescID(sub, opt string) string  { return "cmd." + sub + ".opt." + opt + ".desc" }
func choiceID(opt, value string) string { return "choice." + opt + "." + value }
func localized(id string) map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for loc, lang := range commandLocales {
		if i18n.Has(lang, id) {
			out[loc] = clip(i18n.T(lang, id, nil), 100)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// localizeCommands gives every command, subcommand group, subcommand,
// option and choice its names and descriptions in commandLocales, from
// the catalog; a word the catalog lacks stays English (the tests require
// them all).
func localizeCommands(cmds []*discordgo.ApplicationCommand) {
	for _, c := range cmds {
		if names := localized(commandNameID(c.Name)); names != nil {
			c.NameLocalizations = &names
		}
		if descs := localized(commandDescID(c.Name)); descs != nil {
			c.DescriptionLocalizations = &descs
		}
		for _, o := range c.Options {
			if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				o.NameLocalizations = localized(groupNameID(o.Name))
				o.DescriptionLocalizations = localized(groupDescID(o.Name))
				for _, sub := range o.Options {
					localizeSubcommand(sub)
				}
				continue
			}
			localizeSubcommand(o)
		}
	}
}

// localizeSubcommand localizes one subcommand, its options and their
// choices.
func localizeSubcommand(sub *discordgo.ApplicationCommandOption) {
	sub.NameLocalizations = localized(subNameID(sub.Name))
	sub.DescriptionLocalizations = localized(subDescID(sub.Name))
	for _, o := range sub.Options {
		o.NameLocalizations = localized(optNameID(o.Name))
		o.DescriptionLocalizations = localized(optDescID(sub.Name, o.Name))
		for _, ch := range o.Choices {
			v, _ := ch.Value.(string)
			ch.NameLocalizations = localized(choiceID(o.Name, v))
		}
	}
}
